import Foundation
import Testing
import WeatherTestSupport

/// wx at a real terminal (tmux): tab completion, history from earlier sessions, Ctrl-C, Ctrl-D.
@Suite(.tags(.terminal)) struct TerminalTests {
    @Test func completionCancellationAndEndOfInput() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let now = "2025-07-27T03:10:00Z"
        // A script, whose lines go into the history (`wx -c` lines do not).
        let setup = try runWX(
            stdin: "find Hamburg; fav; fav rename Elbphilharmonie \"Elbe Concert Hall\"\n", home: home, server: server,
            now: now)
        #expect(setup.status == 0)

        var environment = server.environment
        environment["WX_HOME"] = home.path
        environment["WX_NOW"] = now
        environment["WX_TIMEOUT"] = "20"
        let terminal = try TerminalSession(environment: environment)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }

        // Up-arrow recalls the line from the earlier (scripted) session, whole.
        try terminal.send("Up")
        try terminal.wait(for: "history recall") {
            $0.hasSuffix("wx> find Hamburg; fav; fav rename Elbphilharmonie \"Elbe Concert Hall\"")
        }
        try terminal.send("C-c")
        try terminal.wait(for: "a fresh prompt after Ctrl-C") { $0.hasSuffix("wx>") }

        // Tab completes a favorite whose name has spaces.
        try terminal.send("show Elbe C", "Tab")
        try terminal.wait(for: "completion") { $0.hasSuffix("wx> show Elbe Concert Hall") }
        try terminal.send("Enter")
        try terminal.wait(for: "the weather") {
            $0.contains("Elbe Concert Hall, Hamburg, Deutschland · Sun 05:10 CEST") && $0.hasSuffix("wx>")
        }

        // Ctrl-C during a request that never gets an answer: back at the prompt at once.
        try server.queue(.init(path: "/v1/forecast", fault: "hang", seconds: 60))
        try terminal.send("show 48.14,11.58", "Enter")
        usleep(800_000)
        try terminal.send("C-c")
        let seconds = try terminal.wait(for: "cancellation", timeout: 5) {
            $0.contains("error: “show 48.14,11.58” cancelled") && $0.hasSuffix("wx>")
        }
        #expect(seconds < 2)

        // The shell still works, and Ctrl-D ends it with status 0.
        try terminal.send("favs", "Enter")
        try terminal.wait(for: "favorites") { $0.contains("★ Elbe Concert Hall") && $0.hasSuffix("wx>") }

        // A favorite another wx saved meanwhile completes at the next Tab.
        let other = try runWX(["-c", "find London; fav"], home: home, server: server, now: now)
        #expect(other.status == 0)
        try terminal.send("show Prime", "Tab")
        try terminal.wait(for: "completion of the other shell's favorite") {
            $0.hasSuffix("wx> show Prime Minister’s Office")
        }
        try terminal.send("C-a", "C-k")
        try terminal.wait(for: "an empty line") { $0.hasSuffix("wx>") }

        // Ctrl-C on a half-typed line after commands have run (the main actor is then on
        // another thread than the first): the line is dropped with ^C, as bash shows it, and a
        // fresh prompt comes, once.
        try terminal.send("abc")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> abc") }
        try terminal.send("C-c")
        try terminal.wait(for: "a fresh prompt") { $0.hasSuffix("wx> abc^C\nwx>") }
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units") {
            $0.hasSuffix("wx> units\nunits metric: °C, km/h, mm, hPa, km, 24h clock\nwx>")
        }
        // Ctrl-D inside a line deletes the character under the cursor (UTF-8 aware) …
        try terminal.send("héllo", "Left", "Left", "Left", "Left", "C-d", "C-d")
        try terminal.wait(for: "deletion") { $0.hasSuffix("wx> hlo") }
        try terminal.send("C-a", "C-k")
        try terminal.wait(for: "an empty line") { $0.hasSuffix("wx>") }
        // … and on an empty line ends the shell, leaving no "^D" on the screen.
        try terminal.send("C-d")
        try terminal.wait(for: "exit") { $0.contains("EXIT=0") }
        #expect(!(try terminal.screen()).contains("^D"))
    }

    @Test func watchRefreshesUntilCtrlC() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        var environment = server.environment
        environment["WX_HOME"] = home.path
        environment["WX_NOW"] = "2025-07-27T03:10:00Z"
        environment["NO_COLOR"] = "1"  // no clearing between refreshes, so the scrollback shows each
        // The start-up file runs after the banner, before the first prompt, its errors naming the line.
        try "units imperial\nfrobnicate\n".write(toFile: home.path + "/wxrc", atomically: true, encoding: .utf8)
        let terminal = try TerminalSession(environment: environment)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        let start = try terminal.screen()
        #expect(
            start.hasSuffix(
                "Ctrl-D quits.\n"
                    + "error: \(home.path)/wxrc:2: unknown command “frobnicate”; type “help” for the list\nwx>"),
            "\(start)")
        // The start-up file's `units imperial` took effect, without a line at every start.
        try terminal.send("units", "Enter")
        try terminal.wait(for: "imperial") {
            $0.hasSuffix("wx> units\nunits imperial: °F, mph, in, inHg, mi, 12h clock\nwx>")
        }
        try terminal.send("units metric", "Enter")
        try terminal.wait(for: "metric") { $0.hasSuffix("24h clock\nwx>") }
        try terminal.send("find Hamburg", "Enter")
        try terminal.wait(for: "the candidates") { $0.contains("1  Elbphilharmonie") && $0.hasSuffix("wx>") }
        // Every 3 seconds.
        try terminal.send("watch 0.05", "Enter")
        try terminal.wait(for: "two refreshes", timeout: 15) { _ in
            let text = (try? terminal.screen(scrollback: 200)) ?? ""
            return text.components(separatedBy: "watching every 3 s; Ctrl-C stops").count - 1 >= 2
        }
        let refreshes =
            try terminal.screen(scrollback: 200).components(
                separatedBy: "Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST"
            ).count - 1
        #expect(refreshes >= 2)
        try terminal.send("C-c")
        let seconds = try terminal.wait(for: "the prompt after Ctrl-C", timeout: 5) {
            $0.hasSuffix("stopped watching\nwx>")
        }
        #expect(seconds < 2)
        // The shell goes on.
        try terminal.send("favs", "Enter")
        try terminal.wait(for: "favs") {
            $0.hasSuffix("wx> favs\nno favorites yet: “fav” saves the current location\nwx>")
        }
        try terminal.send("C-d")
        try terminal.wait(for: "exit") { $0.contains("EXIT=0") }
    }

    /// Issue 12 item 1: Ctrl-C during a Ctrl-R history search ended wx (libedit ends the search
    /// as if at the end of input). As in bash, it shows ^C and a fresh prompt; the session's
    /// current place is kept.
    @Test func ctrlCInAHistorySearchGivesAFreshPrompt() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let terminal = try TerminalSession.wxAfterFindingHamburg(server, home: home)
        try terminal.send("C-r", "find")
        try terminal.wait(for: "the search") { $0.hasSuffix("find") }
        try terminal.send("C-c")
        // "^C" ends the search's row, as it ends an edited line; it came on a row of its own
        // under "bck:find" (trial 11).
        try terminal.wait(for: "a fresh prompt") { $0.hasSuffix("\nbck:find^C\nwx>") && !$0.contains("EXIT=") }
        try terminal.send("fav", "Enter")
        try terminal.wait(for: "the current place, kept") {
            $0.hasSuffix("wx> fav\n★ Elbphilharmonie saved to favorites\nwx>")
        }
        try terminal.send("C-d")
        try terminal.wait(for: "exit") { $0.contains("EXIT=0") }
    }

    /// Under a program that is not a job-control shell (`make run`), Ctrl-C at the prompt
    /// reaches wx alone: make goes on and ends with wx's status, 0.
    @Test func ctrlCUnderMakeIsForWxAlone() throws {
        let home = TemporaryFolder()
        let makefile = home.path + "/run.mk"
        try "run:\n\t\(TestPaths.wxBinary) --offline\n".write(toFile: makefile, atomically: true, encoding: .utf8)
        let terminal = try TerminalSession(
            program: ["/usr/bin/make", "-s", "-f", makefile, "run"],
            environment: ["WX_HOME": home.path, "PATH": "/usr/bin:/bin"])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("C-c")
        try terminal.wait(for: "a fresh prompt") { $0.hasSuffix("wx> ^C\nwx>") }
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units") { $0.hasSuffix("24h clock\nwx>") }
        try terminal.send("C-d")
        try terminal.wait(for: "make's exit") { $0.contains("EXIT=0") }
    }
}
