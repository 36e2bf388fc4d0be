import FoundationEssentials
import WXBasics
import WeatherKit

/// `EventLog.ownCommandReadsWhole` for one line after another: the dates of times that read
/// are remembered, so that a line of a day seen before (most of a log: a person types many
/// commands a day) has only its time of day checked. A time reads (`ISOTime.wholeSecondsUTC`)
/// exactly when its date part (`YYYY-MM-DD`) and its time part (`THH:MM:SSZ`) each do, so the
/// answer is the same as checking every line afresh.
///
/// A rebuild of the index checks every command line of the log (978,000 of a million-line log),
/// so each is read with as few instructions as its bytes allow: the fixed parts of the layout are
/// compared as machine words, and the command's text is passed over eight bytes at a time up to
/// the first byte that is a quote, a backslash, a control character or beyond ASCII (SWAR), which
/// alone is looked at by itself (callgrind: ~485 instructions a line before).
struct OwnCommandCheck {
    /// A few bytes the layout holds at a place: the first `length` bytes of `word` (little
    /// endian), and a mask of them.
    private struct Literal {
        let word: UInt64
        let mask: UInt64
        let length: Int

        init(_ text: StaticString) {
            precondition(text.utf8CodeUnitCount <= 8)
            var word: UInt64 = 0
            for index in 0..<text.utf8CodeUnitCount { word |= UInt64(text.utf8Start[index]) << (8 * index) }
            self.word = word
            self.length = text.utf8CodeUnitCount
            self.mask = length == 8 ? .max : (1 << (8 * UInt64(length))) - 1
        }
    }

    /// The layout's start, `{"kind":"command","line":"` (26 bytes), as three words and two bytes.
    private let start: (UInt64, UInt64, UInt64, UInt16)
    private let numberKey = Literal(#"","n":"#)
    private let timeKey = Literal(#","ts":""#)
    private let versionKey = Literal(#"","v":"#)
    /// The shortest line in the layout that can read: an empty text, one-digit numbers.
    private static let shortest = 26 + 6 + 1 + 7 + 20 + 6 + 1 + 1

    /// The first 8 and the next 2 bytes of the last date that read; nil before any.
    private var lastDate: (UInt64, UInt16)?
    /// Dates that read, in a table of `datesKept` places by a hash of their bytes (0, no date's
    /// first bytes, where none is kept): a log's commands fall on some thousand days, not one
    /// after another, and each day's date is then checked once, not on each line that comes
    /// back to it.
    private var knownDates = [UInt64](repeating: 0, count: datesKept)
    private var knownDays = [UInt16](repeating: 0, count: datesKept)
    private static let datesKept = 4096

    init() {
        let bytes = EventLog.ownCommandStart
        precondition(bytes.count == 26)
        start = bytes.withUnsafeBytes { raw in
            (
                UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt16.self))
            )
        }
    }

    /// Whether `line`, in wx's own command layout, reads whole (`EventLog.ownCommandReadsWhole`);
    /// nil for any other line.
    mutating func readsWhole(_ line: UnsafeRawBufferPointer) -> Bool? {
        let count = line.count
        // Shorter than the shortest line that reads: nil, as for a line the layout does not fit.
        guard count >= Self.shortest, let base = line.baseAddress else { return nil }
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        guard word(0) == start.0, word(8) == start.1, word(16) == start.2,
            UInt16(littleEndian: base.loadUnaligned(fromByteOffset: 24, as: UInt16.self)) == start.3
        else { return nil }
        var index = 26
        let textStart = index
        var ascii = true
        while index < count {
            // Eight bytes at a time while none of them is a quote, a backslash, a control
            // character or beyond ASCII (a byte's high bit set in `special` marks one); else on
            // to the first that is one. The lowest mark of each test is exact (a borrow runs only
            // upwards, from a byte that is marked), so no byte passed over is one.
            if index + 8 <= count {
                let special = Self.specials(word(index))
                if special == 0 {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount >> 3
            }
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count else { return nil }
                switch line[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                    continue
                default: return nil
                }
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        guard index < count else { return nil }
        if !ascii, String(validating: line[textStart..<index], as: UTF8.self) == nil { return nil }
        func literal(_ literal: Literal) -> Bool {
            if index + 8 <= count {
                guard word(index) & literal.mask == literal.word else { return false }
            } else {
                guard index + literal.length <= count else { return false }
                for offset in 0..<literal.length
                where line[index + offset] != UInt8(truncatingIfNeeded: literal.word >> (8 * UInt64(offset))) {
                    return false
                }
            }
            index += literal.length
            return true
        }
        /// An integer of 1 to 15 digits, without leading zeros (JSON's): below 2^53, exact.
        func integer(positive: Bool) -> Bool {
            let start = index
            // Eight bytes at a time while all are digits; else on to the first that is none.
            while index + 8 <= count {
                let others = Self.nonDigits(word(index))
                guard others == 0 else {
                    index += Self.firstMarked(others)
                    break
                }
                index += 8
            }
            while index < count, line[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            let digits = index - start
            guard digits >= 1, digits <= 15 else { return false }
            if line[start] == UInt8(ascii: "0") { return !positive && digits == 1 }
            return true
        }
        guard literal(numberKey), integer(positive: true), literal(timeKey), index + 20 <= count,
            timeReads(base + index)
        else { return nil }
        index += 20
        guard literal(versionKey), integer(positive: false), index == count - 1, line[index] == UInt8(ascii: "}")
        else { return nil }
        return true
    }

    /// The length of the line at `base` (up to its "\n", which lies among the `available` bytes
    /// there) when it is a command in wx's own layout in its usual shape — a text of ASCII without
    /// a quote, backslash or control character, N of at most 15 digits, V of one digit, no more
    /// than `LogFile.longestLine` bytes — that reads whole; nil for any other line, and for one
    /// whose end is not among the bytes at hand.
    ///
    /// A rebuild of the index passes over such lines (most of a log) with this alone: they are
    /// not looked for with memchr, nor read by `readsWhole` and `EventLog.read`. Every line it
    /// takes is one `readsWhole` calls whole (each byte up to the "\n" is checked as `readsWhole`
    /// checks it, and none of them is a "\n": the line memchr would find); every other line is
    /// left to them. About a third of `readsWhole`'s instructions a line, and none of the rest.
    @inline(__always)
    mutating func wholeLine(at base: UnsafeRawPointer, available: Int) -> Int? {
        guard available >= Self.shortest + 1 else { return nil }
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        func byte(_ at: Int) -> UInt8 { base.load(fromByteOffset: at, as: UInt8.self) }
        // The layout's words as constants in the instructions (`Words`), not loaded from `self`.
        guard word(0) == Words.start0, word(8) == Words.start8, word(16) == Words.start16,
            UInt16(littleEndian: base.loadUnaligned(fromByteOffset: 24, as: UInt16.self)) == Words.start24
        else { return nil }
        // The text, eight bytes at a time up to the first byte that is a quote, a backslash, a
        // control character or beyond ASCII: in this shape, the closing quote.
        var index = 26
        while true {
            guard index &+ 8 <= available else { return nil }
            let special = Self.specials(word(index))
            if special == 0 {
                index &+= 8
                continue
            }
            index &+= special.trailingZeroBitCount >> 3
            break
        }
        // All after the text lies in the next 57 bytes (the "\n" at most 56 on, with 15 digits).
        guard byte(index) == UInt8(ascii: "\""), index &+ 64 <= available,
            word(index) & Words.mask6 == Words.numberKey
        else { return nil }
        index &+= 6
        // N: 1 to 15 digits (each byte marked by `nonDigits` is exactly one that is no digit), not
        // starting with 0.
        var digits = Self.nonDigits(word(index)).trailingZeroBitCount >> 3
        if digits == 8 { digits += Self.nonDigits(word(index + 8)).trailingZeroBitCount >> 3 }
        guard digits >= 1, digits <= 15, byte(index) != UInt8(ascii: "0") else { return nil }
        index &+= digits
        guard word(index) & Words.mask7 == Words.timeKey, timeReads(base + (index &+ 7)) else { return nil }
        index &+= 7 + 20
        // `","v":` and one digit, the closing brace, and the line's end.
        let tail = word(index)
        guard tail & Words.mask6 == Words.versionKey,
            UInt8(truncatingIfNeeded: tail >> 48) &- UInt8(ascii: "0") < 10,
            UInt8(truncatingIfNeeded: tail >> 56) == UInt8(ascii: "}"), byte(index + 8) == UInt8(ascii: "\n"),
            index + 8 <= LogFile.longestLine
        else { return nil }
        return index + 8
    }

    /// The layout's fixed bytes as little-endian words, written out so that `wholeLine` compares
    /// with constants: `{"kind":"command","line":"` (three words and two bytes), `","n":`,
    /// `,"ts":"` and `","v":` (six, seven and six bytes, masked). `wordsAgree` checks them
    /// against the layout's text.
    enum Words {
        static var start0: UInt64 { 0x3A22_646E_696B_227B }
        static var start8: UInt64 { 0x646E_616D_6D6F_6322 }
        static var start16: UInt64 { 0x2265_6E69_6C22_2C22 }
        static var start24: UInt16 { 0x223A }
        static var numberKey: UInt64 { 0x3A22_6E22_2C22 }
        static var timeKey: UInt64 { 0x22_3A22_7374_222C }
        static var versionKey: UInt64 { 0x3A22_7622_2C22 }
        static var mask6: UInt64 { 0xFFFF_FFFF_FFFF }
        static var mask7: UInt64 { 0xFF_FFFF_FFFF_FFFF }
    }

    /// Whether `Words` are the words of the layout's text (`EventLog.ownCommandStart` and the keys
    /// `readsWhole` reads).
    var wordsAgree: Bool {
        start == (Words.start0, Words.start8, Words.start16, Words.start24)
            && (numberKey.word, numberKey.mask) == (Words.numberKey, Words.mask6)
            && (timeKey.word, timeKey.mask) == (Words.timeKey, Words.mask7)
            && (versionKey.word, versionKey.mask) == (Words.versionKey, Words.mask6)
            && (numberKey.length, timeKey.length, versionKey.length) == (6, 7, 6)
    }

    /// Each byte of `chunk` that is a quote, a backslash, a control character or beyond ASCII
    /// marked by its high bit; the lowest mark exact (a borrow runs only upwards, from a byte
    /// that is marked), so no byte before it is one.
    @inline(__always)
    static func specials(_ chunk: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        return ((chunk &- ones &* 0x20) & ~chunk & highs) | zeroByte(chunk ^ (ones &* 0x22))
            | zeroByte(chunk ^ (ones &* 0x5C)) | (chunk & highs)
    }

    /// Whether the 20 bytes at `time` are a time `ISOTime.wholeSecondsUTC` reads ("YYYY-MM-DDTHH:MM:SSZ").
    @inline(__always)
    private mutating func timeReads(_ time: UnsafeRawPointer) -> Bool {
        let date = (time.loadUnaligned(as: UInt64.self), time.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        if lastDate.map({ $0 != date }) ?? true {
            // 12 bits of the date's bytes, mixed (Fibonacci hashing).
            let place = Int(truncatingIfNeeded: ((date.0 ^ UInt64(date.1) << 48) &* 0x9E37_79B9_7F4A_7C15) >> 52)
            guard knownDates[place] == date.0, knownDays[place] == date.1 else {
                guard ISOTime.isWholeSecondsUTC(UnsafeRawBufferPointer(start: time, count: 20)) else { return false }
                lastDate = date
                knownDates[place] = date.0
                knownDays[place] = date.1
                return true
            }
            lastDate = date
        }
        // The same date as a time that read: the rest as `wholeSecondsUTC` checks it —
        // "THH:MM:S" as a word (the letter and colons where they belong, digits between), then "SZ".
        let clock = UInt64(littleEndian: time.loadUnaligned(fromByteOffset: 10, as: UInt64.self))
        let end = UInt16(littleEndian: time.loadUnaligned(fromByteOffset: 18, as: UInt16.self))
        func digit(_ byte: Int) -> Int { Int(truncatingIfNeeded: clock >> (8 * UInt64(byte))) & 0xFF - 0x30 }
        guard clock & 0x00FF_0000_FF00_00FF == 0x003A_0000_3A00_0054,
            Self.nonDigits(clock) & 0xFF00_FFFF_00FF_FF00 == 0,
            end >> 8 == UInt16(UInt8(ascii: "Z")), UInt8(truncatingIfNeeded: end) &- UInt8(ascii: "0") < 10
        else { return false }
        return digit(1) * 10 + digit(2) < 24 && digit(4) < 6 && digit(7) < 6
    }

    /// Each byte of `word` that is no ASCII digit marked by bits set in it, the others 0: its
    /// high half not 3, or its low half above 9 (no carry passes from byte to byte).
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        ((word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
            | (((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010)
    }

    /// How many bytes of `word` (in memory order) come before its first one that is not 0.
    @inline(__always)
    static func firstMarked(_ word: UInt64) -> Int {
        let nonZero = (word | ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F)) & 0x8080_8080_8080_8080
        return nonZero.trailingZeroBitCount >> 3
    }
}
