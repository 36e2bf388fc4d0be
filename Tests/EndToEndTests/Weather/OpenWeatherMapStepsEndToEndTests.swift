import Foundation
import Testing
import WeatherTestSupport

/// OpenWeatherMap's 3-hour steps at Adelphi, MD (the recording at 2025-03-20 16:30 EDT), and
/// rain still to come while it rains now on either provider. Expected values come from
/// Fixtures/openweathermap/conditions_expected.py and rain_now_expected.py, which read the same
/// recordings with code of their own.
@Suite(.tags(.endToEnd))
struct OpenWeatherMapStepsEndToEndTests {
    /// Thu 20 Mar 2025 16:30 EDT, within the step of 14:00–17:00.
    static let now = "2025-03-20T20:30:00Z"
    static let adelphi = "39.00801,-76.97647"
    static let key = ["OPENWEATHERMAP_API_KEY": "test-key-0123"]

    static func script(_ name: String) throws -> String {
        try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/openweathermap/" + name],
            environment: ["PATH": "/usr/bin:/bin"]
        ).stdout
    }

    /// 803 (broken clouds, 51–84 %) is partly cloudy, not overcast (804): Fri 21 Mar, one 803
    /// step in the night, six clear and one 802, was "☁ overcast" (trial).
    @Test func brokenCloudsArePartlyCloudyInStepsAndDays() throws {
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.script("conditions_expected.py").utf8))
                as? [String: [String: String]])
        let days = try #require(expected["days"])
        let steps = try #require(expected["steps"])
        #expect(days["2025-03-21"] == "partly cloudy" && steps["2025-03-21T02:00"] == "partly cloudy")
        let run = try runWX(
            ["-c", "provider openweathermap; daily \(Self.adelphi); hourly 12"], home: TemporaryFolder(),
            server: try FixtureServer(), now: Self.now, environment: Self.key)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let parse = DateFormatter()
        parse.locale = Locale(identifier: "en_US_POSIX")
        parse.dateFormat = "yyyy-MM-dd"
        let label = DateFormatter()
        label.locale = Locale(identifier: "en_US_POSIX")
        label.dateFormat = "EEE dd MMM"
        for (date, name) in days {
            let day = label.string(from: try #require(parse.date(from: date)))
            let line = try #require(lines.first { $0.hasPrefix("  \(day)") }, "\(day)")
            #expect(line.contains(" \(name) "), "\(line)")
        }
        // The hourly table's four steps to 04:30 (Thu 17:00 … Fri 02:00).
        for time in ["2025-03-20T17:00", "2025-03-20T20:00", "2025-03-20T23:00", "2025-03-21T02:00"] {
            let clock = String(time.suffix(5))
            let line = try #require(lines.first { $0.contains("\(clock)  ") && $0.contains("°") == false }, "\(time)")
            #expect(line.contains(" \(try #require(steps[time])) "), "\(line)")
        }
    }

    /// While it rains now, the amount still to come counts of the current interval only the
    /// part after now (prorated), on OpenWeatherMap's 3-hour steps and Open-Meteo's hours alike:
    /// at 16:30, 5.2 mm over 14:00–17:00 leaves 5.2 · 0.5 / 3, then 9.63 mm to 20:00 — not
    /// 14.8 mm; at 17:30 CEST in Hamburg, half of the hour's 1.2 mm, then 1.2 and 1.2.
    @Test func rainingNowCountsOnlyWhatIsStillToCome() throws {
        var expected: [String: (Double, String)] = [:]
        for line in try Self.script("rain_now_expected.py").split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            expected[parts[0]] = (try #require(Double(parts[1])), parts[2])
        }
        let owm = try #require(expected["owm"])
        let meteo = try #require(expected["open-meteo"])
        #expect(abs(owm.0 - 10.497) < 0.001 && abs(meteo.0 - 3.0) < 0.001)
        let server = try FixtureServer()
        let steps = try runWX(
            ["-c", "provider openweathermap; rain \(Self.adelphi)"], home: TemporaryFolder(), server: server,
            now: Self.now, environment: Self.key)
        #expect(
            steps.stdout.contains(
                "raining now, about \(String(format: "%.1f", owm.0)) mm (100 % likely), until \(owm.1) (3-hour steps)"),
            "\(steps.stdout)\(steps.stderr)")
        let hours = try runWX(
            ["-c", "rain Hamburg"], home: TemporaryFolder(), server: server, now: "2025-07-31T15:30:00Z")
        #expect(
            hours.stdout.contains(
                "raining now, about \(String(format: "%.1f", meteo.0)) mm (60 % likely), until \(meteo.1) (hourly data)"
            ),
            "\(hours.stdout)\(hours.stderr)")
    }

    /// `show`'s amount beside the conditions is the step that holds now: on OpenWeatherMap's
    /// 3-hour steps, three hours' rain, said as such — "5.2 mm this hour" was 14:00–17:00's
    /// (trial 50). Expected from Fixtures/openweathermap/step_now_expected.py.
    @Test func showSaysTheStepItsAmountCovers() throws {
        let expected = try Self.script("step_now_expected.py").split(separator: " ").map(String.init)
        let (amount, end) = (expected[0], expected[1].trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(amount == "5.2" && end == "17:00")
        let run = try runWX(
            ["-c", "provider openweathermap; show \(Self.adelphi)"], home: TemporaryFolder(),
            server: try FixtureServer(), now: Self.now, environment: Self.key)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\(amount) mm in the 3 h to \(end)"), "\(run.stdout)")
        #expect(!run.stdout.contains("this hour"), "\(run.stdout)")
    }
}
