import Foundation
import Testing
import WeatherTestSupport

/// A daily user: `rain` at 04:59 EST in New York said "about 0.003 mm" — right (a minute left of
/// an hour of 0.2 mm) but more precise than any figure the data has. An amount under 0.1 mm is
/// said "under 0.1 mm", as `rain`'s dry line words its limit. Expected phrases:
/// Fixtures/open-meteo-forecast/tiny_amount_expected.py over the same recording.
@Suite(.tags(.endToEnd))
struct TinyAmountEndToEndTests {
    static let newYork = "40.78858,-73.9661"

    @Test(arguments: ["2026-02-07T09:59:00Z", "2026-02-07T09:00:00Z"], ["metric", "imperial"])
    func anAmountUnderTheDataPrecisionIsSaidAsUnderIt(now: String, units: String) throws {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/open-meteo-forecast/tiny_amount_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: String]])
        let phrase = try #require(expected[now]?[units])
        let server = try FixtureServer()
        let rain = try runWX(
            ["-c", "units \(units); rain \(Self.newYork)"], home: TemporaryFolder(), server: server, now: now)
        #expect(rain.status == 0, "\(rain.stderr)")
        #expect(rain.stdout.contains("snowing now, \(phrase), until "), "\(rain.stdout)")
    }
}
