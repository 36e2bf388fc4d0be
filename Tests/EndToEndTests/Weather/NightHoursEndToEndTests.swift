import Foundation
import Testing
import WeatherTestSupport

/// Night hours read as night even on a local day the answer has no sunrise or sunset for.
@Suite(.tags(.endToEnd)) struct NightHoursEndToEndTests {
    /// The Berlin demo's forecast was asked in GMT: its last two hours (22:00 and 23:00 UTC) are
    /// Sunday 00:00 and 01:00 at Berlin, a local day without sun times in the daily values.
    /// They showed "☀ clear sky" — a sun at midnight. Fixtures/open-meteo-forecast/
    /// night_hours_expected.py: both are night (the sun 18–20° below the horizon), code 0,
    /// 17.4 and 16.6 °C; Saturday 23:00, with its own sun times, stays night.
    @Test func hoursOfALocalDayWithoutSunTimesAreNightByTheSun() throws {
        let (run, _) = try runDemo("hourly 384 Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.hasPrefix("      23:00  ☾ partly cloudy night   18.1") })
        #expect(lines[index + 1] == "  Sun 00:00  ☾ clear night           17.4   17.6  25 %   0.0  6 km/h W")
        #expect(lines[index + 2] == "      01:00  ☾ clear night           16.6   16.8  25 %   0.0  5 km/h W")
        #expect(!run.stdout.contains("☀"))
    }
}
