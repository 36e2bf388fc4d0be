import Foundation
import Testing
import WeatherTestSupport

/// Ctrl-C while a command runs shows "^C" and a line end where it was pressed, as a shell's
/// terminal does, before the command's "cancelled" and the next prompt — once, and the session
/// as it was. It stopped the command and showed no "^C": the terminal is in libedit's mode
/// while a command runs (its keys wait for the next prompt), which echoes nothing.
@Suite(.tags(.terminal)) struct InterruptEchoTerminalTests {
    let home = TemporaryFolder()

    /// `show` of coordinates whose forecast never comes, its waiting line shown, then Ctrl-C:
    /// waits for "^C", "cancelled" and the prompt, and expects "^C" on the screen once.
    func cancelAHangingShow(_ terminal: TerminalSession, server: FixtureServer) throws {
        try server.queue(.init(path: "/v1/forecast", fault: "hang", seconds: 60))
        try terminal.send("show 48.14,11.58", "Enter")
        try terminal.wait(for: "the waiting line", timeout: 15) { $0.hasSuffix("(Ctrl-C cancels)") }
        try terminal.send("C-c")
        try terminal.wait(for: "^C, cancelled and the prompt") {
            $0.hasSuffix("(Ctrl-C cancels)^C\nerror: “show 48.14,11.58” cancelled\nwx>")
        }
        let screen = try terminal.screen()
        #expect(screen.components(separatedBy: "^C").count == 2, "\(screen)")
    }

    /// A request that never answers, its waiting line shown: "^C" after it, then "cancelled"
    /// on a line of its own, then the prompt; the current location is still Hamburg's.
    @Test func ctrlCDuringARequestIsShown() throws {
        let server = try FixtureServer()
        let terminal = try TerminalSession.wxAfterFindingHamburg(server, home: home)
        try cancelAHangingShow(terminal, server: server)
        // Nothing of the session lost: the current location is the one `find` made.
        try terminal.send("fav", "Enter")
        try terminal.wait(for: "the current place, kept") {
            $0.hasSuffix("wx> fav\n★ Elbphilharmonie saved to favorites\nwx>")
        }
        try terminal.send("C-d")
        try terminal.wait(for: "exit") { $0.contains("EXIT=0") }
    }

    /// A terminal that echoes "^C" itself while a command runs (ECHO and ECHOCTL set in
    /// libedit's mode by ~/.editrc's `setty`): wx adds the line end alone, so "^C" shows once.
    @Test func aTerminalThatEchoesCtrlCItselfShowsItOnce() throws {
        let server = try FixtureServer()
        try "setty -d +echo +echoctl\n".write(toFile: home.path + "/.editrc", atomically: true, encoding: .utf8)
        let terminal = try TerminalSession.wxAtPrompt(server, home: home)
        try cancelAHangingShow(terminal, server: server)
    }

    /// Ctrl-C at the prompt is the line editor's, shown once ("wx> abc^C"), not again by the
    /// running command's echo (none runs).
    @Test func ctrlCAtThePromptIsShownOnce() throws {
        let server = try FixtureServer()
        let terminal = try TerminalSession.wxAtPrompt(server, home: home)
        try terminal.send("abc")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> abc") }
        try terminal.send("C-c")
        try terminal.wait(for: "a fresh prompt") { $0.hasSuffix("wx> abc^C\nwx>") }
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units") { $0.hasSuffix("24h clock\nwx>") }
        let screen = try terminal.screen()
        #expect(screen.components(separatedBy: "^C").count == 2, "\(screen)")
    }
}
