import Foundation
import Testing
import WeatherTestSupport

/// Case OM-1's rule for the last two answers that refused it whole: air quality and the
/// 1991–2020 normals. A variable declared in a unit wx does not know is left out ("—", null in
/// --json), named once on stderr by `UnknownUnitsText` as for the forecast, the ensemble,
/// `models`, `drift` and `past`, and the rest shown; where a view needs that variable it says
/// why. The old wx refused each whole answer ("… a unit wx does not know; the answer was not
/// used", exit 1). Bodies: the recordings with one unit edited in the test. The normals' other
/// figures come from Fixtures/open-meteo-archive/normals_expected.py over the same archive body.
@Suite(.tags(.endToEnd))
struct UnknownUnitInAirAndNormalsEndToEndTests {
    static let lahore = "open-meteo-air-quality/lahore-hourly-aqi-pm-4-days.json"
    /// 12:10 at Lahore (UTC+5): the hour of 12:00, PM2.5 60.3, PM10 92.9, EAQI 147, US AQI 163.
    static let lahoreNoon = "2026-10-08T07:10:00Z"
    static let hamburgNormals = "open-meteo-archive/hamburg-1991-2020-daily-max-min-precipitation.json"

    /// `file` (under Fixtures/) served at `path` once, with each pair of `replacements` made.
    static func edited(_ file: String, path: String, _ replacements: [(String, String)]) -> FixtureServer.Answer {
        var text = String(decoding: TestPaths.fixture(file), as: UTF8.self)
        for (old, new) in replacements {
            #expect(text.contains(old), "\(file) has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return .init(path: path, body: text, contentType: "application/json")
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// PM2.5 in "mg/m³": PM10, both indexes and UV shown, PM2.5 "—" (null in --json), said once.
    @Test func airQualityLeavesOutOnePollutant() throws {
        let server = try FixtureServer()
        try server.queue(
            Self.edited(Self.lahore, path: "/v1/air-quality", [(#""pm2_5":"μg/m³""#, #""pm2_5":"mg/m³""#)]))
        let run = try runWX(["-c", "air 31.5,74.4"], home: TemporaryFolder(), server: server, now: Self.lahoreNoon)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr
                == "warning: Open-Meteo air quality gave hourly pm2_5 in “mg/m³”, a unit wx does not know: its values are left out (—), the rest is shown\n",
            "\(run.stderr)")
        #expect(run.stdout.contains("European AQI 147 (extremely poor)"), "\(run.stdout)")
        #expect(run.stdout.contains("US AQI 163 (unhealthy)"), "\(run.stdout)")
        #expect(run.stdout.contains("PM2.5 —"), "\(run.stdout)")
        #expect(run.stdout.contains("PM10 92.9 µg/m³"), "\(run.stdout)")

        try server.queue(
            Self.edited(Self.lahore, path: "/v1/air-quality", [(#""pm2_5":"μg/m³""#, #""pm2_5":"mg/m³""#)]))
        let json = try runWX(
            ["--json", "-c", "air 31.5,74.4"], home: TemporaryFolder(), server: server, now: Self.lahoreNoon)
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        #expect(Self.count("hourly pm2_5 in “mg/m³”", in: json.stderr) == 1, "\(json.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        #expect(document["pm2_5_micrograms_per_cubic_metre"] is NSNull, "\(document)")
        #expect(document["pm10_micrograms_per_cubic_metre"] as? Double == 92.9, "\(document)")
        #expect(document["us_aqi"] as? Double == 163, "\(document)")
    }

    /// Both indexes in "ppb": the view has no index to show, and says why instead of "no
    /// air-quality index for this place"; the pollutants are still shown.
    @Test func airQualityWithoutAReadableIndexSaysWhy() throws {
        let server = try FixtureServer()
        try server.queue(
            Self.edited(
                Self.lahore, path: "/v1/air-quality",
                [(#""european_aqi":"EAQI""#, #""european_aqi":"ppb""#), (#""us_aqi":"USAQI""#, #""us_aqi":"ppb""#)]))
        let run = try runWX(["-c", "air 31.5,74.4"], home: TemporaryFolder(), server: server, now: Self.lahoreNoon)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            Self.count(
                "hourly european_aqi in “ppb” and hourly us_aqi in “ppb”, units wx does not know", in: run.stderr)
                == 1, "\(run.stderr)")
        let flat = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            flat.contains(
                "no air-quality index wx can read — european_aqi given in “ppb”, a unit wx does not know; us_aqi given in “ppb”, a unit wx does not know"
            ), "\(run.stdout)")
        #expect(run.stdout.contains("PM2.5 60.3 µg/m³"), "\(run.stdout)")
    }

    /// The rows of `normal`'s table as their cells: "Sun 27 Jul", low, high, precipitation, "37 %".
    static func rows(_ stdout: String) -> [[String]] {
        stdout.split(separator: "\n").filter { $0.hasSuffix(" %") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return [
                words[0...2].joined(separator: " "), words[3], words[4], words[5], words[6...].joined(separator: " "),
            ]
        }
    }

    /// The archive's daily high in "°X": `normal` shows the lows, the precipitation and the rain
    /// days (normals_expected.py's figures), the highs "—", and says why once — again when the
    /// normals come from the cache (no second request).
    @Test func normalsLeaveOutTheHighs() throws {
        let script = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/open-meteo-archive/normals_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            (try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any])?["metric"]
                as? [[String]])
        let server = try FixtureServer()
        try server.queue(
            Self.edited(
                Self.hamburgNormals, path: "/v1/archive",
                [(#""temperature_2m_max":"°C""#, #""temperature_2m_max":"°X""#)]))
        let home = TemporaryFolder()
        let line = "Open-Meteo archive gave daily temperature_2m_max in “°X”, a unit wx does not know"
        for _ in 0..<2 {
            let run = try runWX(
                ["-c", "normal 53.54,10.0"], home: home, server: server, now: NormalRoundingEndToEndTests.recorded)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(Self.count(line, in: run.stderr) == 1, "\(run.stderr)")
            #expect(Self.rows(run.stdout) == expected.map { [$0[0], $0[1], "—", $0[3], $0[4]] }, "\(run.stdout)")
        }
        #expect(try server.requests().filter { $0.path == "/v1/archive" }.count == 1)
        let json = try runWX(
            ["--json", "-c", "normal 53.54,10.0"], home: home, server: server, now: NormalRoundingEndToEndTests.recorded
        )
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let day = try #require((document["days"] as? [[String: Any]])?.first)
        #expect(day["temperature_max_mean_celsius"] is NSNull, "\(day)")
        #expect(day["temperature_min_mean_celsius"] as? Double != nil, "\(day)")
    }

    /// Berlin's normal highs in "°X": `daily` has no high to set against them, and says why
    /// under its table instead of leaving the line out without a word.
    @Test func dailySaysWhyItHasNoHighAgainstTheNormals() throws {
        let server = try FixtureServer()
        try server.queue(
            Self.edited(
                "open-meteo-archive/berlin-1991-2020-daily-hand-written.json", path: "/v1/archive",
                [(#""temperature_2m_max":"°C""#, #""temperature_2m_max":"°X""#)]))
        let run = try runWX(
            ["-c", "normal 52.52,13.41; daily 52.52,13.41"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T03:00:00Z")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let flat = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            flat.contains(
                "no high against 1991–2020 (from “normal”): its normal highs (temperature_2m_max) were given in “°X”, a unit wx does not know"
            ), "\(run.stdout)")
    }
}
