import CEditLine
import WXBasics

// Words as bash 5.2's readline has them in emacs mode: letters and digits, so that M-b, M-f,
// M-Backspace and M-d stop at “-”, “.”, “,” and “_” (`Saint-Denis`, `52.52,13.40`), where
// libedit's own word functions take “-” and “.” as letters of a word (issue 40).
extension LineEditor {
    /// Whether `character` is a letter or digit of a word, as readline's `rl_alphabetic`.
    nonisolated static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Where a word motion from `cursor` (scalars into `text`) lands, in scalars: forward, past
    /// the non-word characters at the cursor and then past the word (readline's forward-word);
    /// backward, back over the non-word characters before the cursor and then to the start of
    /// the word (backward-word). Steps whole characters (grapheme clusters), so an accent typed
    /// apart stays with its letter.
    nonisolated static func wordMotion(_ text: String, cursor: Int, forward: Bool) -> Int {
        let scalars = text.unicodeScalars
        let index = scalars.index(scalars.startIndex, offsetBy: min(cursor, scalars.count))
        let offset = { (at: String.Index) in scalars.distance(from: scalars.startIndex, to: at) }
        if forward {
            var rest = text[index...]
            while let first = rest.first, !isWordCharacter(first) { rest = rest.dropFirst() }
            while let first = rest.first, isWordCharacter(first) { rest = rest.dropFirst() }
            return offset(rest.startIndex)
        }
        var before = text[..<index]
        while let last = before.last, !isWordCharacter(last) { before = before.dropLast() }
        while let last = before.last, isWordCharacter(last) { before = before.dropLast() }
        return offset(before.endIndex)
    }

    /// M-b / M-f: the cursor to the start of this or the previous word, or past the end of this
    /// or the next.
    func moveByWord(forward: Bool) -> UInt8 {
        guard let line = currentLine() else { return UInt8(CC_ERROR) }
        let target = Self.wordMotion(line.text, cursor: line.cursor, forward: forward)
        guard target != line.cursor else { return UInt8(CC_ERROR) }
        _ = api.pointee.el_cursor(editLine, Int32(target - line.cursor))
        return UInt8(CC_CURSOR)
    }

    /// M-Backspace / M-d: the text from the cursor to where M-b / M-f goes, into libedit's kill
    /// buffer (Ctrl-Y yanks it back, as in bash): libedit's em-set-mark here, the motion, then
    /// em-kill-region, by way of the keys `killWordKeys` binds.
    func killWord(forward: Bool) -> UInt8 {
        guard let line = currentLine(),
            Self.wordMotion(line.text, cursor: line.cursor, forward: forward) != line.cursor
        else { return UInt8(CC_ERROR) }
        api.pointee.el_push(editLine, "\u{1B}[wxm" + (forward ? "\u{1B}[wxf" : "\u{1B}[wxb") + "\u{1B}[wxr")
        return UInt8(CC_NORM)
    }

    /// The keys M-Backspace and M-d push (no terminal sends them): the mark at the cursor, a
    /// word motion, the region between them killed.
    static let killWordKeys: [(key: String, function: String)] = [
        ("\\e[wxm", "em-set-mark"), ("\\e[wxb", "wx-backward-word"), ("\\e[wxf", "wx-forward-word"),
        ("\\e[wxr", "em-kill-region"),
    ]
}

let backwardWordCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.moveByWord(forward: false) } }
let forwardWordCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.moveByWord(forward: true) } }
let backwardKillWordCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.killWord(forward: false) } }
let killWordCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.killWord(forward: true) } }

extension LineEditor {
    /// bash's keys where libedit's emacs defaults differ: the word keys above (M-b, M-f,
    /// M-Backspace, M-d, and the Ctrl- and Alt-arrows `defaultBindings` gives them), and
    /// Ctrl-X Ctrl-U, readline's other undo key beside Ctrl-_.
    static let readlineKeys: [(key: String, function: String)] =
        [
            ("\\eb", "wx-backward-word"), ("\\eB", "wx-backward-word"), ("\\ef", "wx-forward-word"),
            ("\\eF", "wx-forward-word"), ("\\e^?", "wx-backward-kill-word"), ("\\e^H", "wx-backward-kill-word"),
            ("\\ed", "wx-kill-word"), ("\\eD", "wx-kill-word"), ("^X^U", "wx-undo"),
        ] + killWordKeys

    /// Adds the word functions and binds `readlineKeys` (before `defaultBindings`, which name
    /// the word functions too).
    func addReadlineKeys() {
        let functions: [(name: String, help: String, callback: wx_el_function)] = [
            ("wx-backward-word", "move to the start of this or the previous word", backwardWordCallback),
            ("wx-forward-word", "move past the end of this or the next word", forwardWordCallback),
            ("wx-backward-kill-word", "kill back to the start of the word", backwardKillWordCallback),
            ("wx-kill-word", "kill to the end of the word", killWordCallback),
        ]
        for function in functions {
            wx_el_add_function(api, editLine, function.name, function.help, function.callback)
        }
        for (key, function) in Self.readlineKeys { wx_el_bind(api, editLine, key, function) }
    }
}
