import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Issue 23, kind 9, the views `RepeatedHourTests` leaves: warning times, the hazard's time
/// from wx's forecast, the chart's hour axis, and OpenWeatherMap's steps once their zone is
/// named. All hand-written (labelled in each test): no recording spans a fall-back.
@Suite(.tags(.unit)) struct RepeatedHourMarksTests {
    static func instant(_ text: String) -> Date { ISOTime.parse(text)! }

    /// Europe/Berlin: 03:00 CEST becomes 02:00 CET at 01:00 UTC on Sunday 25 October 2026.
    static let berlin = ZoneClock(ZoneInfo(identifier: "Europe/Berlin", abbreviation: nil, utcOffsetSeconds: 7_200))

    /// A warning's start and end: "Sun 02:00 CEST" and "Sun 02:00 CET", a date beyond six days too.
    @Test func warningTimesNameTheZoneOfARepeatedHour() {
        let format = ValueFormatter(units: .metric)
        let now = Self.instant("2026-10-24T20:00:00Z")
        func when(_ text: String, now: Date = now) -> String {
            TextRenderer.when(Self.instant(text), clock: Self.berlin, format: format, now: now)
        }
        #expect(when("2026-10-25T00:00:00Z") == "Sun 02:00 CEST")
        #expect(when("2026-10-25T01:00:00Z") == "Sun 02:00 CET")
        #expect(when("2026-10-25T02:00:00Z") == "Sun 03:00")
        #expect(when("2026-10-24T23:00:00Z") == "Sun 01:00")
        #expect(when("2026-10-25T01:00:00Z", now: Self.instant("2026-10-10T12:00:00Z")) == "2026-10-25 02:00 CET")
        let warning = WeatherWarning(
            id: "1", event: "Wind", severity: .moderate, onset: Self.instant("2026-10-25T00:00:00Z"),
            ends: Self.instant("2026-10-25T01:30:00Z"), issuer: "DWD")
        #expect(
            TextRenderer.span(warning, clock: Self.berlin, format: format, now: now)
                == "from Sun 02:00 CEST until Sun 02:30 CET")
    }

    /// wx's forecast under a warning: the strongest gust at 02:00 CET.
    @Test func theHazardsTimeNamesTheZoneOfARepeatedHour() {
        let format = ValueFormatter(units: .metric)
        func text(at time: String) -> String {
            TextRenderer.hazardText(
                HazardForecast(
                    hazard: .wind, quantity: .gusts, value: 95, time: Self.instant(time),
                    from: Self.instant("2026-10-24T22:00:00Z"), until: Self.instant("2026-10-25T06:00:00Z")),
                clock: Self.berlin, format: format)
        }
        #expect(text(at: "2026-10-25T01:00:00Z") == "gusts up to 95 km/h Sun 02:00 CET in the forecast")
        #expect(text(at: "2026-10-25T00:00:00Z") == "gusts up to 95 km/h Sun 02:00 CEST in the forecast")
        #expect(text(at: "2026-10-25T03:00:00Z") == "gusts up to 95 km/h Sun 04:00 in the forecast")
    }

    /// America/Havana, Sunday 1 November 2026: 01:00 CDT becomes 00:00 CST at 05:00 UTC, so
    /// midnight, a mark on the chart's axis, happens twice (04:00 and 05:00 UTC). Hand-written
    /// hours every UTC hour from 00:00 UTC (20:00 CDT), the temperature counting them.
    @Test func theChartsAxisNamesTheZoneOfARepeatedMark() {
        let havana = ZoneClock(ZoneInfo(identifier: "America/Havana", abbreviation: nil, utcOffsetSeconds: -14_400))
        let start = Self.instant("2026-11-01T00:00:00Z")
        let hours = (0..<12).map { index -> HourlyForecast in
            var hour = HourlyForecast(time: start.addingTimeInterval(Double(index * 3_600)))
            hour.temperatureCelsius = Double(index)
            hour.precipitationProbabilityPercent = 0
            return hour
        }
        #expect(havana.isRepeated(Self.instant("2026-11-01T04:00:00Z")))
        let lines = TemperatureChart.lines(hours, clock: havana, format: ValueFormatter(units: .metric), unicode: true)
        // Columns 4 (00:00 CDT) and 11 (06:00 CST) carry marks; column 5 (00:00 CST) would run
        // into the first label.
        #expect(lines.last == "             00 CDT 06", "\(lines.joined(separator: "\n"))")
        let twelve = TemperatureChart.lines(
            hours, clock: havana, format: ValueFormatter(units: .imperial), unicode: true)
        // On the 12-hour clock the wider label leaves no room for 6a.
        #expect(twelve.last?.hasSuffix("    12a CDT") == true, "\(twelve.joined(separator: "\n"))")
        // A mark that happens once stays bare: Berlin's fall-back repeats 02:00, no mark.
        let berlin = TemperatureChart.lines(
            hours, clock: Self.berlin, format: ValueFormatter(units: .metric), unicode: true)
        #expect(berlin.last?.contains("CE") == false, "\(berlin.joined(separator: "\n"))")
    }

    /// OpenWeatherMap's steps for New York across Sunday 1 November 2026, hand-written (40
    /// steps of 3 hours from 29 October 12:00 UTC, `timezone` −14400), as `hourly` shows them on
    /// the 12-hour clock: 06:00 UTC is 1:00 am EST (one hour after 1:00 am EDT), 09:00 UTC 4:00 am.
    @Test func openWeatherMapStepsMarkTheRepeatedHour() throws {
        let first = Int(Self.instant("2026-10-29T12:00:00Z").timeIntervalSince1970)
        let list = (0..<40).map { #"{"dt":\#(first + $0 * 10_800),"main":{"temp":\#($0)},"pop":0}"# }
        let json = try JSONValue.parse(
            Data(#"{"cod":"200","list":[\#(list.joined(separator: ","))],"city":{"timezone":-14400}}"#.utf8))
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 40.7128, longitude: -74.006),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0), source: .openWeatherMap)
        try OpenWeatherMapProvider.addSteps(from: json, to: &forecast)
        let report = WeatherReport(
            place: Place(
                name: "New York", region: "", countryCode: "us", coordinate: forecast.coordinate,
                displayName: "New York"),
            forecast: forecast, origin: .network)
        let text = TextRenderer.render(
            .hourly(report, hours: 48),
            context: RenderContext(
                units: .imperial, now: Self.instant("2026-10-31T22:00:00Z"), colour: false, unicode: true, width: 100))
        #expect(text.contains("1:00 am EST"), "\(text)")
        #expect(text.contains("4:00 am "), "\(text)")
        #expect(!text.contains("5:00 am"), "\(text)")
        #expect(!text.contains("2:00 am"), "\(text)")
    }
}
