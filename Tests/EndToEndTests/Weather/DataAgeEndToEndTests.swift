import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, fault 11: for the same saved answer `show` said "saved data from 2 h 0 min ago" (the
/// time since it was fetched) and `line` "2 h 10 min old" (the reading's age). One rule
/// (`DataAge`): the reading's age, with when it was fetched where that differs. The expected
/// ages come from Fixtures/open-meteo-forecast/stale_age_expected.py over the recording.
@Suite(.tags(.endToEnd)) struct DataAgeEndToEndTests {
    @Test func showAndLineGiveOneAgeForTheSameSavedAnswer() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let fetched = "2025-07-27T03:10:00Z"
        let later = "2025-07-27T05:10:00Z"
        let first = try runWX(["-c", "show 52.52,13.41"], home: home, server: server, now: fetched)
        #expect(first.status == 0, "\(first.stderr)")
        let script = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-forecast/stale_age_expected.py",
                TestPaths.packageRoot.path
                    + "/Fixtures/open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json",
                fetched, later,
            ], environment: [:])
        let ages = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: String], "\(script.stderr)")
        let data = try #require(ages["data"])
        let since = try #require(ages["fetched"])
        #expect(data != since)
        let shown = try runWX(["--offline", "-c", "show 52.52,13.41"], home: home, server: server, now: later)
        #expect(shown.stdout.contains("offline: data from \(data) ago, fetched \(since) ago\n"), "\(shown.stdout)")
        let line = try runWX(["--offline", "line", "52.52,13.41"], home: home, server: server, now: later)
        #expect(line.stdout.hasSuffix("(\(data) old)\n"), "\(line.stdout)")
    }
}
