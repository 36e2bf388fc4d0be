import Foundation
import Testing
import WeatherTestSupport

/// `brief` says which day a span is on and what an amount is over (trial60 findings 5 and 9):
/// the heaviest span named without its day read as today's ("heaviest 17:00–20:00" was
/// tomorrow's); OpenWeatherMap's 4.43 mm over the 3-hour step 00:00–03:00 read "4.4 mm an hour";
/// today's count of the ensemble's members, over the rest of the day, read "over the day". Its
/// `--json` `utc_offset_seconds` is the place's offset now, as `show --json`'s. The words and
/// figures expected come from Fixtures/brief/brief_expected.py,
/// Fixtures/openweathermap/brief_step_expected.py and
/// Fixtures/open-meteo-ensemble/trial58_chance_expected.py over the answers served.
@Suite(.tags(.endToEnd))
struct BriefSpanWordsEndToEndTests {
    static let paris = "48.85,2.35"

    func script(_ path: String, _ arguments: [String] = []) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/" + path] + arguments,
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The output's lines, unwrapped and joined by spaces.
    func joined(_ run: WXResult) -> String {
        run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Tue 29 Jul 22:00 CEST: the rain starts tomorrow afternoon, and its heaviest hours are
    /// tomorrow's.
    @Test func theHeaviestSpanNamesItsDay() throws {
        let now = "2025-07-29T20:00:00Z"
        let rain = try #require(try script("brief/brief_expected.py", [now])["rain"] as? [String: Any])
        let said = try #require(rain["heaviest_said"] as? String)
        let run = try runWX(["brief", "Berlin"], home: TemporaryFolder(), server: FixtureServer(), now: now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(joined(run).contains(said), "\(said)\n\(run.stdout)")
    }

    /// OpenWeatherMap's steps are 3 hours: the heaviest step's amount is said over its span,
    /// with its day; the JSON gives the step and the place's offset now.
    @Test func aThreeHourStepIsSaidOverItsSpan() throws {
        let expected = try script("openweathermap/brief_step_expected.py")
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let key = ["OPENWEATHERMAP_API_KEY": "views-test-key"]
        let now = "2025-03-21T08:10:00Z"
        #expect(
            try runWX(["-c", "provider openweathermap"], home: home, server: server, now: now, environment: key).status
                == 0)
        let run = try runWX(["brief", "London"], home: home, server: server, now: now, environment: key)
        #expect(run.status == 0, "\(run.stderr)")
        let said = try #require(expected["heaviest"] as? String)
        #expect(joined(run).contains(said), "\(said)\n\(run.stdout)")
        #expect(!run.stdout.contains("an hour"), "\(run.stdout)")
        let json = try runWX(["--json", "brief", "London"], home: home, server: server, now: now, environment: key)
        let line = try #require(json.stdout.split(separator: "\n").first { $0.contains(#""type":"brief""#) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(
            (document["utc_offset_seconds"] as? Double).map(Int.init) == expected["utc_offset_seconds"] as? Int,
            "\(line)")
        let rain = (document["sentences"] as? [[String: Any]])?.first { $0["kind"] as? String == "rain" }
        #expect((rain?["facts"] as? [String: Any])?["step_seconds"] as? Double == 10_800, "\(line)")
    }

    /// Today's count is of its rest, from the next hour: said so.
    @Test func todaysCountIsOverTheRestOfTheDay() throws {
        let file = "open-meteo-ensemble/paris-ecmwf-ifs025-fri-afternoon-45-wet-sat-dry-hand-edited.json"
        let now = "2026-10-23T05:10:00Z"
        let counts = try script(
            "open-meteo-ensemble/trial58_chance_expected.py", [String(file.split(separator: "/").last!), now])
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: file, times: 1))
        let run = try runWX(["brief", "--sure", Self.paris], home: TemporaryFolder(), server: server, now: now)
        #expect(run.status == 0, "\(run.stderr)")
        let members = try #require(counts["today_members"] as? Int)
        let of = try #require(counts["today_of_members"] as? Int)
        let word = try #require(counts["today_likelihood"] as? String)
        let said =
            "Rain in the rest of today is \(word): \(members) of \(of) members give 1 mm or more over the rest of the day."
        #expect(joined(run).contains(said), "\(said)\n\(run.stdout)")
    }
}
