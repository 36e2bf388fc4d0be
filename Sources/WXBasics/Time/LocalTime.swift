import FoundationEssentials

/// A calendar day with no time zone ("2026-02-06"), as in Open-Meteo's `daily.time`.
package struct LocalDate: Hashable, Comparable, Sendable, Codable {
    package var year: Int
    package var month: Int
    package var day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses "YYYY-MM-DD"; nil for anything else or an impossible date.
    package init?(iso text: Substring) {
        var utf8 = Array(text.utf8)
        guard utf8.count == 10, let parsed = utf8.withUnsafeMutableBufferPointer({ Self.parse($0, at: 0) }) else {
            return nil
        }
        self = parsed
    }

    /// "YYYY-MM-DD" at `offset` in `bytes`.
    static func parse(_ bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> LocalDate? {
        guard bytes.count >= offset + 10, bytes[offset + 4] == UInt8(ascii: "-"),
            bytes[offset + 7] == UInt8(ascii: "-"),
            let year = CivilCalendar.digits(bytes, offset, 4), let month = CivilCalendar.digits(bytes, offset + 5, 2),
            let day = CivilCalendar.digits(bytes, offset + 8, 2),
            (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before).
    package var dayNumber: Int { CivilCalendar.days(year: year, month: month, day: day) }

    /// Day of the week, 0 = Sunday … 6 = Saturday.
    package var weekday: Int { ((dayNumber % 7) + 11) % 7 }

    /// "2026-02-06".
    package var iso: String {
        guard isTenBytes else {
            return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        }
        // Ten bytes, written directly: lists of tens of thousands of snapshots show a date each.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            writeISO(into: buffer)
            return 10
        }
    }

    /// Whether `iso` is "YYYY-MM-DD", ten bytes (`writeISO`): a year of four digits, a month
    /// and a day in range.
    package var isTenBytes: Bool { (0...9999).contains(year) && (1...12).contains(month) && (1...31).contains(day) }

    /// Writes `iso` into the first ten bytes of `buffer`, for a date that `isTenBytes`.
    package func writeISO(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        Self.writeDigits(year, 4, at: 0, into: buffer)
        buffer[4] = UInt8(ascii: "-")
        Self.writeDigits(month, 2, at: 5, into: buffer)
        buffer[7] = UInt8(ascii: "-")
        Self.writeDigits(day, 2, at: 8, into: buffer)
    }

    /// Writes `value` (not negative) as `count` digits, zeros first, at `offset` of `buffer`.
    package static func writeDigits(
        _ value: Int, _ count: Int, at offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) {
        var rest = value
        for index in (offset..<(offset + count)).reversed() {
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    package static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }
}

extension LocalDate {
    /// The calendar day `instant` falls on at a fixed offset of `utcOffsetSeconds` east of UTC
    /// (an instant before the epoch on the day before, not day 0).
    package init(_ instant: Date, utcOffsetSeconds: Int) {
        let days = ((instant.timeIntervalSince1970 + Double(utcOffsetSeconds)) / 86_400).rounded(.down)
        self = CivilCalendar.date(fromDays: Int(days))
    }

    /// The instant the day starts (its 00:00) at a fixed offset of `utcOffsetSeconds` east of UTC.
    package func midnight(utcOffsetSeconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(dayNumber * 86_400 - utcOffsetSeconds))
    }
}

/// A wall-clock reading at a place: its calendar day, time of day and the offset in force.
package struct LocalDateTime: Hashable, Sendable {
    package var date: LocalDate
    package var hour: Int
    package var minute: Int
    /// Seconds east of UTC in force at that instant (DST included when the zone is known).
    package var utcOffsetSeconds: Int
    /// "CET", "EDT", or nil when only an offset is known.
    package var abbreviation: String?

    package init(date: LocalDate, hour: Int, minute: Int, utcOffsetSeconds: Int, abbreviation: String?) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.utcOffsetSeconds = utcOffsetSeconds
        self.abbreviation = abbreviation
    }

    /// The reading at `seconds` since the epoch under a fixed offset (seconds east of UTC).
    package init(_ seconds: Int, utcOffsetSeconds: Int, abbreviation: String?) {
        let local = seconds + utcOffsetSeconds
        // Floor division: an instant before 1970 belongs to the day before, not day 0.
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let secondOfDay = local - days * 86_400
        self.init(
            date: CivilCalendar.date(fromDays: days), hour: secondOfDay / 3_600, minute: (secondOfDay % 3_600) / 60,
            utcOffsetSeconds: utcOffsetSeconds, abbreviation: abbreviation)
    }

    package var weekday: Int { date.weekday }
}

/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), after
/// Howard Hinnant's public-domain `days_from_civil`; no Calendar, no ICU.
package enum CivilCalendar {
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func date(fromDays days: Int) -> LocalDate {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return LocalDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Parses a service's local time, "2026-02-06T16:30" or "2026-02-06T16:30:00" (no zone), into
    /// seconds since the epoch *as if* it were UTC; subtract the UTC offset to get the instant.
    /// Reads the bytes directly: a forecast has hundreds of these.
    package static func secondsAsIfUTC(iso text: String) -> Int? {
        var text = text
        return text.withUTF8 { raw -> Int? in
            guard raw.count == 16 || raw.count == 19 else { return nil }
            let bytes = UnsafeMutableBufferPointer(mutating: raw)
            guard let date = LocalDate.parse(bytes, at: 0), bytes[10] == UInt8(ascii: "T"),
                bytes[13] == UInt8(ascii: ":"),
                let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), hour <= 23, minute <= 59
            else { return nil }
            var second = 0
            if raw.count == 19 {
                guard bytes[16] == UInt8(ascii: ":"), let value = digits(bytes, 17, 2), value <= 60 else { return nil }
                second = value
            }
            return date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
        }
    }

    /// `count` ASCII digits at `offset` as a number; nil when any is not a digit.
    static func digits(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for index in offset..<(offset + count) {
            let digit = Int(bytes[index]) - 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
