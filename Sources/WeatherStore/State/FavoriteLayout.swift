import CFavoriteLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The markup of one plain favorite with its values cut out, learnt from a favorite
/// `StatePlistReader.plainFavoriteName` read, so that the next favorites written the same way (a
/// program writes them all alike: plistlib's tabs, wx's own) are read by comparing their markup
/// sixteen bytes at a time and checking only the values.
///
/// For `wx --complete` at every Tab, with no names file: the one-pass reading spent ~9
/// instructions a byte of a 28 MB state.plist (100,000 favorites), deciding at each byte what
/// comes next; here that is decided once per layout. Whenever `name(_:at:)` answers,
/// `plainFavoriteName` at the same place gives the same name and end: the markup is the bytes
/// it read, in the same order, and each value is checked by its rules (a string of printable
/// ASCII without `<`, `>` or `&`; a name not empty, not starting or ending with a space; a real
/// `-12.5` or `3` of at most 15 significant digits; the coordinate valid), up to the `<` that
/// ends it, where the markup goes on.
struct FavoriteLayout {
    /// What follows a run of markup.
    enum Value: UInt8 {
        case name, text, latitude, longitude
        /// Nothing: the run ends the favorite (`</dict>`).
        case end
    }

    /// A run of markup and the value after it.
    struct Piece {
        var length: Int
        var value: Value
    }

    /// The markup, every run one after the other.
    private var markup: [UInt8] = []
    private var pieces: [Piece] = []
    /// The pieces as C reads them (`wx_favorite_layout`): each one's length, and its value's raw
    /// value.
    private var lengths: [UInt32] = []
    private var values: [UInt8] = []
    /// `StatePlistReader.exactPowersOfTen`, held here: a global's every use asks whether it is
    /// made yet (`swift_once`), twice a favorite.
    private let powersOfTen = StatePlistReader.exactPowersOfTen

    /// The layout of the plain favorite at `start..<end` in `bytes` (`plainFavoriteName` read
    /// it so); nil when it is not one (never, for what `plainFavoriteName` took). `lead`: where
    /// the white space before it starts (none: `start`), taken as the start of its markup, so
    /// that `name(_:at:)` compares the space between favorites with the rest and the scan moves
    /// from one favorite to the next without looking at that space byte by byte.
    init?(_ bytes: UnsafeRawBufferPointer, lead: Int? = nil, start: Int, end: Int) {
        let lead = lead ?? start
        // Only the space the scan passes over between favorites (no "<" in it: the loop below
        // reads it as markup before the `<dict>`).
        guard lead <= start,
            bytes[lead..<start].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A })
        else { return nil }
        let element = UnsafeRawBufferPointer(rebasing: bytes[lead..<end])
        var index = 0
        var runStart = 0
        var key: [UInt8] = []
        var sawName = false
        func follows(_ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard element.count - index >= length else { return false }
            return memcmp(element.baseAddress! + index, text.utf8Start, length) == 0
        }
        while index < element.count {
            guard element[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if follows("<key>") {
                index += 5
                let keyStart = index
                while index < element.count, element[index] != UInt8(ascii: "<") { index += 1 }
                key = Array(element[keyStart..<index])
                continue
            }
            let tag: Int
            if follows("<string>") {
                tag = 8
            } else if follows("<real>") {
                tag = 6
            } else {
                index += 1
                continue
            }
            index += tag
            let value: Value
            switch (String(decoding: key, as: UTF8.self), tag) {
            case ("name", 8): value = .name
            case ("latitude", 6): value = .latitude
            case ("longitude", 6): value = .longitude
            case (_, 8): value = .text
            default: return nil
            }
            if value == .name { sawName = true }
            markup += element[runStart..<index]
            pieces.append(Piece(length: index - runStart, value: value))
            while index < element.count, element[index] != UInt8(ascii: "<") { index += 1 }
            runStart = index
        }
        guard sawName else { return nil }
        markup += element[runStart...]
        pieces.append(Piece(length: element.count - runStart, value: .end))
        lengths = pieces.compactMap { UInt32(exactly: $0.length) }
        guard lengths.count == pieces.count else { return nil }
        values = pieces.map(\.value.rawValue)
    }

    /// Appends to `names` the names of the favorites in this layout one after another from
    /// `start` in `bytes` (where `name(_:at:)` would read the first), as `name(_:at:)` reads
    /// each, in one run in C (`wx_layout_names`: sixteen bytes compared at a time, no call a
    /// favorite; unrolled for the layout wx and plistlib write): 100,000 favorites took ~850
    /// instructions each through `name(_:at:)` and the builder's appends, ~330 here. Answers
    /// where the first favorite it did not take starts (`start` when none). It leaves to
    /// `name(_:at:)` a favorite it does not read for certain: one whose real needs its value
    /// worked out, one near the end of `bytes`, one whose name finds no room.
    func appendNames(_ bytes: UnsafeRawBufferPointer, from start: Int, to names: FavoriteNameListBuilder) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return start }
        return markup.withUnsafeBufferPointer { markup in
            lengths.withUnsafeBufferPointer { lengths in
                values.withUnsafeBufferPointer { values in
                    var layout = wx_favorite_layout(
                        markup: markup.baseAddress, lengths: lengths.baseAddress, values: values.baseAddress,
                        pieces: values.count)
                    return names.withRoom { room in
                        wx_layout_names(&layout, base.assumingMemoryBound(to: UInt8.self), bytes.count, start, &room)
                    }
                }
            }
        }
    }

    /// The name of the favorite at `start` in `bytes` (where the white space before its
    /// `<dict>` is, when the layout was learnt with some: `init`'s `lead`) and where its element
    /// ends, when it is in this layout; nil otherwise (and when it runs past `bytes`).
    func name(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (name: Range<Int>, end: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        return markup.withUnsafeBytes { markup -> (name: Range<Int>, end: Int)? in
            var here = base + start
            let limit = base + count
            var there = markup.baseAddress!
            var name: Range<Int>?
            for piece in pieces {
                guard here.distance(to: limit) >= piece.length, Self.same(here, there, piece.length) else { return nil }
                here += piece.length
                there += piece.length
                switch piece.value {
                case .end:
                    guard let name else { return nil }
                    return (name, base.distance(to: here))
                case .text:
                    guard let end = Self.textEnd(here, limit) else { return nil }
                    here = end
                case .name:
                    guard let end = Self.textEnd(here, limit), end > here,
                        here.load(as: UInt8.self) != 0x20, end.load(fromByteOffset: -1, as: UInt8.self) != 0x20
                    else { return nil }
                    name = base.distance(to: here)..<base.distance(to: end)
                    here = end
                case .latitude, .longitude:
                    if let end = Self.quickReal(here, limit, latitude: piece.value == .latitude) {
                        here = end
                        continue
                    }
                    if let end = Self.shortReal(here, limit, latitude: piece.value == .latitude) {
                        here = end
                        continue
                    }
                    guard let (value, end) = real(here, limit),
                        abs(value) <= (piece.value == .latitude ? 90 : 180)
                    else { return nil }
                    here = end
                }
            }
            return nil
        }
    }

    /// Whether the `length` bytes at `here` and `there` are the same: sixteen at a time, their
    /// differences gathered and looked at once.
    @inline(__always)
    private static func same(_ here: UnsafeRawPointer, _ there: UnsafeRawPointer, _ length: Int) -> Bool {
        guard length >= 16 else {
            guard length >= 8 else {
                for offset in 0..<length
                where here.load(fromByteOffset: offset, as: UInt8.self)
                    != there.load(fromByteOffset: offset, as: UInt8.self)
                {
                    return false
                }
                return true
            }
            let first =
                here.loadUnaligned(as: UInt64.self) ^ there.loadUnaligned(as: UInt64.self)
            let last =
                here.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                ^ there.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            return first | last == 0
        }
        // The first sixteen, the next when there are more than 32, then the rest sixteen at a
        // time and the last sixteen, overlapping what was compared: a favorite's runs of markup
        // are 19 to 48 bytes, compared in two or three loads without a loop.
        var difference = Self.difference(here, there, 0)
        if length > 32 {
            difference |= Self.difference(here, there, 16)
            var offset = 32
            while offset < length &- 16 {
                difference |= Self.difference(here, there, offset)
                offset &+= 16
            }
        }
        difference |= Self.difference(here, there, length &- 16)
        // As two words: SIMD16's `==` compares element by element (134 M instructions at
        // 100,000 favorites).
        let words = unsafeBitCast(difference, to: (UInt64, UInt64).self)
        return words.0 | words.1 == 0
    }

    /// The sixteen bytes at `offset` from `here` and from `there`, XORed.
    @inline(__always)
    private static func difference(_ here: UnsafeRawPointer, _ there: UnsafeRawPointer, _ offset: Int)
        -> SIMD16<UInt8>
    {
        here.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            ^ there.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Bytes of `word` equal to the byte `pattern` repeats marked by their high bit; exact up to
    /// the first one (a borrow can mark bytes after it, never before).
    @inline(__always)
    private static func marks(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let x = word ^ pattern
        return (x &- ones) & ~x & highs
    }

    /// Where the text starting at `here` ends: at its first `<`, when every byte before it is
    /// printable ASCII other than `>` and `&`; nil when another byte comes first, or no `<`
    /// before `limit`. Eight bytes at a time: the first byte that is `<`, below 0x20, above 0x7E,
    /// `>` or `&` is found in one word.
    @inline(__always)
    private static func textEnd(_ here: UnsafeRawPointer, _ limit: UnsafeRawPointer) -> UnsafeRawPointer? {
        var at = here
        while at.distance(to: limit) >= 8 {
            let word = at.loadUnaligned(as: UInt64.self)
            // Below 0x20: adding 0x60 leaves the high bit clear; 0x7F and up: adding 1 sets it
            // (or the byte had it). Carries only run to later bytes, after the first marked one.
            let control = ~(word &+ 0x6060_6060_6060_6060) & highs
            let high = (word | (word &+ ones)) & highs
            // "<" and ">" (0x3C, 0x3E) as one ("<" | 2 is ">"), and "&".
            let stop =
                control | high | marks(word | 0x0202_0202_0202_0202, 0x3E3E_3E3E_3E3E_3E3E)
                | marks(word, 0x2626_2626_2626_2626)
            if stop != 0 {
                // The end taken from the `<`s alone, the other stops only checked: where the next
                // markup starts is then a few steps after the load, not after all five marks
                // gathered (each favorite's values are one chain of such steps).
                let less = marks(word, 0x3C3C_3C3C_3C3C_3C3C)
                guard less != 0, stop & ((less & (0 &- less)) &- 1) == 0 else { return nil }
                return at + (less.trailingZeroBitCount >> 3)
            }
            at += 8
        }
        while at < limit {
            let byte = at.load(as: UInt8.self)
            if byte == UInt8(ascii: "<") { return at }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: ">"), byte != UInt8(ascii: "&") else { return nil }
            at += 1
        }
        return nil
    }

    /// Where the real at `here` ends when it and its `<` are within its first eight bytes (`-12.5`,
    /// `40.731`, `-179.12`) and it is plainly a coordinate, as `shortReal` decides; nil for any
    /// other (`shortReal`, then `real`, read it). The end is taken from the `<` alone, found in
    /// the word loaded at `here`; the sign, the digits, the point and the bound are only checked
    /// (branches the processor predicts, not steps before the next markup's place): in
    /// `shortReal` the end waits for the sign's load, a second load after it and the digits'
    /// marks gathered by a multiply, on the chain of steps through each favorite.
    @inline(__always)
    private static func quickReal(_ here: UnsafeRawPointer, _ limit: UnsafeRawPointer, latitude: Bool)
        -> UnsafeRawPointer?
    {
        guard here.distance(to: limit) >= 8 else { return nil }
        let word = here.loadUnaligned(as: UInt64.self)
        let less = marks(word, 0x3C3C_3C3C_3C3C_3C3C)
        guard less != 0 else { return nil }
        // Bytes before the `<` (0 to 7), a `-` first among them or not.
        let length = less.trailingZeroBitCount >> 3
        let sign = word & 0xFF == UInt64(UInt8(ascii: "-")) ? 1 : 0
        // The high bit of each byte before the `<` that is not a digit, the sign's aside (as in
        // `nonDigits`: from 0x30 up adding 0x50 sets the high bit, from 0x3A up adding 0x46 does).
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        let digits = (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646) & ~word & highs
        let others = ~digits & highs & ((1 &<< (length &* 8)) &- 1) & ~(UInt64(sign) &<< 7)
        // At most one: a point with a digit before and after it.
        guard others & (others &- 1) == 0 else { return nil }
        var whole = length &- sign
        if others != 0 {
            let point = others.trailingZeroBitCount >> 3
            guard (word >> (point &* 8)) & 0xFF == UInt64(UInt8(ascii: ".")), point > sign, point &+ 2 <= length
            else { return nil }
            whole = point &- sign
        }
        // The whole part's first three digits' values, when it has them.
        let number = word >> (sign &* 8)
        let first = Int(truncatingIfNeeded: number & 0xFF) &- 0x30
        let second = Int(truncatingIfNeeded: (number >> 8) & 0xFF) &- 0x30
        let third = Int(truncatingIfNeeded: (number >> 16) & 0xFF) &- 0x30
        switch (whole, latitude) {
        case (1, _), (2, false): return here + length
        case (2, true): return first &* 10 &+ second < 90 ? here + length : nil
        case (3, false): return first &* 100 &+ second &* 10 &+ third < 180 ? here + length : nil
        default: return nil
        }
    }

    /// Where the real at `here` ends when it is written `-12.5` or `3` within 16 bytes (its `-`
    /// aside) and is plainly a coordinate: a whole part of one digit, or of two below 90 for a
    /// latitude (three below 180 for a longitude); nil for any other (`real` then reads it).
    /// Whenever it answers, `real` answers the same end with a value within the bound (whole
    /// part W: the value is below W + 1; at most 14 digits, below 10^15). Found in two words,
    /// not byte by byte: the digits' loop, whose end depends on the value's length, and the
    /// division for the bound were a quarter of the layout's time at 100,000 favorites.
    @inline(__always)
    private static func shortReal(_ here: UnsafeRawPointer, _ limit: UnsafeRawPointer, latitude: Bool)
        -> UnsafeRawPointer?
    {
        guard here.distance(to: limit) >= 17 else { return nil }
        let start = here.load(as: UInt8.self) == UInt8(ascii: "-") ? here + 1 : here
        // Bit i: byte i is not a digit.
        let stops =
            nonDigits(start.loadUnaligned(as: UInt64.self))
            | nonDigits(start.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) << 8
        guard stops != 0 else { return nil }
        let whole = stops.trailingZeroBitCount
        var end = whole
        if start.load(fromByteOffset: whole, as: UInt8.self) == UInt8(ascii: ".") {
            let after = stops & (stops &- 1)
            guard after != 0 else { return nil }
            end = after.trailingZeroBitCount
            guard end >= whole + 2 else { return nil }
        }
        func digit(_ offset: Int) -> Int { Int(start.load(fromByteOffset: offset, as: UInt8.self) &- 0x30) }
        switch (whole, latitude) {
        case (1, _), (2, false): return start + end
        case (2, true): return digit(0) * 10 + digit(1) < 90 ? start + end : nil
        case (3, false): return digit(0) * 100 + digit(1) * 10 + digit(2) < 180 ? start + end : nil
        default: return nil
        }
    }

    /// The bytes of `word` that are not ASCII digits, as the low 8 bits: bit i for byte i.
    @inline(__always)
    private static func nonDigits(_ word: UInt64) -> UInt64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        // From 0x30 up, adding 0x50 sets the high bit; from 0x3A up, adding 0x46 does (no sum
        // carries into the next byte: each is at most 0x7F).
        let digits = (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646) & ~word & highs
        // Each high bit moved to bit i of the top byte.
        return (((~digits & highs) >> 7) &* 0x0102_0408_1020_4080) >> 56
    }

    /// The real written `-12.5` or `3` with at most 15 significant digits at `here`, as
    /// `plainFavoriteName` reads it, and where it ends (the byte after its last digit); nil also
    /// for one of more than 18 digits and points, which `plainFavoriteName` may still take (its
    /// leading zeros not counted).
    @inline(__always)
    private func real(_ here: UnsafeRawPointer, _ limit: UnsafeRawPointer) -> (Double, UnsafeRawPointer)? {
        var at = here
        guard at < limit else { return nil }
        let negative = at.load(as: UInt8.self) == UInt8(ascii: "-")
        if negative { at += 1 }
        let start = at
        var point: UnsafeRawPointer?
        var digits: UInt64 = 0
        while at < limit {
            let digit = at.load(as: UInt8.self) &- 0x30
            if digit < 10 {
                digits = digits &* 10 &+ UInt64(digit)
            } else if digit == UInt8(ascii: ".") &- 0x30, point == nil {
                point = at
            } else {
                break
            }
            at += 1
        }
        // At most 18 digits: no overflow, and 15 significant digits are a number below 10^15.
        let length = start.distance(to: at)
        guard length <= 18, digits < 1_000_000_000_000_000 else { return nil }
        let whole = start.distance(to: point ?? at)
        let scale = point.map { $0.distance(to: at) - 1 } ?? 0
        guard whole > 0, point == nil || scale > 0 else { return nil }
        let magnitude = Double(digits) / powersOfTen[scale]
        return (negative ? -magnitude : magnitude, at)
    }
}
