import FoundationEssentials
import WeatherKit

/// One command from the history: its number across all sessions and the line as typed.
package struct HistoryEntry: Hashable, Sendable {
    /// 1, 2, 3… in the order commands were entered, across every session and process.
    package var number: Int
    package var line: String
    /// When it was entered (UTC).
    package var time: Date

    package init(number: Int, line: String, time: Date) {
        self.number = number
        self.line = line
        self.time = time
    }
}
