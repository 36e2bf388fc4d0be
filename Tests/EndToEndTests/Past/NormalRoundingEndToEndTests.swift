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
}
