import WXBasics

extension LineEditor {
    /// `text` with the word at or before `cursor` and the one before it swapped, and the cursor
    /// after them; nil when there are not two words.
    static func transposingWords(_ text: String, cursor: Int) -> (text: String, cursor: Int)? {
        let scalars = Array(text.unicodeScalars)
        func isWord(_ index: Int) -> Bool {
            index >= 0 && index < scalars.count && !scalars[index].properties.isWhitespace
        }
        // The second word: the one the cursor is in or after; at the start of a word, that word.
        var end = min(cursor, scalars.count)
        while end < scalars.count && isWord(end) { end += 1 }
        if !isWord(end - 1) {
            var next = end
            while next < scalars.count && !isWord(next) { next += 1 }
            if next < scalars.count {
                end = next
                while end < scalars.count && isWord(end) { end += 1 }
            } else {
                while end > 0 && !isWord(end - 1) { end -= 1 }
            }
        }
        var secondStart = end
        while secondStart > 0 && isWord(secondStart - 1) { secondStart -= 1 }
        var firstEnd = secondStart
        while firstEnd > 0 && !isWord(firstEnd - 1) { firstEnd -= 1 }
        var firstStart = firstEnd
        while firstStart > 0 && isWord(firstStart - 1) { firstStart -= 1 }
        guard firstStart < firstEnd, secondStart < end else { return nil }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<firstStart])
        result.append(contentsOf: scalars[secondStart..<end])
        result.append(contentsOf: scalars[firstEnd..<secondStart])
        result.append(contentsOf: scalars[firstStart..<firstEnd])
        result.append(contentsOf: scalars[end...])
        return (String(result), end)
    }

    /// What a second Tab writes to list `options` under the line: the rest of the line after the
    /// cursor (`rest`, already on the screen: writing it moves the cursor to the line's end),
    /// a new row, the options in columns, then a blank row for each row libedit's redraw moves
    /// up before drawing the prompt again — as many as the cursor was rows into the line
    /// (`cursorColumns`, the prompt's and the text's before the cursor, over `width`). Without
    /// them the redraw covered the list's last rows when the line took more than one row (or
    /// ended a row exactly, where libedit has moved to the next row itself and a new row would
    /// leave a blank one): of two files, one was listed (trial 12).
    static func listing(
        _ options: [String], width: Int, cursorColumns: Int, rest: String, rows: Int = .max
    ) -> String {
        let rowsUp = width > 0 ? cursorColumns / width : 0
        let atRowStart = rest.isEmpty && width > 0 && cursorColumns > 0 && cursorColumns % width == 0
        return rest + (atRowStart ? "" : "\n") + columns(options, width: width, rows: rows)
            + String(repeating: "\n", count: rowsUp)
    }

    /// Options laid out in columns across `width`, as shells list completions: an option wider
    /// than the width ends in "…" rather than run on at the next row's start, and past `rows`
    /// rows the list stops with how many more there are (trial 14: 9,098 names in /tmp went
    /// past the terminal's scrollback).
    static func columns(_ options: [String], width: Int, rows: Int = .max) -> String {
        let fitted = options.map {
            TextLayout.columns($0) < width ? $0 : TextLayout.truncate($0, to: max(1, width - 1))
        }
        let cell = (fitted.map(TextLayout.columns).max() ?? 0) + 3
        let perRow = max(1, width / cell)
        let shown = max(1, rows - 1) * perRow < fitted.count ? max(1, rows - 1) * perRow : fitted.count
        var text = ""
        for (index, option) in fitted.prefix(shown).enumerated() {
            let last = index % perRow == perRow - 1 || index == shown - 1
            text += last ? option + "\n" : TextLayout.pad(option, to: cell)
        }
        if shown < fitted.count {
            text += "… and \(fitted.count - shown) more: type more of the name\n"
        }
        return text
    }

    /// Pasted text as the line holds it: composed (NFC), line ends as "\n", other control
    /// characters (a stray ESC) and combining marks with no letter to go on left out, tabs as spaces.
    static func pastedText(_ text: String) -> String {
        let text = Composition.withoutLoneMarks(Composition.nfc(text))
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\r": result.append("\n")
            case "\n": if previous != "\r" { result.append("\n") }
            case "\t": result.append(" ")
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// What Ctrl-C writes on the line being edited (`line`, with the cursor's offset in scalars):
    /// the rest of the line after the cursor — already on the screen, so writing it moves the
    /// cursor to the end — then "^C" and a new line: `wx> showHamburg^C`, as bash leaves it. It
    /// was "^C" at the cursor, over the text after it (`wx> ^Cmburg`, trial 9). A line that holds
    /// a line end or a control character (a pasted block, a Ctrl-R search, whose "bck:" libedit
    /// draws on a row of its own) is not redrawn: "^C" at the cursor.
    /// What Ctrl-C writes when it ends a Ctrl-R search. libedit draws the search as a row under
    /// the line ("bck:un"), which its buffer holds after a line end while the search reads a
    /// key, and on the interrupt it moves below that row: "^C" came alone on a row of its own
    /// (trial 11). The row is written again over itself, one row up, with "^C" after it, as
    /// Ctrl-C while editing leaves "wx> show Hamburg^C". A row that holds a control character
    /// or would not fit in `width` columns (and so may take two rows) is left: "^C" where the
    /// cursor is.
    static func searchInterruptEcho(_ text: String?, width: Int) -> String {
        guard let text, let end = text.lastIndex(of: "\n") else { return "^C\n" }
        let row = String(text[text.index(after: end)...])
        guard !row.isEmpty, TerminalText.sanitized(row) == row, TextLayout.columns(row) + 2 < width else {
            return "^C\n"
        }
        return "\u{1B}[A\r" + row + "^C\n"
    }

    ///
    /// Ctrl-X Ctrl-E ends the line so too, with `mark` "" (the line as typed, then the editor).
    static func interruptEcho(_ line: (text: String, cursor: Int)?, mark: String = "^C") -> String {
        restToRedraw(line) + mark + "\n"
    }

    /// The text after the cursor (`line`'s, the cursor's offset in scalars), to write again so
    /// that the cursor goes to the line's end; "" when there is none, or when it holds a line
    /// end or a control character (a pasted block, a Ctrl-R search) and writing it would not
    /// land where it is drawn.
    static func restToRedraw(_ line: (text: String, cursor: Int)?) -> String {
        guard let line else { return "" }
        let rest = String(String.UnicodeScalarView(line.text.unicodeScalars.dropFirst(line.cursor)))
        return TerminalText.sanitized(rest) == rest && !rest.contains("\n") ? rest : ""
    }
}

extension LineEditor {
    /// Whether `key` is a combining mark with nothing before the cursor to go on
    /// (`Composition.isLoneMark`): refused with a bell, outside a Ctrl-R search.
    func lone(_ key: Unicode.Scalar) -> Bool {
        guard Composition.isMark(key), let line = currentLine(), !TerminalSignals.inSearch(editLine) else {
            return false
        }
        let before = line.cursor > 0 ? Array(line.text.unicodeScalars)[line.cursor - 1] : nil
        return Composition.isLoneMark(key, before: before)
    }
}
