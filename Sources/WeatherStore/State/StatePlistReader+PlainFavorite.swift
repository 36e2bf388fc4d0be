extension StatePlistReader {
    /// The name of the favorite whose `<dict>…</dict>` element starts at `start` in `bytes` (after
    /// white space), and where the element ends, when it is in the plainest form: every key one of
    /// the five a favorite has, each once; each string printable ASCII without `<`, `>` or `&`
    /// (the name not empty, not starting or ending with a space); each real `-12.5` or `3` with at
    /// most 15 significant digits; the coordinate valid. Nil for anything else, and when the
    /// element runs past `bytes`: the caller then reads the element as `favorite(_:)` does.
    ///
    /// For `wx --complete` at every Tab: a state.plist not written by wx (no names file) is read
    /// for its favorites' names without building each favorite (`favorite(_:)` made three
    /// strings, sanitized two, and parsed each number twice: 6,000 instructions a favorite).
    /// Whenever it answers, `favorite(_:)` over the same element gives a favorite of that name
    /// (tested on every fixture and on generated and broken elements).
    static func plainFavoriteName(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (name: String, end: Int)? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var plain = PlainCursor(base: base, count: bytes.count, index: start)
        return plain.favorite()
    }

    /// One pass over a favorite's bytes, never looking back.
    private struct PlainCursor {
        let base: UnsafePointer<UInt8>
        let count: Int
        var index: Int

        mutating func favorite() -> (name: String, end: Int)? {
            space()
            guard literal("<dict>") else { return nil }
            var name: Range<Int>?
            var latitude: Double?
            var longitude: Double?
            var displayName = false
            var countryCode = false
            while true {
                space()
                guard index + 1 < count else { return nil }
                if base[index + 1] == UInt8(ascii: "/") {
                    guard literal("</dict>") else { return nil }
                    break
                }
                guard literal("<key>"), index < count else { return nil }
                switch base[index] {
                case UInt8(ascii: "n"):
                    guard name == nil, literal("name</key>"), let text = string(), !text.isEmpty,
                        base[text.lowerBound] != 0x20, base[text.upperBound - 1] != 0x20
                    else { return nil }
                    name = text
                case UInt8(ascii: "l"):
                    if literal("latitude</key>") {
                        guard latitude == nil, let value = real() else { return nil }
                        latitude = value
                    } else {
                        guard longitude == nil, literal("longitude</key>"), let value = real() else { return nil }
                        longitude = value
                    }
                case UInt8(ascii: "d"):
                    guard !displayName, literal("displayName</key>"), string() != nil else { return nil }
                    displayName = true
                case UInt8(ascii: "c"):
                    guard !countryCode, literal("countryCode</key>"), string() != nil else { return nil }
                    countryCode = true
                default:
                    return nil
                }
            }
            guard let name, let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
            return (
                String(decoding: UnsafeBufferPointer(start: base + name.lowerBound, count: name.count), as: UTF8.self),
                index
            )
        }

        /// Past spaces, tabs, newlines and carriage returns (`Cursor.skipSpace`'s).
        mutating func space() {
            while index < count {
                switch base[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// Whether `text` comes next; steps over it when it does. Compared a word at a time
        /// (overlapping words for the last bytes): byte by byte it was a third of the reading.
        @inline(__always)
        mutating func literal(_ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard count - index >= length else { return false }
            let here = UnsafeRawPointer(base + index)
            let there = UnsafeRawPointer(text.utf8Start)
            if length >= 8 {
                var offset = 0
                while offset < length - 8 {
                    guard
                        here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                            == there.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    else { return false }
                    offset += 8
                }
                guard
                    here.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                        == there.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                else { return false }
            } else if length >= 4 {
                guard here.loadUnaligned(as: UInt32.self) == there.loadUnaligned(as: UInt32.self),
                    here.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                        == there.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                else { return false }
            } else {
                for offset in 0..<length
                where here.load(fromByteOffset: offset, as: UInt8.self) != text.utf8Start[offset] {
                    return false
                }
            }
            index += length
            return true
        }

        /// A `<string>` of printable ASCII without `<`, `>` or `&`: where its text is.
        mutating func string() -> Range<Int>? {
            space()
            guard literal("<string>") else { return nil }
            let start = index
            while index < count {
                let byte = base[index]
                if byte == UInt8(ascii: "<") { break }
                guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: ">"), byte != UInt8(ascii: "&") else {
                    return nil
                }
                index += 1
            }
            let end = index
            return literal("</string>") ? start..<end : nil
        }

        /// A `<real>` written `-12.5` or `3` with at most 15 significant digits, as
        /// `exactDecimal` reads it (the same digits over the same power of ten).
        mutating func real() -> Double? {
            space()
            guard literal("<real>"), index < count else { return nil }
            var negative = false
            if base[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            var digits: Int64 = 0
            var significant = 0
            var whole = 0
            var fraction = -1
            while index < count {
                let byte = base[index]
                if byte == UInt8(ascii: ".") {
                    guard fraction < 0, whole > 0 else { return nil }
                    fraction = 0
                } else if byte >= 0x30, byte <= 0x39 {
                    if digits != 0 || byte != 0x30 { significant += 1 }
                    guard significant <= 15 else { return nil }
                    digits = digits * 10 + Int64(byte - 0x30)
                    if fraction >= 0 { fraction += 1 } else { whole += 1 }
                } else {
                    break
                }
                index += 1
            }
            guard whole > 0, fraction != 0, literal("</real>") else { return nil }
            let scale = max(0, fraction)
            guard scale < StatePlistReader.exactPowersOfTen.count else { return nil }
            let magnitude = Double(digits) / StatePlistReader.exactPowersOfTen[scale]
            return negative ? -magnitude : magnitude
        }
    }
}
