import Foundation
import Testing
import WeatherTestSupport

/// Issue 12: the prompt at a real terminal (tmux) behaves as in bash — after Ctrl-Z and fg, after
/// a resize, in the C locale, with the keys terminals send, with pasted blocks — and every way
/// out leaves the terminal as wx found it.
@Suite(.tags(.terminal)) struct PromptTerminalTests {
    let home = TemporaryFolder()

    /// The environment of a wx under test: its own home (no ~/.editrc but the test's), no network.
    var environment: [String: String] { ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path] }

    /// wx --offline in a fresh terminal, at its first prompt.
    func startWX(_ extra: [String: String] = [:]) throws -> TerminalSession {
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary, "--offline"], environment: environment.merging(extra) { $1 })
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        return terminal
    }

    /// The last line of the screen.
    func lastLine(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    /// Item 2: after Ctrl-Z and `fg` the terminal was left in cooked mode (arrows echoed as
    /// ^[[D, the line was not redrawn). Now the prompt and the line come back and editing works.
    @Test func ctrlZThenFgRedrawsTheLineAndEditingWorks() throws {
        let terminal = try TerminalSession(
            program: ["/bin/bash", "--norc", "--noprofile", "-i"],
            environment: environment.merging(["PS1": "$ "]) { $1 })
        try terminal.wait(for: "bash") { $0.hasSuffix("$") }
        try terminal.send("\(TestPaths.wxBinary) --offline", "Enter")
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("help Ham")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> help Ham") }
        try terminal.send("C-z")
        try terminal.wait(for: "stopped") { $0.contains("Stopped") && $0.hasSuffix("$") }
        try terminal.send("fg", "Enter")
        try terminal.wait(for: "the line redrawn after fg") { $0.hasSuffix("--offline\nwx> help Ham") }
        try terminal.send("burg", "Left", "Left", "X")
        try terminal.wait(for: "editing in libedit's mode") { $0.hasSuffix("wx> help HambuXrg") }
        try terminal.send("C-a", "C-k", "units", "Enter")
        try terminal.wait(for: "units") { $0.hasSuffix("24h clock\nwx>") }
        try terminal.send("C-d")
        try terminal.wait(for: "bash again") { $0.hasSuffix("$") && !$0.hasSuffix("wx>") }
    }

    /// Item 3: after a resize, a line longer than the new width was drawn for the old width,
    /// and Ctrl-L did not repair it. Now libedit learns the width at once (SIGWINCH).
    @Test(arguments: ["xterm-256color", "screen-256color", "vt220"])
    func aResizeRedrawsALongLineAtTheNewWidth(term: String) throws {
        let terminal = try startWX(["TERM": term])
        let words = "find aaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffff gggggggggg"
        try terminal.send(words)
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> " + words) }
        try terminal.resize(columns: 40, rows: 30)
        try terminal.send("C-a", "X")
        let expected = "wx> X" + words
        let rows = stride(from: 0, to: expected.count, by: 40).map { start in
            String(expected.dropFirst(start).prefix(40))
        }
        try terminal.wait(for: "the line at 40 columns") { $0.hasSuffix(rows.joined(separator: "\n")) }
        // Ctrl-L clears the screen and draws the line at the top, at the new width.
        try terminal.send("C-l")
        try terminal.wait(for: "Ctrl-L") { $0 == rows.joined(separator: "\n") }
        try terminal.send("C-e", "Y")
        try terminal.wait(for: "editing at the end") { $0 == rows.joined(separator: "\n") + "Y" }
    }

    /// Item 4: in the C locale libedit dropped typed non-ASCII letters (`find Zürich` became
    /// `find Zrich`). The prompt reads UTF-8 whatever the locale; the line is kept as typed.
    @Test func theCLocaleKeepsTypedLetters() throws {
        let terminal = try startWX(["LANG": "C"])
        try terminal.send("find Zürich")
        try terminal.wait(for: "the letters shown") { $0.hasSuffix("wx> find Zürich") }
        try terminal.send("Left", "Left", "Left", "Left", "BSpace", "u")
        try terminal.wait(for: "editing by characters") { $0.hasSuffix("wx> find Zurich") }
        try terminal.send("C-a", "C-k", "help Zürich", "Enter")
        try terminal.wait(for: "the command ran") {
            $0.hasSuffix("wx>") && $0.contains("Z") && $0.split(separator: "\n").count >= 3
        }
        try terminal.send("C-d")
        try terminal.wait(for: "exit") { $0.contains("EXIT=0") }
        #expect(
            home.text("log.jsonl").contains("help Zürich") || home.text("log.jsonl").contains("help Z\\u00fcrich"),
            "\(home.text("log.jsonl"))")
    }

    /// Trial 4, item 12: bytes that are not UTF-8 typed at the prompt were read as Latin-1 and
    /// sent to the geocoder ("Berÿþlin"); now the line is refused as in a script.
    @Test func bytesThatAreNotUTF8AreRefusedAsInAScript() throws {
        let terminal = try startWX(["LANG": "C.UTF-8"])
        try terminal.send("find Ber")
        try terminal.send(bytes: [0xFF, 0xFE])
        try terminal.send("lin", "Enter")
        try terminal.wait(for: "the refusal") {
            $0.contains("error: the line is not UTF-8 text (column 9 has a byte that is not); nothing was run")
                && $0.hasSuffix("wx>")
        }
        try terminal.send("C-d")
    }

    /// Trial 4, item 14: after Up and Ctrl-U, a Ctrl-R search abandoned with Ctrl-G left the line
    /// Up had shown instead of the empty one. Now Ctrl-G gives back the line as it was.
    @Test func ctrlGGivesBackTheLineAsItWasBeforeTheSearch() throws {
        let terminal = try startWX()
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units") { $0.hasSuffix("24h clock\nwx>") }
        try terminal.send("help units", "Enter")
        try terminal.wait(for: "help") { $0.hasSuffix("wx>") && $0.contains("units [metric") }
        try terminal.send("Up")
        try terminal.wait(for: "the line recalled") { $0.hasSuffix("wx> help units") }
        try terminal.send("C-u")
        try terminal.wait(for: "the line cleared") { $0.hasSuffix("wx>") }
        try terminal.send("C-r", "uni")
        try terminal.wait(for: "the search") { $0.hasSuffix("uni") }
        try terminal.send("C-g", "Z")
        try terminal.wait(for: "the empty line back") { $0.hasSuffix("wx> Z") }
        // A line typed before the search comes back too, the cursor where it was.
        try terminal.send("C-u", "abcd", "Left", "Left", "C-r", "uni")
        try terminal.wait(for: "the second search") { $0.hasSuffix("uni") }
        try terminal.send("C-g", "X")
        try terminal.wait(for: "the typed line back") { $0.hasSuffix("wx> abXcd") }
        try terminal.send("C-u", "C-d")
    }

    /// Item 11: an accent typed apart (NFD, as pasted from macOS) and an emoji joined from
    /// several code points move and delete as one character; libedit stepped by code point and
    /// left a lone accent or half an emoji behind.
    @Test func decomposedAccentsAndJoinedEmojiMoveAndDeleteWhole() throws {
        let terminal = try startWX([:])
        try terminal.send("find Zu\u{308}rich")
        try terminal.wait(for: "the letters shown") {
            $0.hasSuffix("wx> find Zürich") || $0.hasSuffix("wx> find Zu\u{308}rich")
        }
        // Four characters back from the end is after the "ü" (u and its accent are one
        // character): Backspace deletes both, where libedit alone left a bare "u".
        try terminal.send("Left", "Left", "Left", "Left", "BSpace")
        try terminal.wait(for: "the ü deleted whole") { $0.hasSuffix("wx> find Zrich") }
        try terminal.send("C-a", "C-k", "A\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}B", "Left", "BSpace")
        try terminal.wait(for: "the family emoji deleted whole") { $0.hasSuffix("wx> AB") }
        try terminal.send("C-d", "C-a", "C-k", "C-d")
        try terminal.wait(for: "exit") { $0.contains("EXIT=0") }
    }

    /// Item 6: SIGTERM, SIGHUP and SIGQUIT (Ctrl-\) left the terminal raw, without echo, and in
    /// wx's foreground group when the parent was no job-control shell: the parent's next `read`
    /// failed. Every way out now gives back the terminal as wx found it, and wx dies of the signal.
    @Test(arguments: [
        ("SIGTERM", 143), ("SIGHUP", 129), ("Ctrl-\\", 131), ("Ctrl-D", 0), ("quit", 0),
    ])
    func everyWayOutRestoresTheTerminalUnderShC(way: String, status: Int) throws {
        let folder = home.path
        let script =
            "cd \(folder); ulimit -c 0; stty -a > before; \(TestPaths.wxBinary) --offline; echo STATUS=$?; "
            + "stty -a > after; read x; echo READ=$x"
        let terminal = try TerminalSession(program: ["/bin/sh", "-c", script], environment: environment)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        switch way {
        case "SIGTERM", "SIGHUP":
            let pid = try #require(try terminal.processID(of: TestPaths.wxBinary))
            kill(pid, way == "SIGTERM" ? SIGTERM : SIGHUP)
        case "Ctrl-\\": try terminal.send("C-\\")
        case "Ctrl-D": try terminal.send("C-d")
        default: try terminal.send("quit", "Enter")
        }
        try terminal.wait(for: "wx's status") { $0.contains("STATUS=\(status)") }
        try terminal.wait(for: "stty after") { _ in !home.text("after").isEmpty }
        #expect(
            home.text("after") == home.text("before"), "before:\n\(home.text("before"))\nafter:\n\(home.text("after"))")
        try terminal.send("typed after", "Enter")
        try terminal.wait(for: "the parent's read, echoed") { $0.contains("typed after\nREAD=typed after") }
    }

    /// Under a parent without job control (sh -c) no one could `fg` a stopped wx, and the
    /// terminal would stay with it: Ctrl-Z does nothing there, and the line can still be edited.
    @Test func ctrlZWithoutJobControlDoesNotStopWx() throws {
        let terminal = try TerminalSession(
            program: ["/bin/sh", "-c", "\(TestPaths.wxBinary) --offline; echo STATUS=$?"], environment: environment)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("help uni")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> help uni") }
        try terminal.send("C-z")
        usleep(200_000)
        try terminal.send("ts", "Enter")
        try terminal.wait(for: "the line, run") { $0.contains("wx> help units\nunits [metric") && $0.hasSuffix("wx>") }
        try terminal.send("C-d")
        try terminal.wait(for: "the end") { $0.contains("STATUS=0") }
    }

    /// Trial 4, item 9: under `make demo` (a parent without job control, itself a job of an
    /// interactive bash) Ctrl-Z did nothing. Now it stops the whole job, bash says so, and `fg`
    /// brings back the prompt and the line.
    @Test func ctrlZUnderAParentWithoutJobControlStopsTheWholeJob() throws {
        let terminal = try TerminalSession(
            program: ["/bin/bash", "--norc", "--noprofile", "-i"],
            environment: environment.merging(["PS1": "$ "]) { $1 })
        try terminal.wait(for: "bash") { $0.hasSuffix("$") }
        try terminal.send("sh -c '\(TestPaths.wxBinary) --offline; echo STATUS=$?'", "Enter")
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("help uni")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> help uni") }
        try terminal.send("C-z")
        try terminal.wait(for: "the job stopped") { $0.contains("Stopped") && $0.hasSuffix("$") }
        try terminal.send("fg", "Enter")
        try terminal.wait(for: "the line redrawn after fg") { $0.hasSuffix("wx> help uni") }
        try terminal.send("ts", "Enter")
        try terminal.wait(for: "the line, run") { $0.contains("wx> help units\nunits [metric") && $0.hasSuffix("wx>") }
        // Ctrl-C is still wx's alone: the job's sh goes on to print wx's status. Ctrl-D only
        // once the prompt is back: the terminal flushes what was typed ahead when it sends SIGINT.
        try terminal.send("C-c")
        try terminal.wait(for: "the prompt after ^C") { $0.hasSuffix("wx> ^C\nwx>") }
        try terminal.send("C-d")
        try terminal.wait(for: "the end") { $0.contains("STATUS=0") && $0.hasSuffix("$") }
    }

    /// Item 7: keys that inserted junk (";5D", "~", "[C") move, as in bash; ~/.editrc is read
    /// after wx's own bindings and can change them.
    @Test(arguments: ["xterm-256color", "screen-256color", "vt220"])
    func commonKeySequencesMoveInsteadOfInsertingJunk(term: String) throws {
        try "bind ^T ed-move-to-beg\n".write(toFile: home.path + "/.editrc", atomically: true, encoding: .utf8)
        let terminal = try startWX(["TERM": term])
        try terminal.send("show one two")
        try terminal.send("\u{1B}[1;5D", "X")  // Ctrl-← (xterm)
        try terminal.send("\u{1B}[1~", "H")  // Home (VT220)
        try terminal.send("\u{1B}[4~", "E")  // End (VT220)
        try terminal.send("\u{1B}Od", "Y")  // Ctrl-← (rxvt)
        try terminal.send("\u{1B}\u{1B}[D", "W")  // Alt-← (rxvt)
        try terminal.send("\u{1B}[3~")  // Delete
        try terminal.wait(for: "moves, not junk") { $0.hasSuffix("wx> Hshow one WXtwoE") }
        try terminal.send("\u{1B}[1;3D", "\u{1B}[1;3D", "1")  // Alt-← (xterm) twice
        // Home, End (xterm), Ctrl-→
        try terminal.send("\u{1B}OH", "2", "\u{1B}[F", "3", "\u{1B}[H", "\u{1B}[1;5C", "4")
        try terminal.wait(for: "more moves") { $0.hasSuffix("wx> 2Hshow4 1one WXtwoE3") }
        // The user's ~/.editrc: Ctrl-T bound by it.
        try terminal.send("C-e", "C-t", "0")
        try terminal.wait(for: "the ~/.editrc binding") { $0.hasSuffix("wx> 02Hshow4 1one WXtwoE3") }
        // In a Ctrl-R search, an arrow accepts the search and moves.
        try terminal.send("C-a", "C-k", "units", "Enter")
        try terminal.wait(for: "units") { $0.hasSuffix("24h clock\nwx>") }
        try terminal.send("C-r", "nit")
        try terminal.wait(for: "the search") { $0.hasSuffix("nit") }
        try terminal.send("\u{1B}[C", "Z")
        try terminal.wait(for: "the search accepted, the cursor moved") { $0.hasSuffix("wx> unZits") }
        try terminal.send("C-a", "C-k", "Enter")  // a new prompt: the search starts from the newest line again
        try terminal.wait(for: "a new prompt") { $0.hasSuffix("wx> unZits\nwx>") || $0.hasSuffix("wx>\nwx>") }
        try terminal.send("C-r", "nit")
        try terminal.wait(for: "the search again") { $0.hasSuffix("nit") }
        try terminal.send("\u{1B}[4~", "!")
        try terminal.wait(for: "End in a search") { $0.hasSuffix("wx> units!") }
    }

    /// Item 15: Ctrl-_ undoes, Alt-. inserts the last word of the previous command, Alt-T swaps
    /// two words.
    @Test func undoLastArgumentAndTransposeWords() throws {
        let terminal = try startWX()
        try terminal.send("help units", "Enter")
        try terminal.wait(for: "help") { $0.hasSuffix("wx>") && $0.contains("help units") }
        try terminal.send("show one two", "\u{1B}t")
        try terminal.wait(for: "Alt-T") { $0.hasSuffix("wx> show two one") }
        try terminal.send("C-_")
        try terminal.wait(for: "Ctrl-_ undoes Alt-T") { $0.hasSuffix("wx> show one two") }
        try terminal.send("C-w")
        try terminal.wait(for: "Ctrl-W") { $0.hasSuffix("wx> show one") }
        try terminal.send("C-_")
        try terminal.wait(for: "Ctrl-_ undoes Ctrl-W") { $0.hasSuffix("wx> show one two") }
        try terminal.send("C-a", "C-k", "fav ", "\u{1B}.")
        try terminal.wait(for: "Alt-.") { $0.hasSuffix("wx> fav units") }
    }

    /// Item 10: a pasted block of several lines is shown and held until Enter, then each line
    /// runs in order; no ESC [200~ junk reaches the line.
    @Test(arguments: ["xterm-256color", "screen-256color", "vt220"])
    func aPastedBlockIsHeldUntilEnterThenRunsLineByLine(term: String) throws {
        let terminal = try startWX(["TERM": term])
        try terminal.paste("units\nfavs\n")
        try terminal.wait(for: "the block shown") { $0.hasSuffix("wx> units\nfavs") }
        usleep(300_000)
        #expect(!(try terminal.screen()).contains("24h clock"), "nothing runs before Enter")
        try terminal.send("Enter")
        try terminal.wait(for: "both lines ran") {
            $0.contains("units metric: °C, km/h, mm, hPa, km, 24h clock\nno favorites yet") && $0.hasSuffix("wx>")
        }
        try terminal.send("Up")
        try terminal.wait(for: "the last pasted line in the history") { $0.hasSuffix("wx> favs") }
    }

    /// Item 13: keys typed while `watch` runs are kept for the next prompt (Ctrl-C does not
    /// flush them).
    @Test func keysTypedDuringWatchAreKeptForTheNextPrompt() throws {
        let server = try FixtureServer()
        let terminal = try TerminalSession.wxAfterFindingHamburg(server, home: home, ["NO_COLOR": "1"])
        try terminal.send("watch 5", "Enter")
        try terminal.wait(for: "watching") { $0.contains("watching every 5 min; Ctrl-C stops") }
        try terminal.send("units")
        usleep(200_000)
        try terminal.send("C-c")
        try terminal.wait(for: "the typed keys at the prompt") { $0.hasSuffix("stopped watching\nwx> units") }
    }

    /// Item 13: a request that takes more than a second says what wx waits for, and the line
    /// goes when the answer comes.
    @Test func aSlowAnswerShowsAWaitingLineThatGoesWithTheAnswer() throws {
        let server = try FixtureServer()
        let terminal = try TerminalSession.wxAfterFindingHamburg(server, home: home)
        try server.queue(
            .recorded(
                "/v1/forecast", "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json",
                latitude: FixtureServer.Answer.hamburg.latitude, longitude: FixtureServer.Answer.hamburg.longitude,
                delayMilliseconds: 2_500))
        try terminal.send("show", "Enter")
        try terminal.wait(for: "the waiting line") {
            $0.hasSuffix("wx> show\nwaiting for Open-Meteo… (Ctrl-C cancels)")
        }
        try terminal.wait(for: "the answer") {
            $0.contains("Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST") && $0.hasSuffix("wx>")
        }
        #expect(!(try terminal.screen()).contains("waiting for"))
        #expect((try terminal.screen()).contains("wx> show\nElbphilharmonie, Hamburg"))
    }

    /// Item 14: `help` taller than the terminal goes through $WX_PAGER (here a visible stand-in
    /// for less); `units` does not.
    @Test func longHelpGoesThroughThePager() throws {
        let terminal = try startWX(["WX_PAGER": "sed 's/^/paged: /'"])
        try terminal.send("help", "Enter")
        try terminal.wait(for: "the paged help") { $0.contains("paged:   quit ") && $0.hasSuffix("wx>") }
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units, not paged") {
            $0.hasSuffix("wx> units\nunits metric: °C, km/h, mm, hPa, km, 24h clock\nwx>")
        }
    }
}

/// Issue 22 item 7: a ~/.editrc that is not a regular file is not handed to libedit. On the old
/// code a FIFO there blocked wx before its prompt, and /dev/zero made it grow without bound.
@Suite(.tags(.terminal)) struct EditrcKindTerminalTests {
    let home = TemporaryFolder()

    @Test(arguments: ["fifo", "/dev/zero"])
    func anEditrcThatIsNoFileIsSaidAndSkipped(kind: String) throws {
        let editrc = home.path + "/.editrc"
        if kind == "fifo" {
            #expect(mkfifo(editrc, 0o600) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: editrc, withDestinationPath: kind)
        }
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary, "--offline"],
            environment: ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        let reason = kind == "fifo" ? "it is a FIFO, not a regular file" : "it is a device, not a regular file"
        // "warning: " as every other start-up notice (the locale's, the state file's), no "wx: ".
        let screen = try terminal.screen()
        #expect(screen.contains("\nwarning: \(editrc) not read: \(reason)") || screen.hasPrefix("warning: \(editrc)"))
        #expect(!screen.contains("wx: warning:"), "\(screen)")
    }
}

/// Issue 22 item 11: a pager that cannot start loses nothing. On the old code `PAGER=nonexistent`
/// swallowed `help`: the shell started, its command was not found, and the text was gone.
@Suite(.tags(.terminal)) struct PagerFallbackTests {
    let home = TemporaryFolder()

    @Test func aPagerThatCannotStartFallsBackToPrinting() throws {
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary, "--offline"],
            environment: [
                "WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path, "PAGER": "wx-no-such-pager",
            ])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("help", "Enter")
        try terminal.wait(for: "help, unpaged") { $0.contains("  quit ") && $0.hasSuffix("wx>") }
        let screen = try terminal.screen(scrollback: 200)
        #expect(
            screen.contains(
                "warning: the pager “wx-no-such-pager” could not be started; the output follows unpaged"
            ))
        // Only wx's line: the shell is not started to say “not found” as well (issue 24, a new
        // user's trial).
        #expect(!screen.contains("not found"), "\(screen)")
    }

    /// Issue 24 (trial 6): the less wx runs by itself gets LESSSECURE=1, so a stray `s` cannot
    /// write a file; with PAGER set, the pager gets the environment as it was. A stand-in `less`
    /// on PATH shows what it was given.
    @Test func theLessWxChoosesGetsLessSecure() throws {
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let stand = bin + "/less"
        try "#!/bin/sh\ncat >/dev/null\necho \"less $*: LESSSECURE=${LESSSECURE-unset}\"\n".write(
            toFile: stand, atomically: true, encoding: .utf8)
        #expect(chmod(stand, 0o755) == 0)
        for (extra, expected) in [
            ([String: String](), "less -FRX: LESSSECURE=1"), (["PAGER": "less"], "less : LESSSECURE=unset"),
        ] {
            let terminal = try TerminalSession(
                program: [TestPaths.wxBinary, "--offline"],
                environment: [
                    "WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path,
                    "PATH": bin + ":/usr/bin:/bin",
                ]
                .merging(extra) { $1 })
            try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
            try terminal.send("help", "Enter")
            try terminal.wait(for: "the stand-in pager's line") { $0.contains("LESSSECURE=") && $0.hasSuffix("wx>") }
            #expect(try terminal.screen().contains(expected), "\(extra)")
        }
    }
}
