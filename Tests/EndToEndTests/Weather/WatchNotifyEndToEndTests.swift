import Foundation
import Testing
import WeatherTestSupport

/// `watch --notify` at a terminal (issue 36's trial): a notify-send that hangs — no notification
/// daemon answering — must not hold watch. The fake notify-send logs its call and then waits on
/// a pipe nobody writes to; watch goes on refreshing every 3 seconds, and Ctrl-C stops it at once.
@Suite(.tags(.endToEnd))
struct WatchNotifyEndToEndTests {
    @Test func aNotifySendThatHangsDoesNotHoldWatch() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let bin = TemporaryFolder()
        let log = bin.path + "/notify.log"
        let fifo = bin.path + "/never"
        #expect(mkfifo(fifo, 0o600) == 0)
        let fake = bin.path + "/notify-send"
        try "#!/bin/sh\necho \"notify $*\" >> \(log)\nread line < \(fifo)\n".write(
            toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        var environment = server.environment
        environment["WX_HOME"] = home.path
        // Fri 23 Oct 2026: 27 of 51 of the Paris ensemble's members are wet tomorrow, over 10 %.
        environment["WX_NOW"] = CheckEndToEndTests.friday
        environment["NO_COLOR"] = "1"
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        let terminal = try TerminalSession(environment: environment)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("show \(CheckEndToEndTests.paris)", "Enter")
        try terminal.wait(for: "the forecast", timeout: 15) { $0.hasSuffix("wx>") }
        try terminal.send("watch 0.05 --rain 10% --notify", "Enter")
        try terminal.wait(for: "the notification", timeout: 15) { _ in
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("notify")
        }
        // A refresh after the notification: watch did not wait for notify-send.
        try terminal.wait(for: "two refreshes", timeout: 15) { _ in
            let text = (try? terminal.screen(scrollback: 300)) ?? ""
            return text.components(separatedBy: "Ctrl-C stops").count - 1 >= 2
        }
        try terminal.send("C-c")
        let seconds = try terminal.wait(for: "the prompt after Ctrl-C", timeout: 5) { $0.hasSuffix("wx>") }
        #expect(seconds < 2)
        try terminal.send("C-d")
        try terminal.wait(for: "exit") { $0.contains("EXIT=0") }
        // Let the fake end.
        let pipe = open(fifo, O_WRONLY | O_NONBLOCK)
        if pipe >= 0 {
            _ = write(pipe, "\n", 1)
            close(pipe)
        }
    }
}
