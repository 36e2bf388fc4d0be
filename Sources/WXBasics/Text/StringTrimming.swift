// Concrete for String and Substring rather than generic over StringProtocol: a generic version
// called across modules runs unspecialised and makes the runtime look up protocol conformances,
// a one-time scan of every conformance in the binary that shows up in start-up time.

extension String {
    /// The text without leading and trailing white space (spaces, tabs, newlines, and other
    /// Unicode white space). FoundationEssentials has no `trimmingCharacters(in:)`.
    package var trimmed: String {
        // Most text has none at either end (ASCII letters, digits or marks there): then it is
        // the text itself, found without walking its characters.
        func graphic(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        if graphic(utf8.first), graphic(utf8.last) { return self }
        return Substring(self).trimmed
    }
}

extension Substring {
    /// The text without leading and trailing white space.
    package var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
