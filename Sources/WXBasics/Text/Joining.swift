// Concrete for arrays of String and Substring rather than the standard library's
// `joined(separator:)`: that one is generic over the collection and, called from wx's modules,
// runs unspecialised — its first call looks the array's associated types up at run time
// (demangling their names and scanning every protocol conformance in the binary): 0.19 M
// instructions of a cold `wx -c "find Hamburg; show"` (issue 39), for a few appends.

extension Array where Element == String {
    /// The strings one after another with `separator` between each two (none for ""): the text
    /// `joined(separator:)` gives, made in one allocation.
    package func joinedText(separator: String = "") -> String {
        var length = separator.utf8.count * Swift.max(count - 1, 0)
        for part in self { length += part.utf8.count }
        var text = ""
        text.reserveCapacity(length)
        for index in indices {
            if index > startIndex { text.append(separator) }
            text.append(self[index])
        }
        return text
    }
}

extension Array where Element == Substring {
    /// The pieces one after another with `separator` between each two (none for ""): the text
    /// `joined(separator:)` gives.
    package func joinedText(separator: String = "") -> String { map(String.init).joinedText(separator: separator) }
}
