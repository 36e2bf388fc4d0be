import Foundation
import Testing
import WeatherTestSupport

/// Trial 10 in `make demo`: a past range crossing from one of Hamburg's recordings into the next,
/// and `watch` with an alert for a place without an ensemble.
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

    /// `watch 1 --rain 30%` for Munich asked for an ensemble the demo has none of, said the 404
    /// as Open-Meteo's, then watched "ringing when the chance of rain reaches 30 %". Now the
    /// demo's refusal, before any request, and no watch.
    @Test(arguments: [("Munich", "--rain 30%"), ("New York", "--frost 50%")])
    func watchWithAnAlertForAPlaceWithoutAnEnsembleIsRefusedBeforeAnyRequest(_ name: String, _ alert: String) throws {
        let server = try FixtureServer(demo: demoManifestPath)
        let run = try runWX(
            ["-c", "find \(name); watch 1 \(alert)"], home: TemporaryFolder(), server: server,
            environment: ["WX_DEMO": demoManifestPath], timeout: 20)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: the demo has no recording of an ensemble forecast for \(name) — it has: the forecast (an ensemble forecast: Berlin)\n",
            "\(run.stderr)")
        #expect(!run.stdout.contains("watching") && !run.stderr.contains("watching"))
        #expect(try server.requests().map(\.path) == ["/search"])
    }

    /// Trial 11: a day not yet come, asked of the current location or a named place in the demo,
    /// is refused on the place's own demo clock; it said "before today (2026-10-04 at UTC+14, the
    /// earliest time zone)", the demo's clock before any place is known.
    @Test func aFutureDayIsRefusedOnThePlacesOwnDemoClock() throws {
        let (run, paths) = try runDemo("find Berlin; past 2030-01-01; past 2030-01-01 Berlin")
        #expect(run.status == 2)
        let refusal =
            "error: 2030-01-01 has not happened yet: “past” is for days before today (2025-07-27 in Berlin, UTC+02:00)"
        #expect(run.stderr.components(separatedBy: "\n").filter { $0 == refusal }.count == 2, "\(run.stderr)")
        #expect(!paths.contains("/v1/archive") && !paths.contains("/v1/forecast"), "\(paths)")
    }
}
