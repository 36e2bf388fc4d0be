import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

/// `watch` and the offline fallback as a person sees them, on a `TestClock`: the minutes
/// between two shows and the age of saved data pass when the test advances the clock.
@MainActor
@Suite(.hangLimit, .tags(.unit)) struct WatchAndFallbackTests {
    let home = TemporaryFolder()
    let clock = TestClock(start: Recorded.newYorkNow)
    let console = TestConsole()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    func runner(_ session: WeatherSession) -> ShellRunner {
        ShellRunner(session: session, output: console, format: .text, colour: false, unicode: true)
    }

    static func count(_ part: String, in text: String) -> Int { text.components(separatedBy: part).count - 1 }

    @Test func watchShowsWaitsTheMinutesShowsAgainAndStopsOnCancel() async throws {
        let place = Self.hamburg[0]
        let provider = FakeForecastProvider(forecasts: [
            place.coordinate: Recorded.newYorkForecast(at: place.coordinate)
        ])
        let session = makeTestSession(
            home: home, geocoder: FakeGeocoder(places: ["Hamburg": Self.hamburg]), forecasts: provider, clock: clock)
        _ = try await session.execute(.find("Hamburg"))
        let runner = runner(session)
        let watching = Task { await runner.run(line: "watch 5") }

        await clock.waitForSleepers()
        #expect(provider.requestCount == 1)
        #expect(Self.count("humidity", in: console.output) == 1)
        #expect(console.errors == "watching every 5 min; Ctrl-C stops\n")
        #expect(clock.sleeps == [.seconds(300)])

        clock.advance(by: .seconds(299))
        #expect(clock.sleeperCount == 1, "shown again before the five minutes were up")
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers()
        #expect(provider.requestCount == 2)
        #expect(Self.count("humidity", in: console.output) == 2)
        #expect(clock.sleeps == [.seconds(300), .seconds(300)])

        watching.cancel()
        #expect(await watching.value == .succeeded)
        #expect(console.errors.hasSuffix("Ctrl-C stops\nstopped watching\n"))
        #expect(provider.requestCount == 2)
        #expect(clock.sleeperCount == 0)
    }

    @Test func watchWithoutALocationFailsWithoutWaiting() async {
        let session = makeTestSession(home: home, clock: clock)
        #expect(await runner(session).run(line: "watch") == .failed)
        #expect(console.errors.hasPrefix("error: "))
        #expect(clock.sleeps.isEmpty)
    }

    @Test func unreachableServiceShowsTheSavedForecastWithItsAge() async throws {
        let transport = FakeTransport(clock: clock)
        let cache = ResponseCache(folder: home.path + "/cache")
        func session(offline: Bool) -> WeatherSession {
            let clock = clock
            let context = ServiceContext(
                transport: transport, cache: cache, now: { clock.now }, clock: clock, offline: offline)
            let services = WeatherServices(
                geocoder: FakeGeocoder(places: ["Hamburg": Self.hamburg]),
                forecastProvider: OpenMeteoForecastProvider(baseURL: "http://om", context: context))
            return makeTestSession(home: home, services: services, clock: clock)
        }
        let online = runner(session(offline: false))
        transport.expect(
            "/v1/forecast",
            body: Recorded.body(
                "open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json",
                at: Self.hamburg[0].coordinate))
        #expect(await online.run(line: "show Hamburg") == .succeeded)
        #expect(!console.output.contains("offline"))
        console.clear()

        clock.advance(by: .seconds(30 * 60))
        transport.expect("/v1/forecast", failure: .cannotConnect("om"))
        #expect(await online.run(line: "show Hamburg") == .succeeded)
        #expect(
            console.output.contains(
                "\n  saved data from 40 min ago, fetched 30 min ago (cannot reach Open-Meteo at om;\n  check your connection or WX_OPEN_METEO_URL)\n"
            ))
        console.clear()

        clock.advance(by: .seconds(60 * 60))
        #expect(await runner(session(offline: true)).run(line: "show Hamburg") == .succeeded)
        #expect(
            console.output.contains("  offline: data from 1 h 40 min ago, fetched 1 h 30 min ago\n"),
            "\(console.output)")
        #expect(transport.requests.count == 2)
        #expect(transport.allAnswered)
    }

    /// `find` with both geocoders stalled: one command, one `WX_TIMEOUT` (20 s here). The first
    /// leaves the fallback 5 s of it (a third, at most 5 s); the fallback gets those and what
    /// the first left.
    func geocodingSession(_ transport: FakeTransport) -> WeatherSession {
        let clock = clock
        let context = ServiceContext(
            transport: transport, cache: nil, now: { clock.now }, clock: clock,
            limits: TransferLimits(totalTimeoutSeconds: 20))
        let services = WeatherServices(
            geocoders: [
                NominatimGeocoder(baseURL: "http://nominatim", context: context),
                OpenMeteoGeocoder(baseURL: "http://geocoding", context: context),
            ],
            forecastProviders: [FakeForecastProvider(forecasts: [:])])
        return makeTestSession(home: home, services: services, clock: clock, environment: ["WX_TIMEOUT": "20"])
    }

    /// A Nominatim that never answers is passed over after 15 s, as one that refuses is: it
    /// spent the whole 20 s before, and Open-Meteo's geocoder was never asked. Each is said to
    /// have had the time it had (15 s and 5 s), not the command's 20 s (trial), as a share of
    /// the 20 s (trial 55).
    @Test func aStalledGeocoderLeavesTheFallbackItsPart() async throws {
        let transport = FakeTransport(clock: clock)
        transport.expectTimeout("http://nominatim/search")
        transport.expectTimeout("http://geocoding/v1/search")
        let session = geocodingSession(transport)
        await #expect(
            throws: ShellError.fallbackFailed(
                .transport(.nominatim, .timedOut(seconds: 15, ofWhole: 20)),
                then:
                    "asked instead, Open-Meteo geocoding did not answer within 5 s (its share of WX_TIMEOUT's 20 s); check your connection and try again"
            )
        ) {
            try await session.execute(.find("Hamburg"))
        }
        #expect(transport.limits.map(\.totalTimeoutSeconds) == [15, 5])
        #expect(clock.elapsed == .seconds(20))
        #expect(transport.allAnswered)
    }

    @Test func theFallbackGetsOnlyWhatIsLeft() async throws {
        let transport = FakeTransport(clock: clock)
        transport.expect("http://nominatim/search", failure: .cannotConnect("nominatim"), taking: .seconds(12))
        transport.expectTimeout("http://geocoding/v1/search")
        let session = geocodingSession(transport)
        await #expect(
            throws: ShellError.fallbackFailed(
                .transport(.nominatim, .cannotConnect("nominatim")),
                then:
                    "asked instead, Open-Meteo geocoding did not answer within 8 s (its share of WX_TIMEOUT's 20 s); check your connection and try again"
            )
        ) {
            try await session.execute(.find("Hamburg"))
        }
        // 12 s of the first's 15, then its 3 s left and the 5 s it left the fallback.
        #expect(transport.limits.map(\.totalTimeoutSeconds) == [15, 8])
        #expect(clock.elapsed == .seconds(20))
        #expect(transport.allAnswered)
    }

    /// Trial 7: offline, `show Berlin` said Open-Meteo geocoding was “(asked instead)”, though
    /// nothing is asked offline: both are named as having no saved data, and no more.
    @Test func offlineNamesBothGeocodersWithoutSayingOneWasAsked() {
        let error = PlaceResolver.shellError(
            .fallbackFailed(
                ServiceClient.offlineError(.nominatim), then: ServiceClient.offlineError(.openMeteoGeocoding)),
            subject: "“Berlin”")
        #expect(
            error
                == .notApplicable("offline, and neither Nominatim nor Open-Meteo geocoding has saved data for “Berlin”")
        )
    }

    /// Trial 7: a line the editor stopped taking was refused “more than 4096 characters (at most
    /// 4096)”; the limit is said once, as README says it. A counted line keeps its count and limit.
    @Test func theLongLineRefusalSaysTheLimitOnce() {
        #expect(LineSafety.tooLong(count: nil) == .usage("line too long: more than 4096 characters; nothing was run"))
        #expect(
            LineSafety.tooLong(count: 5005) == .usage("line too long: 5005 characters (at most 4096); nothing was run"))
    }
}
