import Foundation
import Testing
import WeatherTestSupport

/// The rain "this hour" of `show`, `line` and `--json show`: an hourly Open-Meteo amount or
/// chance covers the hour *before* its label, so the hour in progress is the first label after
/// now, while the temperature is the last label at or before now. Expected values from
/// Fixtures/open-meteo-forecast/this_hour_expected.py.
@Suite(.tags(.endToEnd)) struct HourInProgressEndToEndTests {
    /// 06:30 CEST in Paris: the hour in progress, 06:00–07:00, is the value labelled 07:00.
    static let now = "2026-10-24T04:30:00Z"

    @Test func showAndLineGiveTheAmountOfTheHourInProgress() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let show = try runWX(["show", "48.85,2.35"], home: home, server: server, now: Self.now)
        #expect(show.status == 0, "\(show.stderr)")
        // this_hour_expected.py: 0.3 mm, 06:00–07:00 (the label 06:00 has 0.0: 05:00–06:00).
        #expect(show.stdout.contains("\n  0.3 mm this hour · today "), "\(show.stdout)")
        let line = try runWX(["line", "--format", "%p", "48.85,2.35"], home: home, server: server, now: Self.now)
        #expect(line.stdout == "0.3mm\n", "\(line.stdout)\(line.stderr)")
    }

    @Test func jsonSaysWhichIntervalTheAmountCovers() throws {
        let run = try runWX(
            ["--json", "show", "48.85,2.35"], home: TemporaryFolder(), server: try FixtureServer(), now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first)
        let weather = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        // The instants' hour stays the one at or before now.
        let current = try #require(weather["current_hour"] as? [String: Any])
        #expect(current["time"] as? String == "2026-10-24T04:00:00Z")
        let amount = try #require(weather["precipitation_hour"] as? [String: Any])
        #expect(amount["from"] as? String == "2026-10-24T04:00:00Z")
        #expect(amount["to"] as? String == "2026-10-24T05:00:00Z")
        #expect(amount["precipitation_millimetres"] as? Double == 0.3)
        #expect(amount["precipitation_probability_percent"] is NSNull)
    }
}
