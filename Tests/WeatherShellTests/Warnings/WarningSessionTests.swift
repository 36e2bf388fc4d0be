import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// A warning feed that answers from a script, one answer a call; a call beyond the script
/// fails the test.
final class ScriptedWarningFeed: WarningFeed, @unchecked Sendable {
    // @unchecked: `answers` and `calls` are guarded by `lock`.
    let service = Service.brightSky
    private let lock = NSLock()
    private var answers: [Result<[WeatherWarning], ServiceError>]
    private var calls = 0

    init(_ answers: [Result<[WeatherWarning], ServiceError>]) { self.answers = answers }

    var callCount: Int { lock.withLock { calls } }

    func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        let next: Result<[WeatherWarning], ServiceError>? = lock.withLock {
            calls += 1
            return answers.isEmpty ? nil : answers.removeFirst()
        }
        guard let next else {
            Issue.record("ScriptedWarningFeed: unexpected call for \(place.name)")
            throw .malformedResponse(.brightSky, detail: "unexpected call")
        }
        return Fetched(value: WarningFeedAnswer(warnings: try next.get()), origin: .network)
    }
}

/// `show`'s warning lines, `watch`'s changes and what wx forecasts beside a warning, on fakes.
@MainActor
@Suite(.tags(.unit)) struct WarningSessionTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
    /// 2026-02-06T21:40:00Z.
    static let now = Recorded.newYorkNow

    static func warning(
        _ id: String, _ event: String, level: WarningLevel, severity: WarningSeverity = .moderate,
        endsInHours: Double = 6
    ) -> WeatherWarning {
        WeatherWarning(
            id: id, event: event, severity: severity, level: level, onset: now.addingTimeInterval(-3_600),
            expires: now.addingTimeInterval(endsInHours * 3_600), issuer: "DWD", area: "Hamburg")
    }

    func session(_ feed: ScriptedWarningFeed) -> WeatherSession {
        let place = Self.hamburg[0]
        var services = WeatherServices(
            geocoder: FakeGeocoder(places: ["Hamburg": Self.hamburg]),
            forecastProvider: FakeForecastProvider(forecasts: [
                place.coordinate: Recorded.newYorkForecast(at: place.coordinate)
            ]))
        services.warnings = WarningFeeds(nws: feed, brightSky: feed, eccc: feed, metNorway: feed, meteoAlarm: feed)
        return makeTestSession(home: home, services: services, clock: TestClock(start: Self.now))
    }

    func banner(_ results: [CommandResult]) -> WarningBanner? {
        for result in results { if case .warningBanner(let banner) = result { return banner } }
        return nil
    }

    @Test func showPutsWarningsInForceFirstAndNothingWhenNone() async throws {
        let storm = Self.warning("a", "Storm", level: .orange, severity: .severe)
        let later = WeatherWarning(
            id: "b", event: "Frost", severity: .minor, level: .yellow, onset: Self.now.addingTimeInterval(7_200),
            issuer: "DWD")
        let feed = ScriptedWarningFeed([.success([later, storm]), .success([later])])
        let session = session(feed)
        let results = try await session.execute(.show("Hamburg"))
        #expect(results.count == 2)
        #expect(banner(results)?.warnings == [storm])
        if case .weather = results.last {} else { Issue.record("the weather is not last: \(results)") }
        let text = TextRenderer.render(
            results[0], context: RenderContext(units: .metric, now: Self.now, colour: false, unicode: true))
        // New York’s forecast recording gives the zone: 21:40 UTC + 6 h is 03:40 UTC, 22:40 EST.
        #expect(text == "⚠ Storm (orange) until Fri 22:40 — DWD\n")
        // Only announced: no line at all.
        let quiet = try await session.execute(.show(nil))
        #expect(quiet.count == 1)
    }

    @Test func aFailingFeedIsOneLineAndShowStillShows() async throws {
        let feed = ScriptedWarningFeed([.failure(.unavailable(.brightSky, status: 503))])
        let results = try await session(feed).execute(.show("Hamburg"))
        #expect(results.count == 2)
        #expect(banner(results)?.failure == "Bright Sky (DWD) is unavailable (HTTP 503); try again in a few minutes")
        let text = TextRenderer.render(
            results[0], context: RenderContext(units: .metric, now: Self.now, colour: false, unicode: false))
        #expect(
            text
                == "warning: warnings could not be fetched: Bright Sky (DWD) is unavailable (HTTP 503); try again in a few minutes\n"
        )
    }

    /// Trial 2, finding 10: offline, a feed without saved warnings is not worth a line in
    /// `show` (the user chose offline); `warnings` itself still says it.
    @Test func offlineWithoutSavedWarningsShowSaysNothing() async throws {
        let offline = ServiceError.transport(.brightSky, .failed("offline and no saved data for this request"))
        let feed = ScriptedWarningFeed([.failure(offline), .failure(offline)])
        let session = session(feed)
        let results = try await session.execute(.show("Hamburg"))
        #expect(results.count == 1)
        #expect(banner(results) == nil)
        #expect(offline.isOfflineWithoutSavedData)
        await #expect(throws: ShellError.self) {
            _ = try await session.execute(.warnings(WarningsRequest()))
        }
    }

    @Test func watchSaysWhatAppearedWasUpgradedOrEnded() async throws {
        let yellowWind = Self.warning("w1", "Wind", level: .yellow)
        // An update has a new identifier; it is the same warning by event and area.
        let orangeWind = Self.warning("w2", "Wind", level: .orange, severity: .severe)
        let frost = Self.warning("f1", "Frost", level: .yellow)
        let feed = ScriptedWarningFeed([
            .success([yellowWind]), .success([orangeWind]), .success([orangeWind, frost]), .success([]),
        ])
        let session = session(feed)
        _ = try await session.execute(.find("Hamburg"))
        session.watchedWarnings = [:]
        // The first look only remembers.
        #expect(banner(try await session.execute(.show(nil)))?.changes == [])
        #expect(
            banner(try await session.execute(.show(nil)))?.changes == [
                WarningChange(kind: .upgraded, warning: orangeWind)
            ]
        )
        let third = try await session.execute(.show(nil))
        #expect(banner(third)?.changes == [WarningChange(kind: .appeared, warning: frost)])
        // No bell in the text: `watch` rings it (`ShellRunner.ringBell`; WatchWarningBellTests).
        var context = RenderContext(units: .metric, now: Self.now, colour: false, unicode: true)
        context.outputIsTerminal = true
        let text = TextRenderer.render(third[0], context: context)
        #expect(text.hasPrefix("⚠ new warning: Frost (yellow) until Fri 22:40 — DWD\n"))
        let last = try await session.execute(.show(nil))
        #expect(
            banner(last)?.changes == [
                WarningChange(kind: .ended, warning: orangeWind), WarningChange(kind: .ended, warning: frost),
            ])
        #expect(banner(last)?.warnings == [])
        #expect(feed.callCount == 4)
    }

    /// Values read off the New York recording with python: 2026-02-07 00:00–11:00 local.
    @Test func whatTheForecastShowsBesideTheWarning() {
        let place = Self.hamburg[0]
        let forecast = Recorded.newYorkForecast(at: place.coordinate)
        let onset = ISOTime.parse("2026-02-07T05:00:00Z")!
        let end = ISOTime.parse("2026-02-07T17:00:00Z")!
        func beside(_ event: String) -> HazardForecast? {
            WarningsPresentation.hazardForecast(
                WeatherWarning(
                    id: event, event: event, severity: .moderate, onset: onset, expires: end, issuer: "NWS"),
                forecast: forecast, now: Self.now)
        }
        let wind = beside("High Wind Warning")
        #expect(wind?.quantity == .windSpeed)
        #expect(wind?.value == 30.5)
        #expect(wind?.time == ISOTime.parse("2026-02-07T16:00:00Z"))
        let frost = beside("Hard Freeze Warning")
        #expect(frost?.value == -13.9)
        #expect(frost?.time == ISOTime.parse("2026-02-07T15:00:00Z"))
        #expect(((beside("Flood Watch")?.value ?? 0) * 10).rounded() == 4)
        #expect(beside("Dense Fog Advisory") == nil)
        let format = ValueFormatter(units: .metric)
        #expect(
            TextRenderer.hazardText(frost!, clock: forecast.clock, format: format)
                == "low of -13.9 °C Sat 10:00 in the forecast")
        #expect(
            TextRenderer.hazardText(wind!, clock: forecast.clock, format: format)
                == "wind up to 31 km/h Sat 11:00 in the forecast")
    }
}
