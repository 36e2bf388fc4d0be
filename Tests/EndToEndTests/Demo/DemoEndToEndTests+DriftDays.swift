import Foundation
import Testing
import WeatherTestSupport

/// Trial: `drift 2025-08-03 Berlin` was refused "no recording … on those days (it has
/// 2025-06-23..2025-08-03)" though 3 August is among them: wx asks the day after too (its 00:00
/// ends the day's last hour), past the recording. In the demo the request stops at the
/// recording's last day, whose hours (kept in UTC) reach past Berlin's midnight.
extension DemoEndToEndTests {
    @Test func driftOnTheRecordingsLastDayIsAnswered() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find Berlin; drift 2025-08-03", server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("no recording"), "\(run.stderr)")
        #expect(run.stdout.contains("Sun 03 Aug, run by run") || run.stdout.contains("Sun 3 Aug"), "\(run.stdout)")
        // 7 days ahead: the runs after today are not made yet; lead 0 is today's newest run,
        // whose values the recording lacks for the day (trial 60).
        #expect(run.stdout.contains("no run 1 d ahead yet"), "\(run.stdout)")
        #expect(run.stdout.contains("newest run: no values for this day"), "\(run.stdout)")
        #expect(!run.stdout.contains("no run 0 d ahead yet"), "\(run.stdout)")
    }
}
