import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
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
}

extension DemoEndToEndTests {
    /// `show Berlin` said "Sun 03:00 GMT" and "sunrise 03:18 sunset 19:06" while `past today
    /// Berlin` said "2025-07-27 in Berlin, UTC+02:00": one clock now, Berlin's, in both.
    @Test func berlinsForecastInGMTIsShownAtBerlinsClockAsPastCountsItsDays() throws {
        let (run, _) = try runDemo("show Berlin; past today Berlin")
        #expect(run.stdout.hasPrefix("Berlin, Deutschland · Sun 05:00 CEST\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  sunrise 05:18 sunset 21:06 · daylight 15 h 48 min\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  hour       06   07   08   09   10   11   12   13   14   15   16   17\n"))
        // The days are the service's, over UTC days, and said to be.
        #expect(run.stdout.contains(" · today 16.3 … 24.1 °C (UTC day)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  days are UTC days (02:00–02:00 CEST): Open-Meteo answered in GMT\n"))
        #expect(
            run.stderr
                == "error: today (2025-07-27 in Berlin, UTC+02:00) is not over: “show” and “hourly” have it\n")
        let json = try runDemo("format json; show Berlin")
        let weather = try #require(
            try json.run.stdout.split(separator: "\n").compactMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { $0["type"] as? String == "weather" })
        #expect(weather["time_zone"] as? String == "Europe/Berlin")
        #expect(weather["utc_offset_seconds"] as? Int == 7_200)
        #expect(weather["days_in_utc"] as? Bool == true)
        let current = try #require(weather["current"] as? [String: Any])
        // The demo's clock stands at the recording's time: its conditions are now.
        #expect(current["not_now"] as? Bool == false)
        #expect(current["age_seconds"] as? Int == 0)
    }
}

extension DemoEndToEndTests {
    @Test func showNamesOnlyTheFurtherViewsTheDemoHasForThePlace() throws {
        let (run, _) = try runDemo("find New York; show; find Berlin; show")
        #expect(run.status == 0, "\(run.stderr)")
        let hint = "  see also: “normal” (usual for the date), “confidence” (how sure)\n"
        let parts = run.stdout.components(separatedBy: "Berlin, Deutschland")
        #expect(parts.count >= 2, "\(run.stdout)")
        // New York's show: neither command (the demo has neither for it); Berlin's: both.
        #expect(!parts[0].contains("see also"), "\(parts[0])")
        #expect(run.stdout.hasSuffix(hint), "\(run.stdout)")
    }
}

extension DemoEndToEndTests {
    /// Kochi's recording has days but no hours: `rain` gave "no precipitation data for now" where
    /// `show`'s table had 39 % for Sunday.
    @Test func kochisRainGivesItsDaysChances() throws {
        let (run, _) = try runDemo("find Kochi; show; rain")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  Sun 08 Oct      25.2     31.8   39 %\n"), "\(run.stdout)")
        let rain = "\n  no hourly precipitation in this forecast; by day: today 0 %, Sat 0 %, Sun 39 %\n"
        #expect(run.stdout.hasSuffix(rain), "\(run.stdout)")
    }
}
