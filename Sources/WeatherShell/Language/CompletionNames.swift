import WXBasics

/// The favorites' names as tab completion reads them: each name with its lower-cased form,
/// worked out once per version of the favorites rather than at every press of Tab.
///
/// With 100,000 favorites, lower-casing every name at each press cost more than the rest of
/// completion together (make bench, "tab completion at 100,000 favorites").
package struct CompletionNames: Sendable {
    /// The names, in the favorites' order (the order options are offered in).
    package let names: [String]
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
    func key(at index: Int) -> String { storedKey(index) ?? Self.key(names[index]) }

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

    /// The names starting with `prefix`, ignoring case, in order.
    func matching(prefix: String) -> [String] {
        let lower = Self.key(prefix)
        var found: [String] = []
        if Self.isPrintableASCII(lower) {
            // One character is one byte in both: starting with the bytes is starting with the
            // characters. (A name with other characters is compared as characters: "e" does
            // not start "e\u{301}".)
            let bytes = Array(lower.utf8)
            for index in names.indices {
                let fits =
                    if let key = storedKey(index) {
                        Self.isPrintableASCII(key) ? key.utf8.starts(with: bytes) : key.hasPrefix(lower)
                    } else {
                        Self.asciiKey(of: names[index], startsWith: bytes)
                    }
                if fits { found.append(names[index]) }
            }
            return found
        }
        for index in names.indices where key(at: index).hasPrefix(lower) { found.append(names[index]) }
        return found
    }

    /// The names not in `listed` (names as `key` gives them), ignoring case.
    func excluding(_ listed: Set<String>) -> CompletionNames {
        guard !listed.isEmpty else { return self }
        let kept = names.indices.filter { !listed.contains(key(at: $0)) }
        return CompletionNames(names: kept.map { names[$0] }, keys: keys.isEmpty ? [] : kept.map { keys[$0] })
    }

    private init(names: [String], keys: [String?]) {
        self.names = names
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
