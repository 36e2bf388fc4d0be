import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial: `hourly 1 Berlin` labelled the chart's top 17.3 °C when its one hour had 16.3 °C —
/// the rows are padded to a degree there, which no value reaches.
@Suite(.tags(.unit)) struct ChartOneValueTests {
    static let utc = ZoneClock(ZoneInfo(identifier: "UTC", abbreviation: "UTC", utcOffsetSeconds: 0))

    static func hours(_ temperatures: [Double]) -> [HourlyForecast] {
        let start = Date(timeIntervalSince1970: 1_764_460_800)
        return temperatures.enumerated().map { index, celsius in
            var hour = HourlyForecast(time: start.addingTimeInterval(Double(index) * 3_600))
            hour.temperatureCelsius = celsius
            hour.precipitationProbabilityPercent = 0
            return hour
        }
    }

    @Test func oneValueLabelsNoTemperatureAboveIt() {
        for series in [[16.3], [16.3, 16.3, 16.3]] {
            let lines = TemperatureChart.lines(
                Self.hours(series), clock: Self.utc, format: ValueFormatter(units: .metric), unicode: true)
            #expect(!lines.joined(separator: "\n").contains("17.3"), "\(lines)")
            #expect(lines[5].hasPrefix("  16.3 °C ┤"), "\(lines)")
            #expect(lines[0].hasPrefix("          ┤"), "\(lines)")
        }
    }

    /// Two values within a degree: the highest is labelled on the row its column reaches
    /// (row 3 of 0…5, Fixtures/cases/chart_labels_expected.py), not as 17.3 °C at the top of
    /// the one-degree scale, a temperature no hour has.
    @Test func twoValuesAreLabelledWhereTheyReach() {
        let lines = TemperatureChart.lines(
            Self.hours([16.3, 16.8]), clock: Self.utc, format: ValueFormatter(units: .metric), unicode: true)
        #expect(!lines.joined(separator: "\n").contains("17.3"), "\(lines)")
        #expect(lines[0].hasPrefix("          ┤"), "\(lines)")
        #expect(lines[2].hasPrefix("  16.8 °C ┤"), "\(lines)")
        #expect(lines[5].hasPrefix("  16.3 °C ┤"), "\(lines)")
    }
}
