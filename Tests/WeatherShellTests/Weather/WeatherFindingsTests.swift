import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension RenderFindingsTests {
    /// Berlin's next 6 hours are all 0 %: no "rain %" band of two empty rows, but a few words.
    @Test func anAllZeroRainBandIsLeftOutAndSaid() {
        let lines = Self.render(.hourly(TextFitTests.berlin, hours: 6))
        #expect(!lines.contains { $0.contains("rain %") }, "\(lines)")
        #expect(lines.last == "  no rain expected in these hours (0 % each hour)", "\(lines)")
        // Every row of the chart has a bar on it.
        let rows = lines.filter { $0.contains("┤") }
        #expect(rows.count == TemperatureChart.temperatureRows)
        #expect(rows.allSatisfy { !$0.hasSuffix("┤") }, "\(rows)")
    }

    /// Chances too small to draw are said with the largest of them; none at all is said too.
    @Test func smallOrMissingChancesAreSaidInWords() {
        var hours = Array(TextFitTests.berlin.forecast.hourly.prefix(3))
        let format = ValueFormatter(units: .metric)
        hours[1].precipitationProbabilityPercent = 3
        #expect(!TemperatureChart.drawsProbabilityBars(hours))
        #expect(TextRenderer.noBarsText(hours, format: format) == "rain unlikely in these hours (at most 3 %)")
        for index in hours.indices { hours[index].precipitationProbabilityPercent = nil }
        #expect(TextRenderer.noBarsText(hours, format: format) == "no rain chance in the answer for these hours")
        hours[2].precipitationProbabilityPercent = 4
        #expect(TemperatureChart.drawsProbabilityBars(hours))
    }

    /// A new user's answer: every hour 0 % while the amounts are 0.3 and 0.6 mm (the chance and
    /// the amount from different models). The old words said "no rain expected" under those rows.
    @Test func aZeroChanceDoesNotDenyTheAmountsShown() {
        var hours = Array(TextFitTests.berlin.forecast.hourly.prefix(3))
        let format = ValueFormatter(units: .metric)
        for index in hours.indices {
            hours[index].precipitationProbabilityPercent = 0
            hours[index].precipitationMillimetres = [0, 0.3, 0.6][index]
        }
        #expect(!TemperatureChart.drawsProbabilityBars(hours))
        #expect(
            TextRenderer.noBarsText(hours, format: format)
                == "rain chance 0 % each hour, yet about 0.9 mm forecast in these hours")
        hours[0].precipitationProbabilityPercent = 3
        #expect(
            TextRenderer.noBarsText(hours, format: format)
                == "rain chance at most 3 %, yet about 0.9 mm forecast in these hours")
        for index in hours.indices { hours[index].precipitationProbabilityPercent = nil }
        #expect(
            TextRenderer.noBarsText(hours, format: format)
                == "no rain chance in the answer, yet about 0.9 mm forecast in these hours")
        // Under the data's 0.1 mm the old words stand.
        hours[1].precipitationMillimetres = 0
        hours[2].precipitationMillimetres = 0.05
        for index in hours.indices { hours[index].precipitationProbabilityPercent = 0 }
        #expect(TextRenderer.noBarsText(hours, format: format) == "no rain expected in these hours (0 % each hour)")
    }

    /// `hourly` at 40 columns left out feels like, the amount and the wind without a word (now
    /// its conditions are their symbols, and only feels like is left out).
    @Test func hourlyNamesTheColumnsItLeavesOut() {
        let lines = Self.render(.hourly(TextFitTests.berlin, hours: 4), width: 40)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("  left out for the width: feels like\n"), "\(text)")
        // At 80 columns nothing is left out, and nothing is said.
        #expect(!Self.render(.hourly(TextFitTests.berlin, hours: 4)).joined().contains("left out"))
    }

    /// `air`'s heading had no time ("air at Enschede, Overijssel, Nederland"); it is the place,
    /// then the time of the values there, as every view's heading.
    @Test func airHeadingHasTheTimeOfTheValues() throws {
        let place = Recorded.places("demo/nominatim-search-enschede-hand-written.json")[0]
        let now = try #require(ISOTime.parse("2025-07-26T10:30:00Z"))
        let air = try #require(
            try OpenMeteoAirQualityProvider.airQuality(
                from: JSONValue.parse(
                    TestPaths.fixture("open-meteo-air-quality/enschede-amsterdam-current-pollen-eu-us-aqi.json")),
                requested: place.coordinate, at: now))
        let zone = try #require(air.zone)
        let local = ZoneClock(zone).localTime(air.time)
        let time =
            "\(ValueFormatter.weekdays[local.weekday]) \(TimeWords.twoDigits(local.hour)):\(TimeWords.twoDigits(local.minute))"
        let lines = Self.render(.air(place, air, .network), now: now)
        #expect(lines.first?.hasPrefix("Enschede, Overijssel, Nederland · air at \(time) ") == true, "\(lines)")
        // At 40 columns the place gives way, the time stays whole.
        let narrow = Self.render(.air(place, air, .network), now: now, width: 40)
        #expect(narrow.first?.contains("… · air at \(time)") == true, "\(narrow)")
        #expect(narrow.allSatisfy { TextLayout.columns($0) <= 40 }, "\(narrow)")
    }

    /// Case W-7: "rain — · 0.3 mm in the last hour · snow 0.3 mm". OpenWeatherMap's current
    /// weather gives no chance (no "rain —" beside an amount), and the 0.3 mm is the snow.
    @Test func currentSnowIsSaidOnceWithoutAChance() throws {
        let coordinate = Coordinate(latitude: 55.7522, longitude: 37.6156)
        let forecast = try OpenWeatherMapProvider.forecast(
            from: JSONValue.parse(TestPaths.fixture("cases/owm-current-cyrillic-snow.json")), requested: coordinate)
        let report = WeatherReport(
            place: Place(
                name: "Москва", region: "RU", countryCode: "ru", coordinate: coordinate, displayName: "Москва, RU"),
            forecast: forecast, origin: .network)
        let now = try #require(ISOTime.parse("2023-11-14T22:13:20Z"))
        let text = Self.render(.weather(report), now: now).joined(separator: "\n")
        #expect(text.contains("\n  0.3 mm snow in the last hour"), "\(text)")
        #expect(!text.contains("rain —") && !text.contains("snow 0.3 mm"), "\(text)")
    }

    /// Rain and snow together: the amount is their sum, and how much of it is snow is said.
    @Test func partSnowIsSaidAsPartOfTheAmount() {
        let format = ValueFormatter(units: .metric)
        #expect(
            TextRenderer.measuredAmountText(0.8, snow: 0.3, period: "in the last hour", format: format)
                == "0.8 mm in the last hour, 0.3 mm of it snow")
        #expect(
            TextRenderer.measuredAmountText(0.3, snow: 0.3, period: "in the last 3 h", format: format)
                == "0.3 mm snow in the last 3 h")
        #expect(TextRenderer.measuredAmountText(0.2, snow: 0, period: nil, format: format) == "0.2 mm this hour")
    }

    /// The fallback note nested the reason's parentheses in its own; it reads in one pass now.
    @Test func aPartThatDidNotComeIsSaidInOnePass() throws {
        var forecast = try OpenWeatherMapProvider.forecast(
            from: JSONValue.parse(
                TestPaths.fixture("openweathermap/weather-maceio-metric-pt-br-negative-offset.json")),
            requested: PathsTests.maceioCoordinate)
        let reason = ServiceError.malformedResponse(.openWeatherMap, detail: "no forecast steps in the answer")
        forecast.missingParts = [MissingForecastPart(.forecastSteps, reason: reason)]
        let expected =
            "current conditions only: OpenWeatherMap’s forecast steps did not come — "
            + "it" + reason.description.dropFirst("OpenWeatherMap".count)
        #expect(forecast.noForecastText == expected)
        #expect(!expected.contains("(OpenWeatherMap"), "\(expected)")
        forecast.missingParts = [MissingForecastPart(.currentConditions, reason: reason)]
        #expect(
            forecast.missingConditionsText?.hasPrefix(
                "forecast only: OpenWeatherMap’s current conditions did not come — it ") == true)
    }
}

extension OptionFindingsTests {
    static let metric = ValueFormatter(units: .metric)

    /// A forecast at 10:30 on Fri 06 Oct in UTC+05:30 with no hours and three days.
    static func dailyOnly(probabilities: [Double?], sums: [Double?]) -> (Forecast, Date) {
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 9.93, longitude: 76.27),
            zone: ZoneInfo(identifier: "Asia/Kolkata", abbreviation: "IST", utcOffsetSeconds: 19_800),
            source: .openMeteo)
        let first = LocalDate(year: 2023, month: 10, day: 6)
        forecast.daily = zip(probabilities, sums).enumerated().map { index, values in
            var day = DailyForecast(date: CivilCalendar.date(fromDays: first.dayNumber + index))
            day.precipitationProbabilityMaxPercent = values.0
            day.precipitationSumMillimetres = values.1
            return day
        }
        return (forecast, Date(timeIntervalSince1970: 1_696_568_400))  // 2023-10-06T05:00Z, 10:30 IST
    }

    /// Kochi's demo recording has days but no hours: `rain` said "no precipitation data for now"
    /// beside `show`'s 39 % for Sunday; it now gives the days' chances and amounts.
    @Test func rainWithDaysOnlyGivesTheDays() {
        let (forecast, now) = Self.dailyOnly(probabilities: [0, 0, 39, 80], sums: [nil, nil, nil, nil])
        #expect(
            TextRenderer.byDaySentence(forecast, format: Self.metric, now: now)
                == "no hourly precipitation in this forecast; by day: today 0 %, Sat 0 %, Sun 39 %")
        let (amounts, _) = Self.dailyOnly(probabilities: [10, nil], sums: [0.4, 2.25])
        #expect(
            TextRenderer.byDaySentence(amounts, format: ValueFormatter(units: .imperial), now: now)
                == "no hourly precipitation in this forecast; by day: today 10 % 0.02 in, Sat 0.09 in")
        // Hours that end before now: not "no hourly precipitation" at all.
        var ended = forecast
        ended.hourly = [HourlyForecast(time: now.addingTimeInterval(-86_400))]
        ended.hourly[0].precipitationMillimetres = 0.2
        #expect(
            TextRenderer.byDaySentence(ended, format: Self.metric, now: now)
                == "no hourly precipitation for now in this forecast; by day: today 0 %, Sat 0 %, Sun 39 %")
        let (none, _) = Self.dailyOnly(probabilities: [nil, nil], sums: [nil, nil])
        #expect(
            TextRenderer.byDaySentence(none, format: Self.metric, now: now)
                == "no precipitation data for now in this forecast")
    }
}

/// What trial 12 found in the views.
@Suite(.tags(.unit)) struct OutlookFindingsTests {
    /// Hours from 13:00 UTC with these amounts and chances.
    static func forecast(_ hours: [(mm: Double, chance: Double?)]) -> (Forecast, Date) {
        let start = Date(timeIntervalSince1970: 1_753_880_400)  // 2025-07-30 13:00 UTC
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 52.5, longitude: 13.4),
            zone: ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0), source: .openMeteo)
        forecast.hourly = hours.enumerated().map { index, values in
            var hour = HourlyForecast(time: start.addingTimeInterval(Double(index) * 3_600))
            hour.precipitationMillimetres = values.mm
            hour.precipitationProbabilityPercent = values.chance
            return hour
        }
        return (forecast, start.addingTimeInterval(60))
    }

    /// `rain` said "no rain expected in the next 24 h" where `hourly` showed 35 % for two hours
    /// of 0.0 mm: the sentence now says the amounts stay under the limit though the chance is
    /// there, in the units in use; with no chance above 0 it is as before.
    ///
    /// Each hour's amount and chance are the preceding hour's (issue 37 item 10): four hours
    /// labelled from a minute before now reach 2 h 59 min ahead ("the next 2 h"); three, 1 h 59.
    @Test func aDryOutlookSaysTheChanceItLeavesAside() throws {
        // Each amount is the hour before its time (issue 37): at 13:01 the hour stamped 13:00 is
        // over, and the hours stamped 14:00–16:00 reach 2 h 59 min ahead — "the next 2 h".
        let (forecast, now) = Self.forecast([(0, 0), (0.05, 35), (0, 20), (0, 3)])
        let outlook = try #require(PrecipitationOutlook(forecast: forecast, now: now))
        #expect(outlook.kind == .dry)
        #expect(outlook.probabilityPercent == 35)
        #expect(
            TextRenderer.rainSentence(outlook, clock: forecast.clock, format: ValueFormatter(units: .metric), now: now)
                == "no rain expected in the next 2 h (hourly data): every hour under 0.1 mm, though up to 35 % likely")
        #expect(
            TextRenderer.rainSentence(
                outlook, clock: forecast.clock, format: ValueFormatter(units: .imperial), now: now)
                == "no rain expected in the next 2 h (hourly data): every hour under 0.1 mm (about 0.004 in), though up to 35 % likely"
        )
        let (none, _) = Self.forecast([(0, 0), (0, 0), (0, nil)])
        let quiet = try #require(PrecipitationOutlook(forecast: none, now: now))
        #expect(quiet.probabilityPercent == 0)
        #expect(
            TextRenderer.rainSentence(quiet, clock: none.clock, format: ValueFormatter(units: .metric), now: now)
                == "no rain expected in the next 1 h (hourly data)")
    }
}

/// Trial 15, where the views decide: conditions hours old are not the weather now.
@Suite(.tags(.unit)) struct ClockFindingsTests {
    static let report = GoldenViewTests.report
    /// The Berlin recording's current conditions: 2025-07-27 03:00 UTC.
    static let conditions = Date(timeIntervalSince1970: 1_753_585_200)

    static func context(_ now: Date) -> RenderContext {
        RenderContext(units: .metric, now: now, colour: false, unicode: true)
    }

    @Test func conditionsMoreThanThreeHoursFromNowAreNotNow() {
        let bound = WeatherPresentation.conditionsBoundSeconds
        #expect(bound == 3 * 3_600)
        let at = { (seconds: Double) in
            WeatherPresentation(Self.report, now: Self.conditions.addingTimeInterval(seconds))
        }
        #expect(at(0).conditionsAgeSeconds == 0)
        #expect(!at(bound).conditionsAreNotNow)
        #expect(at(bound + 1).conditionsAreNotNow)
        // A clock before the answer, as far: not now either.
        #expect(!at(-bound).conditionsAreNotNow)
        #expect(at(-bound - 1).conditionsAreNotNow)
    }

    @Test func showSaysOldConditionsAreNotNowUnderItsHeadingAndJSONCarriesIt() throws {
        let now = Self.conditions.addingTimeInterval(5 * 3_600 + 600)
        let text = TextRenderer.render(.weather(Self.report), context: Self.context(now))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Berlin, Deutschland · Sun 10:10 CEST")
        #expect(lines[1] == "  conditions from 2025-07-27 05:00, 5 hours ago — not now")
        #expect(lines[2].hasPrefix("  16.5 °C, feels like 17.5 °C"))
        #expect(!text.contains("as of"))
        let json = try JSONValue.parse(
            Data(JSONRenderer.render(.weather(Self.report), context: Self.context(now)).utf8))
        #expect(json["current"]?["not_now"]?.bool == true)
        #expect(json["current"]?["age_seconds"]?.int == 5 * 3_600 + 600)
        // Before the answer (a clock set back): "after now".
        let early = TextRenderer.render(
            .weather(Self.report), context: Self.context(Self.conditions.addingTimeInterval(-2 * 86_400)))
        #expect(early.contains("\n  conditions for 2025-07-27 05:00, 2 days after now — not now\n"), "\(early)")
        // At the answer's time: nothing said.
        let current = TextRenderer.render(.weather(Self.report), context: Self.context(Self.conditions))
        #expect(!current.contains("not now"))
    }
}

extension SessionFindingsTests {
    @Test func watchSaysTheThresholdsItRingsAt() {
        #expect(Watch.bellText([]) == "")
        #expect(
            Watch.bellText([ChanceAlert(kind: .rain, thresholdPercent: 30)])
                == ", ringing when the chance of rain reaches 30 %")
        #expect(
            Watch.bellText([
                ChanceAlert(kind: .rain, thresholdPercent: 30), ChanceAlert(kind: .frost, thresholdPercent: 12.5),
            ]) == ", ringing when the chance of rain reaches 30 % or that of frost 12.5 %")
    }
}
