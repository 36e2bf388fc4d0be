import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// What `export` writes.
package enum ExportKind: String, CaseIterable, Hashable, Sendable {
    case favorites, snapshots, history

    /// Other words for the kind: `favs`, the command that lists favorites (trial 15: `export favs`
    /// was a usage error with no "did you mean"), and the British spelling.
    var aliases: [String] { self == .favorites ? ["favs", "favourites"] : [] }

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
package enum ExchangeFormat: String, CaseIterable, Hashable, Sendable {
    /// RFC 4180, a header row, CRLF line ends.
    case csv
    /// One JSON array of export records (schema/wx-export.schema.json).
    case json

    /// The format a file name implies: `.json` is JSON, anything else CSV.
    static func implied(by path: String?) -> ExchangeFormat {
        path?.lowercased().hasSuffix(".json") == true ? .json : .csv
    }
}

/// Export and import of the user's data: favorites, snapshots and history as CSV or JSON, and
/// favorites read back from either.
///
/// The records are the export format's own (ExportRecords.swift, schema/wx-export.schema.json),
/// not `--json`'s objects. Both formats carry the same fields: times ISO 8601 UTC, values in
/// metric units named in the field (`temperature_celsius`). CSV flattens nested fields with an
/// underscore (`place_name`).
package enum DataExchange {
    /// The records of an export as JSON objects: what `export` writes, and what
    /// `export … --json` prints under `records`.
    static func objects(favorites: [Favorite]) -> [JSONOutput] {
        favorites.map { ExportEncoder.object(FavoriteExportRecord($0)) }
    }
    static func objects(snapshots: [Snapshot]) -> [JSONOutput] {
        snapshots.map { ExportEncoder.object(SnapshotExportRecord($0)) }
    }
    static func objects(history: [HistoryEntry]) -> [JSONOutput] {
        history.map { ExportEncoder.object(HistoryExportRecord($0)) }
    }

    /// `objects` in `format`. CSV has a header row even when there are no records.
    static func text(_ objects: [JSONOutput], kind: ExportKind, format: ExchangeFormat) -> String {
        switch format {
        case .json: ExportEncoder.json(objects, kind: kind)
        case .csv: ExportEncoder.csv(objects.map(ExportEncoder.fields), columns: columns(kind))
        }
    }

    /// The CSV header of `kind`: its record's field names, nested ones joined with "_".
    static func columns(_ kind: ExportKind) -> [String] {
        switch kind {
        case .favorites: ExportEncoder.columns(FavoriteExportRecord.self)
        case .snapshots: ExportEncoder.columns(SnapshotExportRecord.self)
        case .history: ExportEncoder.columns(HistoryExportRecord.self)
        }
    }

    // MARK: - Import

    /// A favorite read from a file, before it is checked against the ones already saved.
    package struct ImportedFavorite: Hashable, Sendable {
        package var name: String
        package var coordinate: Coordinate
        package var displayName: String
        package var countryCode: String?
        /// Where it came from, for messages: "line 3" (CSV) or "item 2" (JSON).
        package var origin: String
    }

    /// Favorites from the text of a CSV or JSON file (JSON when it starts with `[` or `{`),
    /// and the records that could not be read, each named by its line or item.
    ///
    /// The fields are those of the export's favorite record (`FavoriteExportRecord`), so what
    /// `export favorites` wrote reads back. CSV needs a header row with `name`, `latitude` and
    /// `longitude`; `display_name` and `country_code` are read when present, other columns
    /// ignored. JSON is an array of objects with the same keys, or the
    /// `{"type":"favorites","favorites":[…]}` document of `--json`.
    ///
    /// A record that cannot be a favorite is a problem named by its line or item, and the
    /// others are read all the same — also when none is left (README: "takes the good rows and
    /// skips the bad"): a file of one item at latitude 999 says that item was skipped, as a bad
    /// row among good ones does, not "nothing imported" as `import snapshots` says of a file.
    ///
    /// - Throws: `FileProblem` when the file as a whole cannot be read as either format, or is
    ///   JSON none of whose items has a favorite's name, latitude or longitude (trial 4: 56
    ///   lines of "no name" for a file that is no list of favorites at all).
    package static func favorites(from text: String) throws(FileProblem) -> (
        favorites: [ImportedFavorite], problems: [String]
    ) {
        let body = text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
        let start = body.first { !$0.isWhitespace }
        guard start == "[" || start == "{" else { return try favorites(csv: body) }
        let read = try favorites(json: body)
        if read.favorites.isEmpty, read.noneShapedAsFavorite, let first = read.problems.first {
            let count = read.problems.count
            throw FileProblem(count == 1 ? first : "\(first) (none of its \(count) items is a favorite)")
        }
        return (read.favorites, read.problems)
    }

    /// The kind of export whose fields `names` has when they are not all those `kind` needs:
    /// the file is an export of that other kind ("this is an export of history, not of
    /// favorites"); nil when `names` could be `kind`'s or are no export's.
    ///
    /// - Parameter names: a CSV header's columns, or a JSON record's keys flattened as CSV names them.
    static func otherKind(_ names: Set<String>, than kind: ExportKind) -> ExportKind? {
        let needed = Set(columns(kind)).subtracting(optionalColumns(kind))
        guard !needed.isSubset(of: names) else { return nil }
        return ExportKind.allCases.first {
            $0 != kind && Set(columns($0)).subtracting(optionalColumns($0)).isSubset(of: names)
        }
    }

    /// A CSV header's columns as a refusal names them: "a, b, c", whole names only — those
    /// past `shownColumnsLength` characters said as "and N more" — so that no name is cut
    /// mid-word; a first name longer than that alone is cut, ending in "…".
    static func shownColumns(_ fields: [String]) -> String {
        let names = fields.map(TerminalText.sanitized)
        var shown: [String] = []
        var length = 0
        for name in names {
            let added = (shown.isEmpty ? 0 : 2) + name.count
            guard length + added <= shownColumnsLength else { break }
            shown.append(name)
            length += added
        }
        if shown.isEmpty, let first = names.first {
            shown = [String(first.prefix(shownColumnsLength - 1)) + "…"]
        }
        let rest = names.count - shown.count
        return shown.joined(separator: ", ") + (rest > 0 ? ", and \(rest) more" : "")
    }

    /// How many characters of a header's column names `shownColumns` shows at most.
    static let shownColumnsLength = 120

    static func favorites(csv text: String) throws(FileProblem) -> (favorites: [ImportedFavorite], problems: [String]) {
        let records: [CSV.Record]
        do { records = try CSV.decode(text) } catch {
            throw FileProblem("not CSV: line \(error.line): \(error.message)")
        }
        guard let header = records.first else { throw FileProblem("the file is empty") }
        let names = header.fields.map { $0.trimmed.lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        typealias Field = FavoriteExportRecord.Field
        guard let nameColumn = column(Field.name), let latitudeColumn = column(Field.latitude),
            let longitudeColumn = column(Field.longitude)
        else {
            // An export of another kind is named as `import snapshots` names one.
            if let other = otherKind(Set(names), than: .favorites) {
                throw FileProblem("this is an export of \(other.rawValue), not of favorites")
            }
            throw FileProblem(
                "the CSV header must name the columns name, latitude and longitude (it has: \(shownColumns(header.fields)))"
            )
        }
        var favorites: [ImportedFavorite] = []
        var problems: [String] = []
        for record in records.dropFirst() {
            let origin = "line \(record.line)"
            guard record.fields.count == header.fields.count else {
                problems.append(
                    "\(origin): \(Counting.count(record.fields.count, "field")) where the header has \(header.fields.count)"
                )
                continue
            }
            // Text cells lose the apostrophe export put before a formula-like start.
            func cell(_ index: Int?) -> String? { index.map { CSV.restored(record.fields[$0]) } }
            switch favorite(
                name: cell(nameColumn), latitude: cell(latitudeColumn).map(JSONValue.string),
                longitude: cell(longitudeColumn).map(JSONValue.string),
                displayName: cell(column(Field.displayName)), countryCode: cell(column(Field.countryCode)),
                origin: origin)
            {
            case .success(let value): favorites.append(value)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        return (favorites, problems)
    }

    /// Favorites from a JSON file's items, the items that could not be read, and whether none
    /// of the items has any of a favorite's fields (name, latitude, longitude).
    static func favorites(json text: String) throws(FileProblem) -> (
        favorites: [ImportedFavorite], problems: [String], noneShapedAsFavorite: Bool
    ) {
        typealias Field = FavoriteExportRecord.Field
        let value: JSONValue
        do { value = try JSONValue.parse(Data(text.utf8)) } catch { throw FileProblem("not valid JSON") }
        try refuseNewerSchema(value)
        // The document of `export … --json` names its kind.
        if let what = value["what"]?.string, what != ExportKind.favorites.rawValue {
            throw FileProblem(
                "this is an export of \(TerminalText.sanitized(String(what.prefix(40)))), not of favorites")
        }
        guard let items = value.array ?? value["favorites"]?.array ?? value["records"]?.array else {
            throw FileProblem("expected a JSON array of favorites, or wx’s {\"favorites\": […]} document")
        }
        if let first = items.first?.object,
            let other = otherKind(Set(ImportRow.flattened(first).keys), than: .favorites)
        {
            throw FileProblem("this is an export of \(other.rawValue), not of favorites")
        }
        var favorites: [ImportedFavorite] = []
        var problems: [String] = []
        let fields = [Field.name, Field.latitude, Field.longitude]
        let noneShaped = !items.contains { item in item.object != nil && fields.contains { item[$0] != nil } }
        for (index, item) in items.enumerated() {
            let origin = "item \(index + 1)"
            guard item.object != nil else {
                problems.append("\(origin): not an object")
                continue
            }
            switch favorite(
                name: item[Field.name]?.string, latitude: item[Field.latitude], longitude: item[Field.longitude],
                displayName: item[Field.displayName]?.string, countryCode: item[Field.countryCode]?.string,
                origin: origin)
            {
            case .success(let value): favorites.append(value)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        return (favorites, problems, noneShaped)
    }

    /// Refuses an export a newer wx wrote: a `schema_version` above the one this wx reads —
    /// `ExportFormatVersion.current` for the file `export` writes, `JSONRenderer.schemaVersion`
    /// for the `--json` document of `export` (`"type":"export"`). A newer version may have
    /// changed what a field means, so nothing of it is imported, as a state.plist of a newer
    /// version is only read (trial 62: `"schema_version": 99` was taken silently). A file
    /// without one (the bare arrays of versions 1 and 2) is read as before.
    ///
    /// - Throws: `FileProblem` "written by a newer wx (schema_version 99; this wx reads up to 4)".
    static func refuseNewerSchema(_ document: JSONValue) throws(FileProblem) {
        guard let version = document["schema_version"]?.double else { return }
        let readable =
            document["type"]?.string == "export" ? JSONRenderer.schemaVersion : ExportFormatVersion.current
        guard version > Double(readable) else { return }
        throw FileProblem(
            "written by a newer wx (schema_version \(DecimalText.shortest(version)); this wx reads up to \(readable))")
    }

    struct Problem: Error { var message: String }

    /// Why a whole file cannot be imported.
    package struct FileProblem: Error, Equatable, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// The longest favorite name accepted, characters (`Favorite.longestName`, as `fav rename`).
    static let maximumNameLength = Favorite.longestName
    /// The longest display name accepted, characters: the longest place name wx keeps
    /// (`Favorite.longestDisplayName`).
    static let maximumDisplayNameLength = Favorite.longestDisplayName

    /// A finite number written with an exponent ("1e308", "-4.5E1"); nil for anything else.
    static func exponentNumber(_ text: String) -> Double? {
        let trimmed = text.trimmed
        guard trimmed.contains(where: { $0 == "e" || $0 == "E" }),
            trimmed.allSatisfy({ "0123456789.eE+-".contains($0) }),
            let number = Double(trimmed), number.isFinite
        else { return nil }
        return number
    }

    static func favorite(
        name: String?, latitude: JSONValue?, longitude: JSONValue?, displayName: String?, countryCode: String?,
        origin: String
    ) -> Result<ImportedFavorite, Problem> {
        let cleanName = TerminalText.sanitized(name ?? "").trimmed
        guard !cleanName.isEmpty else { return .failure(Problem(message: "\(origin): no name")) }
        guard cleanName.count <= maximumNameLength else {
            return .failure(Problem(message: "\(origin): a name longer than \(maximumNameLength) characters"))
        }
        func degrees(_ value: JSONValue?, _ what: String) -> Result<Double, Problem> {
            // A missing value is said as a missing name is ("no latitude"), not as a value
            // "missing" that is not a number (trial 17).
            // An empty CSV cell is as missing as an absent JSON key: "no latitude" in both.
            guard let value, value != .null, value.string.map({ !$0.trimmed.isEmpty }) ?? true else {
                return .failure(Problem(message: "\(origin): no \(what)"))
            }
            // A number in exponent form ("1e308") is a number, out of range or not (trial 62:
            // "latitude “1e308” is not a number"): the range check below says which.
            guard let number = value.double ?? value.string.flatMap(Self.exponentNumber) else {
                let shown = value.string.map { " “\(TerminalText.sanitized(String($0.prefix(40))))”" } ?? ""
                return .failure(Problem(message: "\(origin): \(what)\(shown) is not a number"))
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
            return .failure(
                Problem(
                    message:
                        "\(origin): \(DecimalText.shortest(latitudeValue)),\(DecimalText.shortest(longitudeValue)) is not a place on Earth (latitude -90…90, longitude -180…180)"
                ))
        }
        // Measured before it is cleaned: a 15 MB cell is refused without copying it again.
        guard (displayName?.count ?? 0) <= maximumDisplayNameLength * 4 else {
            return .failure(
                Problem(message: "\(origin): a display name longer than \(maximumDisplayNameLength) characters"))
        }
        let display = TerminalText.sanitized(displayName ?? "").trimmed
        guard display.count <= maximumDisplayNameLength else {
            return .failure(
                Problem(message: "\(origin): a display name longer than \(maximumDisplayNameLength) characters"))
        }
        // A name that reads as other coordinates would stand for this place where those are
        // typed, as `fav rename` refuses it.
        if Favorite.nameReadsAsOtherPlace(cleanName, at: coordinate) != nil {
            return .failure(
                Problem(message: "\(origin): the name “\(cleanName)” reads as coordinates of another place"))
        }
        // A code that is not 2 or 3 letters (ISO 3166) is left out, as a missing one is.
        let country = countryCode.map { TerminalText.sanitized($0).trimmed.lowercased() }.flatMap(
            Favorite.boundedCountryCode)
        return .success(
            ImportedFavorite(
                name: cleanName, coordinate: coordinate.rounded, displayName: display.isEmpty ? cleanName : display,
                countryCode: country, origin: origin))
    }
}
