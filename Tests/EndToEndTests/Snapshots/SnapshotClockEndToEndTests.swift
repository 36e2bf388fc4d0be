import Foundation
import Testing
import WeatherTestSupport

/// `saved N` in the demo, through the built wx: its data time and the days passed go by the
/// recording's clock, its saved-at time by the real one, and the one is named beside the other.
@Suite(.tags(.endToEnd)) struct SnapshotClockEndToEndTests {
    /// A New York snapshot read "saved at 2026-12-06 03:32" (the real clock) above "not passed
    /// yet: Fri 06 Feb to Thu 12 Feb" (the recording's): the days stay judged by the clock of the
    /// data time, and the saved-at time says whose it is.
    @Test func theSavedAtTimeNamesTheRecordingsClockBesideIt() throws {
        let (run, _) = try runDemo("show New York; save; saved 1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  data time     2026-02-06 16:30 (UTC-05:00)\n"), "\(run.stdout)")
        // The saved-at field, its lines joined (it wraps at 80 columns).
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.contains(
                "(UTC-05:00), by your clock; the data time and the days passed are by the recording’s, 2026-02-06 16:30 (UTC-05:00) forecast kept"
            ), "\(run.stdout)")
        #expect(run.stdout.contains("\n  not passed yet: Fri 06 Feb to Thu 12 Feb\n"), "\(run.stdout)")
    }
}
