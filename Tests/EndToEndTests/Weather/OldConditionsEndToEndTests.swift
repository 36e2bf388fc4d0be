import Foundation
import Testing
import WeatherTestSupport

/// Trial 15: current conditions hours or years old were shown as the weather now ("31.0 °C …
/// as of 2021-01-08 13:46", no warning). Past 3 hours from now `show` says they are not now,
/// under its heading and in JSON, `compare` under its table, and `line` has nothing for a bar
/// when they are all there is — through the built wx and the loopback server.
@Suite(.tags(.endToEnd)) struct OldConditionsEndToEndTests {
    static let owmKey = ["OPENWEATHERMAP_API_KEY": "old-conditions-test-key"]
    /// Maceió's recorded current weather: 2021-01-08 16:46:22 UTC, 13:46 at the place (UTC−3).
    static let maceio = "-9.6658,-35.7353"

    func run(
        _ commands: String, now: String, answers: [FixtureServer.Answer] = [], json: Bool = false,
        environment: [String: String] = owmKey
    ) throws -> WXResult {
        let server = try FixtureServer()
        for answer in answers { try server.queue(answer) }
        return try runWX(
            (json ? ["--json"] : []) + ["-c", commands], home: TemporaryFolder(), server: server, now: now,
            environment: environment)
    }

    func documents(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("OpenWeatherMap's reading from 2021 is said to be 5 years old and not now, in text and JSON")
    func openWeatherMapsOldReadingIsNotNow() throws {
        let show = "provider openweathermap; show \(Self.maceio)"
        let text = try run(show, now: "2026-02-01T12:00:00Z")
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("-9.6658°") || $0.contains(" · ") })
        // Under the heading and its notes, before the readings: said plainly, once.
        let said = try #require(lines.firstIndex(of: "  conditions from 2021-01-08 13:46, 5 years ago — not now"))
        let readings = try #require(lines.firstIndex { $0.hasPrefix("  31.0 °C, feels like 33.4 °C") })
        #expect(heading < said && said < readings, "\(text.stdout)")
        #expect(!text.stdout.contains("as of"), "\(text.stdout)")
        let json = try run(show, now: "2026-02-01T12:00:00Z", json: true)
        let weather = try #require(try documents(json.stdout).last)
        let current = try #require(weather["current"] as? [String: Any])
        #expect(current["not_now"] as? Bool == true)
        #expect(current["age_seconds"] as? Int == 159_822_818)
    }

    @Test("up to 3 hours the conditions are now (their time beside them past 90 minutes); past it, not now")
    func theBoundIsThreeHours() throws {
        let show = "provider openweathermap; show \(Self.maceio)"
        // 1 h 14 min after the reading: now, without its time.
        let fresh = try run(show, now: "2021-01-08T18:00:00Z")
        #expect(!fresh.stdout.contains("not now") && !fresh.stdout.contains("as of"), "\(fresh.stdout)")
        // 2 h 14 min: now, with its time.
        let older = try run(show, now: "2021-01-08T19:00:00Z")
        #expect(older.stdout.contains("\n  as of 2021-01-08 13:46\n"), "\(older.stdout)")
        #expect(!older.stdout.contains("not now"), "\(older.stdout)")
        // 3 h 4 min: not now.
        let old = try run(show, now: "2021-01-08T19:50:00Z")
        #expect(old.stdout.contains("\n  conditions from 2021-01-08 13:46, 3 hours ago — not now\n"), "\(old.stdout)")
        let json = try run(show, now: "2021-01-08T19:00:00Z", json: true)
        let current = try #require(try documents(json.stdout).last?["current"] as? [String: Any])
        #expect(current["not_now"] as? Bool == false)
        #expect(current["age_seconds"] as? Int == 8_018)
    }

    @Test("Open-Meteo's conditions of 2025-01-10 12:00 at 17:00 the same day are not now; at 14:30 they are")
    func openMeteosOldConditionsAreNotNow() throws {
        let answers = [FixtureServer.Answer(path: "/v1/forecast", file: "cases/om-unknown-weather-code.json")]
        let old = try run("show 48.14,11.58", now: "2025-01-10T16:00:00Z", answers: answers, environment: [:])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(
            old.stdout.hasPrefix(
                "48.1400°N 11.5800°E · Fri 17:00 CET\n  conditions from 2025-01-10 12:00, 5 hours ago — not now\n"
                    + "  1.5 °C · ? unknown (42)\n"), "\(old.stdout)")
        let now = try run("show 48.14,11.58", now: "2025-01-10T13:30:00Z", answers: answers, environment: [:])
        #expect(now.stdout.contains("\n  1.5 °C · ? unknown (42) · as of 2025-01-10 12:00\n"), "\(now.stdout)")
        #expect(!now.stdout.contains("not now"), "\(now.stdout)")
    }

    @Test("compare says which place's conditions are not now")
    func compareSaysWhichConditionsAreNotNow() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let setup = try runWX(
            // `show`, not `find`: no geocoder names these coordinates, and `find` there leaves
            // the location (case N-3); `show` makes them current by their own name.
            ["-c", "provider openweathermap; show \(Self.maceio); fav"], home: home, server: server,
            now: "2026-02-01T12:00:00Z", environment: Self.owmKey)
        #expect(setup.status == 0, "\(setup.stderr)")
        let run = try runWX(
            ["compare"], home: home, server: server, now: "2026-02-01T12:00:00Z", environment: Self.owmKey)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(": conditions from 2021-01-08 13:46, 5 years ago — not now\n"), "\(run.stdout)")
    }

    @Test("line has nothing for a bar when 5-year-old conditions are all there is for now")
    func lineHasNothingFromOldConditionsAlone() throws {
        // The forecast steps answer with none: the current weather alone.
        let empty = FixtureServer.Answer(
            path: "/data/2.5/forecast", file: "openweathermap/forecast-empty-list-hand-written.json")
        let run = try run(
            "provider openweathermap; line \(Self.maceio)", now: "2026-02-01T12:00:00Z", answers: [empty])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("provider: openweathermap\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("31"), "\(run.stdout)")
        #expect(
            run.stderr.hasSuffix("has conditions from 2021-01-08, 5 years ago, not now: nothing for the line\n"),
            "\(run.stderr)")
    }
}
