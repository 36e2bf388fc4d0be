import Foundation
import Testing
import WeatherTestSupport

/// Trial 15: wx at a terminal with its standard output redirected (`wx > out.txt`, `wx | cat`).
/// On the old code the screen showed only the echoed typing — no banner, no prompt, no line
/// editing (libedit edits only where it draws, and it drew on standard output) — and the file
/// held the banner and bracketed paste's escape codes before the results. Now the prompt is
/// drawn on standard error, or on /dev/tty when that is no terminal either, and the file gets the
/// results alone.
@Suite(.tags(.terminal)) struct RedirectedOutputTerminalTests {
    let home = TemporaryFolder()

    /// `wx --offline` run by `sh -c` as `redirection` says, in `home`; "STATUS=…" when it ends.
    func startWX(_ redirection: String) throws -> TerminalSession {
        let script = "cd \(home.path); \(TestPaths.wxBinary) --offline \(redirection); echo STATUS=$?"
        let terminal = try TerminalSession(
            program: ["/bin/sh", "-c", script],
            environment: ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path])
        try terminal.wait(for: "the banner and the prompt") { $0.hasSuffix("Ctrl-D quits.\nwx>") }
        return terminal
    }

    @Test(arguments: ["> out.txt", "| cat > out.txt"])
    func thePromptIsOnTheTerminalAndTheFileGetsTheResultsAlone(redirection: String) throws {
        let terminal = try startWX(redirection)
        // The line is edited at the prompt (Ctrl-A), as on a terminal's standard output.
        try terminal.send("nits", "C-a", "u", "Enter")
        try terminal.wait(for: "the next prompt") { $0.hasSuffix("wx> units\nwx>") }
        try terminal.send("help unitz", "Enter")
        try terminal.wait(for: "the error, on the terminal") {
            $0.hasSuffix("wx> help unitz\nerror: unknown command “unitz”; did you mean “units”?\nwx>")
        }
        try terminal.send("C-d")
        try terminal.wait(for: "the end") { $0.contains("STATUS=0") }
        #expect(home.text("out.txt") == "units metric: °C, km/h, mm, hPa, km, 24h clock\n")
    }

    /// Neither standard output nor standard error a terminal: the prompt is drawn on /dev/tty,
    /// and the file gets the results and the errors, without an escape code.
    @Test func withStandardErrorRedirectedTooThePromptIsOnTheControllingTerminal() throws {
        let terminal = try startWX("> out.txt 2>&1")
        try terminal.send("units", "Enter")
        try terminal.wait(for: "the next prompt") { $0.hasSuffix("wx> units\nwx>") }
        try terminal.send("help unitz", "Enter")
        try terminal.wait(for: "the next prompt") { $0.hasSuffix("wx> help unitz\nwx>") }
        try terminal.send("C-d")
        try terminal.wait(for: "the end") { $0.contains("STATUS=0") }
        #expect(
            home.text("out.txt")
                == "units metric: °C, km/h, mm, hPa, km, 24h clock\n"
                + "error: unknown command “unitz”; did you mean “units”?\n")
    }
}
