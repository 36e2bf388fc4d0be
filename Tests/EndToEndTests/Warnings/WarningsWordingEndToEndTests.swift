import Foundation
import Testing
import WeatherTestSupport

/// `warnings`' wording in a daily user's trial, through the built wx and the loopback server.
@Suite(.tags(.endToEnd)) struct WarningsWordingEndToEndTests {
    /// At 40 columns the heading cut the place to keep the feed ("Berlin… · warnings from
    /// Bright Sky (DWD)"): the feed moves under the heading before the place is cut.
    @Test func atFortyColumnsTheFeedGivesWayBeforeThePlace() throws {
        let run = try runWX(
            ["-c", "warnings Berlin"], home: TemporaryFolder(), server: FixtureServer(), now: "2026-03-07T03:00:00Z",
            environment: ["COLUMNS": "40"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Berlin, Deutschland · warnings\n  from Bright Sky (DWD)\n"), "\(run.stdout)")
    }
}
