import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

/// Issue 38, item 3: a warning feed is asked within its own short limit (at most 5 s, one
/// attempt), and its failure is remembered for 5 minutes in the cache folder, so that the next
/// command — in this process or another — does not wait for it again. Time is the `TestClock`'s:
/// nothing here sleeps.
@Suite(.hangLimit, .tags(.unit)) struct RememberedFailureTests {
    static let berlin = Place(
        name: "Berlin", region: "Deutschland", countryCode: "de",
        coordinate: Coordinate(latitude: 52.517, longitude: 13.3889), displayName: "Berlin, Deutschland")
    static let frost = TestPaths.fixture("warnings/brightsky-alerts-berlin-frost-2026-03.json")

    let clock = TestClock(start: Date(timeIntervalSince1970: 1_772_852_400))  // 2026-03-07T03:00Z

    /// A feed on its own transport and a cache in `folder`: a new one stands for a new process.
    func feed(_ transport: FakeTransport, _ folder: TemporaryFolder) -> BrightSkyWarnings {
        let clock = clock
        let context = ServiceContext(
            transport: transport, cache: ResponseCache(folder: folder.path), now: { clock.now }, clock: clock,
            limits: TransferLimits(totalTimeoutSeconds: 20))
        return BrightSkyWarnings(baseURL: "http://bs", context: context)
    }

    @Test func aFeedThatTimesOutIsAskedOnceWithinFiveSecondsAndNotAgainForFiveMinutes() async throws {
        let folder = TemporaryFolder()
        let transport = FakeTransport(clock: clock)
        transport.expectTimeout("/alerts")
        let start = clock.elapsed
        // Said as a share of the command's 20 s (trial 55: a bound shorter than WX_TIMEOUT names it).
        await #expect(throws: ServiceError.transport(.brightSky, .timedOut(seconds: 5, ofWhole: 20))) {
            try await feed(transport, folder).warnings(for: Self.berlin, language: "en")
        }
        // One attempt, within 5 s of the test clock: no retry stretched it to the command's 20 s.
        #expect(transport.limits.map(\.totalTimeoutSeconds) == [5])
        #expect(clock.elapsed - start == .seconds(5))

        // Four minutes later, another process (a new transport that fails on any request): the
        // failure is remembered; no request, no time spent.
        clock.advance(by: .seconds(240))
        let quiet = FakeTransport(clock: clock)
        let before = clock.elapsed
        do {
            _ = try await feed(quiet, folder).warnings(for: Self.berlin, language: "en")
            Issue.record("a remembered failure answered")
        } catch {
            #expect(
                error.description
                    == "Bright Sky (DWD) failed 4 minutes ago (no answer within 5 s); not asked again for 1 minute")
        }
        #expect(quiet.requests.isEmpty)
        #expect(clock.elapsed == before)

        // Past the five minutes: asked again, and its answer read.
        clock.advance(by: .seconds(61))
        let again = FakeTransport(clock: clock)
        again.expect("/alerts", body: Self.frost)
        let answer = try await feed(again, folder).warnings(for: Self.berlin, language: "en")
        #expect(answer.value.warnings.first?.event == "Frost")
        #expect(again.allAnswered)
    }
}
