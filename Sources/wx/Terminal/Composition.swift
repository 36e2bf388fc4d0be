/// Accents typed or pasted apart from their letter (Unicode NFD, as macOS writes “São Paulo”:
/// “a” then U+0303) composed with it (NFC: “ã”). libedit draws a combining mark as a character
/// of its own width 0 and lost track of the row: after an edit in the middle the screen showed
/// `find SXa Paulo` while `find SXão Paulo` was sent, and Right took two presses to cross “ã”
/// (issue 40, the third round). Composed, the screen and the line agree and a press moves over
/// the whole character. A mark after a letter it does not compose with (“q̃”, Devanagari's
/// vowel signs) stays as typed; a mark with no letter to go on (at the line's start, after a
/// space or a comma) is refused (`isLoneMark`).
enum Composition {
    /// `text` in Unicode normalization form C. FoundationEssentials has no
    /// `precomposedStringWithCanonicalMapping`: the standard library's `_nfcCodeUnits` (public,
    /// underscored: the UTF-8 of the NFC form it uses for comparing strings) gives it.
    static func nfc(_ text: String) -> String {
        text.unicodeScalars.allSatisfy(\.isASCII) ? text : String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// The one character the scalar before `cursor` in `text` and the combining mark `mark`
    /// compose into; nil when `mark` is not a combining mark, nothing is before the cursor, or
    /// the two do not compose into one scalar.
    ///
    /// - Parameters:
    ///   - cursor: the cursor's offset in `text`, in Unicode scalars (as libedit counts).
    static func composed(_ mark: Unicode.Scalar, after text: String, cursor: Int) -> Unicode.Scalar? {
        guard isMark(mark), cursor > 0 else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard cursor <= scalars.count else { return nil }
        var pair = String.UnicodeScalarView()
        pair.append(scalars[cursor - 1])
        pair.append(mark)
        let composed = nfc(String(pair)).unicodeScalars
        guard composed.count == 1, let only = composed.first else { return nil }
        return only
    }

    /// Whether `mark` is a combining mark with nothing to combine with: the first of the line, or
    /// after a space or punctuation. libedit drew it nowhere (its zero width was written over by
    /// the next character) while the line sent held it, and Right stepped over it unseen; the
    /// terminal put it on the prompt's last space. It is refused with a bell, as bash's screen
    /// cannot show it either (it puts it on the character before, which is not the line's).
    ///
    /// - Parameters:
    ///   - before: the scalar before the cursor; nil at the line's start.
    static func isLoneMark(_ mark: Unicode.Scalar, before: Unicode.Scalar?) -> Bool {
        guard isMark(mark) else { return false }
        guard let before else { return true }
        let properties = before.properties
        return !(properties.isAlphabetic || properties.numericType != nil || isMark(before))
    }

    /// `text` without the marks `isLoneMark` refuses (a paste starting with one, or one after a
    /// space), each read after the scalar before it in `text` (the first after nothing).
    static func withoutLoneMarks(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isLoneMark(scalar, before: kept.last) { kept.append(scalar) }
        return String(kept)
    }

    /// Whether `scalar` is a mark (Mn, Mc, Me): drawn on the character before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
