import Foundation
import Testing
import WeatherTestSupport

/// wx waiting at its prompt with nothing scheduled wakes for nothing: no timer is set anywhere in
/// the process. (libdispatch's pool monitor, once any global queue had started a thread, kept a
/// one-second timer armed for the life of the process: the shell woke every second at the prompt.)
///
/// Read from the kernel's side, without waiting: every timerfd the process holds, as
/// /proc/<pid>/fdinfo shows its setting.
@Suite(.tags(.terminal)) struct IdlePromptTerminalTests {
    let home = TemporaryFolder()

    /// The timerfds of `pid` that are set to go off, as "fd N: it_value: (s, ns)" (empty: none).
    func armedTimers(of pid: pid_t) throws -> [String] {
        let folder = "/proc/\(pid)/fdinfo"
        var armed: [String] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard let info = try? String(contentsOfFile: "\(folder)/\(entry)", encoding: .utf8),
                info.contains("clockid:"),
                let value = info.split(separator: "\n").first(where: { $0.hasPrefix("it_value:") })
            else { continue }
            if value.filter(\.isNumber) != "00" { armed.append("fd \(entry): \(value)") }
        }
        return armed
    }

    @Test func noTimerIsSetAtTheFirstPrompt() throws {
        let terminal = try TerminalSession.offlineWX(home: home, after: [])
        let pid = try #require(try terminal.processID(of: TestPaths.wxBinary))
        #expect(try armedTimers(of: pid) == [])
    }

    /// After commands that ran tasks off the main actor (`doctor`'s checks run in a task group),
    /// the prompt is as quiet.
    @Test func noTimerIsSetAtThePromptAfterCommands() throws {
        let terminal = try TerminalSession.offlineWX(home: home, after: ["doctor", "units", "favs"])
        let pid = try #require(try terminal.processID(of: TestPaths.wxBinary))
        #expect(try armedTimers(of: pid) == [])
    }
}
