import Foundation
import Testing
import WeatherTestSupport

/// Trial 5's findings at a real terminal (tmux).
@Suite(.tags(.terminal)) struct ShellFindingsTerminalTests {
    let home = TemporaryFolder()

    /// wx --offline in a fresh terminal, at its first prompt.
    func startWX() throws -> TerminalSession {
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary, "--offline"],
            environment: ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        return terminal
    }

    /// Item 2: a long line pasted without bracketed paste kept the prompt busy for minutes (each
    /// character cost the whole line again). Past 4096 characters the editor takes no more, and
    /// Enter refuses the line as a bracketed paste or a script's line is refused.
    @Test func anUnbracketedPastePastTheLimitIsRefusedAtOnce() throws {
        let terminal = try startWX()
        try terminal.paste("find " + String(repeating: "c", count: 20_000), bracketed: false)
        try terminal.send("Enter")
        try terminal.wait(for: "the refusal", timeout: 30) {
            $0.contains("error: line too long: more than 4096 characters; nothing was run")
                && $0.hasSuffix("wx>")
        }
        // The prompt takes lines again.
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units") { $0.contains("units metric:") && $0.hasSuffix("wx>") }
    }

    /// Item 11: one Tab listed the candidates and a second listed them again. As readline (and
    /// README: "twice lists them"): the first Tab completes what all have in common, or rings;
    /// the second in a row lists.
    @Test func theFirstTabCompletesTheCommonPartTheSecondLists() throws {
        let terminal = try startWX()
        try terminal.send("fa", "Tab")
        try terminal.wait(for: "the common part") { $0.hasSuffix("wx> fav") }
        try terminal.send("C-u", "fav", "Tab", "!")
        try terminal.wait(for: "a key after a Tab that adds nothing") { $0.hasSuffix("wx> fav!") }
        #expect(!(try terminal.screen()).contains("favs"), "one Tab lists nothing")
        try terminal.send("BSpace", "Tab", "Tab")
        try terminal.wait(for: "the list") { $0.contains("fav") && $0.contains("favs\n") && $0.hasSuffix("wx> fav") }
    }
}
