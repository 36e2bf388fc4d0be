import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// OpenWeatherMap's forecast is two answers, the current weather (`timezone`) and the 3-hour
/// steps (`city.timezone`), and the current one may be another moment's: a reading kept from
/// before a change of daylight saving time, or London's recorded reading of April 2020 (BST)
/// beside steps of March 2025 (GMT). The forecast's zone kept the current answer's offset, so
/// the steps' times were read at it (Badajoz's steps after the end of CEST two hours ahead of
/// UTC, not one) and the zone said +01:00 for London in March — only the views' offset now was
/// corrected. The zone now comes from the steps' own offset, at the mapping. Expected figures:
/// Fixtures/openweathermap/forecast_offset_expected.py over the same answers.
@Suite(.tags(.unit)) struct OpenWeatherMapForecastOffsetTests {
    /// The script's figures for the steps answer `file` (under Fixtures/openweathermap/).
    static func expected(_ file: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/openweathermap/forecast_offset_expected.py", file],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The forecast of the current-weather answer `current` and the steps answer `steps`, as
    /// the provider makes it of its two requests.
    static func forecast(current: String, steps: String, requested: Coordinate) throws -> Forecast {
        let now = try OpenWeatherMapProvider.forecast(
            from: try JSONValue.parse(TestPaths.fixture("openweathermap/" + current)), requested: requested)
        let list = try JSONValue.parse(TestPaths.fixture("openweathermap/" + steps))
        return try OpenWeatherMapProvider.combine(
            now: .success((now, .network)), steps: .success((list, .network)), requested: requested
        ).value
    }

    /// "2026-10-26 01:00": an instant at the forecast's clock.
    static func local(_ time: Date, _ clock: ZoneClock) -> String {
        let local = clock.localTime(time)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(local.date.iso) \(two(local.hour)):\(two(local.minute))"
    }

    /// The forecast of `current` and `steps` with the script's figures for `steps`, its zone's
    /// offset and each step's time at the forecast's clock checked against them.
    static func readAtStepsOffset(
        current: String, steps: String, requested: Coordinate
    ) throws -> (forecast: Forecast, expected: [String: Any]) {
        let expected = try Self.expected(steps)
        let forecast = try Self.forecast(current: current, steps: steps, requested: requested)
        #expect(forecast.zone.utcOffsetSeconds == expected["utc_offset_seconds"] as? Int)
        let times = try #require(expected["steps"] as? [String])
        #expect(forecast.hourly.map { Self.local($0.time, forecast.clock) } == times)
        return (forecast, expected)
    }

    @Test func theStepsAreReadAtTheForecastAnswersOwnOffset() throws {
        let (forecast, expected) = try Self.readAtStepsOffset(
            current: "weather-badajoz-cest-before-dst-end-hand-written.json",
            steps: "forecast-badajoz-cet-after-dst-end-hand-written.json",
            requested: Coordinate(latitude: 38.88, longitude: -6.97))
        // Each day of the steps: its low and high over the steps on it at that offset.
        let days = try #require(expected["days"] as? [String: [Double]])
        for (date, range) in days {
            let day = try #require(forecast.daily.first { $0.date.iso == date }, "\(date)")
            #expect([day.temperatureMinCelsius, day.temperatureMaxCelsius] == range.map(Optional.some), "\(date)")
        }
    }

    /// The recorded pair: London's reading of 28 April 2020 (`timezone` 3600, BST) beside steps
    /// of 20–25 March 2025 (`city.timezone` 0): the zone is London's at the steps' offset, GMT.
    @Test func londonsForecastTakesTheStepsOffsetNotTheOldReadings() throws {
        let (forecast, _) = try Self.readAtStepsOffset(
            current: "weather-london-lat-lon-kelvin-rain-1h.json", steps: "forecast-london-kelvin-cnt40-rain.json",
            requested: Coordinate(latitude: 51.51, longitude: -0.13))
        #expect(forecast.zone.identifier == "Europe/London")
    }
}
