#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 UTC text for files and `--json`: "2026-02-06T21:40:00Z", whole seconds (a fraction
/// is dropped, never rounded up into the next second). Years 1583 to 9999 come out as the
/// proleptic Gregorian calendar has them; Foundation's calendar is Julian before 15 October 1582.
package enum ISOTime {
    /// FoundationEssentials' own formatter: the same text the hand-written one made, as fast.
    private static let style = Date.ISO8601FormatStyle()

    package static func string(_ date: Date) -> String {
        // Whole seconds first, so that 21:39:59.9 stays 21:39:59 whatever the style does with fractions.
        style.format(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    /// An ISO 8601 instant: "2026-02-06T21:40:00Z", with fractional seconds or an offset.
    package static func parse(_ text: String) -> Date? {
        if let seconds = wholeSecondsUTC(text) { return Date(timeIntervalSince1970: Double(seconds)) }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return nil
    }

    /// Seconds since 1970 of exactly "YYYY-MM-DDTHH:MM:SSZ" (what wx writes) with every field
    /// in range and a year from 1900 to 9999; nil for anything else, which Foundation's parser
    /// then reads. Foundation's parser costs some thousand instructions a call; a log of
    /// 20,000 snapshots reads two times each.
    static func wholeSecondsUTC(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[19] == UInt8(ascii: "Z")
            else { return nil }
            func number(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for index in from..<(from + count) {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1900...9999).contains(year), (1...12).contains(month), hour < 24, minute < 60, second < 60
            else { return nil }
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            guard (1...lengths[month - 1]).contains(day) else { return nil }
            // Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
            let y = month <= 2 ? year - 1 : year
            let era = y / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            return days * 86_400 + hour * 3_600 + minute * 60 + second
        }
    }
}
