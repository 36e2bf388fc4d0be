import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `skill` rounds each mean error once, in the view: the model rounded it to 0.01 first, so a
/// mean of 0.3475 °C became 0.35 and then "0.4" in the table.
@Suite(.tags(.unit)) struct SkillRoundingTests {
    static let place = Place(
        name: "Berlin", region: "Deutschland", countryCode: "de",
        coordinate: Coordinate(latitude: 52.52, longitude: 13.42), displayName: "Berlin, Deutschland")

    /// Lead 1 with high errors +0.3 and −0.395 (|mean| 0.3475, mean −0.0475) and low errors
    /// +0.25 and +0.3 (mean 0.275).
    func report() -> SkillReport {
        let day = LocalDate(year: 2025, month: 7, day: 20)
        func pair(_ high: Double, _ low: Double) -> ForecastPair {
            ForecastPair(
                forecastMaxCelsius: 20 + high, forecastMinCelsius: 10 + low, forecastPrecipitationMillimetres: 0,
                observed: ObservedDay(
                    date: day, temperatureMaxCelsius: 20, temperatureMinCelsius: 10, precipitationSumMillimetres: 0))
        }
        return SkillReport(
            place: Self.place, window: day...day, askedDays: 1, observedDays: 1, archiveLastDay: nil,
            leads: [LeadScore(lead: 1, pairs: [pair(0.3, 0.25), pair(-0.395, 0.3)])], origin: .network)
    }

    @Test func theModelKeepsTheExactMean() throws {
        let score = try #require(report().leads.first)
        #expect(abs(try #require(score.highMeanAbsoluteErrorCelsius) - 0.3475) < 1e-9)
        #expect(abs(try #require(score.lowMeanErrorCelsius) - 0.275) < 1e-9)
    }

    @Test func theTableRoundsOnceAndJSONGivesHundredths() throws {
        let context = RenderContext(units: .metric, now: Date(), colour: false, unicode: true, width: 100)
        let text = TextRenderer.render(.skill(report()), context: context)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("  1 day") })
        #expect(row.contains(" 0.3 "), "0.3475 °C is 0.3 to one place, not 0.4: \(row)")
        #expect(!row.contains("0.4"))
        let json = JSONRenderer.render(.skill(report()), context: context)
        #expect(json.contains(#""temperature_max_mean_absolute_error_celsius":0.35"#))
        #expect(json.contains(#""temperature_min_mean_error_celsius":0.28"#))
    }
}
