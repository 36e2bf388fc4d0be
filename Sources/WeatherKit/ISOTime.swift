#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 UTC text for files: "2026-02-06T21:40:00Z". Here rather than beside `Configuration`,
/// which reads `WX_NOW` with it, because the stores below the shell write and read it too.
public enum ISOTime {
    public static func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let local = ZoneClock.fixed(seconds, offset: 0, abbreviation: nil)
        let second = ((seconds % 60) + 60) % 60
        return "\(local.date.iso)T\(two(local.hour)):\(two(local.minute)):\(two(second))Z"
    }

    /// An ISO 8601 instant, with or without fractional seconds; nil when `text` is not one.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return nil
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
