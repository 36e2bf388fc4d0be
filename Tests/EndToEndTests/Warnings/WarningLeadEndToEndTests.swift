import Foundation
import Testing
import WeatherTestSupport

/// With brightsky-alerts-bad-input-hand-written.json while its Thaw (moderate, orange) is in
/// force beside its Storm (catastrophic, no onset, no end), the Storm leads in `check` and
/// `brief`: "⚠ Thaw (orange) … and 1 more" had hidden the worse warning behind the milder one.
/// The Storm's onset, written without a zone, is said as written (trial 63: "no end given"
/// alone read as in force from before), and its severity as the feed's word, quoted, not as if
/// it were one of the levels wx says.
@Suite(.tags(.endToEnd)) struct WarningLeadEndToEndTests {
    /// The Thaw runs 2026-03-07 00:00–02:00 UTC.
    static let duringTheThaw = "2026-03-07T01:00:00Z"

    func server() throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/alerts", file: "warnings/brightsky-alerts-bad-input-hand-written.json", times: 2))
        return server
    }

    @Test func checkLeadsWithTheMostSevere() throws {
        let run = try runWX(
            ["check", "--warnings", "Berlin"], home: TemporaryFolder(), server: try server(), now: Self.duringTheThaw)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == "Berlin: ⚠ Storm (severity “catastrophic”) from 2026-03-07 00:00 (no time zone given), no end given and 1 more\n"
        )
    }

    @Test func briefSpeaksOfTheMostSevereFirst() throws {
        let run = try runWX(
            ["brief", "Berlin"], home: TemporaryFolder(), server: try server(), now: Self.duringTheThaw)
        let storm = try #require(run.stdout.range(of: "⚠ Storm (severity “catastrophic”)"), "\(run.stdout)")
        let thaw = try #require(run.stdout.range(of: "⚠ Thaw (orange)"), "\(run.stdout)")
        #expect(storm.lowerBound < thaw.lowerBound, "\(run.stdout)")
    }
}
