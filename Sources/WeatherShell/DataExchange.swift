#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherKit
import WeatherStore

/// What `export` writes.
public enum ExportKind: String, CaseIterable, Hashable, Sendable {
    case favorites, snapshots, history

    /// The singular noun, for messages ("1 favorite").
    var noun: String {
        switch self {
        case .favorites: "favorite"
        case .snapshots: "snapshot"
        case .history: "command"
        }
    }
}

/// The file format of `export` and `import`.
public enum ExchangeFormat: String, CaseIterable, Hashable, Sendable {
    /// RFC 4180, a header row, CRLF line ends.
    case csv
    /// One JSON array of the objects `--json` prints for the same data.
    case json

    /// The format a file name implies: `.json` is JSON, anything else CSV.
    static func implied(by path: String?) -> ExchangeFormat {
        path?.lowercased().hasSuffix(".json") == true ? .json : .csv
    }
}

/// Export and import of the user's data: favorites, snapshots and history as CSV or JSON, and
/// favorites read back from either.
///
/// Both formats carry the same fields, named as in `--json` output: times ISO 8601 UTC, values
/// in metric units named in the field (`temperature_celsius`). CSV flattens nested objects with
/// an underscore (`place_name`).
public enum DataExchange {
    /// The records of an export, as the JSON objects `--json` uses.
    static func objects(favorites: [Favorite]) -> [JSONOutput] { favorites.map(JSONRenderer.favorite) }
    static func objects(snapshots: [Snapshot]) -> [JSONOutput] { snapshots.map(JSONRenderer.snapshot) }
    static func objects(history: [HistoryEntry]) -> [JSONOutput] { history.map(JSONRenderer.historyEntry) }

    /// `objects` in `format`. CSV has a header row even when there are no records.
    static func text(_ objects: [JSONOutput], kind: ExportKind, format: ExchangeFormat) -> String {
        switch format {
        case .json:
            return JSONOutput.array(objects).serialized + "\n"
        case .csv:
            let header = columns(kind)
            let rows = objects.map { object in
                let cells = Dictionary(flatten(object), uniquingKeysWith: { first, _ in first })
                return header.map { cells[$0] ?? "" }
            }
            return CSV.encode([header] + rows)
        }
    }

    /// The CSV header of `kind`: the flattened keys of its JSON object, in order.
    static func columns(_ kind: ExportKind) -> [String] {
        let sample: JSONOutput
        switch kind {
        case .favorites:
            sample = JSONRenderer.favorite(Favorite(name: "", coordinate: Coordinate(latitude: 0, longitude: 0), displayName: "", countryCode: nil))
        case .snapshots:
            sample = JSONRenderer.snapshot(Snapshot(
                id: 0, savedAt: Date(timeIntervalSince1970: 0), placeName: "", coordinate: Coordinate(latitude: 0, longitude: 0),
                utcOffsetSeconds: 0, timeZone: nil, reading: SnapshotReading(dataTime: Date(timeIntervalSince1970: 0), temperatureCelsius: nil, precipitationProbabilityPercent: nil, precipitationMillimetres: nil, weatherCode: nil)))
        case .history:
            sample = JSONRenderer.historyEntry(HistoryEntry(number: 0, line: "", time: Date(timeIntervalSince1970: 0)))
        }
        return flatten(sample).map(\.0)
    }

    /// An object's scalar members as CSV cells: nested objects' keys joined with "_", null as
    /// an empty cell, numbers in their shortest form.
    static func flatten(_ value: JSONOutput, prefix: String = "") -> [(String, String)] {
        guard case .object(let members) = value else { return [] }
        var cells: [(String, String)] = []
        for (key, member) in members {
            let name = prefix.isEmpty ? key : "\(prefix)_\(key)"
            switch member {
            case .object: cells += flatten(member, prefix: name)
            case .null: cells.append((name, ""))
            case .bool(let flag): cells.append((name, flag ? "true" : "false"))
            case .number(let number): cells.append((name, DecimalText.shortest(number)))
            case .string(let text): cells.append((name, text))
            case .array: cells.append((name, member.serialized))
            }
        }
        return cells
    }

    // MARK: - Import

    /// A favorite read from a file, before it is checked against the ones already saved.
    public struct ImportedFavorite: Hashable, Sendable {
        public var name: String
        public var coordinate: Coordinate
        public var displayName: String
        public var countryCode: String?
        /// Where it came from, for messages: "line 3" (CSV) or "item 2" (JSON).
        public var origin: String
    }

    /// Favorites from the text of a CSV or JSON file (JSON when it starts with `[` or `{`),
    /// and the records that could not be read, each named by its line or item.
    ///
    /// CSV needs a header row with `name`, `latitude` and `longitude`; `display_name` and
    /// `country_code` are read when present, other columns ignored. JSON is an array of objects
    /// with the same keys, or the `{"type":"favorites","favorites":[…]}` document of `--json`.
    ///
    /// - Throws: `FileProblem` when the file as a whole cannot be read as either format.
    public static func favorites(from text: String) throws(FileProblem) -> (favorites: [ImportedFavorite], problems: [String]) {
        let body = text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
        let start = body.first { !$0.isWhitespace }
        if start == "[" || start == "{" { return try favorites(json: body) }
        return try favorites(csv: body)
    }

    static func favorites(csv text: String) throws(FileProblem) -> (favorites: [ImportedFavorite], problems: [String]) {
        let records: [CSV.Record]
        do { records = try CSV.decode(text) } catch { throw FileProblem("not CSV: line \(error.line): \(error.message)") }
        guard let header = records.first else { throw FileProblem("the file is empty") }
        let names = header.fields.map { $0.trimmed.lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let nameColumn = column("name"), let latitudeColumn = column("latitude"), let longitudeColumn = column("longitude") else {
            throw FileProblem("the CSV header must name the columns name, latitude and longitude (it has: \(TerminalText.sanitized(String(header.fields.joined(separator: ", ").prefix(120)))))")
        }
        var favorites: [ImportedFavorite] = []
        var problems: [String] = []
        for record in records.dropFirst() {
            let origin = "line \(record.line)"
            guard record.fields.count == header.fields.count else {
                problems.append("\(origin): \(record.fields.count) fields where the header has \(header.fields.count)")
                continue
            }
            func cell(_ index: Int?) -> String? { index.map { record.fields[$0] } }
            switch favorite(
                name: cell(nameColumn), latitude: cell(latitudeColumn).map(JSONValue.string), longitude: cell(longitudeColumn).map(JSONValue.string),
                displayName: cell(column("display_name")), countryCode: cell(column("country_code")), origin: origin)
            {
            case .success(let value): favorites.append(value)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        return (favorites, problems)
    }

    static func favorites(json text: String) throws(FileProblem) -> (favorites: [ImportedFavorite], problems: [String]) {
        let value: JSONValue
        do { value = try JSONValue.parse(Data(text.utf8)) } catch { throw FileProblem("not valid JSON") }
        guard let items = value.array ?? value["favorites"]?.array else {
            throw FileProblem("expected a JSON array of favorites, or wx’s {\"favorites\": […]} document")
        }
        var favorites: [ImportedFavorite] = []
        var problems: [String] = []
        for (index, item) in items.enumerated() {
            let origin = "item \(index + 1)"
            guard item.object != nil else {
                problems.append("\(origin): not an object")
                continue
            }
            switch favorite(
                name: item["name"]?.string, latitude: item["latitude"], longitude: item["longitude"],
                displayName: item["display_name"]?.string, countryCode: item["country_code"]?.string, origin: origin)
            {
            case .success(let value): favorites.append(value)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        return (favorites, problems)
    }

    struct Problem: Error { var message: String }

    /// Why a whole file cannot be imported.
    public struct FileProblem: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The longest favorite name accepted.
    static let maximumNameLength = 100

    static func favorite(
        name: String?, latitude: JSONValue?, longitude: JSONValue?, displayName: String?, countryCode: String?, origin: String
    ) -> Result<ImportedFavorite, Problem> {
        let cleanName = TerminalText.sanitized(name ?? "").trimmed
        guard !cleanName.isEmpty else { return .failure(Problem(message: "\(origin): no name")) }
        guard cleanName.count <= maximumNameLength else {
            return .failure(Problem(message: "\(origin): a name longer than \(maximumNameLength) characters"))
        }
        func degrees(_ value: JSONValue?, _ what: String) -> Result<Double, Problem> {
            guard let value, let number = value.double else {
                let shown = value?.string.map { "“\(TerminalText.sanitized(String($0.prefix(40))))”" } ?? "missing"
                return .failure(Problem(message: "\(origin): \(what) \(shown) is not a number"))
            }
            return .success(number)
        }
        let latitudeValue: Double
        let longitudeValue: Double
        switch (degrees(latitude, "latitude"), degrees(longitude, "longitude")) {
        case (.failure(let problem), _), (_, .failure(let problem)): return .failure(problem)
        case (.success(let a), .success(let b)):
            latitudeValue = a
            longitudeValue = b
        }
        let coordinate = Coordinate(latitude: latitudeValue, longitude: longitudeValue)
        guard coordinate.isValid else {
            return .failure(Problem(message: "\(origin): \(DecimalText.shortest(latitudeValue)),\(DecimalText.shortest(longitudeValue)) is not a place on Earth (latitude -90…90, longitude -180…180)"))
        }
        let display = TerminalText.sanitized(displayName ?? "").trimmed
        let country = countryCode.map { TerminalText.sanitized($0).trimmed.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        return .success(ImportedFavorite(
            name: cleanName, coordinate: coordinate.rounded, displayName: display.isEmpty ? cleanName : display,
            countryCode: country, origin: origin))
    }
}
