import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `export` and `import` as JSON.
extension JSONRenderer {
    /// `{"type":"export",…}` for `export … FILE`: what, how many, where.
    static func exported(_ kind: ExportKind, count: Int, format: ExchangeFormat, path: String) -> JSONOutput {
        .object([
            ("type", .string("export")), ("what", .string(kind.rawValue)), ("format", .string(format.rawValue)),
            ("count", .number(Double(count))), ("path", .string(path)),
        ])
    }

    /// `{"type":"export",…}` with the records themselves (and the CSV text for CSV).
    static func exportData(_ kind: ExportKind, format: ExchangeFormat, records: [JSONOutput]) -> JSONOutput {
        .object(
            [
                ("type", .string("export")), ("what", .string(kind.rawValue)), ("format", .string(format.rawValue)),
                ("count", .number(Double(records.count))), ("records", .array(records)),
            ] + (format == .csv ? [("csv", .string(DataExchange.text(records, kind: kind, format: format)))] : []))
    }

    /// `{"type":"import",…}`: the favorites added, how many were already saved, the records skipped.
    static func imported(_ added: [Favorite], alreadySaved: Int, problems: [String], path: String) -> JSONOutput {
        .object([
            ("type", .string("import")), ("path", .string(path)), ("added", .array(added.map(favorite))),
            ("already_saved", .number(Double(alreadySaved))), ("skipped", .array(problems.map { .string($0) })),
        ])
    }
}
