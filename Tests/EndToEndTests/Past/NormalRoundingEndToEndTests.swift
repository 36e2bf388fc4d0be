import Foundation
import Testing
import WeatherTestSupport

/// A daily user: `normal` rounded some means twice — kept to 0.01 and then shown to 0.1, so Wed
/// 30 Jul's low (12.3457 °C) was "12.4" and Sat 02 Aug's precipitation (1.2452 mm) "1.3". The
/// means are kept unrounded; the text rounds once in its unit, --json once to 0.01. Expected
/// figures: Fixtures/open-meteo-archive/normals_expected.py over the same archive recording.
@Suite(.tags(.endToEnd))
struct NormalRoundingEndToEndTests {
    static let recorded = "2025-07-27T03:10:00Z"

    static func expected() throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/open-meteo-archive/normals_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The table's rows as their cells: "Wed 30 Jul", "12.3", "22.8", "1.3", "37 %".
    static func rows(_ stdout: String) -> [[String]] {
        stdout.split(separator: "\n").filter { $0.hasSuffix(" %") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return [
                words[0...2].joined(separator: " "), words[3], words[4], words[5], words[6...].joined(separator: " "),
            ]
        }
    }

    @Test(arguments: ["metric", "imperial"]) func eachFigureIsRoundedOnce(units: String) throws {
        let expected = try #require(try Self.expected()[units] as? [[String]])
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "units \(units); normal 53.54,10.0"], home: TemporaryFolder(), server: server, now: Self.recorded)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.rows(run.stdout) == expected, "\(run.stdout)")
    }

    @Test func jsonCarriesEachMeanRoundedOnceToHundredths() throws {
        let expected = try #require(try Self.expected()["json"] as? [[String: Any]])
        let server = try FixtureServer()
        let run = try runWX(
            ["--json", "-c", "normal 53.54,10.0"], home: TemporaryFolder(), server: server, now: Self.recorded)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.count == expected.count)
        for (day, want) in zip(days, expected) {
            for (key, value) in want {
                if let number = value as? Double {
                    #expect(day[key] as? Double == number, "\(want["date"] ?? "") \(key)")
                } else {
                    #expect(day[key] as? String == value as? String, "\(key)")
                }
            }
        }
    }

    /// `daily`'s line against the normals: each day's figure is the difference of the high in
    /// its table and the normal high `normal` shows, each to a tenth in the unit shown — Sat 02
    /// Aug in °F is 68.7 against 72.8, "−4.1" (the unrounded −4.03 read "−4.0"). Expected:
    /// Fixtures/open-meteo-archive/normal_anomaly_expected.py over the same two recordings.
    @Test(arguments: ["metric", "imperial"]) func dailysHighAgainstTheNormalIsTheDifferenceOfTheFiguresShown(
        units: String
    ) throws {
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-archive/normal_anomaly_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            (try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any])?[units] as? [String],
            "\(script.stdout)\(script.stderr)")
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/v1/archive", file: "open-meteo-archive/berlin-1991-2020-daily-hand-written.json"))
        let run = try runWX(
            ["-c", "units \(units); normal 52.52,13.41; daily 52.52,13.41"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T03:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let lead = "high against 1991–2020 (from “normal”):"
        let start = try #require(run.stdout.range(of: lead), "\(run.stdout)")
        let parts = run.stdout[start.upperBound...].split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.joined(separator: " · ").components(separatedBy: " · ").map {
            $0.replacingOccurrences(of: " °C", with: "").replacingOccurrences(of: " °F", with: "")
        }
        #expect(parts == expected, "\(run.stdout)")
    }

    /// `--json`'s `temperature_max_anomaly_celsius` is the figure `daily` shows in °C — the
    /// difference of the high and the normal high each to a tenth — not the unrounded difference
    /// rounded: with highs given to hundredths, Sun 24.14 against 22.865 is 1.2 (24.1 − 22.9),
    /// where the old wx wrote 1.3. Expected: normal_anomaly_expected.py's "json".
    @Test func jsonsAnomalyIsTheFigureTheTextShows() throws {
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-archive/normal_anomaly_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            (try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any])?["json"] as? [Double],
            "\(script.stdout)\(script.stderr)")
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/v1/archive", file: "open-meteo-archive/berlin-1991-2020-daily-hand-written.json"))
        try server.queue(
            .init(
                path: "/v1/forecast",
                file: "open-meteo-forecast/berlin-gmt-all-params-168h-daily-max-hundredths-hand-edited.json"))
        let run = try runWX(
            ["--json", "-c", "normal 52.52,13.41; daily 52.52,13.41"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T03:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let documents = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let daily = try #require(documents.first { $0["type"] as? String == "daily" }, "\(run.stdout)")
        let days = try #require(daily["days"] as? [[String: Any]])
        #expect(days.compactMap { $0["temperature_max_anomaly_celsius"] as? Double } == expected, "\(days)")
    }
}
