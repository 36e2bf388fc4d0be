import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

#if canImport(Glibc)
import Glibc
#endif

/// The cells of `saved`'s rows, as `TextRenderer.snapshotCells` makes them, as bytes, each with
/// its width in terminal columns, for one row after another: a temperature, chance, amount or
/// condition is written (and measured) once for each distinct value, then copied as it was — a
/// list of tens of thousands of snapshots holds some hundred distinct values, and formatting
/// each cell afresh was a third of its text's cost — and a place name is measured once for each
/// run of rows of that place. No string is made for a row's cells.
struct SnapshotCellMaker {
    typealias Cell = (bytes: [UInt8], columns: Int)

    let format: ValueFormatter
    private let missing: Cell
    // Keyed by each value's bits: the same bits, the same text.
    private var temperatures = Memo()
    private var percents = Memo()
    private var amounts = Memo()
    private var conditions = Memo()
    /// The place name last measured (its bytes) and its columns.
    private var lastPlace: Cell = ([], 0)

    init(format: ValueFormatter) {
        self.format = format
        missing = (Array(ValueFormatter.missing.utf8), TextLayout.columns(ValueFormatter.missing))
    }

    /// Rows of `saved`'s seven cells: their bytes one after another in one buffer, where each
    /// ends and its width — about 120 bytes a row. Written through pointers: through arrays,
    /// appending a row's cells cost more than laying it out.
    final class Rows {
        static let columns = 7
        /// The cells' bytes, a row after another: `byteCount` of `byteCapacity`.
        private var bytes: UnsafeMutablePointer<UInt8>
        private var byteCapacity = 1024
        private var byteCount = 0
        /// Where each cell ends in `bytes`, and its width in terminal columns: `cellCount` of
        /// `cellCapacity`.
        private var cells: UnsafeMutablePointer<(end: Int32, width: Int32)>
        private var cellCapacity = 14
        private var cellCount = 0

        // Both grown by `realloc`: a large block is moved by remapping its pages, where a new
        // block with the old one copied in touched every page twice (~220 page faults of a
        // `saved` at 18,000 snapshots, whose first 32,768 rows' cells are kept).
        init() {
            bytes = Self.resized(nil, to: byteCapacity)
            cells = Self.resized(nil, to: cellCapacity)
        }

        deinit {
            free(bytes)
            free(cells)
        }

        /// `block` (nil: none yet) made room for `count` elements, those in it kept.
        private static func resized<Element>(_ block: UnsafeMutablePointer<Element>?, to count: Int)
            -> UnsafeMutablePointer<Element>
        {
            guard let grown = realloc(block, count * MemoryLayout<Element>.stride) else {
                fatalError("out of memory")
            }
            return grown.assumingMemoryBound(to: Element.self)
        }

        /// How many rows.
        var count: Int { cellCount / Self.columns }

        func removeAll() {
            byteCount = 0
            cellCount = 0
        }

        /// Where the next `count` bytes of the cell being written go (room made for them).
        func tail(_ count: Int) -> UnsafeMutablePointer<UInt8> {
            if byteCount + count > byteCapacity {
                let grown = max(byteCapacity * 2, byteCount + count)
                bytes = Self.resized(bytes, to: grown)
                byteCapacity = grown
            }
            return bytes + byteCount
        }

        /// Ends the next cell, whose last `added` bytes were written at `tail`: it is `columns` wide.
        func endCell(adding added: Int, columns: Int) {
            byteCount += added
            if cellCount == cellCapacity {
                cells = Self.resized(cells, to: cellCapacity * 2)
                cellCapacity *= 2
            }
            (cells + cellCount).initialize(to: (Int32(byteCount), Int32(columns)))
            cellCount += 1
        }

        /// Appends the next cell, `columns` wide.
        func append(_ cell: UnsafeBufferPointer<UInt8>, columns: Int) {
            let count = cell.count
            if let base = cell.baseAddress {
                let to = tail(count)
                if count <= 16 {
                    for index in 0..<count { to[index] = base[index] }
                } else {
                    to.initialize(from: base, count: count)
                }
            }
            endCell(adding: count, columns: columns)
        }

        /// The width in terminal columns of the cell in `column` of `row`.
        func width(row: Int, column: Int) -> Int { Int(cells[row * Self.columns + column].width) }

        /// Calls `body` with the bytes of the cell in `column` of `row`.
        func withCell<Result>(row: Int, column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            let index = row * Self.columns + column
            let start = index == 0 ? 0 : Int(cells[index - 1].end)
            return body(UnsafeBufferPointer(start: bytes + start, count: Int(cells[index].end) - start))
        }
    }

    /// The cells last made, each in a place of a fixed table told by a hash of its key (a
    /// dictionary's hashing cost more than the formatting it saved); a key whose place holds
    /// another's cell is made again. Its memory is the same whatever the list holds.
    struct Memo {
        static let places = 1024
        private var keys = [UInt64](repeating: 0, count: places)
        private var cells = [Cell?](repeating: nil, count: places)

        /// Appends the cell of `key` to `rows`, made by `make` (and measured) when its place
        /// holds no cell of it.
        mutating func put(_ key: UInt64, _ make: () -> String, to rows: Rows) {
            // The top 10 bits of the key, mixed (Fibonacci hashing).
            let place = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
            if keys[place] != key || cells[place] == nil {
                let text = make()
                keys[place] = key
                cells[place] = (Array(text.utf8), TextLayout.columns(text))
            }
            let cell = cells[place]!
            cell.bytes.withUnsafeBufferPointer { rows.append($0, columns: cell.columns) }
        }
    }

    /// Appends the 7 cells of `snapshot`'s row to `rows`.
    mutating func append(_ snapshot: Snapshot, to rows: Rows) {
        let reading = snapshot.reading
        let format = format
        // Both printable ASCII (digits, "new"; a date and a clock): a column a byte.
        if snapshot.id > 0 {
            let count = Self.writeDigits(snapshot.id, to: rows)
            rows.endCell(adding: count, columns: count)
        } else {
            var text = snapshot.id == 0 ? "new" : String(snapshot.id)
            text.withUTF8 { rows.append($0, columns: $0.count) }
        }
        format.withDateTimeBytes(snapshot.localTime(reading.dataTime)) { rows.append($0, columns: $0.count) }
        var name = snapshot.placeName
        name.withUTF8 { bytes in
            let known =
                lastPlace.bytes.count == bytes.count
                && lastPlace.bytes.withUnsafeBufferPointer {
                    bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                }
            if !known { lastPlace = (Array(bytes), TextLayout.columns(snapshot.placeName)) }
            rows.append(bytes, columns: lastPlace.columns)
        }
        func putMissing() { missing.bytes.withUnsafeBufferPointer { rows.append($0, columns: missing.columns) } }
        if let value = reading.temperatureCelsius {
            temperatures.put(value.bitPattern, { format.temperature(value) }, to: rows)
        } else {
            putMissing()
        }
        if let value = reading.precipitationProbabilityPercent {
            percents.put(value.bitPattern, { format.percent(value) }, to: rows)
        } else {
            putMissing()
        }
        if let value = reading.precipitationMillimetres {
            amounts.put(value.bitPattern, { format.precipitation(value) }, to: rows)
        } else {
            putMissing()
        }
        if let code = reading.weatherCode {
            conditions.put(UInt64(bitPattern: Int64(code)), { TextRenderer.keptCondition(code) }, to: rows)
        } else {
            putMissing()
        }
    }

    /// Writes the decimal digits of `value` (positive) at `rows`' tail; returns how many.
    static func writeDigits(_ value: Int, to rows: Rows) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        let to = rows.tail(count)
        rest = value
        for index in stride(from: count - 1, through: 0, by: -1) {
            to[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return count
    }
}
