/// Text from outside (a service, a file) made safe to print on a terminal.
package enum TerminalText {
    /// `text` without C0 and C1 control characters (ESC, BEL, CR, DEL, U+0080–U+009F) and
    /// without bidirectional overrides; tabs and newlines become spaces. An ESC in a place name
    /// can then never move the cursor or recolour the screen.
    package static func sanitized(_ text: String) -> String {
        // Printable ASCII (most names) has nothing to remove: told from the bytes.
        // (`withUTF8`, not `utf8`'s contiguous storage, which is nil for a small string.)
        var bytes = text
        if bytes.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" {
                result.append(" ")
            } else if !isUnsafe(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
        default: return false
        }
    }
}
