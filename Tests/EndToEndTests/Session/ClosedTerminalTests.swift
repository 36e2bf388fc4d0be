import Foundation
import Testing
import WeatherTestSupport

/// nu61, faults 6 and 7, with wx at a real prompt (tmux) while this test holds `.wx.lock`.
///
/// 6. The terminal closed (SIGHUP) while another process held the lock: the history lines held
///    back meanwhile were lost, where Ctrl-D waits for the lock and writes them. SIGHUP and
///    SIGTERM now end the prompt as Ctrl-D does — the lines written once the lock is free, within
///    WX_TIMEOUT — and wx then dies of the signal, as before.
/// 7. The lock-wait notice was not fitted to the terminal: the terminal split it inside "Ctrl-C",
///    its second line not indented. It wraps between words, later lines indented.
@Suite(.tags(.terminal))
struct ClosedTerminalTests {
    typealias HeldLock = LockWaitEndToEndTests.HeldLock

    func wxAtPrompt(home: TemporaryFolder) throws -> TerminalSession {
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary],
            environment: [
                "WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path + "/run", "WX_TIMEOUT": "60",
            ])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        return terminal
    }

    func run(_ line: String, at terminal: TerminalSession) throws {
        try terminal.send(line, "Enter")
        try terminal.wait(for: line, timeout: 20) { $0.contains("wx> \(line)\n") && $0.hasSuffix("wx>") }
    }

    func log(_ home: TemporaryFolder) -> String {
        (try? String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)) ?? ""
    }

    @Test(arguments: [SIGHUP, SIGTERM])
    func aSignalWritesTheHeldLinesOnceTheLockIsFree(signal: Int32) throws {
        let home = TemporaryFolder()
        let terminal = try wxAtPrompt(home: home)
        try run("units", at: terminal)
        let lock = HeldLock(in: home.path)
        var released = false
        defer { if !released { lock.release() } }
        try run("favs", at: terminal)
        try run("history 2", at: terminal)
        #expect(!log(home).contains("history 2"), "held back while the lock is held")
        let pid = try #require(try terminal.processID(of: TestPaths.wxBinary))
        kill(pid, signal)
        // wx waits for the lock, as after Ctrl-D, saying so; the lines are not written yet.
        try terminal.wait(for: "the lock-wait notice", timeout: 20) { $0.contains("waiting for") }
        #expect(!log(home).contains("history 2"))
        lock.release()
        released = true
        try terminal.wait(for: "wx to end", timeout: 30) { $0.contains("EXIT=") }
        // Died of the signal, as before: the shell says 128 + its number.
        let screen = try terminal.screen()
        #expect(screen.contains("EXIT=\(128 + signal)"), "\(screen)")
        let written = log(home)
        #expect(written.contains(#""line":"favs""#), "\(written)")
        #expect(written.contains(#""line":"history 2""#), "\(written)")
    }

    @Test func theLockWaitNoticeWrapsBetweenWords() throws {
        let home = TemporaryFolder()
        let terminal = try wxAtPrompt(home: home)
        try terminal.resize(columns: 60, rows: 30)
        try run("units", at: terminal)
        let lock = HeldLock(in: home.path)
        defer { lock.release() }
        try run("favs", at: terminal)
        try terminal.send("C-d")
        try terminal.wait(for: "the lock-wait notice", timeout: 20) { $0.contains("cancels)") }
        let lines = try terminal.screen().split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("waiting for ") })
        let last = try #require(lines.firstIndex { $0.contains("cancels)") })
        #expect(last > first, "\(lines)")
        // Every later line indented two spaces, "(Ctrl-C cancels)" whole on one of them.
        for line in lines[(first + 1)...last] { #expect(line.hasPrefix("  "), "\(lines)") }
        #expect(lines[last].contains("(Ctrl-C cancels)"), "\(lines)")
        #expect(lines[first...last].allSatisfy { $0.count <= 60 }, "\(lines)")
    }
}
