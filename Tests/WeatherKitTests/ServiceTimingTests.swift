import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

/// Retries, the time budget, Nominatim's spacing and the cache's freshness, on a `TestClock`:
/// each pause is asserted on the clock and ended by advancing it, so nothing here sleeps.
@Suite(.hangLimit, .tags(.unit)) struct ServiceTimingTests {
    static let newYork = Coordinate(latitude: 40.78858, longitude: -73.9661)
    /// Current at 2026-02-06T21:30Z for 15 minutes: fresh at the clock's start (21:40Z) until 21:45Z.
    static let newYorkBody = TestPaths.fixture(
        "open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json")
    static let hamburgBody = TestPaths.fixture("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    let clock = TestClock(start: Recorded.newYorkNow)
    let transport: FakeTransport

    init() { transport = FakeTransport(clock: clock) }

    func context(timeoutSeconds: Double = 20, cache: ResponseCache? = nil, offline: Bool = false) -> ServiceContext {
        let clock = clock
        return ServiceContext(
            transport: transport, cache: cache, now: { clock.now }, clock: clock,
            limits: TransferLimits(totalTimeoutSeconds: timeoutSeconds), offline: offline)
    }

    func forecaster(_ context: ServiceContext) -> OpenMeteoForecastProvider {
        OpenMeteoForecastProvider(baseURL: "http://om", context: context)
    }

    // MARK: - Retries and the budget

    @Test func badGatewayIsRetriedAfterHalfASecond() async throws {
        transport.expect(
            "/v1/forecast", status: 502, body: Data("<html>Bad Gateway</html>".utf8), contentType: "text/html")
        transport.expect("/v1/forecast", body: Self.newYorkBody)
        let provider = forecaster(context())
        let fetch = Task { try await provider.forecast(at: Self.newYork) }

        await clock.waitForSleepers()
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps == [.milliseconds(500)])
        clock.advance(by: .milliseconds(499))
        #expect(clock.sleeperCount == 1, "the retry must wait the whole pause")
        clock.advance(by: .milliseconds(1))

        let fetched = try await fetch.value
        #expect(fetched.origin == .network)
        #expect(fetched.value.current?.temperatureCelsius == -1.4)
        #expect(transport.times == [.zero, .milliseconds(500)])
        // The second attempt gets what is left of the 20-second budget.
        #expect(transport.limits.map(\.totalTimeoutSeconds) == [20, 19.5])
    }

    @Test func attemptsRunOutAfterThreeWithGrowingPauses() async throws {
        for _ in 1...3 { transport.expect("/v1/forecast", status: 502, body: Data(), contentType: "text/plain") }
        let provider = forecaster(context())
        let fetch = Task { try await provider.forecast(at: Self.newYork) }

        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(500))
        await clock.waitForSleepers()
        #expect(transport.requests.count == 2)
        clock.advance(by: .seconds(1))

        await #expect(throws: ServiceError.unavailable(.openMeteo, status: 502)) { try await fetch.value }
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
        #expect(transport.times == [.zero, .milliseconds(500), .milliseconds(1500)])
        #expect(transport.allAnswered)
    }

    @Test func noRetryOnceTheBudgetIsSpent() async throws {
        // A 3-second budget: a slow 502 (1.2 s) leaves room for a pause and a second attempt,
        // which gets only the 1.3 s left and times out; no time is left for a third.
        transport.expect(
            "/v1/forecast", status: 502, body: Data(), contentType: "text/plain", taking: .milliseconds(1200))
        transport.expectTimeout("/v1/forecast")
        let provider = forecaster(context(timeoutSeconds: 3))
        let fetch = Task { try await provider.forecast(at: Self.newYork) }

        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(500))

        // The error names the whole budget, not what was left of it for the last attempt.
        await #expect(throws: ServiceError.transport(.openMeteo, .timedOut(seconds: 3))) { try await fetch.value }
        #expect(clock.sleeps == [.milliseconds(500)])
        #expect(transport.requests.count == 2)
        let second = try #require(transport.limits.last?.totalTimeoutSeconds)
        #expect(abs(second - 1.3) < 0.001)
        #expect(clock.elapsed == .seconds(3))
    }

    @Test func unavailableAskingForALongerWaitIsNotRetried() async throws {
        // A 503 whose Retry-After asks for two minutes: asking again after half a second would
        // ignore the service's own request (trial 4, item 10).
        transport.expect("/v1/forecast", status: 503, body: Data(), contentType: "text/plain", retryAfter: 120)
        let provider = forecaster(context())
        await #expect(throws: ServiceError.unavailable(.openMeteo, status: 503, retryAfterSeconds: 120)) {
            try await provider.forecast(at: Self.newYork)
        }
        #expect(clock.sleeps.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test func rateLimitIsNotRetried() async throws {
        // Asking again within a second would only deepen a rate limit: the error, with the
        // service's Retry-After, comes at once.
        transport.expect(
            "/v1/forecast", status: 429, body: TestPaths.fixture("cases/om-error-429-concurrent.json"), retryAfter: 30)
        let provider = forecaster(context())
        do {
            _ = try await provider.forecast(at: Self.newYork)
            Issue.record("a 429 was taken for an answer")
        } catch {
            guard case .rateLimited(.openMeteo, retryAfterSeconds: 30, reason: _) = error else {
                Issue.record("not a rate limit: \(error)")
                return
            }
        }
        #expect(clock.sleeps.isEmpty)
        #expect(transport.requests.count == 1)
    }

    // MARK: - Nominatim's one request a second

    @Test func nominatimRequestsAreASecondApartWithinAProcess() async throws {
        for _ in 1...3 { transport.expect("/search", body: Self.hamburgBody) }
        let geocoder = NominatimGeocoder(baseURL: "https://nominatim.openstreetmap.org", context: context())
        let searches = Task {
            for query in ["Hamburg", "Dunstable", "BS7 9EX"] {
                _ = try await geocoder.search(query, limit: 5, language: "en")
            }
        }

        await clock.waitForSleepers()
        #expect(transport.requests.count == 1)
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1, "the second request must wait the whole second")
        clock.advance(by: .milliseconds(1))
        await clock.waitForSleepers()
        #expect(transport.requests.count == 2)
        clock.advance(by: .seconds(1))
        try await searches.value

        #expect(transport.times == [.zero, .seconds(1), .seconds(2)])
    }

    @Test func otherServicesAreNotSpaced() async throws {
        transport.expect("/v1/forecast", body: Self.newYorkBody)
        transport.expect("/v1/forecast", body: Self.newYorkBody)
        let provider = forecaster(context())
        _ = try await provider.forecast(at: Self.newYork)
        _ = try await provider.forecast(at: Self.newYork)
        #expect(clock.sleeps.isEmpty)
        #expect(transport.times == [.zero, .zero])
    }

    @Test func nominatimRequestsAreASecondApartAcrossProcesses() async throws {
        // Two spacings over one lock folder stand for two wx processes: they share only the
        // file, stamped with the wall clock.
        let runtime = TemporaryFolder()
        let first = RequestSpacing(lockFolder: runtime.path + "/wx", clock: clock)
        let second = RequestSpacing(lockFolder: runtime.path + "/wx", clock: clock)
        try await first.wait(for: .nominatim, url: Self.publicSearch)
        #expect(clock.sleeps.isEmpty)

        let waiting = Task { try await second.wait(for: .nominatim, url: Self.publicSearch) }
        await clock.waitForSleepers()
        #expect(clock.sleeps == [.seconds(1)])
        clock.advance(by: .seconds(1))
        try await waiting.value

        let stamp = try String(contentsOfFile: runtime.path + "/wx/nominatim.last-request", encoding: .utf8)
        // The second process's request, one second after the first, and when it was written.
        #expect(stamp == "1770414001.000 1770414000.000")
    }

    static let publicSearch = "https://nominatim.openstreetmap.org/search?q=Hamburg&format=jsonv2"

    @Test func aNominatimOfTheUsersOwnIsNotSpaced() async throws {
        // `make demo` and a company's own Nominatim: the public server's policy is not theirs.
        for _ in 1...3 { transport.expect("/search", body: Self.hamburgBody) }
        let geocoder = NominatimGeocoder(baseURL: "http://127.0.0.1:8080", context: context())
        for query in ["Hamburg", "Dunstable", "BS7 9EX"] {
            _ = try await geocoder.search(query, limit: 5, language: "en")
        }
        #expect(clock.sleeps.isEmpty)
        #expect(transport.times == [.zero, .zero, .zero])
    }

    @Test func thePublicNominatimIsSpacedHoweverItsAddressIsWritten() {
        for url in [
            "https://nominatim.openstreetmap.org/search?q=x", "http://nominatim.openstreetmap.org/reverse",
            "https://NOMINATIM.OpenStreetMap.org:443/search", "https://nominatim.openstreetmap.org./search",
            "https://user:secret@nominatim.openstreetmap.org/search", "https://nominatim.openstreetmap.org",
        ] {
            #expect(Service.nominatim.minimumRequestInterval(to: url) == 1, "\(url)")
        }
        for url in [
            "http://127.0.0.1:8080/search", "https://nominatim.example.org/search",
            "https://nominatim.openstreetmap.org.example.com/search", "https://example.com/nominatim.openstreetmap.org",
        ] {
            #expect(Service.nominatim.minimumRequestInterval(to: url) == 0, "\(url)")
        }
        #expect(
            Service.openMeteoGeocoding.minimumRequestInterval(to: "https://nominatim.openstreetmap.org/search") == 0)
    }

    @Test func fourProcessesStartedAtOnceAreASecondApartEach() async throws {
        // Four spacings over one lock file stand for four wx processes started at once, in a
        // runtime folder not made yet (`XDG_RUNTIME_DIR` naming one): each waits one second
        // more than the one before. The old code made only the last folder (no file, no
        // spacing) and took a time more than a second ahead for a clock set back (the fourth
        // went at once).
        let runtime = TemporaryFolder()
        let folder = runtime.path + "/run/user/wx"
        let processes = (0..<4).map { _ in RequestSpacing(lockFolder: folder, clock: clock) }
        let waits = processes.map { spacing in Task { try await spacing.wait(for: .nominatim, url: Self.publicSearch) }
        }
        await clock.waitForSleepers(3)
        #expect(clock.sleeps.sorted() == [.seconds(1), .seconds(2), .seconds(3)])
        clock.advance(by: .seconds(3))
        for wait in waits { try await wait.value }
        let stamp = try String(contentsOfFile: folder + "/nominatim.last-request", encoding: .utf8)
        #expect(stamp.hasPrefix("1770414003.000 "))
    }

    @Test func aLastRequestWrittenAfterNowIsAClockSetBackAndNotWaitedFor() async throws {
        let runtime = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: runtime.path + "/wx", withIntermediateDirectories: true)
        // Written an hour after the test clock's now: the clock was set back since.
        try "1770417600.000 1770417600.000".write(
            toFile: runtime.path + "/wx/nominatim.last-request", atomically: true, encoding: .utf8)
        try await RequestSpacing(lockFolder: runtime.path + "/wx", clock: clock).wait(
            for: .nominatim, url: Self.publicSearch)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func cancellingAWaitForSpacingEndsIt() async throws {
        let spacing = RequestSpacing(lockFolder: nil, clock: clock)
        try await spacing.wait(for: .nominatim, url: Self.publicSearch)
        let waiting = Task { try await spacing.wait(for: .nominatim, url: Self.publicSearch) }
        await clock.waitForSleepers()
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(clock.sleeperCount == 0)
    }

    // MARK: - Cache freshness and the offline fallback

    @Test func freshAnswerIsServedStaleOneRefetchedUnreachableServiceFallsBack() async throws {
        let folder = TemporaryFolder()
        let cache = ResponseCache(folder: folder.path)
        let provider = forecaster(context(cache: cache))
        let start = clock.now

        transport.expect("/v1/forecast", body: Self.newYorkBody)
        #expect(try await provider.forecast(at: Self.newYork).origin == .network)

        // 21:44Z: still inside the 15 minutes the answer describes; no request.
        clock.advance(by: .seconds(4 * 60))
        #expect(try await provider.forecast(at: Self.newYork).origin == .cache(stored: start))
        #expect(transport.requests.count == 1)

        // 21:46Z: out of date, asked again.
        clock.advance(by: .seconds(2 * 60))
        transport.expect("/v1/forecast", body: Self.newYorkBody)
        #expect(try await provider.forecast(at: Self.newYork).origin == .network)
        #expect(transport.requests.count == 2)
        let refetched = clock.now

        // An hour later the service cannot be reached: the saved answer stands in, with why.
        clock.advance(by: .seconds(3600))
        let refused = TransportError.cannotConnect("om")
        transport.expect("/v1/forecast", failure: refused)
        let fallback = try await provider.forecast(at: Self.newYork)
        #expect(fallback.origin == .stale(stored: refetched, reason: .transport(.openMeteo, refused)))
        #expect(fallback.value.current?.temperatureCelsius == -1.4)
        #expect(transport.allAnswered)
    }

    @Test func offlineAnswersFromTheCacheOnlyHoweverOld() async throws {
        let folder = TemporaryFolder()
        let cache = ResponseCache(folder: folder.path)
        let start = clock.now
        transport.expect("/v1/forecast", body: Self.newYorkBody)
        _ = try await forecaster(context(cache: cache)).forecast(at: Self.newYork)

        clock.advance(by: .seconds(2 * 86_400))
        let offline = forecaster(context(cache: cache, offline: true))
        #expect(try await offline.forecast(at: Self.newYork).origin == .stale(stored: start, reason: nil))
        // Nothing saved for another place: the offline error, and still no request.
        await #expect(throws: ServiceError.transport(.openMeteo, .failed("offline and no saved data for this request")))
        {
            try await offline.forecast(at: Coordinate(latitude: 52.52, longitude: 13.41))
        }
        #expect(transport.requests.count == 1)
    }
}
