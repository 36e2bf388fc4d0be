import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `best`, `chance` and `plume` in process, on a `TestClock` and a transport that answers only
/// the one ensemble request a test plans: all five ensemble views share it, and the views fit
/// 40 to 200 columns.
///
/// Five minutes, not one: each test decodes the 51-member answer (286 KB) several times in a
/// debug build, and with another test run on the same two cores (a clean-clone CI beside a
/// `make test`) three of them passed one minute — the limit is for a hang, not for a slow machine.
@MainActor
@Suite(.timeLimit(.minutes(5)), .tags(.unit)) struct DecisionSessionTests {
    let home = TemporaryFolder()
    /// 07:10 CEST in Paris, the Paris answer's first day.
    let clock = TestClock(start: ISOTime.parse("2026-10-23T05:10:00Z")!)
    let console = TestConsole()
    static let paris = Coordinate(latitude: 48.86, longitude: 2.35)
    static let fixture = "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"

    /// A session whose current location is the Paris answer's place, its ensemble from
    /// Open-Meteo's provider over the returned transport.
    func session() async throws -> (WeatherSession, FakeTransport) {
        let transport = FakeTransport(clock: clock)
        let clock = clock
        let context = ServiceContext(
            transport: transport, cache: ResponseCache(folder: home.path + "/cache"), now: { clock.now }, clock: clock)
        var place = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")[0]
        place.coordinate = Self.paris
        place.name = "Paris"
        let services = WeatherServices(
            geocoders: [FakeGeocoder(places: ["Paris": [place]])],
            forecastProviders: [
                FakeForecastProvider(forecasts: [Self.paris: Recorded.newYorkForecast(at: Self.paris)])
            ],
            ensemble: OpenMeteoEnsembleProvider(baseURL: "http://ens", context: context))
        let session = makeTestSession(home: home, services: services, clock: clock)
        _ = try await session.execute(.find("Paris"))
        return (session, transport)
    }

    /// confidence, best, chance, plume, then watch --rain: one ensemble request (the fake
    /// fails the test on a second).
    @Test func allFiveEnsembleViewsShareOneRequest() async throws {
        let (session, transport) = try await session()
        transport.expect("http://ens/v1/ensemble", body: TestPaths.fixture(Self.fixture))
        let runner = ShellRunner(session: session, output: console, format: .text, colour: false, unicode: true)
        for line in ["confidence 2", "best 2h dry wind<20", "chance gusts>=60 frost", "plume gusts 12"] {
            #expect(await runner.run(line: line) == .succeeded, "\(line): \(console.errors)")
        }
        #expect(transport.requests.count == 1)
        // Shown again at 05:20 and 05:30 UTC, within the model run (the next starts at 06:00).
        let watching = Task { await runner.run(line: "watch 10 --rain 30%") }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(600))
        await clock.waitForSleepers()
        clock.advance(by: .seconds(600))
        await clock.waitForSleepers()
        watching.cancel()
        #expect(await watching.value == .succeeded)
        #expect(transport.requests.count == 1)
        #expect(transport.allAnswered)
        let url = try #require(transport.requests.first?.url)
        #expect(
            url.contains(
                "hourly=temperature_2m%2Cprecipitation%2Cwind_speed_10m%2Cwind_gusts_10m%2Csnowfall%2Ccloud_cover"))
        #expect(console.output.contains("rain ≥ 1 mm over the day"), "\(console.output)")
    }

    /// The chart at a terminal with colour: every row within the width, 40 to 200 columns, the
    /// band and the median drawn, the values and the days labelled.
    @Test(arguments: [40, 80, 120, 200]) func thePlumeChartFitsEveryWidth(_ width: Int) async throws {
        let (session, transport) = try await session()
        transport.expect("http://ens/v1/ensemble", body: TestPaths.fixture(Self.fixture))
        let results = try await session.execute(.plume(PlumeRequest(variable: .temperature, hours: 120, target: nil)))
        guard case .plume(let report) = try #require(results.last) else {
            Issue.record("no plume")
            return
        }
        let context = RenderContext(units: .metric, now: clock.now, colour: true, unicode: true, width: width)
        let lines = TextRenderer.lines(.plume(report), context: context)
        let visible = lines.map(Self.withoutEscapes)
        for line in visible { #expect(TextLayout.columns(line) <= width, "\(line)") }
        let chart = visible.filter { $0.contains("┤") }
        #expect(chart.count == 10)
        #expect(chart.joined().contains("━") && chart.joined().contains("░"))
        #expect(visible.contains { $0.contains("Sat") && $0.contains("Sun") })
        // An hour an column: the first hour mark after the clocks go back on Sun 25 Oct carries
        // its zone (README: a chart's hour mark shows it).
        if width == 200 { #expect(visible.contains { $0.contains("06 CET") }, "\(visible)") }
        // The top label is the highest 90th percentile, the bottom the lowest 10th.
        let top = report.hours.compactMap(\.spread?.p90).max()!
        #expect(chart.first?.hasPrefix(String(repeating: " ", count: 1) + DecimalText.fixed(top, digits: 1)) == true)
        // Without colour: the table, every hour a row.
        let plain = TextRenderer.lines(
            .plume(report),
            context: RenderContext(units: .metric, now: clock.now, colour: false, unicode: true, width: width))
        #expect(plain.filter { $0.hasSuffix("  51") || $0.hasSuffix("  48") }.count == report.hours.count)
    }

    static func withoutEscapes(_ text: String) -> String {
        var out = ""
        var escape = false
        for character in text {
            if character == "\u{1B}" {
                escape = true
            } else if escape {
                if character.isLetter { escape = false }
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// A window across the end of summer time counts real hours: 3 hours from 00:00 CEST end
    /// at 02:00 CET, and the clock's repeated hour is named with its zone.
    @Test func aWindowAcrossTheClockChangeCountsRealHours() async throws {
        let (session, transport) = try await session()
        transport.expect("http://ens/v1/ensemble", body: TestPaths.fixture(Self.fixture))
        let results = try await session.execute(
            .best(BestRequest(hours: 3, terms: [], words: [], span: .day(.weekday(0)), target: nil)))
        guard case .best(let report) = try #require(results.last) else {
            Issue.record("no best")
            return
        }
        for window in report.windows { #expect(window.end.timeIntervalSince(window.start) == 3 * 3_600) }
        // Sunday 25 October has 25 hours: 23 windows of 3 hours fit.
        #expect(report.windows.count == 23)
        #expect(report.defaultedToDry && report.words == ["dry"])
        let text = TextRenderer.lines(
            .best(report), context: RenderContext(units: .metric, now: clock.now, colour: false, unicode: true))
        #expect(text.contains { $0.contains("Sun 25 Oct 00:00 CEST–02:00 CET") }, "\(text)")
    }
}
