import Foundation
import Testing
import WeatherTestSupport

/// Trial 8 in `make demo`: the past days Berlin has are all of them (the archive's and the
/// forecast API's), and `skill` longer than the recordings says how many days it can score.
extension DemoEndToEndTests {
    @Test func pastSaysEveryDayTheDemoHasAndSkillSaysHowFarItReaches() throws {
        let (run, paths) = try runDemo("find Berlin; past 2025-06-01; skill 31; skill 92; past 2025-07-24")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "error: the demo has no recording of past weather for Berlin on those days (it has 2025-06-23..2025-07-26)",
                "error: the demo’s recordings for Berlin reach back to 2025-06-23: skill there scores at most 30 days (“skill 30”), not 31 (2025-06-22 to 2025-07-22)",
                "error: the demo’s recordings for Berlin reach back to 2025-06-23: skill there scores at most 30 days (“skill 30”), not 92 (2025-04-22 to 2025-07-22)",
            ], "\(run.stderr)")
        // The day it says it has answers; skill asked for nothing before refusing.
        #expect(run.stdout.contains("Berlin, Deutschland · Thu 24 Jul 2025\n"), "\(run.stdout)")
        #expect(!paths.contains { $0.hasPrefix("/previous-runs") }, "\(paths)")
    }
}

/// Trial 10 in `make demo`: `show`'s "see also" line names only what the demo can answer for
/// the place: New York's line sent a new user into two refusals.
extension DemoEndToEndTests {
    @Test func showNamesOnlyTheFurtherViewsTheDemoHasForThePlace() throws {
        let (run, _) = try runDemo("find New York; show; find Berlin; show")
        #expect(run.status == 0, "\(run.stderr)")
        let hint = "  see also: “normal” (usual for the date), “confidence” (how sure)\n"
        let parts = run.stdout.components(separatedBy: "Berlin, Deutschland")
        #expect(parts.count >= 2, "\(run.stdout)")
        // New York's show: neither command (the demo has neither for it); Berlin's: both.
        #expect(!parts[0].contains("see also"), "\(parts[0])")
        #expect(run.stdout.hasSuffix(hint), "\(run.stdout)")
    }
}
