#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 UTC text for files and `--json`: "2026-02-06T21:40:00Z", whole seconds (a fraction
/// is dropped, never rounded up into the next second). Years 1583 to 9999 come out as the
/// proleptic Gregorian calendar has them; Foundation's calendar is Julian before 15 October 1582.
public enum ISOTime {
    /// FoundationEssentials' own formatter: the same text the hand-written one made, as fast.
    private static let style = Date.ISO8601FormatStyle()

    public static func string(_ date: Date) -> String {
        // Whole seconds first, so that 21:39:59.9 stays 21:39:59 whatever the style does with fractions.
        style.format(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    /// An ISO 8601 instant: "2026-02-06T21:40:00Z", with fractional seconds or an offset.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return nil
    }
}
