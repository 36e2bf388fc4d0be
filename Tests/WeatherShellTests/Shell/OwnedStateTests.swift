import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The session and the runner keep only what is theirs: the rest is held by small owned parts,
/// each with its own state (the clocks, the persistence, the providers; the output's
/// redirection, the terminal, error lines, timing, files of commands, the history's recording
/// and expansion). Counted by reflection on live instances, so a stored property added anywhere
/// is counted. A feature's handler is given what it reads, never the session or the runner.
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
            ("HistoryRecording", runner.recording), ("HistoryExpansion", runner.historyExpansion),
            ("StartupFile", StartupFile(path: "wxrc")),
            ("CommandFile", CommandFile(path: "f", what: "file", quitEnds: true)),
            ("Watch", Watch(minutes: 10, alerts: [ChanceAlert(kind: .rain, thresholdPercent: 30)], notify: true)),
        ]
        for (name, part) in parts {
            let stored = storedProperties(part)
            #expect(stored.count <= 12, "\(name): \(stored)")
        }
    }

    /// The handlers the routing makes hold neither the session nor the runner, and at most ten
    /// stored properties: each is given its service slots, the place resolver, the clocks and
    /// what else it reads.
    @Test func theHandlersTheRoutingMakesHoldNoSession() {
        let session = makeTestSession(home: home)
        let handlers: [(String, Any)] = [
            ("PlacesHandler", session.placesHandler), ("WeatherHandler", session.weatherHandler),
            ("LineHandler", session.lineHandler), ("ChangedHandler", session.changedHandler),
            ("BriefHandler", session.briefHandler),
            ("DecisionRouting", session.decisionRouting),
            ("AboutHandler", session.aboutHandler),
            ("PastHandler", session.pastHandler), ("RunsHandler", session.runsHandler),
            ("EnsembleHandler", session.ensembleHandler), ("WarningsHandler", session.warningsHandler),
            ("DoctorHandler", session.doctorHandler), ("ExchangeHandler", session.exchangeHandler),
            ("FavoritesHandler", session.favoritesHandler), ("SettingsHandler", session.settingsHandler),
            ("SnapshotsHandler", session.snapshotsHandler), ("WarningBannerHandler", session.warningBannerHandler),
            ("PlaceResolver", session.places),
        ]
        for (name, handler) in handlers {
            let stored = storedProperties(handler)
            #expect(stored.count <= 10, "\(name): \(stored)")
            for child in Mirror(reflecting: handler).children {
                #expect(!(child.value is WeatherSession), "\(name).\(child.label ?? "?") is the session")
                #expect(!(child.value is ShellRunner), "\(name).\(child.label ?? "?") is the runner")
            }
        }
    }

    /// Read from the source, so a handler not yet listed above is checked too: no type in
    /// Features/ named …Handler declares a stored property of the session's or the runner's
    /// type, and no family is handled by an extension of the session any more.
    @Test func noHandlerTypeInFeaturesHoldsTheSession() throws {
        let features = TestPaths.packageRoot.appendingPathComponent("Sources/WeatherShell/Features")
        let files = try FileManager.default.subpathsOfDirectory(atPath: features.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let handlerType = try Regex(
            #"(?m)^\s*(?:@\w+\s+)*(?:package\s+|internal\s+)?(?:final\s+)?(?:struct|class|actor)\s+\w*Handler\b"#)
        let holdsSession = try Regex(
            #"(?m)^\s*(?:package\s+|internal\s+|private\s+)?(?:let|var)\s+\w+\s*:\s*(?:WeatherSession|ShellRunner)\b"#)
        var handlerFiles = 0
        var extensionFamilies: Set<String> = []
        for file in files {
            let text = try String(contentsOf: features.appendingPathComponent(file), encoding: .utf8)
            if text.contains(handlerType) {
                handlerFiles += 1
                let holds = text.contains(holdsSession)
                #expect(!holds, "\(file): a handler holding the session or the runner")
            }
            if text.contains("extension WeatherSession") {
                extensionFamilies.insert(String(file.split(separator: "/")[0]))
            }
        }
        #expect(handlerFiles >= 12, "handler types found in \(handlerFiles) files")
        #expect(extensionFamilies.isEmpty, "session extensions in \(extensionFamilies.sorted())")
    }
}
