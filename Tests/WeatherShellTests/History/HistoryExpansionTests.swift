import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// Issue 12 item 9: history as bash users know it, at the prompt (a scripted reader stands for
/// libedit, whose history drops a line repeating the last, as libedit's H_SETUNIQUE does).
extension InteractiveShellTests {
    /// The `history` listing as the text renderer prints it.
    static func listing(_ lines: [(Int, String)]) -> String {
        lines.map { String(repeating: " ", count: 6 - String($0.0).count) + "\($0.0)  \($0.1)\n" }.joined()
    }

    @Test func bangBangBangMinusNAndBangPrefixExpandEchoAndRecordTheLine() async {
        let run = await run(inputs: [
            .line("units"), .line("help about; units"), .line("!!"), .line("!-2"), .line("!he"), .line("units"),
            .line("units"), .line("!zz"), .line("!-9"), .line("!-x"), .line("history"), .endOfInput,
        ])
        let recorded = ["units", "help about; units", "units", "help about; units", "units", "history"]
        // Up recalls exactly what `history` lists: `;` lines whole, references expanded, a
        // repeat of the line before (`!!` after that line, `units` twice) once.
        #expect(run.reader.history == recorded)
        #expect(run.console.output.hasSuffix("wx> history\n" + Self.listing(Array(zip(1...6, recorded))) + "wx> \n"))
        let about = "about\n  version, data sources, where files are kept\n"
        let units = "units metric: °C, km/h, mm, hPa, km, 24h clock\n"
        // Each expansion is printed before it runs; a reference that names nothing runs nothing.
        #expect(
            run.console.output.contains("wx> !!\n» help about; units\n" + about + units + "wx> !-2\n» units\n" + units))
        #expect(run.console.output.contains("wx> !he\n» help about; units\n" + about + units + "wx> units\n"))
        #expect(run.console.output.contains("wx> !zz\nwx> !-9\nwx> !-x\nwx> history\n"))
        #expect(
            run.console.errors == """
                error: no command in the history for “!zz” (see “history”)
                error: no command in the history for “!-9” (see “history”)
                error: “!-x” is not a history reference: !! (the last command), !N (command N), !-N (N back) or !prefix (see “help !!”)

                """)
    }

    /// Issue 40: `!!:p` prints the line without running it and keeps it in the history, as in
    /// bash; another modifier, and a shell's pipe at the prompt, say what wx has instead (they
    /// said “no command in the history for “!!:p”” and “unknown command “| cat””).
    @Test func bangBangColonPPrintsAndOtherModifiersAndPipesSayWhatWorks() async {
        let run = await run(inputs: [
            .line("units"), .line("help about"), .line("!!:p"), .line("!-2:p"), .line("!!:s/a/b/"),
            .line("help | cat"), .line("hourly 48|less"), .line("help \"a|b\""), .line("history"), .endOfInput,
        ])
        #expect(run.console.output.contains("wx> !!:p\nhelp about\nwx> !-2:p\nunits\nwx> !!:s/a/b/\nwx> "))
        #expect(run.console.output.components(separatedBy: "version, data sources").count == 2, "a :p line ran")
        #expect(
            run.reader.history == [
                "units", "help about", "units", "help | cat", "hourly 48|less", "help \"a|b\"", "history",
            ])
        let errors = run.console.errors.split(separator: "\n").map(String.init)
        #expect(
            errors.first
                == "error: “!!:s/a/b/”: wx’s history references take one modifier, :p (print the line, do not run it: !!:p); “^old^new” replaces (see “help !!”)"
        )
        #expect(
            errors.dropFirst().first
                == "error: wx’s prompt has no pipes: in your shell, wx -c 'help' | cat runs it through another program; “\\o FILE” sends results to a file"
        )
        #expect(errors.dropFirst(2).first?.contains("wx -c 'hourly 48' | less") == true)
        // A quoted bar is a word's own: `help "a|b"` asks for a topic.
        #expect(errors.count == 4 && !errors[3].contains("pipes"), "\(errors)")
    }

    @Test func aReferenceWhereACommandStartsAndWordsAfterIt() async {
        let run = await run(
            inputs: [.line("help"), .line("units; !! about"), .line("'!!'"), .line("!1 ; !2"), .endOfInput])
        // `!!` after `;` is the last line (`help`), the words after it added: `help about`.
        #expect(run.console.output.contains("wx> units; !! about\n» units; help about\nunits metric"))
        #expect(run.console.errors.hasPrefix("error: “!!”: history references are !!, !N, !-N and !prefix"))
        // Lines from the history do not expand again: line 2 holds no reference.
        #expect(run.console.output.contains("wx> !1 ; !2\n» help ; units; help about\n"))
        #expect(run.reader.history == ["help", "units; help about", "'!!'", "help ; units; help about"])
    }

    @Test func helpDescribesHistoryReferences() async {
        let text = await run(["-c", "help !N; help !!"]).console.output
        #expect(text.hasPrefix("!! | !N | !-N | !prefix\n  run a line from the history again\n"))
        #expect(text.contains("\n  A reference that names no line runs nothing."))
        #expect(text.contains("“!$” is the last word of the last line"))
        // Trial 5: `confidence`'s word seemed not to follow the spread; help says what it rests on.
        let confidence = await run(["-c", "help confidence"]).console.output.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(confidence.contains("The word rests on the high’s range and the rain, not on the low"))
        // Trial 5: the example was “find Paris, TX” then “show !$”, which shows TX.
        #expect(text.contains("“find Hamburg” then “show !$” shows Hamburg"))
        #expect(text.contains("“^old^new” runs the last"))
        #expect(text.components(separatedBy: "!! | !N | !-N | !prefix\n").count == 3)
        let list = await run(["-c", "help"])
        #expect(
            list.console.output.contains("\n  !! | !N | !-N | !prefix            run a line from the history again\n"))
    }

    /// Logs written before a line was one entry hold one record per command, and repeats: they
    /// read fine, the repeats listed (and recalled) once.
    @Test func oldLogsWithPerCommandRecordsAndRepeatsReadTheSameInBoth() async throws {
        let records = ["find Hamburg", "show", "show", "units", "show"].enumerated().map { index, line in
            "{\"v\":1,\"ts\":\"2026-11-29T10:0\(index):00Z\",\"kind\":\"command\",\"n\":\(index + 1),\"line\":\"\(line)\"}\n"
        }
        try records.joined().write(toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let run = await run(inputs: [.line("history"), .line("!-3"), .endOfInput])
        #expect(run.reader.historyAtFirstPrompt == ["find Hamburg", "show", "units", "show"])
        #expect(
            run.console.output.contains(
                "wx> history\n"
                    + Self.listing([(1, "find Hamburg"), (3, "show"), (4, "units"), (5, "show"), (6, "history")])))
        // `!-3` counts the lines as listed: units, show, history back.
        #expect(run.console.output.contains("wx> !-3\n» units\n"))
        #expect(run.reader.history == ["find Hamburg", "show", "units", "show", "history", "units"])
    }
}

/// Issue 24 item 10: `!$` and `^old^new`, as bash does them.
extension InteractiveShellTests {
    @Test func bangDollarIsTheLastWordOfTheLastLineAsTyped() async {
        let run = await run(inputs: [
            .line("help \"units\""), .line("help !$"), .line("units; help !$"), .line("history"), .endOfInput,
        ])
        // The word keeps its quotes; `!$` is expanded anywhere on the line, not only first.
        // (`help !$` is `help "units"` again: kept once, as bash's ignoredups.)
        #expect(run.reader.history == ["help \"units\"", "units; help \"units\"", "history"])
        #expect(run.console.output.contains("wx> help !$\n» help \"units\"\nunits [metric"))
        #expect(run.console.output.contains("wx> units; help !$\n» units; help \"units\"\nunits metric"))
        #expect(run.console.errors == "")
    }

    @Test func caretSubstitutesInTheLastLine() async {
        let run = await run(inputs: [
            .line("help unit"), .line("^unit^units"), .line("^xyz^abc"), .line("^units^about^"), .endOfInput,
        ])
        #expect(run.console.output.contains("wx> ^unit^units\n» help units\nunits [metric"))
        #expect(run.console.output.contains("wx> ^units^about^\n» help about\nabout\n"))
        #expect(run.console.errors == "error: “xyz” is not in the last line (“help units”)\n")
        #expect(run.reader.history == ["help unit", "help units", "help about"])
    }
}
