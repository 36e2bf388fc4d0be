import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// What show, hourly, daily and compare contain is decided once (WeatherPresentation), and the
/// text and JSON renderers list the same hours and days from it.
@Suite(.tags(.unit)) struct PresentationTests {
    static let report = GoldenViewTests.report
    /// 2025-08-10T00:00:00Z: a week after the Berlin recording's last day (Sat 02 Aug).
    static let afterTheAnswer = Date(timeIntervalSince1970: 1_754_784_000)
    static let recordedDays = [
        "2025-07-27", "2025-07-28", "2025-07-29", "2025-07-30", "2025-07-31", "2025-08-01", "2025-08-02",
    ]

    static func context(_ now: Date) -> RenderContext {
        RenderContext(units: .metric, now: now, colour: false, unicode: true)
    }

    /// The dates of the day rows in a text table ("  Sun 27 Jul  ☁ overcast …" → "Sun 27 Jul").
    static func textDays(_ text: String) -> [String] {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), weekdays.contains(String(line.dropFirst(2).prefix(3))), line.count > 12 else {
                return nil
            }
            return String(line.dropFirst(2).prefix(10))
        }
    }

    /// The `date` of each object in `key` of the JSON document.
    static func jsonDays(_ document: String, key: String) throws -> [String] {
        let value = try JSONValue.parse(Data(document.utf8))
        return try #require(value[key]?.array).compactMap { $0["date"]?.string }
    }

    /// Hours of one day only, not reaching now: the note names that day, not a range of one.
    @Test func hoursOfOneDayNotNowNameTheDayOnce() {
        var report = Self.report
        report.forecast.hourly = Array(report.forecast.hourly.prefix(3))
        let text = TextRenderer.render(.weather(report), context: Self.context(Self.afterTheAnswer))
        #expect(text.contains("  this forecast covers Sun 27 Jul, not now\n"))
        #expect(!text.contains("Sun 27 Jul to Sun 27 Jul"))
    }

    @Test func noDayTodayOrLaterListsTheAnswersDaysInBothAndSaysSo() throws {
        let presentation = WeatherPresentation(Self.report, now: Self.afterTheAnswer)
        #expect(presentation.days.map(\.date.iso) == Self.recordedDays)
        #expect(presentation.daysFromToday == 0)
        #expect(presentation.coverage.lastDayBeforeToday == LocalDate(year: 2025, month: 8, day: 2))
        #expect(presentation.hours.isEmpty)

        let context = Self.context(Self.afterTheAnswer)
        let text = TextRenderer.render(.weather(Self.report), context: context)
        #expect(
            Self.textDays(text) == [
                "Sun 27 Jul", "Mon 28 Jul", "Tue 29 Jul", "Wed 30 Jul", "Thu 31 Jul", "Fri 01 Aug", "Sat 02 Aug",
            ])
        // The recording is in GMT: its times at Berlin's clock, its days said to be UTC's
        // (trial 15), and what it covers named in those days: its last hour, 23:00 UTC on Sat
        // 02 Aug, is Sun 03 Aug at 01:00 CEST, but no day of it (trial 57 finding 10).
        #expect(
            text.hasPrefix(
                "Berlin, Deutschland · Sun 02:00 CEST\n  this forecast covers Sun 27 Jul to Sat 02 Aug, not now\n"
                    + "  conditions from 2025-07-27 05:00, 13 days ago — not now\n"))
        #expect(
            text.hasSuffix(
                "  Sat 02 Aug  ☂ slight rain showers       16.1     20.4   30 %     3.3\n"
                    + "  days are UTC days (02:00–02:00 CEST): Open-Meteo answered in GMT\n"
                    + "  this forecast does not cover today: its days end on Sat 02 Aug\n"
                    + "  see also: “normal” (usual for the date), “confidence” (how sure)\n"
            ))

        let json = JSONRenderer.render(.weather(Self.report), context: context)
        #expect(try Self.jsonDays(json, key: "daily") == Self.recordedDays)
        let document = try JSONValue.parse(Data(json.utf8))
        #expect(document["days_before_today"]?.bool == true)
        #expect(document["today"] == .null)
        #expect(document["hourly"]?.array?.isEmpty == true)

        // daily N: the first N of them, in both.
        let dailyText = TextRenderer.render(.daily(Self.report, days: 3), context: context)
        #expect(Self.textDays(dailyText) == ["Sun 27 Jul", "Mon 28 Jul", "Tue 29 Jul"])
        #expect(dailyText.hasSuffix("\n  this forecast does not cover today: its days end on Sat 02 Aug\n"))
        let dailyJSON = JSONRenderer.render(.daily(Self.report, days: 3), context: context)
        #expect(try Self.jsonDays(dailyJSON, key: "days") == Array(Self.recordedDays.prefix(3)))
        #expect(try JSONValue.parse(Data(dailyJSON.utf8))["days_before_today"]?.bool == true)
    }

    @Test func daysFromTodayAreTheSameInBoth() throws {
        // Tue 29 Jul 12:00 GMT: today and the four days after it.
        let now = Date(timeIntervalSince1970: 1_753_790_400)
        let context = Self.context(now)
        let expected = Array(Self.recordedDays.dropFirst(2))
        #expect(WeatherPresentation(Self.report, now: now).days.map(\.date.iso) == expected)
        #expect(
            Self.textDays(TextRenderer.render(.weather(Self.report), context: context)) == [
                "Tue 29 Jul", "Wed 30 Jul", "Thu 31 Jul", "Fri 01 Aug", "Sat 02 Aug",
            ])
        let json = JSONRenderer.render(.weather(Self.report), context: context)
        #expect(try Self.jsonDays(json, key: "daily") == expected)
        #expect(try JSONValue.parse(Data(json.utf8))["days_before_today"]?.bool == false)
        let daily = TextRenderer.render(.daily(Self.report, days: 16), context: context)
        #expect(
            daily.hasSuffix(
                "\n  the answer has 5 days from today\n  days are UTC days (02:00–02:00 CEST): Open-Meteo answered in GMT\n"
            ))
        #expect(
            try Self.jsonDays(JSONRenderer.render(.daily(Self.report, days: 16), context: context), key: "days")
                == expected)
    }

    @Test func hoursAfterNowAreTheSameInBoth() throws {
        let context = Self.context(GoldenViewTests.now)
        let presentation = WeatherPresentation(Self.report, now: GoldenViewTests.now, hours: 3, days: 0)
        let times = presentation.hours.map { ISOTime.string($0.time) }
        #expect(times == ["2025-07-27T04:00:00Z", "2025-07-27T05:00:00Z", "2025-07-27T06:00:00Z"])
        let json = try JSONValue.parse(Data(JSONRenderer.render(.hourly(Self.report, hours: 3), context: context).utf8))
        #expect(json["hours"]?.array?.compactMap { $0["time"]?.string } == times)
        // Past the answer's last hour there is none, in both (JSON used to list every hour).
        let late = Self.context(Self.afterTheAnswer)
        #expect(
            TextRenderer.render(.hourly(Self.report, hours: 3), context: late).hasSuffix(
                "\n  no forecast hours after now in this answer\n"))
        let lateJSON = try JSONValue.parse(
            Data(JSONRenderer.render(.hourly(Self.report, hours: 3), context: late).utf8))
        #expect(lateJSON["hours"]?.array?.isEmpty == true)
    }

    @Test func readingNowIsCurrentConditionsElseTheHourFieldByField() throws {
        let zone = ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0)
        let start = Date(timeIntervalSince1970: 1_753_574_400)  // 2025-07-27T00:00Z
        var hours: [HourlyForecast] = []
        for index in 0..<4 {
            var hour = HourlyForecast(time: start.addingTimeInterval(Double(index) * 3_600))
            hour.temperatureCelsius = 10 + Double(index)
            hour.condition = .code(3)
            hour.windSpeedKilometresPerHour = 20
            hour.windDirectionDegrees = 90
            hour.precipitationProbabilityPercent = 40 + Double(index)
            hour.precipitationMillimetres = 0.5
            hours.append(hour)
        }
        var current = CurrentConditions(time: start.addingTimeInterval(3_600 + 900))  // 01:15
        current.temperatureCelsius = 12.5
        current.precipitationMillimetres = 0.1
        let forecast = Forecast(
            coordinate: Coordinate(latitude: 1, longitude: 2), zone: zone, current: current, hourly: hours,
            source: .openMeteo)
        // Now is 02:30, the conditions' hour is 01:00: what only hours have comes from 01:00, and
        // the chance and amount from the hour in progress at 01:15, 01:00–02:00, labelled 02:00
        // (an hourly amount covers the hour before its label).
        let now = start.addingTimeInterval(2 * 3_600 + 1_800)
        let reading = try #require(NowReading(forecast, now: now))
        #expect(reading.time == current.time)
        #expect(reading.isCurrentConditions)
        #expect(reading.temperatureCelsius == 12.5)
        #expect(reading.weatherCode == 3)
        #expect(reading.windSpeedKilometresPerHour == 20)
        #expect(reading.precipitationProbabilityPercent == 42)
        #expect(reading.precipitationMillimetres == 0.5)
        // The snapshot keeps exactly that reading.
        #expect(WeatherSession.snapshotReading(forecast, now: now) == SnapshotReading(reading))

        var hourOnly = forecast
        hourOnly.current = nil
        let fromHour = try #require(NowReading(hourOnly, now: now))
        #expect(fromHour.time == hours[2].time)
        #expect(!fromHour.isCurrentConditions)
        #expect(fromHour.temperatureCelsius == 12)
        // 02:00–03:00, labelled 03:00.
        #expect(fromHour.precipitationProbabilityPercent == 43)
        #expect(NowReading(hourOnly, now: start.addingTimeInterval(-60)) == nil)
    }
}
