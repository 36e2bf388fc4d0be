import FoundationEssentials

/// ISO 8601 UTC text for files and `--json`: "2026-02-06T21:40:00Z", whole seconds (a fraction
/// is dropped, never rounded up into the next second). Years 1583 to 9999 come out as the
/// proleptic Gregorian calendar has them; Foundation's calendar is Julian before 15 October 1582.
package enum ISOTime {
    /// FoundationEssentials' own formatter, for years outside 1583 to 9999.
    private static let style = Date.ISO8601FormatStyle()

    package static func string(_ date: Date) -> String {
        // Whole seconds first, so that 21:39:59.9 stays 21:39:59 whatever the style does with fractions.
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // 1583-01-01 to 9999-12-31 23:59:59 UTC: written here. Making the style the first time
        // (a static) was 1.4 M instructions, half of all a command's log line cost (callgrind,
        // `wx -c "find Hamburg; show"`); each call after that is about as fast as this.
        if seconds >= -12_212_553_600, seconds < 253_402_300_800 { return gregorian(Int(seconds)) }
        return style.format(Date(timeIntervalSince1970: seconds))
    }

    /// "YYYY-MM-DDTHH:MM:SSZ" for `seconds` since 1970 in the proleptic Gregorian calendar, a
    /// year of four digits.
    static func gregorian(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let date = CivilCalendar.date(fromDays: days)
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int, at index: Int, digits: Int) {
            var value = value
            for position in stride(from: index + digits - 1, through: index, by: -1) {
                bytes[position] = UInt8(0x30 + value % 10)
                value /= 10
            }
        }
        put(date.year, at: 0, digits: 4)
        put(date.month, at: 5, digits: 2)
        put(date.day, at: 8, digits: 2)
        put(inDay / 3600, at: 11, digits: 2)
        put(inDay / 60 % 60, at: 14, digits: 2)
        put(inDay % 60, at: 17, digits: 2)
        (bytes[4], bytes[7], bytes[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
        (bytes[13], bytes[16], bytes[19]) = (UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
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

    /// Seconds since 1970 of exactly "YYYY-MM-DDTHH:MM:SSZ" (what wx writes) or
    /// "YYYY-MM-DDTHH:MM:SS+HH:MM" (what warning feeds write; an offset up to 14 hours) with
    /// every field in range and a year from 1900 to 9999; nil for anything else, which
    /// Foundation's parser then reads. Foundation's parser costs some thousand instructions a
    /// call, and its first call 0.9 M (`show` reading a Bright Sky warning); a log of 20,000
    /// snapshots reads two times each.
    static func wholeSecondsUTC(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { wholeSecondsUTC(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `wholeSecondsUTC(bytes)` reads "YYYY-MM-DDTHH:MM:SSZ" (20 bytes, the form wx
    /// writes), checked without working the seconds out: the same fields in the same ranges, a
    /// few dozen instructions (a rebuild of the log's index checks a million command times).
    package static func isWholeSecondsUTC(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return false }
        // Each digit's value, 10 or more for a byte that is none.
        func digit(_ index: Int) -> Int { Int(bytes[index] &- UInt8(ascii: "0")) }
        guard digit(0) < 10, digit(1) < 10, digit(2) < 10, digit(3) < 10, digit(5) < 10, digit(6) < 10,
            digit(8) < 10, digit(9) < 10, digit(11) < 10, digit(12) < 10, digit(14) < 10, digit(15) < 10,
            digit(17) < 10, digit(18) < 10
        else { return false }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        guard year >= 1900, (1...12).contains(month), digit(11) * 10 + digit(12) < 24, digit(14) < 6, digit(17) < 6
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let length = month == 2 ? (leap ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31
        return (1...length).contains(day)
    }

    /// `wholeSecondsUTC` of the text `bytes` hold (UTF-8): the log's readers check a record's
    /// time where it lies in the line, without making a string of it.
    package static func wholeSecondsUTC(_ bytes: UnsafeRawBufferPointer) -> Int? {
        // The form wx writes: checked as `isWholeSecondsUTC` checks it (the same fields in the
        // same ranges), its fields then read digit by digit without checking them again (a
        // rebuild of the log's index reads two times of each of tens of thousands of snapshots).
        if bytes.count == 20 {
            guard isWholeSecondsUTC(bytes) else { return nil }
            func digit(_ index: Int) -> Int { Int(bytes[index] &- UInt8(ascii: "0")) }
            func pair(_ index: Int) -> Int { digit(index) &* 10 &+ digit(index + 1) }
            return secondsSince1970(
                year: pair(0) &* 100 &+ pair(2), month: pair(5), day: pair(8), hour: pair(11), minute: pair(14),
                second: pair(17))
        }
        guard bytes.count == 25, bytes[4] == UInt8(ascii: "-"),
            bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":")
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
        // With an offset: `+HH:MM` or `-HH:MM`.
        guard let offsetSeconds = offsetSeconds(bytes, at: 19) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        // The month's length without an array (a million log lines are checked so).
        let length = month == 2 ? (leap ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31
        guard (1...length).contains(day) else { return nil }
        return secondsSince1970(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            - offsetSeconds
    }

    /// The UTC offset, seconds east of UTC, an ISO 8601 time is written with ("…-08:00" →
    /// −28 800, an NWS alert's local time): its last six bytes `+HH:MM` or `-HH:MM`, up to 14
    /// hours; nil for "Z", a time without an offset and anything `parse` does not read.
    package static func writtenOffsetSeconds(_ text: String) -> Int? {
        guard parse(text) != nil else { return nil }
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count >= 6 ? offsetSeconds(UnsafeRawBufferPointer(utf8), at: utf8.count - 6) : nil
        }
    }

    /// `+HH:MM` or `-HH:MM` at `index` of `bytes` as seconds east of UTC (hours up to 14,
    /// minutes under 60); nil for anything else. The one reader of an offset's bytes.
    @inline(__always)
    private static func offsetSeconds(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
        let sign = bytes[index]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[index + 3] == UInt8(ascii: ":")
        else { return nil }
        // A byte's digit, 10 or more for a byte that is none.
        func digit(_ offset: Int) -> Int { Int(bytes[index + offset] &- UInt8(ascii: "0")) }
        guard digit(1) < 10, digit(2) < 10, digit(4) < 10, digit(5) < 10 else { return nil }
        let hours = digit(1) * 10 + digit(2)
        let minutes = digit(4) * 10 + digit(5)
        guard hours <= 14, minutes < 60 else { return nil }
        return (hours * 3_600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
    }

    /// Seconds from 1970-01-01T00:00:00Z to a UTC time whose fields are in their ranges (year
    /// 1900–9999, the day one of the month's).
    @inline(__always)
    private static func secondsSince1970(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
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
