import Foundation
import Testing
import WeatherTestSupport

/// What `best` and `chance` say around their rows, through the built wx and the loopback server:
/// a rule's hours by the clock setting, a forecast whose hours are all past called old, a
/// Beaufort range with both ends named.
@Suite(.tags(.endToEnd)) struct DecisionWordingEndToEndTests {
    /// 11:10 CEST on Fri 23 Oct 2026: this morning's frost night (to 09:00) is over.
    static let parisMorning = "2026-10-23T09:10:00Z"

    /// Under the 12-hour clock the frost rule said "(18:00 to 09:00)" beside rows that say
    /// "12:00 am–6:00 am"; so did the note on this morning's night.
    @Test func theFrostNightFollowsTheClockSetting() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["--units", "imperial", "chance", "frost", "rain>=1mm", "4", "48.85,2.35"], home: TemporaryFolder(),
            server: server, now: Self.parisMorning)
        #expect(run.status == 0, "\(run.stderr)")
        let joined = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            joined.contains("frost: the night’s low below 32 °F (6:00 pm to 9:00 am), under the morning it ends"),
            "\(joined)")
        #expect(joined.contains("frost: this morning’s night (to 9:00 am) is over"), "\(joined)")
        #expect(!run.stdout.contains("18:00") && !run.stdout.contains("09:00"), "\(run.stdout)")
        // The 24-hour clock keeps its words.
        let metric = try runWX(
            ["chance", "frost", "4", "48.85,2.35"], home: TemporaryFolder(), server: server, now: Self.parisMorning)
        #expect(metric.stdout.contains("(18:00 to 09:00)"), "\(metric.stdout)")
    }

    /// New York's recorded forecast ends Thu 12 Feb 2026 23:00 EST (13 Feb 04:00 UTC); at
    /// 2026-12-01 03:00 UTC that is 290 days and 23 hours ago, "290 days" as wx says ages. `best`
    /// said "the forecast’s hours end Thu 12 Feb 23:00: later windows have the members’ odds
    /// only", as if the forecast simply ended early.
    @Test func aForecastWhoseHoursAreAllPastIsCalledOld() throws {
        let run = try runWX(
            ["best", "3h", "dry", "40.75,-74.0"], home: TemporaryFolder(), server: try FixtureServer(),
            now: "2026-12-01T03:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let joined = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            joined.contains(
                "the forecast is old: its last hour, Thu 12 Feb 2026 23:00, was 290 days ago, so no window has its values, only the members’ odds"
            ), "\(joined)")
        #expect(!joined.contains("later windows"), "\(joined)")
    }

    /// Berlin's forecast in Beaufort: "wind 1–2 Bft (light breeze)" named the upper end only.
    @Test func aBeaufortRangeNamesBothEnds() throws {
        let (run, _) = try runDemo("units wind bft; best 3h dry Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        let joined = run.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(joined.contains("wind 0–1 Bft (calm to light air)"), "\(joined)")
        #expect(joined.contains("wind 1–2 Bft (light air to light breeze)"), "\(joined)")
        #expect(
            joined.range(of: #"wind \d+–\d+ Bft \([a-z]+ [a-z]+\) "#, options: .regularExpression) == nil, "\(joined)")
    }
}
