import WXBasics
import WeatherKit
import WeatherStore

// `import snapshots|history` as JSON.
extension JSONRenderer {
    /// `{"type":"import","what":"snapshots",…}`: how many were appended, how many the log held
    /// already, whether the file's numbers were kept, and the first and last number given
    /// (null when none was appended).
    static func imported(_ summary: LogImportSummary) -> JSONOutput {
        let numbers = summary.outcome.numbers
        return .object([
            ("type", .string("import")), ("what", .string(summary.kind.rawValue)), ("path", .string(summary.path)),
            ("imported", .number(Double(numbers.count))),
            ("already_in_log", .number(Double(summary.outcome.alreadyInLog))),
            ("numbers_kept", .bool(summary.outcome.kept)),
            ("first", numbers.first.map { .number(Double($0)) } ?? .null),
            ("last", numbers.last.map { .number(Double($0)) } ?? .null),
        ])
    }
}
