import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The cells of `saved`'s rows, as `TextRenderer.snapshotCells` makes them, each with its width
/// in terminal columns, for one row after another: a temperature, chance, amount or condition
/// is written (and measured) once for each distinct value, then taken as it was — a list of tens
/// of thousands of snapshots holds some hundred distinct values, and formatting each cell afresh
/// was a third of its text's cost.
struct SnapshotCellMaker {
    typealias Cell = (text: String, columns: Int)

    let format: ValueFormatter
    private let missing: Cell
    // Keyed by each value's bits: the same bits, the same text.
    private var temperatures = Memo()
    private var percents = Memo()
    private var amounts = Memo()
    private var conditions = Memo()

    init(format: ValueFormatter) {
        self.format = format
        missing = (ValueFormatter.missing, TextLayout.columns(ValueFormatter.missing))
    }

    /// The cells last made, each in a place of a fixed table told by a hash of its key (a
    /// dictionary's hashing cost more than the formatting it saved); a key whose place holds
    /// another's cell is made again. Its memory is the same whatever the list holds.
    struct Memo {
        static let places = 1024
        private var keys = [UInt64](repeating: 0, count: places)
        private var cells = [Cell?](repeating: nil, count: places)

        /// The cell of `key`, made by `make` (and measured) when its place holds no cell of it.
        mutating func cell(_ key: UInt64, _ make: () -> String) -> Cell {
            // The top 10 bits of the key, mixed (Fibonacci hashing).
            let place = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
            if keys[place] == key, let known = cells[place] { return known }
            let text = make()
            let made = (text, TextLayout.columns(text))
            keys[place] = key
            cells[place] = made
            return made
        }
    }

    /// Appends the 7 cells of `snapshot`'s row to `cells` and their widths to `widths`.
    mutating func append(_ snapshot: Snapshot, cells: inout [String], widths: inout [Int]) {
        let reading = snapshot.reading
        let format = format
        let id = snapshot.id == 0 ? "new" : String(snapshot.id)
        let time = format.dateTime(snapshot.localTime(reading.dataTime))
        // Both printable ASCII (digits, "new"; a date and a clock): a column a byte.
        cells.append(id)
        widths.append(id.utf8.count)
        cells.append(time)
        widths.append(time.utf8.count)
        cells.append(snapshot.placeName)
        widths.append(TextLayout.columns(snapshot.placeName))
        func put(_ cell: Cell) {
            cells.append(cell.text)
            widths.append(cell.columns)
        }
        if let value = reading.temperatureCelsius {
            put(temperatures.cell(value.bitPattern) { format.temperature(value) })
        } else {
            put(missing)
        }
        if let value = reading.precipitationProbabilityPercent {
            put(percents.cell(value.bitPattern) { format.percent(value) })
        } else {
            put(missing)
        }
        if let value = reading.precipitationMillimetres {
            put(amounts.cell(value.bitPattern) { format.precipitation(value) })
        } else {
            put(missing)
        }
        if let code = reading.weatherCode {
            put(conditions.cell(UInt64(bitPattern: Int64(code))) { TextRenderer.keptCondition(code) })
        } else {
            put(missing)
        }
    }
}
