import Foundation
import Testing
import WeatherTestSupport

/// Issue 40, items 7 and 3: bash's word keys and undo key, and a combining mark with nothing to
/// go on, pressed in bash 5.2 and in wx at a real terminal (tmux), each asserted.
extension PromptKeysTerminalTests {
    /// M-b, M-f, M-Backspace, M-d (sent as ESC and the key, as a terminal's Alt does).
    static let altB = "\u{1B}b"
    static let altF = "\u{1B}f"
    static let altBackspace = "\u{1B}\u{7F}"
    static let altD = "\u{1B}d"

    /// The same keys in bash and wx on a line with `-`, `.` and `,` in it: each stop as bash's.
    /// libedit's own word keys took `-` and `.` for letters (M-b went from the end to `Saint`).
    @Test func wordKeysStopAtHyphensDotsAndCommasAsInBash() throws {
        let line = "find Saint-Denis.fr,x"
        // What each step leaves, after the prompt, in bash and in wx alike.
        let steps: [(keys: [String], shows: String)] = [
            ([line, "C-e", Self.altB, "1"], "find Saint-Denis.fr,1x"),
            (["C-a", Self.altF, Self.altF, "2"], "find Saint2-Denis.fr,1x"),
            ([Self.altF, Self.altF, "3"], "find Saint2-Denis.fr3,1x"),
            (["C-e", Self.altBackspace], "find Saint2-Denis.fr3,"),
            (["C-y"], "find Saint2-Denis.fr3,1x"),
            (["C-a", Self.altF, Self.altF, Self.altB, Self.altD], "find -Denis.fr3,1x"),
            (["C-e", Self.altB, Self.altB, Self.altBackspace], "find -fr3,1x"),
        ]
        try pressInBashAndWX(steps)
    }

    /// Ctrl-X Ctrl-U undoes, as Ctrl-_ does (readline's other undo key); libedit had no binding.
    @Test func ctrlXCtrlUUndoesAsInBash() throws {
        try pressInBashAndWX([(["find Saint-Denis", "C-w"], "find"), (["C-x", "C-u"], "find Saint-Denis")])
    }

    /// Presses each step's keys in bash and then in wx, each fresh, and waits for the line each
    /// step leaves after the prompt, in both.
    func pressInBashAndWX(_ steps: [(keys: [String], shows: String)]) throws {
        let bash = try startBash(after: [])
        for (keys, shows) in steps {
            for key in keys { try bash.send(key) }
            try bash.wait(for: "bash: \(shows)") { $0.hasSuffix("$ " + shows) }
        }
        try bash.send("C-a", "C-k", "C-d")
        let wx = try startWX(after: [])
        for (keys, shows) in steps {
            for key in keys { try wx.send(key) }
            try wx.wait(for: shows) { $0.hasSuffix("wx> " + shows) }
        }
        try wx.send("C-a", "C-k", "C-d")
    }

    /// Item 3: a combining mark with no letter before it (the line's first character, after a
    /// space). bash keeps it in the line it runs and the terminal draws it on the character
    /// before, the prompt's space; libedit drew it nowhere, wx sent it, and Right stepped over
    /// it unseen. wx refuses it with a bell: the screen, the cursor and the line sent agree.
    @Test func aCombiningMarkWithNothingToGoOnIsRefused() throws {
        let acute = "\u{0301}"
        let bash = try startBash(after: [])
        try bash.send(acute + "echo ok", "Enter")
        try bash.wait(for: "bash: the mark kept in the line run") { $0.contains("\(acute)echo: command not found") }
        try bash.send("C-d")

        let wx = try startWX(after: [])
        try wx.send(acute + "units")
        try wx.wait(for: "the line without the mark") { $0.hasSuffix("wx> units") }
        try wx.send("C-a", "Right", "X")
        try wx.wait(for: "one Right over the first letter") { $0.hasSuffix("wx> uXnits") }
        try wx.send("BSpace", "C-e", " ", acute, "x", "C-a", "C-k")
        try wx.send("ab " + acute + "cd", "Left", "Left", "Left", "X")
        try wx.wait(for: "after a space: refused, the cursor where it shows") { $0.hasSuffix("wx> abX cd") }
        try wx.send("C-a", "C-k")
        try wx.paste(acute + "units")
        try wx.wait(for: "a paste without it") { $0.hasSuffix("wx> units") }
        try wx.send("Enter")
        try wx.wait(for: "units run: the line sent had no mark") { $0.hasSuffix("24h clock\nwx>") }
        // Accents that go on a letter still compose (item 3 of the last round).
        try wx.send("find Sa\u{0303}o", "Left", "X")
        try wx.wait(for: "composed") { $0.hasSuffix("wx> find SãXo") }
        try wx.send("C-a", "C-k", "C-d")
    }
}
