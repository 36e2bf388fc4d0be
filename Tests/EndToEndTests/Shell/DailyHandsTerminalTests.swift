import Foundation
import Testing
import WeatherTestSupport

/// Issue 24 item 8: keys at a real terminal (tmux) as readline has them in bash, sqlite3 and psql.
@Suite(.tags(.terminal)) struct DailyHandsTerminalTests {
    let home = TemporaryFolder()

    /// wx --offline in a fresh terminal, in the test's home, at its first prompt.
    func startWX(_ extra: [String: String] = [:]) throws -> TerminalSession {
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary, "--offline"],
            environment: ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path].merging(extra) { $1 })
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        return terminal
    }

    /// Trial 9: with the cursor mid-line, Ctrl-C wrote "^C" at the cursor over the rest of the
    /// line (`wx> ^Cmburg`); as in bash the whole line stays, "^C" after its end, then a fresh
    /// prompt.
    @Test func ctrlCMidLineLeavesTheWholeLineWithCaretCAfterIt() throws {
        let terminal = try startWX()
        try terminal.send("showHamburg", "C-a", "Right", "Right", "Right", "Right")
        try terminal.wait(for: "the cursor after show") { $0.hasSuffix("wx> showHamburg") }
        try terminal.send("C-c")
        try terminal.wait(for: "the line kept, then a fresh prompt") { $0.hasSuffix("wx> showHamburg^C\nwx>") }
        // At the start of a line of two rows (100 columns), the same.
        let long = "find " + String(repeating: "a", count: 100)
        try terminal.send(long, "C-a")
        // Typed in full before Ctrl-C: on a loaded machine the interrupt overtook the keys.
        try terminal.wait(for: "the long line typed") {
            $0.replacingOccurrences(of: "\n", with: "").hasSuffix("wx> \(long)")
        }
        try terminal.send("C-c")
        try terminal.wait(for: "the long line kept") {
            $0.replacingOccurrences(of: "\n", with: "").hasSuffix("wx> \(long)^Cwx>")
        }
        try terminal.send("units", "Enter")
        try terminal.wait(for: "the next command runs") { $0.hasSuffix("24h clock\nwx>") }
        try terminal.send("C-d")
    }

    /// Ctrl-U with the cursor mid-line erased the whole line; readline's unix-line-discard
    /// erases back to the start only, and the cursor stays before what is left.
    @Test func ctrlUErasesBackToTheStartOnly() throws {
        let terminal = try startWX()
        try terminal.send("help units")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> help units") }
        try terminal.send("Left", "Left", "Left", "Left", "Left", "C-u")
        try terminal.wait(for: "the start erased") { $0.hasSuffix("wx> units") }
        try terminal.send("X")
        try terminal.wait(for: "typing at the start") { $0.hasSuffix("wx> Xunits") }
        try terminal.send("C-d")
    }

    /// PgUp/PgDn did nothing; as Debian's inputrc has them, they search the history for lines
    /// starting with what is typed.
    @Test func pageUpAndDownSearchTheHistoryByPrefix() throws {
        let terminal = try startWX()
        for line in ["units", "help about", "units metric"] {
            try terminal.send(line, "Enter")
            try terminal.wait(for: line) { $0.hasSuffix("wx>") && $0.contains("wx> \(line)\n") }
        }
        try terminal.send("he", "PPage")
        try terminal.wait(for: "the last line starting with he") { $0.hasSuffix("wx> help about") }
        // The cursor is after "he", as readline leaves it; at the end, Ctrl-C's "^C" follows the line.
        try terminal.send("C-e", "X")
        try terminal.wait(for: "the cursor at the end") { $0.hasSuffix("wx> help aboutX") }
        try terminal.send("C-c")
        try terminal.wait(for: "a fresh prompt") { $0.hasSuffix("^C\nwx>") }
        try terminal.send("un", "PPage")
        try terminal.wait(for: "the last line starting with un") { $0.hasSuffix("wx> units metric") }
        try terminal.send("PPage")
        try terminal.wait(for: "the one before it") { $0.hasSuffix("wx> units") }
        try terminal.send("NPage")
        try terminal.wait(for: "back down") { $0.hasSuffix("wx> units metric") }
        // Trial 5: on an empty line they did nothing; with nothing typed they step through the
        // history as Up and Down do (readline's history-search-backward with an empty prefix).
        try terminal.send("C-e", "X")
        try terminal.wait(for: "the cursor at the end") { $0.hasSuffix("wx> units metricX") }
        try terminal.send("C-c")
        try terminal.wait(for: "a fresh prompt") { $0.hasSuffix("^C\nwx>") }
        try terminal.send("PPage")
        try terminal.wait(for: "the last line") { $0.hasSuffix("wx> units metric") }
        try terminal.send("PPage")
        try terminal.wait(for: "the one before it") { $0.hasSuffix("wx> help about") }
        try terminal.send("PPage")
        try terminal.wait(for: "the first") { $0.hasSuffix("wx> units") }
        try terminal.send("NPage")
        try terminal.wait(for: "one down") { $0.hasSuffix("wx> help about") }
        try terminal.send("C-d")
    }

    /// Item 9: Ctrl-X Ctrl-E opens the line in $EDITOR and runs what the editor leaves, as
    /// bash's edit-and-execute-command. The "editor" here is a script that edits the file.
    @Test func ctrlXCtrlEEditsTheLineInTheEditorAndRunsIt() throws {
        let editor = home.path + "/editor.sh"
        try "#!/bin/sh\nsed -i 's/help unit/help units/' \"$1\"\n".write(
            toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let terminal = try startWX(["EDITOR": editor])
        try terminal.send("help unit")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> help unit") }
        try terminal.send("C-x", "C-e")
        // Each line the editor leaves is shown before it runs, as `\e` shows it (trial 12: the
        // screen showed only the line typed), and goes into the history; the line typed does not.
        try terminal.wait(for: "the edited line run") {
            $0.contains("wx> help unit\n» help units\nunits [metric") && $0.hasSuffix("wx>")
        }
        try terminal.send("history", "Enter")
        try terminal.wait(for: "the history") { $0.contains("     1  help units\n     2  history\nwx>") }
        try terminal.send("C-d")
    }

    /// Trial 16: an editor that cannot start (`EDITOR=nonexistent-editor`) left an empty prompt
    /// after Ctrl-X Ctrl-E, the line being typed lost. The line comes back at the next prompt,
    /// the cursor at its end, to go on with.
    @Test func ctrlXCtrlEKeepsTheLineWhenTheEditorCannotStart() throws {
        let terminal = try startWX(["EDITOR": "nonexistent-editor"])
        try terminal.send("help unit")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> help unit") }
        try terminal.send("C-x", "C-e")
        try terminal.wait(for: "the error, then the line again") {
            $0.contains("the editor “nonexistent-editor” failed; nothing was run\nwx> help unit")
                && $0.hasSuffix("wx> help unit")
        }
        try terminal.send("s", "Enter")
        try terminal.wait(for: "the line run") { $0.contains("wx> help units\nunits [metric") && $0.hasSuffix("wx>") }
        try terminal.send("C-d")
    }

    /// `\e` was refused (“is Ctrl-X Ctrl-E at the prompt”); as psql's, it opens the last line in
    /// $EDITOR (a file the editor may change) and runs what is left there, shown first.
    @Test func backslashEEditsTheLastLineInTheEditorAndRunsIt() throws {
        let editor = home.path + "/editor.sh"
        try "#!/bin/sh\nsed -i 's/help unitz/help units/' \"$1\"\n".write(
            toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let terminal = try startWX(["EDITOR": editor])
        try terminal.send("help unitz", "Enter")
        try terminal.wait(for: "the first try") { $0.contains("did you mean") && $0.hasSuffix("wx>") }
        try terminal.send("\\e", "Enter")
        try terminal.wait(for: "the edited line run") {
            $0.contains("wx> \\e\n» help units\nunits [metric") && $0.hasSuffix("wx>")
        }
        try terminal.send("C-d")
    }

    /// Trial 12: at 40 columns, a second Tab under a line that ended a row exactly (or took two
    /// rows) listed one of two files: libedit's redraw moved up over the list's last row. Every
    /// option is listed, the line drawn whole under the list. The folder's name is as long as
    /// makes "wx> import history <folder>/hist" 35 columns, 40 (a row exactly) or 46 (two rows).
    @Test(arguments: [4, 8, 14])
    func aSecondTabListsEveryOptionWhateverRowsTheLineTakes(suffix: Int) throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let exports = "/tmp/wx-" + String((0..<suffix).map { _ in letters.randomElement()! })
        try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: exports) }
        for name in ["hist.csv", "hist2.csv"] {
            #expect(FileManager.default.createFile(atPath: exports + "/" + name, contents: Data()))
        }
        let terminal = try startWX()
        try terminal.resize(columns: 40, rows: 30)
        let typed = "import history \(exports)/hist"
        try terminal.send("import history \(exports)/h", "Tab", "Tab")
        try terminal.wait(for: "the list, then the line again") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let list = rows.firstIndex(of: "hist.csv    hist2.csv") else { return false }
            return rows[list - 1] != "" && rows[(list + 1)...].joined() == "wx> " + typed
        }
        try terminal.send("C-u", "C-d")
    }

    /// Trial 14: a second Tab in a folder of 9,098 names printed them all, past the terminal's
    /// scrollback, and a name wider than the terminal ran on at the next row's start. The list
    /// stops at the screen's height and says how many more; a wide name ends in "…".
    @Test func aLongListStopsAtTheScreenAndAWideNameEndsInAnEllipsis() throws {
        let folder = home.path + "/many"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...300 {
            #expect(FileManager.default.createFile(atPath: folder + "/file-\(index).csv", contents: Data()))
        }
        let wide = "a_name_that_is_wider_than_the_forty_columns_of_this_terminal.csv"
        #expect(FileManager.default.createFile(atPath: folder + "/" + wide, contents: Data()))
        let terminal = try startWX()
        try terminal.resize(columns: 40, rows: 15)
        try terminal.send("import history \(folder)/", "Tab", "Tab")
        try terminal.wait(for: "the list, cut at the screen") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            return rows.contains("… and 289 more: type more of the name")
                && rows.contains { $0.hasPrefix("a_name_that_is_wider") && $0.hasSuffix("…") && $0.count == 39 }
                && screen.hasSuffix("many/")
        }
        try terminal.send("C-u", "C-d")
    }
}
