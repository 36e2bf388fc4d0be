import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// Issue 24 item 9: psql's backslash and sqlite3's dot commands. `\d` ran `daily`, `\c`
/// `compare`, `\w` `watch`; now none reaches the command table: the useful ones run, the rest
/// are refused with one line naming the wx command meant.
extension InteractiveShellTests {
    @Test func backslashAndDotWordsAreRefusedNamingTheWxCommand() async {
        let run = await run(inputs: [
            .line("\\d"), .line("\\c"), .line("\\w x"), .line(".tables"), .line("\\zz"), .endOfInput,
        ])
        #expect(run.provider.counts.started == 0)
        #expect(
            run.console.errors == """
                error: “\\d” is not wx’s: there are no tables — “favs” lists favorites, “saved” snapshots, “history” commands
                error: “\\c” is not wx’s: wx keeps one state folder (“about” says where; start wx with --home DIR for another)
                error: “\\w” is not wx’s: “export favorites|snapshots|history FILE” writes wx’s data to a file
                error: “.tables” is not wx’s: there are no tables — “favs” lists favorites, “saved” snapshots, “history” commands
                error: “\\zz” is not a wx command: wx has \\q, \\?, \\i FILE, \\o FILE, \\timing and \\e (or .quit, .help, .read, .output, .timer); “help” lists the rest

                """)
    }

    /// Trial 15: sqlite3's `.mode csv` and `.headers on` pointed only to `format json`; CSV is
    /// what `export --format csv` writes.
    @Test func sqliteOutputModesNameExportsCSV() async {
        let run = await run(inputs: [.line(".mode csv"), .line("\\x"), .endOfInput])
        #expect(
            run.console.errors == """
                error: “.mode” is not wx’s: “format json” shows every field, “format text” goes back; “export favorites|snapshots|history --format csv” writes CSV with a header row
                error: “\\x” is not wx’s: “format json” shows every field, “format text” goes back

                """)
    }

    @Test func quitAndHelpInPsqlAndSqliteSpelling() async {
        let help = await run(["-c", "\\?"])
        #expect(help.console.output.contains("  help [command]"))
        // The keys' paragraph is wrapped to the width: read as one line of words.
        let words = help.console.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Ctrl-X Ctrl-E edits the line in $EDITOR and runs it, changed or not"))
        #expect(words.contains("PgUp/PgDn"))
        #expect(words.contains("Tab completes commands, favorites, snapshot numbers, option values and file names"))
        let quit = await run(inputs: [.line(".quit"), .line("units")])
        #expect(quit.status == 0)
        #expect(!quit.console.output.contains("units metric"))
        let also = await run(inputs: [.line("\\q"), .line("units")])
        #expect(!also.console.output.contains("units metric"))
    }

    /// Trial 6: `help \o` said “unknown command “o””, the lexer having taken the backslash as an
    /// escape; `help .read` said “unknown command “.read””. Each now describes the meta command.
    @Test func helpDescribesTheMetaCommands() async {
        let run = await run(inputs: [
            .line("help \\o"), .line("help \\timing"), .line("? .read"), .line("help \\I"), .line("help \\d"),
            .endOfInput,
        ])
        #expect(
            run.console.output.contains(
                "wx> help \\o\n\\o [FILE]\n  results into FILE from now on; “\\o” alone sends them back here\n  also: \\out, .output\n"
            ))
        #expect(
            run.console.output.contains(
                "wx> help \\timing\n\\timing [on|off]\n  each command’s time after it, in milliseconds; alone it turns timing on or off\n  also: .timer\n"
            ))
        #expect(run.console.output.contains("wx> ? .read\n\\i FILE\n  run each line of FILE as if typed\n"))
        #expect(run.console.output.contains("wx> help \\I\n\\i FILE\n"), "any case, and without its FILE")
        #expect(
            run.console.errors
                == "error: “\\d” is not wx’s: there are no tables — “favs” lists favorites, “saved” snapshots, “history” commands\n"
        )
    }

    @Test func readRunsAFileOfCommandsAndOutputSendsResultsToAFile() async throws {
        let commands = home.path + "/commands.wx"
        try "units\nfrobnicate\nhelp about\n".write(toFile: commands, atomically: true, encoding: .utf8)
        let results = home.path + "/results.txt"
        let run = await run(inputs: [
            .line("\\i \(commands)"), .line(".output \(results)"), .line("units"), .line("\\o"),
            .line(".read \(commands)"),
            .endOfInput,
        ])
        let units = "units metric: °C, km/h, mm, hPa, km, 24h clock\n"
        let about = "about\n  version, data sources, where files are kept\n"
        #expect(run.console.output.contains("wx> \\i \(commands)\n" + units + about + "wx> .output"))
        #expect(try String(contentsOfFile: results, encoding: .utf8) == units)
        #expect(run.console.output.contains("wx> .read \(commands)\n" + units + about + "wx> \n"))
        #expect(run.console.errors.contains("error: \(commands):2: unknown command “frobnicate”"))
        #expect(
            run.console.errors.contains(
                "results go to \(results) (“\\o” alone sends them back here)\nresults go here again\n"))
        // The file's lines are not in the history; the lines typed are.
        #expect(run.reader.history == ["\\i \(commands)", ".output \(results)", "units", "\\o", ".read \(commands)"])
    }

    /// Trial 8: `.once FILE` acted as `.output FILE`: every later result went to the file until
    /// `\o`. As in sqlite3, it takes the next command's results only; `\o` alone cancels it.
    @Test func onceSendsOnlyTheNextCommandsResultsToTheFile() async throws {
        let once = home.path + "/once.txt"
        let cancelled = home.path + "/cancelled.txt"
        let run = await run(inputs: [
            .line(".once \(once)"), .line("# a comment is not the next command"), .line("units"), .line("help about"),
            .line(".once \(cancelled)"), .line("\\o"), .line("units imperial"), .line(".once"), .line("help .once"),
            .endOfInput,
        ])
        let units = "units metric: °C, km/h, mm, hPa, km, 24h clock\n"
        #expect(try String(contentsOfFile: once, encoding: .utf8) == units)
        #expect(run.console.output.contains("wx> units\nwx> help about\nabout\n"))
        #expect(try String(contentsOfFile: cancelled, encoding: .utf8) == "")
        #expect(run.console.output.contains("wx> units imperial\nunits imperial: °F"))
        #expect(
            run.console.output.contains(
                "wx> help .once\n.once FILE\n  the next command’s results into FILE, then here again\n"))
        #expect(
            run.console.errors
                == """
                the next command’s results go to \(once)
                the next command’s results go to \(cancelled)
                results go here again
                error: “.once” sends the next command’s results to a file: .once FILE

                """)
    }

    /// Trial 5: a file that is not there was "warning: file not run: …"; it is an error (the
    /// start-up file alone stays a warning: wx starts without it).
    @Test func readingAMissingFileIsAnError() async {
        let run = await run(inputs: [.line(".read /nonexistent"), .line("\\i /nonexistent"), .endOfInput])
        let line = "error: file not run: cannot read /nonexistent: No such file or directory\n"
        #expect(run.console.errors == line + line)
    }

    @Test func timingPrintsEachCommandsTime() async {
        let run = await run(inputs: [
            .line("\\timing"), .line("units"), .line(".timer off"), .line("units"), .endOfInput,
        ])
        #expect(run.console.errors.hasPrefix("timing is on\ntime: "))
        #expect(run.console.errors.hasSuffix(" ms\ntiming is off\n"))
        #expect(run.console.errors.components(separatedBy: "time: ").count == 2)
    }
}
