import Foundation
import Testing
import WeatherTestSupport

/// A warning feed's failure is remembered for 5 minutes so that `show` (which asks it beside the
/// forecast) does not wait for it again; `warnings`, which the user types to ask that feed, asks
/// again — unless the feed itself asked wx to wait (a 429), whose terms come first.
@Suite(.tags(.endToEnd)) struct ExplicitWarningsEndToEndTests {
    /// Bright Sky's frost for Berlin runs 2026-03-07 00:00–08:00 UTC (WarningsEndToEndTests).
    static let berlinNight = "2026-03-07T03:00:00Z"

    func alertRequests(_ server: FixtureServer) throws -> Int {
        try server.requests().filter { $0.path == "/alerts" }.count
    }

    /// After one HTTP 500 beside `show`, `warnings Berlin` refused for 5 minutes ("not asked
    /// again for 5 minutes") though the user asked for the warnings by name.
    @Test func warningsAsksAgainAfterAFailureBesideShow() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/alerts", status: 500, body: "down"))
        let show = try runWX(["show", "Berlin"], home: home, server: server, now: Self.berlinNight)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stderr.contains("warnings could not be fetched: Bright Sky (DWD)"), "\(show.stderr)")
        // `show` keeps its back-off: the feed is not asked again beside the forecast.
        let again = try runWX(["show", "Berlin"], home: home, server: server, now: Self.berlinNight)
        #expect(again.stderr.contains("not asked again for 5 minutes"), "\(again.stderr)")
        #expect(try alertRequests(server) == 1)
        // Asked by name, the feed is asked again, and its answer shown.
        let warnings = try runWX(["warnings", "Berlin"], home: home, server: server, now: Self.berlinNight)
        #expect(warnings.status == 0, "\(warnings.stderr)")
        #expect(warnings.stdout.contains("Frost"), "\(warnings.stdout)")
        #expect(!warnings.stderr.contains("not asked again"), "\(warnings.stderr)")
        #expect(try alertRequests(server) == 2)
    }

    /// A 429 is the feed asking wx to wait: `warnings` does not ask again within the 5 minutes.
    @Test func aRateLimitIsWaitedOutEvenByWarnings() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/alerts", status: 429, body: "slow down"))
        _ = try runWX(["show", "Berlin"], home: home, server: server, now: Self.berlinNight)
        #expect(try alertRequests(server) == 1)
        let warnings = try runWX(["warnings", "Berlin"], home: home, server: server, now: Self.berlinNight)
        #expect(warnings.status == 1)
        #expect(warnings.stderr.contains("not asked again for 5 minutes"), "\(warnings.stderr)")
        #expect(try alertRequests(server) == 1)
    }
}
