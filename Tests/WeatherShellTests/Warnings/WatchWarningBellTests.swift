import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The bell of `watch`'s warning banner is rung in one place, `ShellRunner.ringBell`, as a
/// chance over its threshold is: on standard output when that is the terminal, else on standard
/// error when that is one, else not at all. It was decided in two — the renderer wrote it into
/// the banner's first line when the results went to a terminal, and `watch` called `ringBell`
/// (standard error) when they did not.
@MainActor
@Suite(.hangLimit, .tags(.unit)) struct WatchWarningBellTests {
    let home = TemporaryFolder()
    let clock = TestClock(start: WarningSessionTests.now)
    let console = TestConsole()

    /// `watch 60` at Hamburg: the first look remembers no warning, the second (an hour on) finds
    /// Frost, a change that rings.
    func watch(outputIsTerminal: Bool, errorIsTerminal: Bool) async throws {
        let place = WarningSessionTests.hamburg[0]
        let frost = WarningSessionTests.warning("f1", "Frost", level: .yellow)
        let feed = ScriptedWarningFeed([.success([]), .success([frost])])
        var services = WeatherServices(
            geocoder: FakeGeocoder(places: ["Hamburg": WarningSessionTests.hamburg]),
            forecastProvider: FakeForecastProvider(forecasts: [
                place.coordinate: Recorded.newYorkForecast(at: place.coordinate)
            ]))
        services.warnings = WarningFeeds(nws: feed, brightSky: feed, eccc: feed, metNorway: feed, meteoAlarm: feed)
        let session = makeTestSession(home: home, services: services, clock: clock)
        _ = try await session.execute(.find("Hamburg"))
        let runner = ShellRunner(session: session, output: console, format: .text, colour: false, unicode: true)
        runner.outputIsTerminal = outputIsTerminal
        if errorIsTerminal { runner.errorWidth = { 80 } }
        let watching = Task { await runner.run(line: "watch 60") }
        await clock.waitForSleepers()
        #expect(!console.output.contains("new warning"), "\(console.output)")
        clock.advance(by: .seconds(3_600))
        await clock.waitForSleepers()
        watching.cancel()
        #expect(await watching.value == .succeeded)
        #expect(feed.callCount == 2)
        #expect(console.output.contains("⚠ new warning: Frost (yellow)"), "\(console.output)")
    }

    @Test func onATerminalTheBellGoesBeforeTheChangeOnStandardOutput() async throws {
        try await watch(outputIsTerminal: true, errorIsTerminal: true)
        #expect(console.output.contains("\u{07}⚠ new warning: Frost (yellow)"), "\(console.output.debugDescription)")
        #expect(console.output.filter { $0 == "\u{07}" }.count == 1)
        #expect(!console.errors.contains("\u{07}"), "\(console.errors.debugDescription)")
    }

    @Test func resultsIntoAFileOrPipeGetNoBellStandardErrorDoes() async throws {
        try await watch(outputIsTerminal: false, errorIsTerminal: true)
        #expect(!console.output.contains("\u{07}"), "\(console.output.debugDescription)")
        #expect(console.errors.filter { $0 == "\u{07}" }.count == 1, "\(console.errors.debugDescription)")
    }

    @Test func noTerminalNoBell() async throws {
        try await watch(outputIsTerminal: false, errorIsTerminal: false)
        #expect(!(console.output + console.errors).contains("\u{07}"))
    }

    /// No renderer writes the bell: the banner's text is the same on a terminal and off one.
    @Test func theBannerRendersWithoutTheBell() {
        let frost = WarningSessionTests.warning("f1", "Frost", level: .yellow)
        let banner = WarningBanner(
            place: WarningSessionTests.hamburg[0], service: .brightSky, warnings: [frost],
            zone: WarningsPresentation.utc,
            changes: [WarningChange(kind: .appeared, warning: frost)])
        var context = RenderContext(units: .metric, now: WarningSessionTests.now, colour: false, unicode: true)
        context.outputIsTerminal = true
        let onTerminal = TextRenderer.render(.warningBanner(banner), context: context)
        context.outputIsTerminal = false
        #expect(!onTerminal.contains("\u{07}"), "\(onTerminal.debugDescription)")
        #expect(onTerminal == TextRenderer.render(.warningBanner(banner), context: context))
    }
}
