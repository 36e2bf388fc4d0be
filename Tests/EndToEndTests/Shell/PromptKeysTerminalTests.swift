import Foundation
import Testing
import WeatherTestSupport

/// Issue 40: keys at a real terminal (tmux), each test pressing the same keys in bash 5.2
/// (emacs mode, `--norc`) beside wx, and what bash showed asserted too, so the comparison is
/// recorded where it is made.
@Suite(.tags(.terminal)) struct PromptKeysTerminalTests {
    let home = TemporaryFolder()

    /// `TerminalSession.offlineWX` at this suite's home.
    func startWX(after lines: [String]) throws -> TerminalSession {
        try TerminalSession.offlineWX(home: home, after: lines)
    }

    /// bash in a fresh terminal after `echo` of each of `words` (so "echo WORD" is in its history).
    func startBash(after words: [String]) throws -> TerminalSession {
        let terminal = try TerminalSession(
            program: ["/bin/bash", "--norc", "--noprofile", "-i"],
            environment: ["HOME": home.path, "PS1": "$ ", "HISTFILE": "/dev/null"])
        try terminal.wait(for: "bash") { $0.hasSuffix("$") }
        for word in words {
            try terminal.send("echo \(word)", "Enter")
            try terminal.wait(for: word) { $0.hasSuffix("\(word)\n$") }
        }
        return terminal
    }

    /// Item 1: Backspace in a Ctrl-R search left the search, taking the match (in a failed
    /// search it deleted from the typed line). As in bash it deletes a character of what is
    /// searched for, the search going on.
    @Test func backspaceInASearchDeletesASearchedCharacter() throws {
        let bash = try startBash(after: ["units"])
        try bash.send("C-r", "unx")
        try bash.wait(for: "bash: a failed search") { $0.hasSuffix("(failed reverse-i-search)`unx': echo units") }
        try bash.send("BSpace")
        try bash.wait(for: "bash: one character less") { $0.hasSuffix("reverse-i-search)`un': echo units") }
        try bash.send("C-d", "C-d")

        let wx = try startWX(after: ["units"])
        try wx.send("C-r", "unx")
        try wx.wait(for: "a failed search") { $0.hasSuffix("wx> units\nbck?unx") }
        try wx.send("BSpace")
        try wx.wait(for: "one character less, still searching") { $0.hasSuffix("wx> units\nbck:un") }
        try wx.send("BSpace")
        try wx.wait(for: "and another") { $0.hasSuffix("wx> units\nbck:u") }
        // Enter takes the match and runs it; Backspace edits the line again after the search.
        try wx.send("Enter")
        try wx.wait(for: "the match run") { $0.hasSuffix("24h clock\nwx>") }
        try wx.send("abc", "BSpace")
        try wx.wait(for: "Backspace on the line") { $0.hasSuffix("wx> ab") }
        try wx.send("C-u", "C-d")
    }

    /// Item 2: Ctrl-G in a failed Ctrl-R search only took back the failed characters ("bck:"
    /// stayed, a second Ctrl-G left). As in bash, one Ctrl-G leaves and gives back the line.
    @Test func ctrlGLeavesAFailedSearchAtOnce() throws {
        let bash = try startBash(after: ["units"])
        try bash.send("typed", "C-r", "zz")
        try bash.wait(for: "bash: a failed search") { $0.hasSuffix("(failed reverse-i-search)`zz': typed") }
        try bash.send("C-g")
        try bash.wait(for: "bash: the line back") { $0.hasSuffix("$ typed") }
        try bash.send("C-u", "C-d")

        let wx = try startWX(after: ["units"])
        try wx.send("typed", "C-r", "zz")
        try wx.wait(for: "a failed search") { $0.hasSuffix("wx> typed\nbck?zz") }
        try wx.send("C-g")
        try wx.wait(for: "the line back") { $0.hasSuffix("wx> typed") }
        try wx.send("X")
        try wx.wait(for: "editing it") { $0.hasSuffix("wx> typedX") }
        // A search that found something: Ctrl-G gives back the typed line too.
        try wx.send("C-r", "un")
        try wx.wait(for: "a match") { $0.hasSuffix("wx> units\nbck:un") }
        try wx.send("C-g")
        try wx.wait(for: "the typed line back") { $0.hasSuffix("wx> typedX") }
        try wx.send("C-u", "C-d")
    }

    /// Item 3: accents typed apart from their letter (NFD, as macOS pastes them), Latin and
    /// Vietnamese. The screen showed `find SXa Paulo` while `find SXão Paulo` was sent, and Right
    /// took two presses to cross “ã”. Now, as in bash, one press crosses a character, the
    /// screen shows what the line holds, and the line sent is that text (composed, NFC).
    @Test func decomposedAccentsEditAsTheyShow() throws {
        let saoPaulo = "find Sa\u{0303}o Paulo"
        let viet = "find Vie\u{0323}\u{0302}t"
        let bash = try startBash(after: [])
        try bash.send(saoPaulo)
        try bash.wait(for: "bash: typed") { $0.hasSuffix("$ find São Paulo") }
        try bash.send("C-a", "Right", "Right", "Right", "Right", "Right", "Right", "X", "Right", "Y")
        try bash.wait(for: "bash: one Right over ã") { $0.hasSuffix("$ find SXãYo Paulo") }
        try bash.send("C-a", "C-k", viet, "Left", "X")
        try bash.wait(for: "bash: Vietnamese") { $0.hasSuffix("$ find ViệXt") }
        try bash.send("C-a", "C-k", "C-d")

        let wx = try startWX(after: [])
        try wx.send(saoPaulo)
        try wx.wait(for: "typed") { $0.hasSuffix("wx> find São Paulo") }
        try wx.send("C-a", "Right", "Right", "Right", "Right", "Right", "Right", "X", "Right", "Y")
        try wx.wait(for: "one Right over ã, the screen as the line") { $0.hasSuffix("wx> find SXãYo Paulo") }
        try wx.send("Enter")
        try wx.wait(for: "run") { $0.hasSuffix("wx>") && $0.contains("SXãYo Paulo”") }
        try wx.send(viet, "Left", "X")
        try wx.wait(for: "Vietnamese") { $0.hasSuffix("wx> find ViệXt") }
        try wx.send("BSpace", "BSpace")
        try wx.wait(for: "Backspace over X, then ệ at once") { $0.hasSuffix("wx> find Vit") }
        try wx.send("C-a", "C-k", "C-d")
        try wx.wait(for: "wx ended") { $0.contains("EXIT=0") }
        // The line sent, as the history keeps it: the text shown, composed.
        let log = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        let sent = "find SX\u{00E3}Yo Paulo"
        #expect(log.unicodeScalars.map(\.value).contains(sent.unicodeScalars.map(\.value)), "\(log)")
    }

    /// Item 5: `show O'Br` and Tab at the prompt complete the favorite `O’Brien’s Pub`, written
    /// with typographic apostrophes.
    @Test func tabAfterAStraightApostrophe() throws {
        let file = home.path + "/favorites.csv"
        try "name,latitude,longitude,display_name,country_code\nO’Brien’s Pub,53.35,-6.26,\"Dublin, Ireland\",ie\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["-c", "import favorites \(file)"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        let wx = try startWX(after: [])
        try wx.send("show O'Br", "Tab")
        try wx.wait(for: "the favorite completed") { $0.hasSuffix("wx> show O’Brien’s Pub") }
        try wx.send("C-a", "C-k", "C-d")
    }

    /// Item 6: `\i` and `\o` complete file names at Tab, as `source` does.
    @Test func backslashIAndOCompleteFileNames() throws {
        try "units\n".write(toFile: home.path + "/commands.wx", atomically: true, encoding: .utf8)
        let wx = try startWX(after: [])
        try wx.send("\\i ~/comm", "Tab")
        try wx.wait(for: "\\i completed") { $0.hasSuffix("wx> \\i ~/commands.wx") }
        try wx.send("C-a", "C-k", "\\o ~/comm", "Tab")
        try wx.wait(for: "\\o completed") { $0.hasSuffix("wx> \\o ~/commands.wx") }
        try wx.send("C-a", "C-k", "C-d")
    }
}
