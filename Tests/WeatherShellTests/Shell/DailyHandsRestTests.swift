import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Issue 24, what the last session left of items 9 and 10 (`source FILE`, `\e`, `wx -c` kept
/// out of the history) and what a new user's trial found (long error lines, `hourly abc`).
@MainActor
@Suite(.tags(.unit)) struct DailyHandsRestTests {
    let home = TemporaryFolder()

    /// An editor that replaces text as a person would, and records what it was given.
    final class ScriptedEditor: EditorProgram {
        var edits: [(text: String, command: String)] = []
        let change: (String) -> String?
        init(_ change: @escaping (String) -> String?) { self.change = change }
        func edit(_ text: String, command: String) -> String? {
            edits.append((text, command))
            return change(text)
        }
    }

    struct Run {
        let status: Int32
        let console: TestConsole
        let reader: ScriptedLineReader
    }

    /// `wx arguments` on fakes: at the prompt reading `inputs` when `interactive`, else as a
    /// script; standard error a terminal `errorWidth` columns wide when given.
    func wx(
        _ arguments: [String] = [], inputs: [LineReadResult] = [], interactive: Bool = true,
        editor: ScriptedEditor? = nil, errorWidth: Int? = nil, environment: [String: String] = [:]
    ) async -> Run {
        let console = TestConsole()
        let reader = ScriptedLineReader(inputs, transcript: console)
        let variables = ["WX_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8"].merging(environment) { $1 }
        let host = AppHost(
            variable: { variables[$0] }, output: console, inputIsTerminal: interactive, outputIsTerminal: false,
            terminalWidth: { errorWidth ?? 80 }, makeSession: { _, _ in makeTestSession(home: home) },
            standardInput: ScriptedLineReader(interactive ? [] : inputs), prompt: ScriptedPrompt(reader: reader),
            errorIsTerminal: errorWidth != nil, editor: editor)
        let status = await WXApp(host: host).run(arguments)
        return Run(status: status, console: console, reader: reader)
    }

    // MARK: - Item 9: source FILE and \e

    @Test func sourceRunsAFileAsBackslashIDoes() async throws {
        let file = home.path + "/commands.wx"
        try "units\nhelp about\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = await wx(inputs: [.line("source \(file)"), .line("history"), .endOfInput])
        let units = "units metric: °C, km/h, mm, hPa, km, 24h clock\n"
        #expect(run.console.output.contains("wx> source \(file)\n" + units + "about\n"))
        // `source FILE` goes into the history; the file's lines do not.
        #expect(run.reader.history == ["source \(file)", "history"])
        let missing = await wx(["-c", "source"])
        #expect(missing.status == 2)
        #expect(missing.console.errors == "error: usage: source <file>\n")
    }

    @Test func helpListsSourceAndBackslashE() async {
        let help = await wx(["-c", "help"])
        #expect(help.console.output.contains("  source <file> "))
        let spaces = String(repeating: " ", count: 33)
        #expect(help.console.output.contains("  \\e\(spaces)the last line in $EDITOR, run if changed\n"))
        let command = await wx(["-c", "help source"])
        #expect(command.console.output.hasPrefix("source <file>\n  run a file’s lines as typed (\\i, .read)\n"))
    }

    /// `\e` was refused ("is Ctrl-X Ctrl-E at the prompt"); now, as psql's, it opens the last
    /// line in $EDITOR and runs what the editor leaves, each line shown first.
    /// Issue 40 item 4: `\e` and the editor left without a change (vim's `:q!`) ran the line
    /// again (a weather request); as psql, nothing runs. Ctrl-X Ctrl-E keeps bash's way: the
    /// line being typed runs, changed or not.
    @Test func backslashEUnchangedRunsNothing() async {
        let editor = ScriptedEditor { $0 }
        let run = await wx(inputs: [.line("units"), .line("\\e"), .endOfInput], editor: editor)
        #expect(editor.edits.map(\.text) == ["units\n"])
        #expect(run.console.errors == "the line came back unchanged; nothing was run\n")
        #expect(run.console.output.components(separatedBy: "units metric").count == 2, "\(run.console.output)")
        #expect(run.reader.history == ["units", "\\e"])
        let typed = await wx(inputs: [.edit("units"), .endOfInput], editor: ScriptedEditor { $0 })
        #expect(typed.console.output.contains("» units\nunits metric"))
    }

    @Test func backslashEEditsTheLastLineAndRunsIt() async {
        let editor = ScriptedEditor { $0.replacingOccurrences(of: "help unit", with: "help units") }
        let run = await wx(
            inputs: [.line("help unit"), .line("\\e"), .endOfInput], editor: editor,
            environment: ["EDITOR": "nano -w"])
        #expect(editor.edits.map(\.text) == ["help unit\n"])
        #expect(editor.edits.map(\.command) == ["nano -w"])
        #expect(run.console.output.contains("wx> \\e\n» help units\nunits [metric | imperial"))
        #expect(run.reader.history == ["help unit", "\\e", "help units"])

        let failing = ScriptedEditor { _ in nil }
        let failed = await wx(inputs: [.line("units"), .line("\\e"), .endOfInput], editor: failing)
        #expect(failing.edits.map(\.command) == ["vi"])
        #expect(failed.console.errors == "error: the editor “vi” failed; nothing was run\n")
        let script = await wx(["-c", "\\e"])
        #expect(script.status == 2)
        #expect(
            script.console.errors
                == "error: “\\e” edits the last line at the prompt; scripts and wx -c have none to edit\n")
    }

    /// Trial 16: with an editor that cannot run (`EDITOR=nonexistent-editor`), Ctrl-X Ctrl-E
    /// left an empty prompt, the line being typed lost. It now waits in the next prompt's line,
    /// as psql keeps its query buffer; `\e` leaves there the last line it was to open.
    @Test func aLineTheEditorCannotOpenWaitsInTheNextPrompt() async {
        let failing = ScriptedEditor { _ in nil }
        let typed = await wx(
            inputs: [.edit("help unit"), .line("s"), .endOfInput], editor: failing,
            environment: ["EDITOR": "nonexistent-editor"])
        #expect(typed.reader.keptLines == ["help unit"])
        #expect(typed.console.errors == "error: the editor “nonexistent-editor” failed; nothing was run\n")
        // The next key goes on from the kept line: "help unit" + "s" runs `help units`.
        #expect(typed.console.output.contains("wx> help unit\nwx> help units\nunits [metric"))
        #expect(typed.reader.history == ["help units"])

        let last = await wx(inputs: [.line("units"), .line("\\e"), .endOfInput], editor: ScriptedEditor { _ in nil })
        #expect(last.reader.keptLines == ["units"])
        #expect(last.console.output.hasSuffix("wx> \\e\nwx> units\n"))

        // Nothing is kept when the editor ran, or when the line was empty.
        let edited = await wx(inputs: [.edit("units"), .endOfInput], editor: ScriptedEditor { $0 })
        #expect(edited.reader.keptLines == [])
        let empty = await wx(inputs: [.edit(""), .endOfInput], editor: ScriptedEditor { _ in nil })
        #expect(empty.reader.keptLines == [])
    }

    // MARK: - Item 10: wx -c stays out of the interactive history

    /// On the old code every `wx -c` line (and `wx show Hamburg`) went into the history that Up
    /// and `history` show at the prompt: a status bar running `wx line` buried what was typed.
    @Test func commandLineCommandsAreNotPutInTheHistory() async {
        _ = await wx(["-c", "units"])
        _ = await wx(["help", "about"])
        _ = await wx(inputs: [.line("units imperial")], interactive: false)
        let prompt = await wx(inputs: [.line("history"), .endOfInput])
        #expect(prompt.reader.historyAtFirstPrompt == ["units imperial"])
        #expect(prompt.console.output.contains("     1  units imperial\n     2  history\n"))
        #expect(!prompt.console.output.contains("help about"))
    }

    // MARK: - From the trial: long error lines, hourly abc

    /// Error lines were written whole and the terminal broke them mid-word at its edge.
    @Test func longErrorLinesBreakBetweenWordsAtATerminal() async {
        let run = await wx(["-c", "show"], errorWidth: 40)
        #expect(
            run.console.errors == """
                error: no current location: use
                  “find <place>” or “show <place>” first

                """)
        let pipe = await wx(["-c", "show"])
        #expect(pipe.console.errors == "error: no current location: use “find <place>” or “show <place>” first\n")
        #expect(
            ShellRunner.wrappedAtWords("one two three\nfour", width: 20) == "one two three\nfour",
            "short lines stay as they are")
        // A word wider than a line (no "/" in it) is broken at the width, the indent kept (trial 9).
        #expect(
            ShellRunner.wrappedAtWords(String(repeating: "x", count: 30) + " y", width: 20) == String(
                repeating: "x", count: 20) + "\n  xxxxxxxxxx y")
        // A quoted command is not parted across lines (trial 8, at 40 columns), unless it is
        // longer than a line.
        #expect(
            ShellRunner.wrappedAtWords(
                "error: no place found for “Berlin 6”; did you mean “hourly 6 Berlin”?", width: 40)
                == "error: no place found for “Berlin 6”;\n  did you mean “hourly 6 Berlin”?")
        #expect(
            ShellRunner.wrappedAtWords("error: see “a b c d e f g h i j k l m n o p”", width: 20)
                == "error: see “a b c d\n  e f g h i j k l m\n  n o p”")
    }

    /// `hourly abc` went to the geocoder as a place and `hourly 12h` too; the grammar is
    /// `hourly [hours] [place]`.
    @Test func aCountTypedAnotherWayIsRefused() throws {
        #expect(
            throws: ShellError.usage(
                "the number of hours is a whole number from 1 to 384, not “12h”: as in “hourly 12 Hamburg”")
        ) { try CommandParser.parse("hourly 12h") }
        #expect(
            throws: ShellError.usage(
                "the number of days is a whole number from 1 to 16, not “6.5”: as in “daily 12 Hamburg”")
        ) { try CommandParser.parse("daily 6.5 Home") }
        #expect(throws: ShellError.usage("“twelve” is not a count wx reads; did you mean “hourly 12”?")) {
            try CommandParser.parse("hourly twelve")
        }
        // Places still read as places: names, numbered streets, coordinates.
        #expect(try CommandParser.parse("hourly Paris") == .hourly(nil, "Paris"))
        #expect(try CommandParser.parse("hourly 1st Avenue") == .hourly(nil, "1st Avenue"))
        #expect(try CommandParser.parse("hourly Twelve Apostles") == .hourly(nil, "Twelve Apostles"))
        #expect(try CommandParser.parse("hourly 53.55,9.99") == .hourly(nil, "53.55,9.99"))
        #expect(try CommandParser.parse("hourly 6 10 Downing Street") == .hourly(6, "10 Downing Street"))
    }

    @Test func aLoneWordNoGeocoderKnowsSaysHowHourlyReadsItsWords() async throws {
        let session = makeTestSession(home: home, geocoder: FakeGeocoder(places: ["abc": [], "Nowhere Town": []]))
        await #expect(
            throws: ShellError.notApplicable(
                "no place found for “abc”; “hourly” reads [hours] [place]: the number of hours first, as in “hourly 12 Hamburg”"
            )
        ) { try await session.execute(.hourly(nil, "abc")) }
        // With a count, or several words, it was a place: said as before.
        await #expect(throws: ShellError.noPlaceFound("abc")) { try await session.execute(.hourly(3, "abc")) }
        await #expect(throws: ShellError.noPlaceFound("Nowhere Town")) {
            try await session.execute(.daily(nil, "Nowhere Town"))
        }
    }

    /// Trial 6: `hourly Berlin 6` looked for a place “Berlin 6” and said only that none was
    /// found. It is still read as a place (“Route 66” is one), but when none is found the error
    /// asks whether the number was the count; a number past the command's range is not asked about.
    @Test func aPlaceEndingInACountNobodyFoundAsksWhetherTheCountWasMeant() async throws {
        let session = makeTestSession(
            home: home,
            geocoder: FakeGeocoder(places: ["Berlin 6": [], "New York 3": [], "Berlin 17": [], "Route 66": []]))
        await #expect(
            throws: ShellError.notApplicable("no place found for “Berlin 6”; did you mean “hourly 6 Berlin”?")
        ) { try await session.execute(.hourly(nil, "Berlin 6")) }
        await #expect(
            throws: ShellError.notApplicable("no place found for “New York 3”; did you mean “daily 3 New York”?")
        ) { try await session.execute(.daily(nil, "New York 3")) }
        await #expect(throws: ShellError.noPlaceFound("Berlin 17"), "daily shows at most 16 days") {
            try await session.execute(.daily(nil, "Berlin 17"))
        }
        await #expect(throws: ShellError.noPlaceFound("Route 66"), "with a count given, the place was meant") {
            try await session.execute(.hourly(3, "Route 66"))
        }
    }

    /// `PAGER=nonexistent`: the shell's own "not found" line showed above wx's warning; the
    /// program is now looked up first and the shell not started.
    @Test func aPagerThatIsNotThereIsFoundMissingBeforeTheShellRuns() throws {
        let folder = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: folder + "/mypager", atomically: true, encoding: .utf8)
        chmod(folder + "/mypager", 0o755)
        try "".write(toFile: folder + "/notexecutable", atomically: true, encoding: .utf8)
        #expect(PagingOutput.programExists("mypager -R", searchPath: "/nonexistent:" + folder))
        #expect(PagingOutput.programExists(folder + "/mypager", searchPath: nil))
        #expect(!PagingOutput.programExists("wx-no-such-pager", searchPath: folder))
        #expect(!PagingOutput.programExists("notexecutable", searchPath: folder))
        #expect(!PagingOutput.programExists("bin", searchPath: home.path), "a folder is no program")
        #expect(PagingOutput.programExists("LESS=R less", searchPath: folder), "left to the shell")
    }
}
