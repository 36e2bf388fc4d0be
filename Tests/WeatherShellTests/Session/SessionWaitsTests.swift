import Foundation
import Testing
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

/// Trial 9, items 8 and 13, and a review of the session: what a command waits for, and that a
/// command's output does not depend on what ran before it.
@MainActor
@Suite(.hangLimit, .tags(.unit)) struct SessionWaitsTests {
    let home = TemporaryFolder()
    let clock = TestClock(start: Recorded.newYorkNow)
    static let coordinates = "52.5,13.4"
    static let forecastBody = Recorded.body(
        "open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json",
        at: Coordinate(parsing: coordinates)!)

    /// A session on the real Nominatim and Open-Meteo providers over `transport`, with
    /// `WX_TIMEOUT=3`, all waiting on the test clock.
    func session(_ transport: FakeTransport) -> WeatherSession {
        let clock = clock
        let context = ServiceContext(
            transport: transport, cache: nil, now: { clock.now }, clock: clock,
            limits: TransferLimits(totalTimeoutSeconds: 3))
        let services = WeatherServices(
            geocoders: [NominatimGeocoder(baseURL: "http://nominatim", context: context)],
            forecastProviders: [OpenMeteoForecastProvider(baseURL: "http://forecast", context: context)])
        return makeTestSession(home: home, services: services, clock: clock, environment: ["WX_TIMEOUT": "3"])
    }

    /// `WX_TIMEOUT=3 wx -c "show 52.5,13.4"` against a server that never answers took 6 s: 3 s
    /// of reverse geocoding (for the name), then 3 s of forecast. Both are asked at once now.
    @Test func showAtCoordinatesCostsOneTimeoutNotTwo() async throws {
        let transport = FakeTransport(clock: clock)
        transport.expectWaiting("http://nominatim/reverse")
        transport.expectWaiting("http://forecast/v1/forecast")
        let session = session(transport)
        async let shown = Self.outcome { () async throws(ShellError) in
            try await session.execute(.show(Self.coordinates))
        }
        // Both requests wait at once: the forecast was asked before the name came.
        await clock.waitForSleepers(2)
        #expect(transport.requests.count == 2)
        clock.advance(by: .seconds(3))
        #expect(await shown == .failure(.service(.transport(.openMeteo, .timedOut(seconds: 3)))))
        #expect(clock.elapsed == .seconds(3), "one WX_TIMEOUT, not one per service")
        #expect(transport.allAnswered)
    }

    /// The forecast does not wait for the name: it is asked at once and answers after 1 s; the
    /// name that never comes leaves the coordinates as the place's name, with the note as before.
    @Test func theForecastIsAskedBeforeTheNameComesAndAMissingNameLeavesTheCoordinates() async throws {
        let transport = FakeTransport(clock: clock)
        transport.expectWaiting("http://nominatim/reverse")
        transport.expectWaiting("http://forecast/v1/forecast", body: Self.forecastBody, waiting: .seconds(1))
        let session = session(transport)
        async let shown = Self.outcome { () async throws(ShellError) in
            try await session.execute(.show(Self.coordinates))
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(1))
        // The forecast has come; the name is still awaited (within its own WX_TIMEOUT).
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        let results = try await shown.get()
        #expect(transport.times == [.zero, .zero], "both asked at the start")
        #expect(clock.elapsed == .seconds(3))
        #expect(
            results.first
                == .notice(
                    "warning: Nominatim did not answer within 3 s; check your connection and try again; the coordinates have no name"
                ))
        guard case .weather(let report) = results.last else {
            Issue.record("no weather in \(results)")
            return
        }
        #expect(report.place.name == Coordinate(parsing: Self.coordinates)!.rounded.hemisphereText)
        #expect(session.currentPlace?.name == report.place.name)
    }

    /// Ctrl-C while both wait cancels both, and the command is cancelled.
    @Test func cancellingShowCancelsTheNameAndTheForecast() async throws {
        let transport = FakeTransport(clock: clock)
        transport.expectWaiting("http://nominatim/reverse")
        transport.expectWaiting("http://forecast/v1/forecast")
        let session = session(transport)
        let shown = Task { () -> Result<[CommandResult], ShellError> in
            await Self.outcome { () async throws(ShellError) in try await session.execute(.show(Self.coordinates)) }
        }
        await clock.waitForSleepers(2)
        shown.cancel()
        #expect(await shown.value == .failure(.cancelled))
        #expect(clock.sleeperCount == 0, "a request still waits")
        #expect(clock.elapsed == .zero)
    }

    /// `skill` asks the archive and the previous runs at once: neither needs the other's answer.
    @Test func skillAsksTheArchiveAndThePreviousRunsAtOnce() async throws {
        let transport = FakeTransport(clock: clock)
        transport.expectWaiting("http://archive/v1/archive")
        transport.expectWaiting("http://runs/v1/forecast")
        let clock = clock
        let context = ServiceContext(
            transport: transport, cache: nil, now: { clock.now }, clock: clock,
            limits: TransferLimits(totalTimeoutSeconds: 3))
        let coordinate = Coordinate(parsing: Self.coordinates)!
        var services = WeatherServices(
            geocoder: FakeGeocoder(reversePlaces: [coordinate.rounded: nil]),
            forecastProvider: FakeForecastProvider(forecasts: [:]))
        services.previousRuns = OpenMeteoPreviousRunsProvider(
            baseURL: "http://runs", archiveURL: "http://archive", forecastURL: "http://forecast", context: context)
        let session = makeTestSession(home: home, services: services, clock: clock, environment: ["WX_TIMEOUT": "3"])
        async let scored = Self.outcome { () async throws(ShellError) in
            try await session.execute(.skill(nil, Self.coordinates))
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(3))
        #expect(await scored == .failure(.service(.transport(.openMeteoArchive, .timedOut(seconds: 3)))))
        #expect(clock.elapsed == .seconds(3))
    }

    /// `body`'s results or error, as a value.
    static func outcome(
        _ body: () async throws(ShellError) -> [CommandResult]
    ) async -> Result<[CommandResult], ShellError> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}
