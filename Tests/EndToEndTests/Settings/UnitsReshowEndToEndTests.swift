import Foundation
import Testing
import WeatherTestSupport

/// `check --changed` says the mark's time by the clock setting (trial).
@Suite(.tags(.endToEnd))
struct UnitsReshowEndToEndTests {
    static let now = "2026-10-23T05:10:00Z"

    @Test func checkChangedSaysTheMarksTimeByTheClockSetting() throws {
        let run = try runWX(
            ["-c", "units imperial; check --changed 48.85,2.35; check --changed 48.85,2.35"],
            home: TemporaryFolder(), server: try FixtureServer(), now: "2026-10-23T06:20:00Z")
        #expect(run.stdout.contains("nothing changed that matters since Fri 8:20 am"), "\(run.stdout)")
    }
}
