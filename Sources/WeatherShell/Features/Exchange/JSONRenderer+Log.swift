import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `log` and `log compact` as JSON.
extension JSONRenderer {
    /// `{"type":"log",…}`; `unterminated_bytes`: the bytes after the last line end.
    static func logStatistics(_ stats: EventLog.Statistics, unterminatedBytes: Int = 0) -> JSONOutput {
        .object(
            [("type", .string("log"))] + statistics(stats) + [
                ("unterminated_bytes", .number(Double(unterminatedBytes)))
            ])
    }

    /// `{"type":"log_compacted",…}`: the statistics before and after; `unterminated_bytes_moved`:
    /// the bytes after the last line end moved to `unreadable_lines_file`.
    static func logCompacted(_ compaction: EventLog.Compaction) -> JSONOutput {
        .object([
            ("type", .string("log_compacted")), ("before", .object(statistics(compaction.before))),
            ("after", .object(statistics(compaction.after))),
            ("unreadable_lines_file", compaction.unreadableLinesFile.map { .string($0) } ?? .null),
            ("unterminated_bytes_moved", .number(Double(compaction.unterminatedBytesMoved))),
        ])
    }

    static func statistics(_ stats: EventLog.Statistics) -> [(String, JSONOutput)] {
        [
            ("path", .string(stats.path)), ("bytes", .number(Double(stats.bytes))),
            ("commands", .number(Double(stats.commands))),
            ("snapshots", .number(Double(stats.snapshots))),
            ("deleted_snapshots", .number(Double(stats.deletedSnapshots))),
            ("unreadable_lines", .number(Double(stats.unreadableLines))),
            ("other_records", .number(Double(stats.otherRecords))), ("looks", .number(Double(stats.looks))),
        ]
    }
}
