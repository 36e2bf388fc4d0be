import FoundationEssentials

/// The offset from UTC in force at one instant in one zone.
package struct ZoneOffset: Hashable, Sendable {
    /// Seconds east of UTC (Berlin in summer: 7200; Denver in winter: -25200).
    package var utcOffsetSeconds: Int
    /// The zone's abbreviation for it ("CET", "MDT", "+1030").
    package var abbreviation: String
    /// Whether it is daylight-saving time.
    package var isDaylightSaving: Bool

    package init(utcOffsetSeconds: Int, abbreviation: String, isDaylightSaving: Bool) {
        self.utcOffsetSeconds = utcOffsetSeconds
        self.abbreviation = abbreviation
        self.isDaylightSaving = isDaylightSaving
    }
}

/// A compiled time-zone file (TZif, RFC 8536), as in /usr/share/zoneinfo: the zone's
/// transitions, its local time types, and the POSIX TZ rule for instants after the last
/// transition.
///
/// Reads versions 1 to 4; from version 2 on only the 64-bit data block and the footer are used.
/// Leap-second records are skipped: the "right/" zones that carry them are not used by wx.
package struct TimeZoneFile: Sendable {
    /// Instants (seconds since the epoch, UTC) at which the local time type changes, ascending.
    package let transitions: [Int64]
    /// For each transition, the index into `types` in force from it on.
    package let transitionTypes: [Int]
    /// The local time types; `types[0]` applies before the first transition.
    package let types: [ZoneOffset]
    /// The footer's rule (versions 2 and later), for instants after the last transition.
    package let footer: POSIXTimeZone?
    /// 1, 2, 3 or 4.
    package let version: Int

    /// The bytes were not a TZif file this reader understands.
    package struct Failure: Error, Hashable, Sendable {
        /// What was wrong ("bad magic", "truncated", "type index out of range").
        package let reason: String
    }

    /// Parses a whole TZif file.
    ///
    /// - Throws: `TimeZoneFile.Failure` for anything malformed: wrong magic, counts beyond the
    ///   data, type or abbreviation indices out of range, transitions out of order.
    package init(_ bytes: [UInt8]) throws(Failure) {
        var reader = Reader(bytes: bytes)
        let first = try reader.header(timeSize: 4)
        guard first.version >= 2 else {
            let block = try reader.block(first, timeSize: 4)
            (transitions, transitionTypes, types) = (block.transitions, block.transitionTypes, block.types)
            footer = nil
            version = 1
            return
        }
        // Version 2+: skip the 32-bit block, then the header and block with 64-bit times.
        try reader.skip(first.dataSize(timeSize: 4))
        let second = try reader.header(timeSize: 8)
        let block = try reader.block(second, timeSize: 8)
        (transitions, transitionTypes, types) = (block.transitions, block.transitionTypes, block.types)
        version = second.version
        // The footer: "\n" TZ-string "\n"; an empty string means no rule.
        guard reader.remaining > 0 else {
            footer = nil
            return
        }
        guard try reader.byte() == UInt8(ascii: "\n"), let end = reader.rest.firstIndex(of: UInt8(ascii: "\n")) else {
            throw Failure(reason: "footer not enclosed in newlines")
        }
        let text = String(decoding: reader.rest[..<end], as: UTF8.self)
        if text.isEmpty {
            footer = nil
        } else if let rule = POSIXTimeZone(text) {
            footer = rule
        } else {
            throw Failure(reason: "footer \"\(text)\" is not a POSIX TZ string")
        }
    }

    /// The offset in force at `seconds` since the epoch (UTC).
    package func offset(at seconds: Int64) -> ZoneOffset {
        guard let firstTransition = transitions.first, seconds >= firstTransition else {
            // Before the first transition, or no transitions: type 0, or the footer alone.
            if transitions.isEmpty, let footer { return footer.offset(at: seconds) }
            return types[0]
        }
        if seconds >= transitions[transitions.count - 1], let footer {
            return footer.offset(at: seconds)
        }
        // The last transition at or before `seconds`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return types[transitionTypes[low]]
    }

    /// Reads big-endian fields from the front of the file.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var remaining: Int { bytes.count - position }
        var rest: ArraySlice<UInt8> { bytes[position...] }

        struct Header {
            var version: Int
            var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

            func dataSize(timeSize: Int) -> Int {
                timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                    + isStandardCount + isUTCCount
            }
        }

        struct Block {
            var transitions: [Int64]
            var transitionTypes: [Int]
            var types: [ZoneOffset]
        }

        mutating func skip(_ count: Int) throws(Failure) {
            guard count <= remaining else { throw Failure(reason: "truncated") }
            position += count
        }

        mutating func byte() throws(Failure) -> UInt8 {
            guard remaining >= 1 else { throw Failure(reason: "truncated") }
            position += 1
            return bytes[position - 1]
        }

        mutating func integer(_ size: Int) throws(Failure) -> Int64 {
            guard remaining >= size else { throw Failure(reason: "truncated") }
            var value: UInt64 = 0
            for index in position..<(position + size) { value = value << 8 | UInt64(bytes[index]) }
            position += size
            // Sign-extend a 32-bit field.
            return size == 4 ? Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) : Int64(bitPattern: value)
        }

        mutating func header(timeSize: Int) throws(Failure) -> Header {
            guard remaining >= 44, bytes[position..<(position + 4)].elementsEqual("TZif".utf8) else {
                throw Failure(reason: "bad magic")
            }
            let versionByte = bytes[position + 4]
            let version: Int
            switch versionByte {
            case 0: version = 1
            case UInt8(ascii: "2")...UInt8(ascii: "4"): version = Int(versionByte - UInt8(ascii: "0"))
            default: throw Failure(reason: "unknown version")
            }
            position += 20
            var counts: [Int] = []
            for _ in 0..<6 {
                let count = try integer(4)
                guard (0...1_000_000).contains(count) else { throw Failure(reason: "count out of range") }
                counts.append(Int(count))
            }
            let header = Header(
                version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
            // RFC 8536 3.1: at least one type; the indicator counts are zero or match the types.
            guard header.typeCount >= 1, header.characterCount >= 1,
                header.isUTCCount == 0 || header.isUTCCount == header.typeCount,
                header.isStandardCount == 0 || header.isStandardCount == header.typeCount
            else { throw Failure(reason: "inconsistent counts") }
            guard header.dataSize(timeSize: timeSize) <= remaining else { throw Failure(reason: "truncated") }
            return header
        }

        mutating func block(_ header: Header, timeSize: Int) throws(Failure) -> Block {
            var transitions: [Int64] = []
            transitions.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount {
                let time = try integer(timeSize)
                guard transitions.last.map({ $0 < time }) ?? true else {
                    throw Failure(reason: "transitions out of order")
                }
                transitions.append(time)
            }
            var transitionTypes: [Int] = []
            transitionTypes.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount {
                let type = Int(try byte())
                guard type < header.typeCount else { throw Failure(reason: "type index out of range") }
                transitionTypes.append(type)
            }
            var records: [(offset: Int, isDST: Bool, abbreviationIndex: Int)] = []
            for _ in 0..<header.typeCount {
                let offset = try integer(4)
                let isDST = try byte()
                let index = Int(try byte())
                // RFC 8536 3.2: -2^31 is not allowed; 0 or 1 for isdst.
                guard offset != Int64(Int32.min), isDST <= 1, index < header.characterCount else {
                    throw Failure(reason: "bad local time type")
                }
                records.append((Int(offset), isDST == 1, index))
            }
            let characters = Array(bytes[position..<(position + header.characterCount)])
            try skip(header.characterCount)
            let types = records.map { record in
                let tail = characters[record.abbreviationIndex...]
                let end = tail.firstIndex(of: 0) ?? tail.endIndex
                return ZoneOffset(
                    utcOffsetSeconds: record.offset, abbreviation: String(decoding: tail[..<end], as: UTF8.self),
                    isDaylightSaving: record.isDST)
            }
            try skip(header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount)
            return Block(transitions: transitions, transitionTypes: transitionTypes, types: types)
        }
    }
}

/// A POSIX TZ rule as in a TZif footer (RFC 8536 3.3, POSIX.1 8.3): "CET-1CEST,M3.5.0,M10.5.0/3",
/// "IST-5:30", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "EST5EDT,0/0,J365/25".
package struct POSIXTimeZone: Hashable, Sendable {
    /// Standard time.
    package let standard: ZoneOffset
    /// Daylight-saving time and when it starts and ends, if the zone has it.
    package let daylightSaving: DaylightSaving?

    package struct DaylightSaving: Hashable, Sendable {
        package let offset: ZoneOffset
        /// The day and local standard time at which it starts.
        package let start: Transition
        /// The day and local daylight-saving time at which it ends.
        package let end: Transition
    }

    /// A day of the year and a time of that day, in seconds (-167 h … 167 h in version 3).
    package struct Transition: Hashable, Sendable {
        package enum Day: Hashable, Sendable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julianNoLeap(Int)
            /// `n`: day 0…365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1…5, 5 = the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        package let day: Day
        package let secondsOfDay: Int
    }

    /// Parses a TZ string; nil when it is not one (including the ":file" form).
    package init?(_ text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let standardName = scanner.name(), let standardWest = scanner.offset() else { return nil }
        standard = ZoneOffset(utcOffsetSeconds: -standardWest, abbreviation: standardName, isDaylightSaving: false)
        guard !scanner.atEnd else {
            daylightSaving = nil
            return
        }
        guard let dstName = scanner.name() else { return nil }
        var dstWest = standardWest - 3_600
        if !scanner.atEnd && scanner.peek != UInt8(ascii: ",") {
            guard let west = scanner.offset() else { return nil }
            dstWest = west
        }
        let start: Transition
        let end: Transition
        if scanner.atEnd {
            // No rule given: POSIX leaves it to the implementation; glibc and tzcode use the US rule.
            start = Transition(day: .monthWeekDay(month: 3, week: 2, weekday: 0), secondsOfDay: 7_200)
            end = Transition(day: .monthWeekDay(month: 11, week: 1, weekday: 0), secondsOfDay: 7_200)
        } else {
            guard scanner.take(","), let parsedStart = scanner.transition(), scanner.take(","),
                let parsedEnd = scanner.transition(), scanner.atEnd
            else { return nil }
            (start, end) = (parsedStart, parsedEnd)
        }
        daylightSaving = DaylightSaving(
            offset: ZoneOffset(utcOffsetSeconds: -dstWest, abbreviation: dstName, isDaylightSaving: true),
            start: start, end: end)
    }

    /// The offset in force at `seconds` since the epoch (UTC).
    package func offset(at seconds: Int64) -> ZoneOffset {
        guard let dst = daylightSaving else { return standard }
        // The year as the zone's standard time counts it; both changes are computed in that year.
        let localDays = Self.floorDivide(seconds + Int64(standard.utcOffsetSeconds), 86_400)
        let year = CivilCalendar.date(fromDays: Int(localDays)).year
        // The start is written in standard time, the end in daylight-saving time.
        let start = Int64(Self.localSeconds(dst.start, year: year) - standard.utcOffsetSeconds)
        let end = Int64(Self.localSeconds(dst.end, year: year) - dst.offset.utcOffsetSeconds)
        let inDaylightSaving = start < end ? (seconds >= start && seconds < end) : (seconds < end || seconds >= start)
        return inDaylightSaving ? dst.offset : standard
    }

    /// Seconds since the epoch, as if local time were UTC, of `transition` in `year`.
    static func localSeconds(_ transition: Transition, year: Int) -> Int {
        let firstOfYear = CivilCalendar.days(year: year, month: 1, day: 1)
        let isLeap = CivilCalendar.daysIn(month: 2, year: year) == 29
        let day: Int
        switch transition.day {
        case .julianNoLeap(let n):
            day = firstOfYear + n - 1 + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = firstOfYear + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilCalendar.days(year: year, month: month, day: 1)
            let firstWeekday = LocalDate(year: year, month: month, day: 1).weekday
            var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            while dayOfMonth > CivilCalendar.daysIn(month: month, year: year) { dayOfMonth -= 7 }
            day = first + dayOfMonth - 1
        }
        return day * 86_400 + transition.secondsOfDay
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// Reads the parts of a TZ string.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[position] }

        mutating func take(_ character: Character) -> Bool {
            guard let peek, character.asciiValue == peek else { return false }
            position += 1
            return true
        }

        /// "CET" (three or more letters) or "<+0530>" (quoted: letters, digits, '+', '-').
        mutating func name() -> String? {
            let start = position
            if take("<") {
                while let peek, peek != UInt8(ascii: ">") {
                    guard
                        Self.isLetter(peek) || Self.isDigit(peek) || peek == UInt8(ascii: "+")
                            || peek == UInt8(ascii: "-")
                    else { return nil }
                    position += 1
                }
                guard position - start - 1 >= 3, take(">") else { return nil }
                return String(decoding: bytes[(start + 1)..<(position - 1)], as: UTF8.self)
            }
            while let peek, Self.isLetter(peek) { position += 1 }
            guard position - start >= 3 else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// "[+-]hh[:mm[:ss]]" as seconds (west of UTC for a zone's offset); hours up to 167.
        mutating func offset() -> Int? {
            var sign = 1
            if take("-") { sign = -1 } else { _ = take("+") }
            guard let hours = number(maximumDigits: 3), hours <= 167 else { return nil }
            var seconds = hours * 3_600
            if take(":") {
                guard let minutes = number(maximumDigits: 2), minutes <= 59 else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let secs = number(maximumDigits: 2), secs <= 59 else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        /// "Jn", "n" or "Mm.w.d", then an optional "/time" (default 02:00).
        mutating func transition() -> Transition? {
            let day: Transition.Day
            if take("J") {
                guard let n = number(maximumDigits: 3), (1...365).contains(n) else { return nil }
                day = .julianNoLeap(n)
            } else if take("M") {
                guard let month = number(maximumDigits: 2), (1...12).contains(month), take("."),
                    let week = number(maximumDigits: 1), (1...5).contains(week), take("."),
                    let weekday = number(maximumDigits: 1), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(maximumDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7_200
            if take("/") {
                guard let parsed = offset() else { return nil }
                time = parsed
            }
            return Transition(day: day, secondsOfDay: time)
        }

        mutating func number(maximumDigits: Int) -> Int? {
            var value = 0
            var count = 0
            while count < maximumDigits, let peek, Self.isDigit(peek) {
                value = value * 10 + Int(peek - UInt8(ascii: "0"))
                position += 1
                count += 1
            }
            return count == 0 ? nil : value
        }

        static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    }
}
