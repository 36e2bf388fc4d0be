import WXBasics

/// The favorites' names as tab completion reads them: each name with its lower-cased form,
/// worked out once per version of the favorites rather than at every press of Tab.
///
/// With 100,000 favorites, lower-casing every name at each press cost more than the rest of
/// completion together (make bench, "tab completion at 100,000 favorites").
package struct CompletionNames: Sendable {
    /// The names, in the favorites' order (the order options are offered in).
    package let names: [String]
    /// `key(names[i])`, for matching without regard to case or the kind of apostrophe.
    let lowered: [String]
    /// Whether `lowered[i]` is printable ASCII only: then a prefix is compared byte by byte.
    let plain: [Bool]

    /// - Parameter names: the favorites' names, in order.
    package init(_ names: [String]) {
        let lowered = names.map(Self.key)
        self.init(names: names, lowered: lowered, plain: lowered.map(Self.isPrintableASCII))
    }

    /// `text` as names are matched at Tab: lower-cased, a typographic apostrophe as `'` (issue
    /// 40: `show O'Br` Tab found nothing for `O’Brien’s Pub`).
    static func key(_ text: String) -> String { Apostrophes.straightened(text.lowercased()) }

    /// The names starting with `prefix`, ignoring case, in order.
    func matching(prefix: String) -> [String] {
        let lower = Self.key(prefix)
        var found: [String] = []
        if Self.isPrintableASCII(lower) {
            // One character is one byte in both: starting with the bytes is starting with the
            // characters. (A name with other characters is compared as characters: "e" does
            // not start "e\u{301}".)
            for index in lowered.indices {
                let fits = plain[index] ? lowered[index].utf8.starts(with: lower.utf8) : lowered[index].hasPrefix(lower)
                if fits { found.append(names[index]) }
            }
            return found
        }
        for index in lowered.indices where lowered[index].hasPrefix(lower) { found.append(names[index]) }
        return found
    }

    /// The names not in `listed` (names as `key` gives them), ignoring case.
    func excluding(_ listed: Set<String>) -> CompletionNames {
        guard !listed.isEmpty else { return self }
        let kept = lowered.indices.filter { !listed.contains(lowered[$0]) }
        return CompletionNames(
            names: kept.map { names[$0] }, lowered: kept.map { lowered[$0] }, plain: kept.map { plain[$0] })
    }

    private init(names: [String], lowered: [String], plain: [Bool]) {
        self.names = names
        self.lowered = lowered
        self.plain = plain
    }

    /// Whether `text` is only printable ASCII (space to tilde): one byte per character.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
