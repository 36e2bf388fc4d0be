import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The session and the runner keep only what is theirs: the rest is held by small owned parts,
/// each with its own state (the clocks, the persistence, the providers; the output's
/// redirection, the terminal, error lines, timing, files of commands, the history's recording).
/// Counted by reflection on live instances, so a stored property added anywhere is counted.
@MainActor @Suite(.tags(.unit)) struct OwnedStateTests {
    let home = TemporaryFolder()

    /// The number of stored properties of `value`'s type (its instance's reflected children).
    func storedProperties(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.map { $0.label ?? "?" }
    }

    @Test func theSessionKeepsAtMostTenStoredProperties() {
        let session = makeTestSession(home: home)
        let stored = storedProperties(session)
        #expect(stored.count <= 10, "WeatherSession: \(stored)")
        for part in [storedProperties(session.clocks), storedProperties(session.persistence)] {
            #expect(part.count <= 12, "\(part)")
        }
    }

    @Test func noTypeOfTheRunnerKeepsMoreThanTwelve() {
        let runner = ShellRunner(
            session: makeTestSession(home: home), output: TestConsole(), format: .text, colour: false, unicode: true)
        let parts: [(String, Any)] = [
            ("ShellRunner", runner), ("OutputRedirection", runner.redirection), ("TerminalTraits", runner.terminal),
            ("ErrorLines", runner.errors), ("CommandTiming", runner.timing), ("FileReading", runner.files),
            ("HistoryRecording", runner.recording),
        ]
        for (name, part) in parts {
            let stored = storedProperties(part)
            #expect(stored.count <= 12, "\(name): \(stored)")
        }
    }
}
