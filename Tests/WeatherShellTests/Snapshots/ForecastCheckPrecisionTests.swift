import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `saved N`'s forecast check table took each inch amount at its own precision ("0.004" over
/// "0.10" in one column); every table of amounts takes one precision a column
/// (`ValueFormatter.precipitationDecimals(column:)`); the error column is the difference of the
/// two figures beside it, at the larger of their decimals. Cells from
/// Fixtures/units/check_table_expected.py.
@Suite(.tags(.unit)) struct ForecastCheckPrecisionTests {
    static func day(_ day: Int, forecast: Double, observed: Double) -> DayCheck {
        let date = LocalDate(year: 2025, month: 7, day: day)
        return DayCheck(
            forecast: KeptForecastDay(
                date: date, temperatureMaxCelsius: 25, temperatureMinCelsius: 15, precipitationSumMillimetres: forecast,
                precipitationProbabilityMaxPercent: nil, weatherCode: nil),
            observed: ObservedDay(
                date: date, temperatureMaxCelsius: 24, temperatureMinCelsius: 14, precipitationSumMillimetres: observed),
            hasPassed: true)
    }

    @Test func eachRainColumnHasOnePrecision() {
        let outcome = ForecastOutcome(
            kept: true, days: [Self.day(27, forecast: 0.1, observed: 0), Self.day(28, forecast: 2.5, observed: 3)],
            source: "Open-Meteo archive", problem: nil)
        let lines = TextRenderer.forecastCheck(outcome, format: ValueFormatter(units: .imperial))
        let rows = lines.filter { $0.contains(" Jul ") }
        #expect(rows.count == 2, "\(lines)")
        func rain(_ row: Substring) -> [Substring] { row.split(separator: " ").suffix(3) }
        #expect(rows.count == 2 && rain(rows[0][...]) == ["0.004", "0.00", "+0.004"], "\(lines)")
        #expect(rows.count == 2 && rain(rows[1][...]) == ["0.098", "0.12", "-0.022"], "\(lines)")
    }
}
