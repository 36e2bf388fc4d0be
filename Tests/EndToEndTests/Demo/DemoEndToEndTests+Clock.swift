import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
    /// Trial 11: a day not yet come, asked of the current location or a named place in the demo,
    /// is refused on the place's own demo clock; it said "before today (2026-10-04 at UTC+14, the
    /// earliest time zone)", the demo's clock before any place is known.
    @Test func aFutureDayIsRefusedOnThePlacesOwnDemoClock() throws {
        let (run, paths) = try runDemo("find Berlin; past 2030-01-01; past 2030-01-01 Berlin")
        #expect(run.status == 2)
        let refusal =
            "error: 2030-01-01 has not happened yet: “past” is for days before today (2025-07-27 in Berlin, UTC+02:00)"
        #expect(run.stderr.components(separatedBy: "\n").filter { $0 == refusal }.count == 2, "\(run.stderr)")
        #expect(!paths.contains("/v1/archive") && !paths.contains("/v1/forecast"), "\(paths)")
    }
}
