import Foundation
import Testing
import WeatherTestSupport

/// PgUp/PgDn at a real terminal (tmux): readline's history-search-backward/-forward as Debian's
/// /etc/inputrc binds them, which README promises ("the previous or next of those lines that
/// starts with what is typed before the cursor"). They were libedit's ed-search-prev-history,
/// a regular expression found anywhere in the line, searched from wherever Up had left off.
@Suite(.tags(.terminal)) struct HistorySearchTerminalTests {
    let home = TemporaryFolder()

    /// `TerminalSession.offlineWX` at this suite's home.
    func startWX(after lines: [String]) throws -> TerminalSession {
        try TerminalSession.offlineWX(home: home, after: lines)
    }

    /// Ctrl-C at the end of `line` (the cursor first moved there, shown by an X typed) for a
    /// fresh prompt: the "^C" goes at the cursor.
    func freshPrompt(_ terminal: TerminalSession, after line: String) throws {
        try terminal.send("C-e", "X")
        try terminal.wait(for: "the cursor at the end") { $0.hasSuffix("wx> \(line)X") }
        try terminal.send("C-c")
        try terminal.wait(for: "a fresh prompt") { $0.hasSuffix("wx> \(line)X^C\nwx>") }
    }

    /// A fresh-user trial: with "fi" typed, the second PgUp showed "confidence" and the third
    /// "compare" ("fi" is in them). Only lines starting with "fi" are shown, the cursor stays
    /// after "fi", and PgDn past the newest gives back "fi".
    @Test func pageUpShowsOnlyLinesStartingWithWhatIsTyped() throws {
        let terminal = try startWX(after: [
            "find Berlin", "find Munich", "find New York", "find Delhi", "confidence", "compare", "find Hamburg",
        ])
        try terminal.send("fi", "PPage")
        try terminal.wait(for: "the newest line starting with fi") { $0.hasSuffix("wx> find Hamburg") }
        try terminal.send("PPage")
        try terminal.wait(for: "the one before, not confidence") { $0.hasSuffix("wx> find Delhi") }
        try terminal.send("PPage")
        try terminal.wait(for: "the one before, not compare") { $0.hasSuffix("wx> find New York") }
        try terminal.send("NPage")
        try terminal.wait(for: "back down") { $0.hasSuffix("wx> find Delhi") }
        try terminal.send("NPage")
        try terminal.wait(for: "the newest") { $0.hasSuffix("wx> find Hamburg") }
        try terminal.send("NPage")
        try terminal.wait(for: "what was typed") { $0.hasSuffix("wx> fi") }
        try terminal.send("PPage")
        try terminal.wait(for: "the newest again") { $0.hasSuffix("wx> find Hamburg") }
        // The cursor is after "fi", as readline leaves it.
        try terminal.send("X")
        try terminal.wait(for: "typing after the prefix") { $0.hasSuffix("wx> fiXnd Hamburg") }
        try freshPrompt(terminal, after: "fiXnd Hamburg")
        // Past the oldest match the line stays.
        try terminal.send("find M", "PPage")
        try terminal.wait(for: "the only match") { $0.hasSuffix("wx> find Munich") }
        try terminal.send("PPage", "X")
        try terminal.wait(for: "no older match") { $0.hasSuffix("wx> find MXunich") }
        try terminal.send("C-d")
    }

    /// What is typed is text, not a pattern: "." matched every line and "u." any "u" followed by
    /// a character.
    @Test func theTypedTextIsNoPattern() throws {
        let terminal = try startWX(after: ["u.s. weather", "units", "help units"])
        try terminal.send("u.", "PPage")
        try terminal.wait(for: "the line starting with u.") { $0.hasSuffix("wx> u.s. weather") }
        try freshPrompt(terminal, after: "u.s. weather")
        try terminal.send(".", "PPage", "X")
        try terminal.wait(for: "no line starts with a dot") { $0.hasSuffix("wx> .X") }
        try freshPrompt(terminal, after: ".X")
        try terminal.send("un*", "PPage", "X")
        try terminal.wait(for: "no line starts with un*") { $0.hasSuffix("wx> un*X") }
        try terminal.send("C-d")
    }

    /// After Up and Ctrl-U, "pa" and PgUp went to an older "past" line than the newest: libedit
    /// searched on from where Up had left the history. A new search starts from the newest line.
    @Test func aNewSearchStartsFromTheNewestLine() throws {
        let terminal = try startWX(after: ["past one", "units", "past two", "help about", "units metric"])
        try terminal.send("Up", "Up", "Up")
        try terminal.wait(for: "three up") { $0.hasSuffix("wx> past two") }
        try terminal.send("C-u", "pa", "PPage")
        try terminal.wait(for: "the newest past line") { $0.hasSuffix("wx> past two") }
        try terminal.send("PPage")
        try terminal.wait(for: "the one before it") { $0.hasSuffix("wx> past one") }
        // Another key ends the search; the next PgUp starts from the newest line again.
        try terminal.send("BSpace", "PPage")
        try terminal.wait(for: "the newest p line") { $0.hasSuffix("wx> past two") }
        try terminal.send("C-d")
    }
}
