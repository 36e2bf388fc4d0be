import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `watch --notify` (issue 36): a line that crosses a threshold raises a desktop notification —
/// the terminal's escape by the rule `help watch` states, and `notify-send` through an injected
/// program — besides the bell; on a `TestClock`, with a fake program that fails on any call
/// nobody planned.
@MainActor
@Suite(.hangLimit, .tags(.unit)) struct WatchNotifyTests {
    let console = TestConsole()

    /// Records each run; a run beyond `planned` is an issue.
    final class FakeNotifier: NotifierProgram {
        var planned: Int
        var calls: [(path: String, arguments: [String])] = []
        init(planned: Int) { self.planned = planned }
        func run(_ path: String, arguments: [String]) -> Bool {
            calls.append((path, arguments))
            if calls.count > planned {
                Issue.record("notify-send run \(calls.count) times, \(planned) planned: \(arguments)")
            }
            return true
        }
    }

    @Test func theParserReadsNotifyWithOrWithoutThresholds() throws {
        #expect(try CommandParser.parse("watch --notify") == .watchNotifying(10, []))
        #expect(
            try CommandParser.parse("watch 5 --rain 30% --notify")
                == .watchNotifying(5, [ChanceAlert(kind: .rain, thresholdPercent: 30)]))
        #expect(
            try CommandParser.parse("watch 5 --rain 30%")
                == .watchChance(5, [ChanceAlert(kind: .rain, thresholdPercent: 30)]))
    }

    @Test func theEscapeFollowsTheRuleInHelp() {
        func escape(_ terminal: Bool, _ variables: [String: String]) -> DesktopNotification.Escape? {
            DesktopNotification.escape(outputIsTerminal: terminal, variable: { variables[$0] })
        }
        #expect(escape(false, ["TERM": "xterm-256color"]) == nil)
        #expect(escape(true, ["TERM": "dumb"]) == nil)
        #expect(escape(true, ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .osc9)
        #expect(escape(true, ["TERM": "rxvt-unicode-256color"]) == .osc777)
        #expect(escape(true, ["TERM": "foot"]) == .osc777)
        #expect(escape(true, ["TERM": "xterm-256color", "VTE_VERSION": "7600"]) == .osc777)
        // Text from a service cannot end the escape early, nor add a field: a sequence in it is
        // removed whole (issue 37), its semicolons never reach the fields.
        #expect(
            DesktopNotification.sequence(.osc777, title: "wx: A;B", body: "rain\u{07}\u{1B}]0;x")
                == "\u{1B}]777;notify;wx: A,B;rain\u{07}")
        #expect(DesktopNotification.sequence(.osc9, title: "wx", body: "frost") == "\u{1B}]9;wx: frost\u{07}")
    }

    /// `notify-send` is looked for on `PATH` when the first notification needs it, once, not
    /// at the start of every `wx`.
    @Test func notifySendIsLookedForAtTheFirstNotificationOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wx-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("notify-send").path
        #expect(FileManager.default.createFile(atPath: program, contents: Data("#!/bin/sh\n".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        nonisolated(unsafe) var lookups = 0
        var notification = DesktopNotification(
            escape: nil,
            searchPath: {
                lookups += 1
                return "/nonexistent:" + folder.path
            }, program: nil)
        #expect(lookups == 0)
        #expect(notification.notifySend == program)
        #expect(notification.notifySend == program)
        #expect(lookups == 1)
        var none = DesktopNotification(escape: nil, searchPath: { "/nonexistent" }, program: nil)
        #expect(none.notifySend == nil)
    }

    @Test func aCrossingRaisesOneNotificationBesidesTheBell() async throws {
        // Hamburg current, its forecast from a fake and the ensemble over a fake transport, on
        // WatchChanceTests' clock.
        let setup = WatchChanceTests()
        let clock = setup.clock
        let place = WatchChanceTests.hamburg[0]
        let (session, transport) = try await setup.sessionAtHamburg()
        transport.expect(
            "http://ens/v1/ensemble",
            body: TestPaths.fixture("open-meteo-ensemble/hamburg-ecmwf-ifs025-51-members-hand-written.json"))
        let notifier = FakeNotifier(planned: 1)
        let runner = ShellRunner(session: session, output: console, format: .text, colour: false, unicode: true)
        // A terminal's standard output: the bell is written there (elsewhere, on standard error).
        runner.outputIsTerminal = true
        runner.desktopNotification = DesktopNotification(
            escape: .osc9, notifySend: "/usr/bin/notify-send", program: notifier)
        let watching = Task { await runner.run(line: "watch 60 --rain 30% --notify") }
        await clock.waitForSleepers()
        // Tomorrow 19 of 51 members wet (37 %): the bell, the line, and the notification.
        let line = "rain ≥ 1 mm over tomorrow: 19 of 51 members (37 %), at or above 30 %"
        #expect(console.output.contains("\u{07}⚑ \(line)\n"), "\(console.output)")
        #expect(console.output.contains("\u{1B}]9;wx: \(place.name): ⚑ \(line)\u{07}"), "\(console.output)")
        #expect(notifier.calls.count == 1)
        #expect(notifier.calls.first?.path == "/usr/bin/notify-send")
        #expect(notifier.calls.first?.arguments == ["--app-name=wx", "--", "wx: \(place.name)", "⚑ \(line)"])
        // An hour on, nothing crossed: no more notifications (the fake fails on one).
        clock.advance(by: .seconds(3_600))
        await clock.waitForSleepers()
        #expect(notifier.calls.count == 1)
        watching.cancel()
        #expect(await watching.value == .succeeded)
    }
}
