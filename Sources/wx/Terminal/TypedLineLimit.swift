import WeatherShell

/// Keeps a typed line within `LineSafety.maximumLength`: past it, the characters a key would
/// insert are dropped (with one bell), so that an unbracketed paste of 200,000 characters no
/// longer keeps the prompt busy for minutes, and the line is refused at Enter
/// (`LineReadResult.tooLong`). Keys that edit or move still work; an escape sequence (an arrow,
/// Home) is passed whole, its letters not taken for typed ones.
struct TypedLineLimit {
    /// Where the reader is in an escape sequence.
    private enum Sequence { case none, escape, controlSequence, singleShift }
    private var sequence = Sequence.none
    /// The line's length in characters when last counted, by its length in code points.
    private var counted: (scalars: Int, characters: Int)?

    /// Whether characters were dropped from the line being typed.
    private(set) var overflowed = false

    /// The most code points a line takes, whatever its characters (accents typed apart).
    static let maximumScalars = 4 * LineSafety.maximumLength

    /// Ready for a new line.
    mutating func reset() {
        sequence = .none
        counted = nil
        overflowed = false
    }

    /// Whether `key` is to be dropped: it would be inserted into a line already `scalars` code
    /// points long, and the line holds `LineSafety.maximumLength` characters (`characters()`
    /// counts them, only when the line is that long) — and no Ctrl-R search takes it.
    mutating func drops(
        _ key: Unicode.Scalar, scalars: Int, characters: () -> Int, searching: () -> Bool
    ) -> Bool {
        switch sequence {
        case .escape:
            sequence = key == "[" ? .controlSequence : key == "O" ? .singleShift : .none
            return false
        case .controlSequence:
            if (0x40...0x7E).contains(key.value) { sequence = .none }
            return false
        case .singleShift:
            sequence = .none
            return false
        case .none:
            if key == "\u{1B}" {
                sequence = .escape
                return false
            }
        }
        guard key.value >= 0x20, key.value != 0x7F, scalars >= LineSafety.maximumLength else { return false }
        if scalars < Self.maximumScalars {
            if counted?.scalars != scalars { counted = (scalars, characters()) }
            guard let counted, counted.characters >= LineSafety.maximumLength else { return false }
        }
        guard !searching() else { return false }
        overflowed = true
        return true
    }
}
