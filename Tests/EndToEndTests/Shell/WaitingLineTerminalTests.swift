import Foundation
import Testing
import WeatherTestSupport

/// The waiting line at a real terminal (tmux) names the service wx waits on, for every command:
/// with every service at the loopback server's one base URL, a request to the ensemble was
/// named "Nominatim" (a guess from its path), though only /v1/ensemble was outstanding.
@Suite(.tags(.terminal)) struct WaitingLineTerminalTests {
    let home = TemporaryFolder()

    @Test func aHangingEnsembleIsNamedWhileWxWaitsForIt() throws {
        let server = try FixtureServer()
        let terminal = try TerminalSession.wxAtPrompt(server, home: home)
        // The place's name is asked (and kept) once, so the ensemble is all that is asked next.
        try terminal.send("show 48.85,2.35", "Enter")
        try terminal.wait(for: "the weather") { $0.contains("wx> show 48.85,2.35\n") && $0.hasSuffix("wx>") }
        try server.queue(.init(path: "/v1/ensemble", fault: "hang"))
        try terminal.send("confidence 48.85,2.35", "Enter")
        try terminal.wait(for: "the waiting line", timeout: 15) {
            $0.hasSuffix("wx> confidence 48.85,2.35\nwaiting for Open-Meteo ensemble… (Ctrl-C cancels)")
        }
        try terminal.send("C-c")
        try terminal.wait(for: "the prompt back") { $0.hasSuffix("wx>") }
        #expect(!(try terminal.screen()).contains("Nominatim"))
    }
}
