import Foundation
import Testing
import WeatherTestSupport

/// Trial 15 in `make demo`: Berlin's forecast, recorded in GMT, is shown at Berlin's clock as
/// `past` counts Berlin's days; Hamburg, with no forecast, has its warnings at its own clock.
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

    /// `warnings Hamburg` (no forecast in the demo) said "times in UTC (no forecast for the
    /// place’s clock)" while `past` used Europe/Berlin for Hamburg: its times are now Hamburg's.
    @Test func warningsForAPlaceWithoutAForecastAreAtItsOwnClock() throws {
        let (run, _) = try runDemo("warnings Hamburg")
        #expect(run.status == 0, "\(run.stderr)")
        // The DWD warning runs 12:00 to 24:00 UTC: 14:00 to 02:00 CEST.
        #expect(run.stdout.contains("\n     from Sun 14:00 until Mon 02:00\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("times in UTC"), "\(run.stdout)")
    }
}
