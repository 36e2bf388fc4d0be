import Foundation
import Testing
import WeatherTestSupport

/// `plume` over an ensemble answer that starts long after wx's clock (nu60: the recorded Berlin
/// answer of December 2026 at a clock of July 2025) printed its first hours as if they were the
/// next ones — weekday and clock only, winter temperatures on a July morning — where `best`,
/// `chance` and `confidence` refuse the same answer. It is refused as `best` refuses it, with the
/// same count of days.
@Suite(.tags(.endToEnd)) struct PlumeFarAnswerEndToEndTests {
    @Test func anAnswerStartingAfterTheHoursAskedIsRefusedAsBestRefusesIt() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let now = "2025-07-27T03:00:00Z"
        let plume = try runWX(["plume", "temp", "24", "Berlin"], home: home, server: server, now: now)
        #expect(plume.status == 1, "\(plume.stdout)")
        #expect(plume.stdout.isEmpty, "\(plume.stdout)")
        let best = try runWX(["best", "3", "Berlin"], home: home, server: server, now: now)
        #expect(best.status == 1, "\(best.stdout)")
        // "the ECMWF IFS ENS answer starts 2026-12-01, 492 days from today"
        func start(_ text: String) -> Substring? {
            guard let range = text.range(of: "answer starts ") else { return nil }
            return text[range.upperBound...].prefix { $0 != "," } + ","
                + text[range.upperBound...].drop { $0 != "," }.dropFirst().prefix { $0 != "," }
        }
        let said = try #require(start(plume.stderr), "\(plume.stderr)")
        #expect(said == start(best.stderr), "\(plume.stderr) / \(best.stderr)")
        #expect(said.hasPrefix("2026-12-01,"), "\(said)")
        #expect(plume.stderr.contains("days from today, after the next 24 hours"), "\(plume.stderr)")
    }
}
