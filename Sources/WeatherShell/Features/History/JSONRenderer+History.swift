import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `history` as JSON.
extension JSONRenderer {
    /// `{"type":"history",…}`: the numbered lines with their times.
    static func history(_ entries: [HistoryEntry]) -> JSONOutput {
        .object([
            ("type", .string("history")),
            ("commands", .array(entries.map(historyEntry))),
        ])
    }
}

extension JSONRenderer {
    static func historyEntry(_ entry: HistoryEntry) -> JSONOutput {
        .object([
            ("number", .number(Double(entry.number))), ("line", .string(entry.line)),
            ("time", .string(ISOTime.string(entry.time))),
        ])
    }
}
