import WXBasics
import WeatherStore

/// The favorites' names as tab completion reads them: each name with its lower-cased form,
/// worked out once per version of the favorites rather than at every press of Tab.
///
/// With 100,000 favorites, lower-casing every name at each press cost more than the rest of
/// completion together (make bench, "tab completion at 100,000 favorites").
package struct CompletionNames: Sendable {
    /// The names, in the favorites' order (the order options are offered in).
    package var names: [String] { packed?.strings ?? strings }
    /// The names when not `packed`.
    private let strings: [String]
    /// The names when every one is printable ASCII and they came as bytes (`wx --complete`):
    /// compared where they lie, a `String` made only for one that fits (at 100,000 favorites a
    /// `String` each, and their keys checked, was a fifth of a Tab with no names file).
    private let packed: FavoriteNameList?
    /// `key(names[i])` for a name that is not printable ASCII; nil for one that is: its key is
    /// its bytes with A–Z lower-cased and "`" as "'", compared as they are read (no string made
    /// for each of 100,000 names at every `wx --complete`). Empty when every name is printable
    /// ASCII (an array of 100,000 nils was 2.4 MB of `wx --complete`'s peak memory).
    let keys: [String?]

    /// - Parameter names: the favorites' names, in order.
    package init(_ names: [String]) {
        var keys: [String?] = []
        for (index, name) in names.enumerated() where !Self.isPrintableASCII(name) {
            if keys.isEmpty { keys = [String?](repeating: nil, count: names.count) }
            keys[index] = Self.key(name)
        }
        self.init(names: names, keys: keys)
    }

    /// - Parameter list: the favorites' names, in order, as bytes.
    package init(_ list: FavoriteNameList) {
        if list.isPrintableASCII {
            self.init(names: [], keys: [], packed: list)
        } else {
            self.init(list.strings)
        }
    }

    /// `keys[index]`: nil for a printable ASCII name.
    private func storedKey(_ index: Int) -> String? { keys.isEmpty ? nil : keys[index] }

    /// `text` as names are matched at Tab: lower-cased, a typographic apostrophe as `'` (issue
    /// 40: `show O'Br` Tab found nothing for `O’Brien’s Pub`).
    static func key(_ text: String) -> String {
        if isPrintableASCII(text) {
            return String(decoding: text.utf8.map(asciiKeyByte), as: UTF8.self)
        }
        return Apostrophes.straightened(text.lowercased())
    }

    /// A byte of a printable ASCII name as its key has it: `lowercased()` changes only A–Z, and
    /// of the apostrophes `Apostrophes` straightens only "`" is ASCII.
    @inline(__always)
    static func asciiKeyByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte &+ 0x20
        case UInt8(ascii: "`"): UInt8(ascii: "'")
        default: byte
        }
    }

    /// The key of `names[index]`.
    func key(at index: Int) -> String { storedKey(index) ?? Self.key(strings[index]) }

    /// Whether the key of the printable ASCII `name` starts with `prefix`'s bytes.
    private static func asciiKey(of name: String, startsWith prefix: [UInt8]) -> Bool {
        let utf8 = name.utf8
        guard utf8.count >= prefix.count else { return false }
        // The bytes where they lie (a short name's are copied to the stack), not through the
        // view's iterator: 100,000 names are compared at each `wx --complete`.
        return utf8.withContiguousStorageIfAvailable { bytes in
            for index in prefix.indices where asciiKeyByte(bytes[index]) != prefix[index] { return false }
            return true
        } ?? utf8.prefix(prefix.count).map(asciiKeyByte).elementsEqual(prefix)
    }

    /// Whether the key of the printable ASCII name at `name` starts with `prefix` (a key's bytes;
    /// the name at least as long): eight bytes at a time, each word's keys made at once.
    @inline(__always)
    private static func asciiKey(of name: UnsafeRawPointer, startsWith prefix: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while prefix.count - offset >= 8 {
            guard
                asciiKeyWord(name.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    == prefix.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < prefix.count {
            guard asciiKeyByte(name.load(fromByteOffset: offset, as: UInt8.self)) == prefix[offset] else {
                return false
            }
            offset += 1
        }
        return true
    }

    /// `asciiKeyByte` of each of eight printable ASCII bytes: A–Z (0x41–0x5A) get 0x20 added,
    /// "`" (0x60) becomes "'" (0x27). Exact for bytes below 0x80: no sum carries into the next.
    @inline(__always)
    static func asciiKeyWord(_ word: UInt64) -> UInt64 {
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // From 0x41 up, adding 0x3F sets the high bit; from 0x5B up, adding 0x25 does.
        let upper = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & highs
        let folded = word | (upper >> 2)
        // Bytes equal to 0x60: their difference with it is 0, the only byte whose low seven bits
        // plus 0x7F and the byte itself both leave the high bit clear.
        let difference = folded ^ 0x6060_6060_6060_6060
        let backticks = ~(((difference & lows) &+ lows) | difference) & highs
        return folded ^ ((backticks >> 7) &* 0x47)
    }

    /// The names starting with `prefix`, ignoring case, in order.
    func matching(prefix: String) -> [String] {
        let lower = Self.key(prefix)
        var found: [String] = []
        if let packed {
            // A prefix that is not printable ASCII may still start an ASCII key by canonical
            // equivalence (U+037E is ";"): compared as characters, as below.
            return lines(prefix: prefix)?.strings ?? CompletionNames(packed.strings).matching(prefix: prefix)
        }
        if Self.isPrintableASCII(lower) {
            // One character is one byte in both: starting with the bytes is starting with the
            // characters. (A name with other characters is compared as characters: "e" does
            // not start "e\u{301}".)
            let bytes = Array(lower.utf8)
            for index in strings.indices {
                let fits =
                    if let key = storedKey(index) {
                        Self.isPrintableASCII(key) ? key.utf8.starts(with: bytes) : key.hasPrefix(lower)
                    } else {
                        Self.asciiKey(of: strings[index], startsWith: bytes)
                    }
                if fits { found.append(strings[index]) }
            }
            return found
        }
        for index in strings.indices where key(at: index).hasPrefix(lower) { found.append(strings[index]) }
        return found
    }

    /// The names starting with `prefix`, ignoring case, in order, as the lines of the names read
    /// as bytes (`wx --complete`): no `String` made for each. Nil when the names are not kept as
    /// bytes or `prefix`'s key is not printable ASCII (`matching(prefix:)` compares those as
    /// characters).
    func lines(prefix: String) -> NameLines? {
        guard let packed else { return nil }
        let lower = Self.key(prefix)
        guard Self.isPrintableASCII(lower) else { return nil }
        // Every name fits "": one run of all the lines, no name looked at.
        guard !lower.isEmpty else { return NameLines(list: packed, runs: [0..<packed.count], count: packed.count) }
        let bytes = Array(lower.utf8)
        var runs: [Range<Int>] = []
        var count = 0
        packed.bytes.withUnsafeBytes { all in
            bytes.withUnsafeBytes { prefix in
                var start = 0
                // The run being gathered: its first index, and one past its last (-1: none yet).
                var runStart = 0
                var runEnd = -1
                // A prefix of at most 8 bytes: one word of the name compared, the bytes after the
                // prefix masked off (they are printable ASCII or "\n", as every byte here, and a
                // sum in `asciiKeyWord` carries only into later bytes).
                let short = prefix.count <= 8
                let mask: UInt64 = prefix.count >= 8 ? ~0 : (1 << (8 * UInt64(prefix.count))) &- 1
                var word: UInt64 = 0
                if short { withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: prefix) } }
                // 9 to 16 bytes (`show Place 1234`): its first and last eight, two overlapping
                // words of the name (at least as long) compared, not a word and a byte loop (a
                // twentieth of the Tab that reads state.plist at 100,000 favorites).
                let pair = prefix.count > 8 && prefix.count <= 16
                let first = pair ? prefix.loadUnaligned(as: UInt64.self) : 0
                let lastOffset = prefix.count - 8
                let last = pair ? prefix.loadUnaligned(fromByteOffset: lastOffset, as: UInt64.self) : 0
                for (index, end) in packed.ends.lazy.map(Int.init).enumerated() {
                    defer { start = end + 1 }
                    guard end - start >= prefix.count else { continue }
                    let fits =
                        if short && all.count - start >= 8 {
                            (Self.asciiKeyWord(all.loadUnaligned(fromByteOffset: start, as: UInt64.self)) ^ word) & mask
                                == 0
                        } else if pair {
                            Self.asciiKeyWord(all.loadUnaligned(fromByteOffset: start, as: UInt64.self)) == first
                                && Self.asciiKeyWord(
                                    all.loadUnaligned(fromByteOffset: start + lastOffset, as: UInt64.self))
                                    == last
                        } else {
                            Self.asciiKey(of: all.baseAddress! + start, startsWith: prefix)
                        }
                    guard fits else { continue }
                    count += 1
                    if index == runEnd {
                        runEnd += 1
                        continue
                    }
                    if runEnd >= 0 { runs.append(runStart..<runEnd) }
                    runStart = index
                    runEnd = index + 1
                }
                if runEnd >= 0 { runs.append(runStart..<runEnd) }
            }
        }
        return NameLines(list: packed, runs: runs, count: count)
    }

    /// The names not in `listed` (names as `key` gives them), ignoring case.
    func excluding(_ listed: Set<String>) -> CompletionNames {
        guard !listed.isEmpty else { return self }
        if let packed { return CompletionNames(packed.strings).excluding(listed) }
        let kept = strings.indices.filter { !listed.contains(key(at: $0)) }
        return CompletionNames(names: kept.map { strings[$0] }, keys: keys.isEmpty ? [] : kept.map { keys[$0] })
    }

    private init(names: [String], keys: [String?], packed: FavoriteNameList? = nil) {
        strings = names
        self.packed = packed
        self.keys = keys
    }

    /// Whether `text` is only printable ASCII (space to tilde): one byte per character.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
            return true
        } ?? text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
