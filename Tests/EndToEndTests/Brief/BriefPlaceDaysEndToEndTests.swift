import Foundation
import Testing
import WeatherTestSupport

/// `brief`'s days when the answers came in GMT. It read the ensemble at the answer's own clock,
/// so an answer in GMT gave UTC days where `check` and `chance` count the place's: at 23:30 CEST
/// in Berlin it said "Rain in the rest of today is unlikely: 0 of 51" of the UTC day's last two
/// hours — tomorrow at the place — where `chance` starts with tomorrow (8 of 51). It now reads it
/// at the place's clock by the one rule (`PlacesClock`). And it compared today's and tomorrow's
/// highs of a GMT forecast, UTC days, without saying so, where `show` says "days are UTC days";
/// it now says it in `show`'s words (Delhi: "05:30–05:30 IST"). Piped to the built wx against the
/// loopback server; the counts and the day's start come from Fixtures/brief/brief_place_days_expected.py.
@Suite(.tags(.endToEnd))
struct BriefPlaceDaysEndToEndTests {
    static let berlinEnsemble = "open-meteo-ensemble/berlin-ecmwf-ifs025-51-members-hand-written-from-forecast.json"
    static let delhiGMT = "open-meteo-forecast/delhi-gmt-hand-written-from-the-ist-answer.json"

    /// The script's figures for `ensemble` ("-" for none) at `now` in `zone`.
    static func figures(_ ensemble: String, now: String, zone: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/brief/brief_place_days_expected.py", ensemble, now, zone],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The output's lines, unwrapped and joined by spaces.
    static func joined(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// 23:30 CEST on Mon 28 Jul 2025: no hour of the place's today is left from the next hour,
    /// while the UTC day (to 02:00 CEST) has two.
    @Test func anEnsembleInGMTIsCountedOverThePlacesDaysAsChanceCountsThem() throws {
        let now = "2025-07-28T21:30:00Z"
        let figures = try Self.figures(Self.berlinEnsemble, now: now, zone: "Europe/Berlin")
        let place = try #require(figures["place"] as? [String: Any])
        let utc = try #require(figures["utc"] as? [String: Any])
        // The place's today has no hour left; the UTC day of the same date has (with 0 wet).
        #expect(place["rest_of_today"] is NSNull && !(utc["rest_of_today"] is NSNull), "\(figures)")
        let tomorrow = try #require(place["tomorrow"] as? [Int])
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: Self.berlinEnsemble, times: 3))
        let home = TemporaryFolder()
        let brief = try runWX(
            stdin: "brief --sure Berlin\n", home: home, server: server, now: now, environment: ["COLUMNS": "200"])
        #expect(brief.status == 0, "\(brief.stderr)")
        let text = Self.joined(brief.stdout)
        #expect(
            text.contains(
                "Rain tomorrow is unlikely: \(tomorrow[0]) of \(tomorrow[1]) members give 1 mm or more over the day."),
            "\(brief.stdout)")
        #expect(!text.contains("rest of today"), "\(brief.stdout)")
        // `chance` counts the same day alike, from the same cached answer.
        let chance = try runWX(
            stdin: "chance rain>=1mm/day 2 Berlin\n", home: home, server: server, now: now,
            environment: ["COLUMNS": "200"])
        #expect(chance.status == 0, "\(chance.stderr)")
        let row = try #require(
            chance.stdout.split(separator: "\n").first { $0.contains("Tue 29 Jul") }, "\(chance.stdout)")
        #expect(row.contains(" \(tomorrow[0]) of \(tomorrow[1]) members"), "\(chance.stdout)")
        #expect(try server.requests().filter { $0.path == "/v1/ensemble" }.count == 1)
    }

    /// Delhi's forecast answered in GMT: today's and tomorrow's highs are UTC days', said under
    /// the sentences as `show` says it; `days_in_utc` in the tomorrow sentence's facts.
    @Test func aGMTForecastsDaysAreSaidToBeUTCDays() throws {
        let now = "2024-03-18T03:00:00Z"
        let figures = try Self.figures("-", now: now, zone: "Asia/Kolkata")
        let start = try #require(figures["utc_day_start"] as? String)
        let zone = try #require(figures["utc_day_zone"] as? String)
        let line = "days are UTC days (\(start)–\(start) \(zone)): Open-Meteo answered in GMT"
        func server() throws -> FixtureServer {
            let server = try FixtureServer()
            try server.queue(.init(path: "/v1/forecast", file: Self.delhiGMT, times: 4))
            try server.queue(.init(path: "/reverse", status: 503, body: "busy", times: 8))
            return server
        }
        let run = try runWX(
            stdin: "brief 28.61,77.21\n", home: TemporaryFolder(), server: try server(), now: now,
            environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Tomorrow "), "\(run.stdout)")
        #expect(Self.joined(run.stdout).contains(line), "\(run.stdout)")

        let home = TemporaryFolder()
        let json = try runWX(["--json"], stdin: "brief 28.61,77.21\n", home: home, server: try server(), now: now)
        #expect(json.status == 0, "\(json.stderr)")
        let check = try validateAgainstSchema(json.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let sentences = try #require(document["sentences"] as? [[String: Any]])
        let tomorrow = try #require(sentences.first { $0["kind"] as? String == "tomorrow" }, "\(sentences)")
        #expect((tomorrow["facts"] as? [String: Any])?["days_in_utc"] as? Bool == true, "\(tomorrow)")
    }

    /// A forecast of the place's own days says nothing of UTC days, and `days_in_utc` is false.
    @Test func aForecastOfThePlacesDaysSaysNothingOfUTCDays() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/delhi-ist-0530-current-hourly24-daily7.json", times: 4)
        )
        try server.queue(.init(path: "/reverse", status: 503, body: "busy", times: 8))
        let run = try runWX(
            ["--json"], stdin: "brief 28.61,77.21\n", home: TemporaryFolder(), server: server,
            now: "2024-03-18T03:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let sentences = try #require(document["sentences"] as? [[String: Any]])
        let tomorrow = try #require(sentences.first { $0["kind"] as? String == "tomorrow" }, "\(sentences)")
        #expect((tomorrow["facts"] as? [String: Any])?["days_in_utc"] as? Bool == false, "\(tomorrow)")
    }
}
