import FoundationEssentials
import WXBasics

#if canImport(Glibc)
import Glibc
#endif

extension SnapshotIndex {
    /// Reads the fields of the index in order. Every read fails (nil) on anything unexpected.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// Whether the next field is the line's first (no tab before it).
        var lineStart = true

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        /// The raw bytes of the next field.
        private mutating func next() -> Range<Int>? {
            guard let base = bytes.baseAddress else { return lineStart ? nextInEmpty() : nil }
            let count = bytes.count
            if !lineStart {
                guard position < count, base.load(fromByteOffset: position, as: UInt8.self) == UInt8(ascii: "\t")
                else { return nil }
                position += 1
            }
            lineStart = false
            let start = position
            while position < count {
                let byte = base.load(fromByteOffset: position, as: UInt8.self)
                if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") { break }
                position += 1
            }
            return start..<position
        }

        /// The first field of no bytes: empty.
        private mutating func nextInEmpty() -> Range<Int>? {
            lineStart = false
            return position..<position
        }

        mutating func endOfLine() -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else { return false }
            position += 1
            lineStart = true
            return true
        }

        /// Whether the next field is `literal`.
        mutating func expect(_ literal: StaticString) -> Bool {
            guard let range = next(), range.count == literal.utf8CodeUnitCount else { return false }
            return literal.withUTF8Buffer {
                memcmp(bytes.baseAddress! + range.lowerBound, $0.baseAddress!, $0.count) == 0
            }
        }

        /// A decimal integer of at most 18 digits (so that it cannot overflow), `-` first only
        /// when `signed`.
        mutating func integer(signed: Bool = false) -> Int? {
            guard let range = next() else { return nil }
            return Self.integer(bytes[range], signed: signed)
        }

        mutating func optionalInteger() -> Int?? {
            guard let range = next() else { return nil }
            if range.isEmpty { return .some(nil) }
            return Self.integer(bytes[range], signed: true).map { .some($0) }
        }

        private static func integer(_ digits: Slice<UnsafeRawBufferPointer>, signed: Bool) -> Int? {
            guard let base = digits.base.baseAddress else { return nil }
            var start = digits.startIndex
            let end = digits.endIndex
            let negative =
                signed && start < end && base.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "-")
            if negative { start += 1 }
            guard (1...18).contains(end - start) else { return nil }
            var value = 0
            for offset in start..<end {
                let digit = base.load(fromByteOffset: offset, as: UInt8.self) &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return negative ? -value : value
        }

        /// Dates as `yyyymmdd`, comma-separated, after a `u` when they are UTC days
        /// (`Snapshot.daysAreUTC`); none when the field is empty (or `u` alone).
        ///
        /// - Parameter keeping: whether the dates are gathered; without, they are checked as
        ///   well and an empty list is returned (a listing that shows none makes no array for
        ///   each of tens of thousands of lines).
        mutating func dates(keeping: Bool = true) -> (dates: [LocalDate], utc: Bool)? {
            guard let range = next() else { return nil }
            var dates: [LocalDate] = []
            var start = range.lowerBound
            let utc = start < range.upperBound && bytes[start] == UInt8(ascii: "u")
            if utc { start += 1 }
            while start < range.upperBound {
                var end = start
                while end < range.upperBound, bytes[end] != UInt8(ascii: ",") { end += 1 }
                guard end - start == 8, let value = Self.integer(bytes[start..<end], signed: false) else { return nil }
                let date = LocalDate(year: value / 10_000, month: value / 100 % 100, day: value % 100)
                guard (1...12).contains(date.month), (1...31).contains(date.day) else { return nil }
                if keeping { dates.append(date) }
                start = end + 1
                // A comma must be followed by a date.
                if end < range.upperBound, start == range.upperBound { return nil }
            }
            return (dates, utc)
        }

        /// 16 hexadecimal digits.
        mutating func bits() -> UInt64? { nextBits() ?? next().flatMap(bits(in:)) }

        /// A finite number from its bits.
        mutating func double() -> Double? {
            guard let bits = bits() else { return nil }
            return Self.finite(bits)
        }

        mutating func optionalDouble() -> Double?? {
            if let bits = nextBits() { return Self.finite(bits).map { .some($0) } }
            guard let range = next() else { return nil }
            if range.isEmpty { return .some(nil) }
            return bits(in: range).flatMap(Self.finite).map { .some($0) }
        }

        private static func finite(_ bits: UInt64) -> Double? {
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : nil
        }

        /// The next field when it is 16 hexadecimal digits, taken without looking for its end
        /// (most fields are); nil, reading nothing, when it is not.
        private mutating func nextBits() -> UInt64? {
            guard !lineStart, position + 17 < bytes.count, bytes[position] == UInt8(ascii: "\t") else { return nil }
            let start = position + 1
            guard bytes[start + 16] == UInt8(ascii: "\t") || bytes[start + 16] == UInt8(ascii: "\n"),
                let value = bits(in: start..<(start + 16))
            else { return nil }
            position = start + 16
            return value
        }

        private func bits(in range: Range<Int>) -> UInt64? {
            guard range.count == 16, let base = bytes.baseAddress else { return nil }
            // Eight digits at a time (`Self.hexDigits`): a digit at a time, a field took about
            // 240 instructions, and a listing reads seven for each of tens of thousands of
            // snapshots (31 M of `saved`'s 334 M at 18,000).
            guard let high = Self.hexDigits(base.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self)),
                let low = Self.hexDigits(base.loadUnaligned(fromByteOffset: range.lowerBound + 8, as: UInt64.self))
            else { return nil }
            return UInt64(high) << 32 | UInt64(low)
        }

        /// The value of eight lowercase hexadecimal digits, the first in the lowest byte of
        /// `word` (as loaded from memory on a little-endian machine); nil when any byte is not
        /// one of `0`–`9`, `a`–`f`. All eight bytes are checked at once: `x + (0x80 − low)` sets
        /// a byte's top bit exactly when that byte (below 0x80) is at least `low`.
        static func hexDigits(_ loaded: UInt64) -> UInt32? {
            let word = UInt64(littleEndian: loaded)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let top: UInt64 = 0x8080_8080_8080_8080
            guard word & top == 0 else { return nil }
            func atLeast(_ low: UInt8) -> UInt64 { (word &+ ones &* UInt64(0x80 &- low)) & top }
            let digit = atLeast(0x30) & ~atLeast(0x3A)
            let letter = atLeast(0x61) & ~atLeast(0x67)
            guard digit | letter == top else { return nil }
            // Each byte's value: its low four bits, plus 9 for a letter ("a" is 0x61: 1 + 9).
            let nibbles = (word & (ones &* 0x0F)) &+ (letter >> 7) &* 9
            // Gathered two, then four, then eight at a time; the first digit is the highest.
            let pairs = (nibbles & 0x000F_000F_000F_000F) << 4 | (nibbles >> 8) & 0x000F_000F_000F_000F
            let quads = (pairs & 0x0000_00FF_0000_00FF) << 8 | (pairs >> 16) & 0x0000_00FF_0000_00FF
            return UInt32(truncatingIfNeeded: (quads & 0xFFFF) << 16 | (quads >> 32) & 0xFFFF)
        }

        /// An escaped string; made safe for a terminal when `sanitize`.
        ///
        /// - Parameter memo: the last string read into it, and its bytes: the same place and
        ///   zone come again and again, and are then not decoded again.
        mutating func text(_ memo: inout (bytes: [UInt8], text: String)?, sanitize: Bool) -> String? {
            guard let range = next() else { return nil }
            if range.isEmpty { return "" }
            let raw = bytes[range]
            if let last = memo, last.bytes.count == range.count,
                last.bytes.withUnsafeBytes({
                    memcmp($0.baseAddress!, bytes.baseAddress! + range.lowerBound, range.count)
                })
                    == 0
            {
                return last.text
            }
            guard let text = Self.unescaped(raw) else { return nil }
            let shown = sanitize ? TerminalText.sanitized(text) : text
            memo = (Array(raw), shown)
            return shown
        }

        private static func unescaped(_ raw: Slice<UnsafeRawBufferPointer>) -> String? {
            guard raw.contains(UInt8(ascii: "\\")) else {
                return String(decoding: UnsafeRawBufferPointer(rebasing: raw), as: UTF8.self)
            }
            var out: [UInt8] = []
            var escaped = false
            for byte in raw {
                if escaped {
                    switch byte {
                    case UInt8(ascii: "\\"): out.append(byte)
                    case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                    default: return nil
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else {
                    out.append(byte)
                }
            }
            return escaped ? nil : String(decoding: out, as: UTF8.self)
        }
    }
}
