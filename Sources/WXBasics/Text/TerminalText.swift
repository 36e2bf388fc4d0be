/// Text from outside (a service, a file) made safe to print on a terminal.
package enum TerminalText {
    /// `text` without terminal control sequences, whole, and without C0 and C1 control
    /// characters (ESC, BEL, CR, DEL, U+0080–U+009F) and bidirectional overrides; tabs and
    /// newlines become spaces. The one function every text from a service or a file goes
    /// through before it is printed.
    ///
    /// A sequence goes with everything it carries, not only its escape byte (issue 37 item 6: a
    /// headline with `ESC ] 0 ; owned BEL` showed "Storm gusts]0;owned"): CSI (`ESC [` or U+009B,
    /// parameters, intermediates, a final byte), OSC (`ESC ]` or U+009D, to BEL or ST), DCS,
    /// SOS, PM and APC (`ESC P`, `ESC X`, `ESC ^`, `ESC _` or U+0090, U+0098, U+009E, U+009F, to
    /// ST: `ESC \` or U+009C), and other escapes (`ESC` with intermediates and a final byte). A
    /// string sequence that never ends takes the rest of the text with it.
    package static func sanitized(_ text: String) -> String {
        // Printable ASCII (most names) has nothing to remove: told from the bytes.
        // (`withUTF8`, not `utf8`'s contiguous storage, which is nil for a small string.)
        var bytes = text
        if bytes.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let end = sequenceEnd(scalars, at: index) {
                index = end
                continue
            }
            if scalar == "\t" || scalar == "\n" {
                result.append(" ")
            } else if !isUnsafe(scalar) {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }

    /// Where a control sequence starting at `start` ends (the index after its last scalar);
    /// nil when none starts there.
    static func sequenceEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        let first = scalars[start].value
        var index = start + 1
        // The kind: C1 introducers stand for ESC and a letter.
        let introducer: UInt32
        switch first {
        case 0x1B:
            guard index < scalars.count else { return index }
            introducer = scalars[index].value
            index += 1
        case 0x9B: introducer = 0x5B  // CSI
        case 0x9D: introducer = 0x5D  // OSC
        case 0x90: introducer = 0x50  // DCS
        case 0x98: introducer = 0x58  // SOS
        case 0x9E: introducer = 0x5E  // PM
        case 0x9F: introducer = 0x5F  // APC
        default: return nil
        }
        switch introducer {
        case 0x5B:  // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E
            while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // strings: to ST (ESC \ or U+009C), or BEL for OSC
            while index < scalars.count {
                let value = scalars[index].value
                if value == 0x9C || (value == 0x07 && introducer == 0x5D) { return index + 1 }
                if value == 0x1B {
                    if index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
                    // ESC that is no ST ends the string; the new sequence is read next.
                    return index
                }
                index += 1
            }
            return index
        default:
            // ESC, intermediates 0x20–0x2F, a final 0x30–0x7E (ESC 7, ESC ( B, ESC c …).
            index = start + 1
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
        default: return false
        }
    }
}
