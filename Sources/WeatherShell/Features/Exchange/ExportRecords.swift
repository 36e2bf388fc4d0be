import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// The export format: what `export favorites|snapshots|history` writes, as JSON or CSV. It is a
// format of its own (schema/wx-export.schema.json), defined by the records below and written
// by ExportEncoder, never by the `--json` renderer: a change to `--json` cannot change a
// user's backups, and `import` reads these same field names back.

/// The export format's version. Version 1 is what wx has written since export existed; a change
/// to a record's fields, their names or their order makes a new version (and a new schema).
/// Version 2 appends `forecast_days` to snapshots, the forecast kept with each (null for
/// snapshots that kept none); it is optional in the schema, so a version-1 file is a valid
/// version-2 file, and readers of version 1 by field or column name read version 2. Version 3
/// makes a JSON export an object, `{"schema_version":3,"what":…,"records":[…]}` (CSV is as it
/// was); `import` reads the bare arrays of versions 1 and 2 as well. Version 4 appends
/// `forecast_days_utc` to snapshots: true when the kept days are UTC days (the forecast came in
/// GMT, `Snapshot.daysAreUTC`), false for the place's days; optional in the schema, so a file
/// of an earlier version, without it, is read as the place's days, as before.
package enum ExportFormatVersion {
    package static let current = 4
}

/// A value in an export record: JSON writes it as such, CSV as a cell.
package indirect enum ExportValue: Hashable, Sendable {
    /// A reading the data did not have: JSON `null`, an empty CSV cell.
    case null
    case number(Double)
    case text(String)
    /// JSON `true`/`false`; in CSV, `true` or `false`.
    case bool(Bool)
    /// Named fields inside a record (a snapshot's place): a JSON object; in CSV, a column per
    /// field named `outer_inner`.
    case fields([ExportField])
    /// A list of records (a snapshot's forecast days): a JSON array of objects; in CSV one
    /// cell holding that array as compact JSON.
    case records([[ExportField]])
}

/// One named field of an export record.
package struct ExportField: Hashable, Sendable {
    package var name: String
    package var value: ExportValue

    package init(_ name: String, _ value: ExportValue) {
        self.name = name
        self.value = value
    }
}

/// One record of an export: its fields, in the order they are written.
package protocol ExportRecord: Sendable {
    /// JSON members and CSV columns, in this order.
    var fields: [ExportField] { get }
    /// A record with every field present, whose names make the CSV header (written even when
    /// there are no records).
    static var template: Self { get }
}

extension ExportValue {
    static func optional(_ value: Double?) -> ExportValue { value.map { .number($0) } ?? .null }
    static func optional(_ value: Int?) -> ExportValue { value.map { .number(Double($0)) } ?? .null }
    static func optional(_ value: String?) -> ExportValue { value.map { .text($0) } ?? .null }
    static func time(_ date: Date) -> ExportValue { .text(ISOTime.string(date)) }
}

/// A favorite as exported, and as `import favorites` reads it back.
package struct FavoriteExportRecord: ExportRecord, Hashable {
    /// The field names, shared with the importer.
    package enum Field {
        package static let name = "name"
        package static let latitude = "latitude"
        package static let longitude = "longitude"
        package static let displayName = "display_name"
        package static let countryCode = "country_code"
    }

    package var favorite: Favorite

    package init(_ favorite: Favorite) { self.favorite = favorite }

    package var fields: [ExportField] {
        [
            ExportField(Field.name, .text(favorite.name)),
            ExportField(Field.latitude, .number(favorite.latitude)),
            ExportField(Field.longitude, .number(favorite.longitude)),
            ExportField(Field.displayName, .text(favorite.displayName)),
            ExportField(Field.countryCode, .optional(favorite.countryCode)),
        ]
    }

    package static var template: Self {
        Self(Favorite(name: "", coordinate: Coordinate(latitude: 0, longitude: 0), displayName: "", countryCode: nil))
    }
}

/// A snapshot as exported: when it was saved, where, and the reading it kept (metric units
/// named in the fields, times ISO 8601 UTC).
package struct SnapshotExportRecord: ExportRecord, Hashable {
    package var snapshot: Snapshot

    package init(_ snapshot: Snapshot) { self.snapshot = snapshot }

    package var fields: [ExportField] {
        let reading = snapshot.reading
        return [
            ExportField("id", .number(Double(snapshot.id))),
            ExportField("saved_at", .time(snapshot.savedAt)),
            ExportField(
                "place",
                .fields([
                    ExportField("name", .text(snapshot.placeName)),
                    ExportField("latitude", .number(snapshot.coordinate.latitude)),
                    ExportField("longitude", .number(snapshot.coordinate.longitude)),
                ])),
            ExportField("data_time", .time(reading.dataTime)),
            ExportField("utc_offset_seconds", .number(Double(snapshot.utcOffsetSeconds))),
            ExportField("temperature_celsius", .optional(reading.temperatureCelsius)),
            ExportField("precipitation_probability_percent", .optional(reading.precipitationProbabilityPercent)),
            ExportField("precipitation_millimetres", .optional(reading.precipitationMillimetres)),
            ExportField("weather_code", .optional(reading.weatherCode)),
            ExportField("condition", .optional(reading.weatherCode.map { WeatherCode($0).description })),
            ExportField("forecast_days", reading.forecastDays.map { .records($0.map(Self.dayFields)) } ?? .null),
            ExportField("forecast_days_utc", .bool(snapshot.daysAreUTC)),
        ]
    }

    /// A kept forecast day's fields: its date and the forecast values, units in the names.
    static func dayFields(_ day: KeptForecastDay) -> [ExportField] {
        [
            ExportField("date", .text(day.date.iso)),
            ExportField("temperature_max_celsius", .optional(day.temperatureMaxCelsius)),
            ExportField("temperature_min_celsius", .optional(day.temperatureMinCelsius)),
            ExportField("precipitation_sum_millimetres", .optional(day.precipitationSumMillimetres)),
            ExportField("precipitation_probability_max_percent", .optional(day.precipitationProbabilityMaxPercent)),
            ExportField("weather_code", .optional(day.weatherCode)),
        ]
    }

    package static var template: Self {
        let epoch = Date(timeIntervalSince1970: 0)
        return Self(
            Snapshot(
                id: 0, savedAt: epoch, placeName: "", coordinate: Coordinate(latitude: 0, longitude: 0),
                utcOffsetSeconds: 0, timeZone: nil,
                reading: SnapshotReading(
                    dataTime: epoch, temperatureCelsius: nil, precipitationProbabilityPercent: nil,
                    precipitationMillimetres: nil, weatherCode: nil)))
    }
}

/// A command from the history as exported: its number, the line as typed, when it ran.
package struct HistoryExportRecord: ExportRecord, Hashable {
    package var entry: HistoryEntry

    package init(_ entry: HistoryEntry) { self.entry = entry }

    package var fields: [ExportField] {
        [
            ExportField("number", .number(Double(entry.number))), ExportField("line", .text(entry.line)),
            ExportField("time", .time(entry.time)),
        ]
    }

    package static var template: Self { Self(HistoryEntry(number: 0, line: "", time: Date(timeIntervalSince1970: 0))) }
}

/// Writes export records as JSON (one array, then a newline) or CSV (RFC 4180, a header row,
/// CRLF line ends).
package enum ExportEncoder {
    /// The JSON object of one record, its members in field order.
    package static func object(_ record: some ExportRecord) -> JSONOutput { object(record.fields) }

    static func object(_ fields: [ExportField]) -> JSONOutput {
        .object(
            fields.map { field in
                switch field.value {
                case .null: (field.name, .null)
                case .number(let number): (field.name, .number(number))
                case .text(let text): (field.name, .string(text))
                case .bool(let value): (field.name, .bool(value))
                case .fields(let inner): (field.name, object(inner))
                case .records(let items): (field.name, .array(items.map(object)))
                }
            })
    }

    /// The opening of a JSON export of `kind`, up to its records' "[": `json` and the streamed
    /// writer (`StreamedText.exportData`) begin with the same bytes.
    static func jsonHead(_ kind: ExportKind) -> String {
        #"{"schema_version":\#(ExportFormatVersion.current),"what":\#(JSONOutput.string(kind.rawValue).serialized),"records":["#
    }

    /// `records` of `kind` as one JSON object on one line, then a newline.
    package static func json(_ objects: [JSONOutput], kind: ExportKind) -> String {
        jsonHead(kind) + objects.map(\.serialized).joined(separator: ",") + "]}\n"
    }

    /// The CSV header of a kind of record: its field names, those of nested fields joined to
    /// their parent's with "_" ("place_name").
    package static func columns<Record: ExportRecord>(_ type: Record.Type) -> [String] {
        cells(Record.template.fields).map(\.0)
    }

    /// The fields of a record's JSON object (`object(_:)` read back), for CSV.
    static func fields(_ object: JSONOutput) -> [ExportField] {
        guard case .object(let members) = object else { return [] }
        return members.map { name, member in
            switch member {
            case .number(let number): ExportField(name, .number(number))
            case .string(let text): ExportField(name, .text(text))
            case .object: ExportField(name, .fields(fields(member)))
            case .array(let items): ExportField(name, .records(items.map(fields)))
            case .bool(let value): ExportField(name, .bool(value))
            case .null: ExportField(name, .null)
            }
        }
    }

    /// `records` as CSV under the header `columns`.
    package static func csv(_ records: [[ExportField]], columns: [String]) -> String {
        let rows = records.map { fields in
            let cells = Dictionary(cells(fields), uniquingKeysWith: { first, _ in first })
            return columns.map { cells[$0] ?? "" }
        }
        return CSV.encode([columns] + rows)
    }

    /// A record's fields as (column, cell): nested fields flattened with "_", null as an empty
    /// cell, numbers in their shortest form, text that a spreadsheet would take for a formula
    /// behind an apostrophe (`CSV.neutralized`).
    static func cells(_ fields: [ExportField], prefix: String = "") -> [(String, String)] {
        var cells: [(String, String)] = []
        for field in fields {
            let name = prefix.isEmpty ? field.name : "\(prefix)_\(field.name)"
            switch field.value {
            case .fields(let inner): cells += self.cells(inner, prefix: name)
            case .null: cells.append((name, ""))
            case .number(let number): cells.append((name, DecimalText.shortest(number)))
            case .text(let text): cells.append((name, CSV.neutralized(text)))
            case .bool(let value): cells.append((name, value ? "true" : "false"))
            case .records(let items): cells.append((name, JSONOutput.array(items.map(object)).serialized))
            }
        }
        return cells
    }
}
