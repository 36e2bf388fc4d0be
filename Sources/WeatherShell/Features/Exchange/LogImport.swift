import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// What `import snapshots|history` reads back into the log.
package enum LogImportKind: String, CaseIterable, Hashable, Sendable {
    case snapshots, history

    /// The export this reads back.
    var exportKind: ExportKind {
        switch self {
        case .snapshots: .snapshots
        case .history: .history
        }
    }
}

// Snapshots and history read back from what `export snapshots|history` wrote (ExportRecords.swift),
// as CSV or JSON. Unlike favorites, a record that cannot be read is not skipped: the whole file is
// refused with the first such record named, so that an import is the export or nothing.
extension DataExchange {
    /// Snapshots from the text of an export (CSV, or JSON when it starts with `[` or `{`), in the
    /// file's order, with their ids as written.
    ///
    /// CSV needs the columns `export snapshots` writes (`condition`, said again by
    /// `weather_code`, `forecast_days`, added by version 2, and `forecast_days_utc`, added by
    /// version 4, may be missing); JSON is an
    /// array of the export's objects, or the document `export snapshots --json` prints.
    ///
    /// - Throws: `FileProblem` naming the first line (CSV) or item (JSON) that is not a snapshot
    ///   within the bounds of README's "Your data", or why the file as a whole is not one.
    package static func snapshots(from text: String) throws(FileProblem) -> [Snapshot] {
        var snapshots: [Snapshot] = []
        for row in try rows(from: text, kind: .snapshots) {
            try stopIfCancelled(snapshots.count)
            do { snapshots.append(try row.snapshot()) } catch { throw FileProblem("\(row.origin): \(error.message)") }
        }
        return snapshots
    }

    /// Commands from the text of an export of the history, in the file's order, with their
    /// numbers as written; the columns or keys are `number`, `line` and `time`.
    ///
    /// - Throws: as `snapshots(from:)`.
    package static func history(from text: String) throws(FileProblem) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for row in try rows(from: text, kind: .history) {
            try stopIfCancelled(entries.count)
            do { entries.append(try row.historyEntry()) } catch { throw FileProblem("\(row.origin): \(error.message)") }
        }
        return entries
    }

    /// Throws once the task is cancelled (Ctrl-C during an import of 300,000 lines ran on to the
    /// end, trial 62), asked every 1,024th of `count`.
    static func stopIfCancelled(_ count: Int) throws(FileProblem) {
        if count % 1024 == 0, Task.isCancelled { throw FileProblem("cancelled") }
    }

    /// The columns an export of `kind` may lack and still be read back.
    static func optionalColumns(_ kind: ExportKind) -> Set<String> {
        switch kind {
        case .snapshots: ["condition", "forecast_days", "forecast_days_utc"]
        case .favorites: [FavoriteExportRecord.Field.displayName, FavoriteExportRecord.Field.countryCode]
        case .history: []
        }
    }

    /// The records of an export file of `kind`, each as its fields by column name (JSON's nested
    /// objects flattened as CSV's header names them: `place_name`).
    static func rows(from text: String, kind: ExportKind) throws(FileProblem) -> [ImportRow] {
        let body = text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
        let start = body.first { !$0.isWhitespace }
        guard start != nil else { throw FileProblem("the file is empty") }
        if start == "[" || start == "{" { return try jsonRows(body, kind: kind) }
        return try csvRows(body, kind: kind)
    }

    static func csvRows(_ text: String, kind: ExportKind) throws(FileProblem) -> [ImportRow] {
        let records: [CSV.Record]
        do { records = try CSV.decode(text, stoppingAtCancellation: true) } catch {
            throw FileProblem("not CSV: line \(error.line): \(error.message)")
        }
        try stopIfCancelled(0)
        guard let header = records.first else { throw FileProblem("the file is empty") }
        let names = header.fields.map { $0.trimmed.lowercased() }
        let missing = columns(kind).filter { !names.contains($0) && !optionalColumns(kind).contains($0) }
        if !missing.isEmpty {
            if let other = otherKind(Set(names), than: kind) {
                throw FileProblem("this is an export of \(other.rawValue), not of \(kind.rawValue)")
            }
            throw FileProblem(
                "the CSV header has no \(missing.map { "“\($0)”" }.joined(separator: ", ")) \(missing.count == 1 ? "column" : "columns") of an export of \(kind.rawValue) (it has: \(shownColumns(header.fields)))"
            )
        }
        var rows: [ImportRow] = []
        rows.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            try stopIfCancelled(rows.count)
            let origin = "line \(record.line)"
            guard record.fields.count == names.count else {
                throw FileProblem(
                    "\(origin): \(Counting.count(record.fields.count, "field")) where the header has \(names.count)")
            }
            var fields: [String: JSONValue] = [:]
            for (name, cell) in zip(names, record.fields) where fields[name] == nil {
                fields[name] = cell.isEmpty ? .null : .string(cell)
            }
            rows.append(ImportRow(origin: origin, fields: fields, csv: true))
        }
        return rows
    }

    static func jsonRows(_ text: String, kind: ExportKind) throws(FileProblem) -> [ImportRow] {
        let data = Data(text.utf8)
        let items: [JSONValue]
        if let elements = JSONValue.parseElements(data) {
            // Element by element, so that the one that is not JSON is named.
            var parsed: [JSONValue] = []
            parsed.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard case .success(let value) = element else { throw FileProblem("item \(index + 1): not valid JSON") }
                parsed.append(value)
            }
            items = parsed
        } else {
            let document: JSONValue
            do { document = try JSONValue.parse(data) } catch { throw FileProblem("not valid JSON") }
            try DataExchange.refuseNewerSchema(document)
            // The document of `export … --json`: `{"type":"export","what":…,"records":[…]}`.
            guard let records = document["records"]?.array else {
                throw FileProblem(
                    "expected a JSON array of \(kind.rawValue), as “export \(kind.rawValue)” writes, or its --json document"
                )
            }
            if let what = document["what"]?.string, what != kind.rawValue {
                throw FileProblem(
                    "this is an export of \(TerminalText.sanitized(String(what.prefix(40)))), not of \(kind.rawValue)")
            }
            items = records
        }
        var rows: [ImportRow] = []
        rows.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            try stopIfCancelled(index)
            let origin = "item \(index + 1)"
            guard let object = item.object else { throw FileProblem("\(origin): not an object") }
            let fields = ImportRow.flattened(object)
            // The first record tells an export of another kind, as a CSV header does.
            if index == 0, let other = otherKind(Set(fields.keys), than: kind) {
                throw FileProblem("this is an export of \(other.rawValue), not of \(kind.rawValue)")
            }
            rows.append(ImportRow(origin: origin, fields: fields, csv: false))
        }
        return rows
    }
}

/// One record of an import file: its fields by column name, and where it is ("line 3" in CSV,
/// "item 2" in JSON). CSV cells are text (an empty one null); JSON values are as written.
struct ImportRow {
    var origin: String
    var fields: [String: JSONValue]
    var csv: Bool

    /// A JSON record's members by the names CSV gives them: a nested object's as
    /// `outer_inner` (`place_name`).
    static func flattened(_ object: [String: JSONValue]) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for (name, value) in object {
            if let inner = value.object {
                for (innerName, innerValue) in inner { fields[name + "_" + innerName] = innerValue }
            } else {
                fields[name] = value
            }
        }
        return fields
    }

    /// Why a record cannot be imported, without its origin.
    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    // The bounds an imported record must keep (README, "Your data").

    /// The longest history line: the longest line wx runs.
    static let longestLine = LineSafety.maximumLength
    /// The widest UTC offset of a place, seconds, as the log's reader allows.
    static let widestOffsetSeconds = 26 * 3_600
    /// Temperatures, °C: beyond the records of 56.7 and −89.2 (as `normal` takes them).
    static let temperatureCelsius = -100.0...70.0
    /// Precipitation of an hour or a day, mm: the record day is 1,825 mm.
    static let precipitationMillimetres = 0.0...2_000.0
    static let probabilityPercent = 0.0...100.0
    /// WMO 4677 present-weather codes.
    static let weatherCodes = 0...99
    /// The most forecast days a snapshot may carry: the most Open-Meteo forecasts.
    static let mostForecastDays = 16
    /// Times from 1900 to 9999 (as ISO 8601 with a four-digit year), seconds since 1970.
    static let times = -2_208_988_800.0...253_402_300_799.0

    func historyEntry() throws(Problem) -> HistoryEntry {
        let number = try integer("number", in: 1...EventLog.maximumNumber, required: true)!
        let line = try text("line")
        guard line.count <= Self.longestLine else {
            throw Problem("a line longer than \(Self.longestLine) characters")
        }
        if let control = line.unicodeScalars.first(where: {
            ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }) {
            let code = String(control.value, radix: 16, uppercase: true)
            throw Problem(
                "the line has a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))")
        }
        guard !line.trimmed.isEmpty else { throw Problem("an empty line") }
        return HistoryEntry(number: number, line: line, time: try time("time"))
    }

    func snapshot() throws(Problem) -> Snapshot {
        let id = try integer("id", in: 1...EventLog.maximumNumber, required: true)!
        let savedAt = try time("saved_at")
        // Measured before it is cleaned: a 15 MB cell is refused without copying it again.
        let rawName = try text("place_name")
        guard rawName.unicodeScalars.count <= Snapshot.longestPlaceName * 4 else {
            throw Problem("a place name longer than \(Snapshot.longestPlaceName) characters")
        }
        let name = TerminalText.sanitized(rawName)
        guard !name.trimmed.isEmpty else { throw Problem("no place name") }
        guard name.count <= Snapshot.longestPlaceName else {
            throw Problem("a place name longer than \(Snapshot.longestPlaceName) characters")
        }
        let latitude = try number("place_latitude", required: true)!
        let longitude = try number("place_longitude", required: true)!
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else {
            throw Problem(
                "\(DecimalText.shortest(latitude)),\(DecimalText.shortest(longitude)) is not a place on Earth (latitude -90…90, longitude -180…180)"
            )
        }
        let offset = try integer(
            "utc_offset_seconds", in: -Self.widestOffsetSeconds...Self.widestOffsetSeconds, required: true)!
        let reading = SnapshotReading(
            dataTime: try time("data_time"),
            temperatureCelsius: try number("temperature_celsius", in: Self.temperatureCelsius),
            precipitationProbabilityPercent: try number(
                "precipitation_probability_percent", in: Self.probabilityPercent),
            precipitationMillimetres: try number("precipitation_millimetres", in: Self.precipitationMillimetres),
            weatherCode: try integer("weather_code", in: Self.weatherCodes),
            forecastDays: try forecastDays())
        // Added by version 4: without it (an earlier export), the place's days, as before.
        let daysAreUTC = try flag("forecast_days_utc") ?? false
        return Snapshot(
            id: id, savedAt: savedAt, placeName: name, coordinate: coordinate.rounded, utcOffsetSeconds: offset,
            timeZone: nil, reading: reading, daysAreUTC: daysAreUTC && reading.forecastDays != nil)
    }

    /// `forecast_days`: a JSON array (in CSV, a cell holding one), or null when none was kept.
    func forecastDays() throws(Problem) -> [KeptForecastDay]? {
        var value = fields["forecast_days"] ?? .null
        if csv, case .string(let cell) = value {
            guard let parsed = try? JSONValue.parse(Data(cell.utf8)) else {
                throw Problem("forecast_days is not a JSON array")
            }
            value = parsed
        }
        if value == .null { return nil }
        guard let items = value.array else { throw Problem("forecast_days is not a JSON array") }
        guard items.count <= Self.mostForecastDays else {
            throw Problem("\(items.count) forecast days, more than \(Self.mostForecastDays)")
        }
        var days: [KeptForecastDay] = []
        for (index, item) in items.enumerated() {
            guard let object = item.object else { throw Problem("forecast day \(index + 1) is not an object") }
            let day = ImportRow(origin: origin, fields: object, csv: false)
            let dateText = try day.text("date")
            guard let date = LocalDate(iso: Substring(dateText)) else {
                throw Problem("forecast day \(index + 1): “\(Self.shown(dateText))” is not a date (YYYY-MM-DD)")
            }
            do {
                days.append(
                    KeptForecastDay(
                        date: date,
                        temperatureMaxCelsius: try day.number("temperature_max_celsius", in: Self.temperatureCelsius),
                        temperatureMinCelsius: try day.number("temperature_min_celsius", in: Self.temperatureCelsius),
                        precipitationSumMillimetres: try day.number(
                            "precipitation_sum_millimetres", in: Self.precipitationMillimetres),
                        precipitationProbabilityMaxPercent: try day.number(
                            "precipitation_probability_max_percent", in: Self.probabilityPercent),
                        weatherCode: try day.integer("weather_code", in: Self.weatherCodes)))
            } catch {
                throw Problem("forecast day \(index + 1): \(error.message)")
            }
            try Self.checkOrder(days)
        }
        return days
    }

    /// Refuses the last of `days` when its low is above its high, or its date does not come
    /// after the day before's (a date twice, or days out of order): a copied row was taken, and
    /// `saved verify` counted it as a day of its own (trial 62).
    static func checkOrder(_ days: [KeptForecastDay]) throws(Problem) {
        guard let day = days.last else { return }
        let number = days.count
        if let low = day.temperatureMinCelsius, let high = day.temperatureMaxCelsius, low > high {
            throw Problem(
                "forecast day \(number) (\(day.date.iso)): temperature_min_celsius \(DecimalText.shortest(low)) is above temperature_max_celsius \(DecimalText.shortest(high))"
            )
        }
        guard days.count > 1 else { return }
        let before = days[days.count - 2].date
        if day.date == before {
            throw Problem("forecast day \(number): \(day.date.iso) comes twice")
        }
        if day.date < before {
            throw Problem(
                "forecast day \(number): \(day.date.iso) comes after \(before.iso) (days must be in order)")
        }
    }

    // MARK: - Fields

    /// A text field, required: restored from CSV's spreadsheet guard (`CSV.restored`).
    func text(_ name: String) throws(Problem) -> String {
        switch fields[name] {
        case .string(let text)?: return csv ? CSV.restored(text) : text
        case nil, .null?: throw Problem("no \(name)")
        default: throw Problem("\(name) is not text")
        }
    }

    /// A finite number within `range`; nil when absent or null (an error when `required`).
    func number(_ name: String, in range: ClosedRange<Double>? = nil, required: Bool = false) throws(Problem)
        -> Double?
    {
        let value: Double
        switch fields[name] {
        case nil, .null?:
            if required { throw Problem("no \(name)") }
            return nil
        case .number(let number)? where number.isFinite: value = number
        case .string(let cell)? where csv:
            guard let number = Self.decimal(cell) else {
                throw Problem("\(name) “\(Self.shown(cell))” is not a number")
            }
            value = number
        default: throw Problem("\(name) is not a number")
        }
        if let range, !range.contains(value) {
            throw Problem(
                "\(name) \(DecimalText.shortest(value)) is outside \(DecimalText.shortest(range.lowerBound))…\(DecimalText.shortest(range.upperBound))"
            )
        }
        return value
    }

    /// A whole number within `range`; nil when absent or null (an error when `required`).
    func integer(_ name: String, in range: ClosedRange<Int>, required: Bool = false) throws(Problem) -> Int? {
        guard let value = try number(name, required: required) else { return nil }
        guard value == value.rounded(), abs(value) <= Double(EventLog.maximumNumber),
            range.contains(Int(value))
        else {
            throw Problem(
                "\(name) \(DecimalText.shortest(value)) is not a whole number in \(range.lowerBound)…\(range.upperBound)"
            )
        }
        return Int(value)
    }

    /// A JSON `true`/`false` (in CSV, a cell `true` or `false`); nil when absent, null or an
    /// empty cell.
    func flag(_ name: String) throws(Problem) -> Bool? {
        switch fields[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case .string(let cell)? where csv:
            switch cell {
            case "": return nil
            case "true": return true
            case "false": return false
            default: throw Problem("\(name) “\(Self.shown(cell))” is not true or false")
            }
        default: throw Problem("\(name) is not true or false")
        }
    }

    /// An instant written in ISO 8601 ("2026-02-06T21:40:00Z"), between 1900 and 9999.
    func time(_ name: String) throws(Problem) -> Date {
        let text = try text(name)
        guard text.utf8.count <= 40, let date = ISOTime.parse(text), Self.times.contains(date.timeIntervalSince1970)
        else {
            throw Problem("\(name) “\(Self.shown(text))” is not an ISO 8601 time (2026-02-06T21:40:00Z)")
        }
        return date
    }

    /// A number as a CSV cell holds it: plain decimal ("-0.1277"), or with an exponent as Swift
    /// writes small ones ("1e-05"); never "nan", "inf" or hexadecimal.
    static func decimal(_ cell: String) -> Double? {
        if let value = DecimalText.parse(cell) { return value }
        guard cell.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(cell),
            value.isFinite
        else { return nil }
        return value
    }

    /// A value as an error line shows it: without control characters, at most 40 characters.
    static func shown(_ text: String) -> String { TerminalText.sanitized(String(text.prefix(40))) }
}
