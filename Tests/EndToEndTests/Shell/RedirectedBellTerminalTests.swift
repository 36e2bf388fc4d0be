import Foundation
import Testing
import WeatherTestSupport

/// Trial 58: `watch --rain` with standard output redirected (`wx > out.txt`, the prompt on
/// standard error) wrote the bell into the results: "^G⚑ rain ≥ 1 mm over tomorrow …". README:
/// standard output then gets the results alone, no control characters. The bell goes to the
/// terminal on standard error instead.
@Suite(.tags(.terminal)) struct RedirectedBellTerminalTests {
    @Test func theBellIsNotWrittenIntoRedirectedResults() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        var environment = server.environment
        environment["WX_HOME"] = home.path
        environment["HOME"] = home.path
        environment["XDG_RUNTIME_DIR"] = home.path
        // Fri 23 Oct 2026: 27 of 51 of the Paris ensemble's members are wet tomorrow, over 10 %.
        environment["WX_NOW"] = CheckEndToEndTests.friday
        environment["NO_COLOR"] = "1"
        let script = "cd \(home.path); \(TestPaths.wxBinary) > out.txt; echo STATUS=$?"
        let terminal = try TerminalSession(program: ["/bin/sh", "-c", script], environment: environment)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("show \(CheckEndToEndTests.paris)", "Enter")
        try terminal.wait(for: "the forecast", timeout: 15) { _ in home.text("out.txt").contains("°C") }
        try terminal.send("watch 0.05 --rain 10% --notify", "Enter")
        try terminal.wait(for: "the alert", timeout: 15) { _ in home.text("out.txt").contains("rain ≥ 1 mm") }
        try terminal.send("C-c")
        try terminal.wait(for: "the prompt after Ctrl-C", timeout: 5) { $0.hasSuffix("wx>") }
        try terminal.send("C-d")
        try terminal.wait(for: "the end") { $0.contains("STATUS=0") }
        let results = home.text("out.txt")
        #expect(results.contains("⚑ rain ≥ 1 mm"), "\(results)")
        #expect(!results.contains("\u{07}"), "\(results.debugDescription)")
        #expect(!results.contains("\u{1B}"), "\(results.debugDescription)")
    }
}
