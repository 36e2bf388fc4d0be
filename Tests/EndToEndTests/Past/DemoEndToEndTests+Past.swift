import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
    /// `past 2025-07-20..2025-07-26` was refused "on those days (it has 2024-07-14,
    /// 2025-07-20..2025-07-26)"; every day is now shown, from the forecast API as the real
    /// service would answer, asked in two parts (one a recording).
    @Test func hamburgsPastRangeCrossingTwoRecordingsShowsEveryDay() throws {
        let (run, paths) = try runDemo("find Hamburg; past 2025-07-20..2025-07-26")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        for day in ["Sun 20 Jul", "Mon 21 Jul", "Tue 22 Jul", "Wed 23 Jul", "Thu 24 Jul", "Fri 25 Jul", "Sat 26 Jul"] {
            #expect(run.stdout.contains("\n  \(day)"), "\(day): \(run.stdout)")
        }
        #expect(run.stdout.contains("Open-Meteo’s forecast API (recent days)"), "\(run.stdout)")
        // The 26th's own recording: a high of 19.7 °C (the other carries 23.6 for it).
        #expect(run.stdout.contains("19.7"), "\(run.stdout)")
        // What the 20th–25th's recording lacks (condition, mean, wind, sunshine) is left out of
        // the range, not shown as columns of dashes for six of its seven days.
        #expect(!run.stdout.contains("—"), "\(run.stdout)")
        #expect(
            run.stdout.contains("\n  day          low °C high °C     mm\n  Sun 20 Jul     14.0    22.4    0.0\n"),
            "\(run.stdout)")
        #expect(paths == ["/search", "/v1/forecast", "/v1/forecast"])
    }

    /// Berlin's range and day each say the service that answered them (one recording each).
    @Test func berlinsPastRangeAndDaySayTheServiceThatAnsweredThem() throws {
        let (run, paths) = try runDemo("find Berlin; past 2025-07-20..2025-07-26; past 2025-07-20")
        #expect(run.status == 0, "\(run.stderr)")
        let parts = run.stdout.components(separatedBy: "Berlin, Deutschland · Sun 20 Jul 2025")
        try #require(parts.count == 3, "\(run.stdout)")
        #expect(parts[1].hasPrefix(" to Sat 26 Jul 2025\n"), "\(run.stdout)")
        #expect(parts[1].contains("Open-Meteo’s forecast API (recent days)") && !parts[1].contains("archive"))
        #expect(parts[2].contains("Open-Meteo’s archive (ERA5)") && !parts[2].contains("forecast API"))
        #expect(paths == ["/search", "/v1/forecast", "/v1/archive"])
    }
}

extension DemoEndToEndTests {
    @Test func pastSaysEveryDayTheDemoHasAndSkillSaysHowFarItReaches() throws {
        let (run, paths) = try runDemo("find Berlin; past 2025-06-01; skill 31; skill 92; past 2025-07-24")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "error: the demo has no recording of past weather for Berlin on those days (it has 2025-06-23..2025-07-26)",
                "error: the demo’s recordings for Berlin reach back to 2025-06-23: skill there scores at most 30 days (“skill 30”), not 31 (2025-06-22 to 2025-07-22)",
                "error: the demo’s recordings for Berlin reach back to 2025-06-23: skill there scores at most 30 days (“skill 30”), not 92 (2025-04-22 to 2025-07-22)",
            ], "\(run.stderr)")
        // The day it says it has answers; skill asked for nothing before refusing.
        #expect(run.stdout.contains("Berlin, Deutschland · Thu 24 Jul 2025\n"), "\(run.stdout)")
        #expect(!paths.contains { $0.hasPrefix("/previous-runs") }, "\(paths)")
    }
}

extension DemoEndToEndTests {
    @Test func aJoinedRangeSaysWhatOnlySomeDaysHaveAndKeepsTheirValues() throws {
        let (text, _) = try runDemo("past 2025-07-20..2025-07-26 Hamburg")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.hasSuffix(
                "  Sat 26 Jul     12.3    19.7    1.4\n"
                    + "  condition, mean, wind and sunshine left out: only some of these days have\n"
                    + "  them; “past 2025-07-26” shows Sat 26 Jul whole\n"), "\(text.stdout)")
        let json = try runWX(
            ["--json", "-c", "past 2025-07-25..2025-07-26 Hamburg"], home: TemporaryFolder(),
            server: try FixtureServer(demo: demoManifestPath), environment: ["WX_DEMO": demoManifestPath])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["condition"] as? String } == [nil, "slight rain"])
    }
}

extension DemoEndToEndTests {
    /// "A single day shows its hours too" (help past): Berlin's archive recording of 20 Jul 2025
    /// has none, and the day said nothing of them.
    @Test func aPastDayWithoutHoursSaysSo() throws {
        let (run, _) = try runDemo("find Berlin; past 2025-07-20")
        #expect(run.status == 0, "\(run.stderr)")
        let end = "sunshine 13 h 21 min · ⛅ mainly clear\n  no hourly values for this day in the answer\n"
        #expect(run.stdout.hasSuffix(end), "\(run.stdout)")
    }
}
