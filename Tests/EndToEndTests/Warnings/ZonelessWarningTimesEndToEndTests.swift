import Foundation
import Testing
import WeatherTestSupport

/// A warning whose times the feed wrote without a zone (nu60): `check --warnings` held, exit 0,
/// for a frost that ended weeks before and a storm months ahead — the onset was dropped, the
/// given end said as "no end given", so the warning read as in force for good. Such a time is now
/// read at its widest (the onset 14 h early, the end 14 h late: never a warning ended sooner or
/// begun later than it may be) and said as written.
@Suite(.tags(.endToEnd)) struct ZonelessWarningTimesEndToEndTests {
    func server() throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(.init(path: "/alerts", file: "warnings/brightsky-alerts-zoneless-times-hand-written.json"))
        return server
    }

    /// 2025-07-27: the frost ended 2025-07-02 (at the latest 14:00 UTC), the storm begins
    /// 2026-03-07 (at the earliest 03-06 10:00 UTC): none is in force or within 24 hours.
    @Test func neitherAnEndedNorAFarWarningHolds() throws {
        let run = try runWX(
            ["check", "--warnings", "Berlin"], home: TemporaryFolder(), server: try server(),
            now: "2025-07-27T03:00:00Z")
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("none held"), "\(run.stdout)")
        #expect(!run.stdout.contains("Storm") && !run.stdout.contains("Frost"), "\(run.stdout)")
    }

    /// 2026-03-06 20:00 UTC: the storm may begin within 24 hours; both its times are said as
    /// written, the end too (it was "no end given").
    @Test func aWarningThatMayBeginSoonHoldsWithItsTimesAsWritten() throws {
        let run = try runWX(
            ["check", "--warnings", "Berlin"], home: TemporaryFolder(), server: try server(),
            now: "2026-03-06T20:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == "Berlin: ⚠ Storm (red) from 2026-03-07 00:00 (no time zone given) until 2026-03-08 00:00 (no time zone given)\n",
            "\(run.stdout)")
    }
}
