import Foundation
import Testing
import WeatherTestSupport

/// trial59's findings 8 and 12: times in the repeated hour of the night the clocks go back carry
/// their zone wherever wx prints them; one date format ("Tue 01 Dec"); unit words in headings
/// in brackets ("precipitation (in)"); plume says the end the rain data really covers. Times and
/// counts expected come from Fixtures/open-meteo-ensemble/trial59_expected.py.
@Suite(.tags(.endToEnd))
struct Trial59LabelsEndToEndTests {
    static let paris = "48.85,2.35"
    static let dryEnsemble = "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"

    /// trial59_expected.py's answer to `arguments`.
    func expected(_ arguments: [String]) throws -> [String: String] {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/trial59_expected.py"] + arguments,
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: String])
    }

    /// The output's lines, unwrapped and joined by spaces.
    func joined(_ run: WXResult) -> String {
        run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    func wide(_ arguments: [String], _ home: TemporaryFolder, _ server: FixtureServer, _ now: String) throws
        -> WXResult
    {
        try runWX(arguments, home: home, server: server, now: now, environment: ["COLUMNS": "200"])
    }

    /// Finding 8: at 02:30 CEST on Sun 25 Oct the next hour is 02:00 CET: `confidence`'s rest of
    /// today and `best`'s span say so, as the window lines do.
    @Test func theRepeatedHourCarriesItsZone() throws {
        let now = "2026-10-25T00:30:00Z"
        let next = try expected(["next", "Europe/Paris", now])
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let confidence = try wide(["confidence", "1", Self.paris], home, server, now)
        #expect(confidence.status == 0, "\(confidence.stderr)")
        #expect(joined(confidence).contains("rest of today from \(next["clock"]!) "), "\(confidence.stdout)")
        let best = try wide(["best", "2h", "dry", Self.paris], home, server, now)
        #expect(best.status == 0, "\(best.stderr)")
        #expect(joined(best).contains("the next 3 days from \(next["day_clock"]!)"), "\(best.stdout)")
    }

    /// Finding 8: a look at 02:30 CEST, then `brief` at 02:30 CET an hour later: the earlier
    /// look is the other 02:30, and its zone says which.
    @Test func briefNamesTheOtherHalfPastTwo() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let (first, second) = ("2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z")
        let then = try expected(["label", "Europe/Paris", first])
        let now = try expected(["label", "Europe/Paris", second])
        _ = try wide(["brief", Self.paris], home, server, first)
        let run = try wide(["brief", Self.paris], home, server, second)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\(now["day"]!) \(now["clock"]!)"), "\(run.stdout)")
        #expect(joined(run).contains("Since you looked at \(then["clock"]!):"), "\(run.stdout)")
    }

    /// Finding 12: `brief`'s heading writes the date as the other views do ("Tue 01 Dec").
    @Test func briefWritesTheDateAsTheOtherViews() throws {
        let now = "2026-12-01T15:00:00Z"
        let label = try expected(["label", "America/New_York", now])
        let run = try wide(["brief", "40.75,-74.0"], TemporaryFolder(), try FixtureServer(), now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\(label["day_clock"]!) \(label["zone"]!)"), "\(run.stdout)")
    }

    /// Finding 12: "precipitation in per model" read "in" as a preposition.
    @Test func modelsHeadingBracketsItsUnits() throws {
        let run = try wide(
            ["--units", "imperial", "models", "3", "Hamburg"], TemporaryFolder(), try FixtureServer(),
            "2026-12-01T07:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(joined(run).contains("low/high (°F) and precipitation (in) per model"), "\(run.stdout)")
    }

    /// Finding 12: plume's last rain row (22:00) covers 22:00–23:00: the members end at 23:00.
    @Test func plumeRainSaysTheEndItsDataCovers() throws {
        let end = try expected(["rain_end", Self.dryEnsemble])
        let run = try wide(
            ["plume", "rain", "200", Self.paris], TemporaryFolder(), try FixtureServer(), "2026-10-23T05:10:00Z")
        #expect(
            joined(run).contains(
                "the members end \(end["end"]!) (the last value covers \(end["from"]!)–\(end["until"]!)):"),
            "\(run.stdout)")
    }
}
