import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Past days (which service answers which range, and the archive's answer read) and
/// OpenWeatherMap's 3-hour steps made into hours and days.
@Suite(.tags(.unit)) struct PastDaysAndStepsTests {
    func date(_ text: String) -> LocalDate { LocalDate(iso: Substring(text))! }

    @Test func theArchiveAnswersDaysOlderThanItsLagAndTheForecastAPITheRest() {
        let older = PastSource.plan(for: date("2025-07-27")...date("2025-08-02"), today: date("2025-08-10"))
        #expect(older.map(\.source) == [.archive])
        let recent = PastSource.plan(for: date("2025-07-27")...date("2025-07-31"), today: date("2025-08-01"))
        #expect(recent.map(\.source) == [.recentForecast])
        #expect(recent.first?.days == date("2025-07-27")...date("2025-07-31"))
        // Reaching back further than the forecast API's 92 past days and into the archive's lag:
        // two requests, split after the last day the archive has (today − 5), the same bound as
        // `choose` for `past`.
        let both = PastSource.plan(for: date("2025-08-01")...date("2025-11-30"), today: date("2025-12-01"))
        #expect(both.map(\.source) == [.archive, .recentForecast])
        #expect(both[0].days == date("2025-08-01")...date("2025-11-26"))
        #expect(both[1].days == date("2025-11-27")...date("2025-11-30"))
        // One piece always agrees with `choose`.
        for (range, today) in [
            (date("2025-07-27")...date("2025-08-02"), date("2025-08-10")),
            (date("2025-07-27")...date("2025-07-31"), date("2025-08-01")),
            (date("2025-07-30")...date("2025-08-04"), date("2025-08-09")),
            (date("2025-07-30")...date("2025-08-05"), date("2025-08-09")),
        ] {
            #expect(
                PastSource.plan(for: range, today: today).map(\.source) == [PastSource.choose(for: range, today: today)]
            )
        }
    }

    @Test func theArchiveAnswerIsReadDayByDayAndItsErrorIsTheServicesReason() throws {
        let body = try JSONValue.parse(
            TestPaths.fixture("open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json"))
        let range = date("2025-07-20")...date("2025-08-09")
        let days = try OpenMeteoPastProvider.past(
            from: body, requested: Coordinate(latitude: 53.54, longitude: 9.98), days: range, source: .archive,
            now: nil
        ).days
        #expect(days.count == 19)
        #expect(days[7].date == date("2025-07-27"))
        #expect(days[7].temperatureMaxCelsius == 23.0)
        #expect(days[7].temperatureMinCelsius == 15.0)
        #expect(days[7].precipitationSumMillimetres == 0)
        let error = try JSONValue.parse(TestPaths.fixture("open-meteo-archive/error-400-start-date-out-of-range.json"))
        #expect(
            throws: ServiceError.rejected(
                .openMeteoArchive, status: 200,
                reason: "Parameter 'start_date' is out of allowed range from 1940-01-01 to 2025-08-08")
        ) {
            try OpenMeteoPastProvider.past(
                from: error, requested: Coordinate(latitude: 53.54, longitude: 9.98), days: range, source: .archive,
                now: nil)
        }
    }

    /// Today from the current conditions keeps its polar state when the steps cover it too, and
    /// a current reading dated after the steps goes last, not first (found trying wx as a user).
    @Test func todayFromCurrentConditionsKeepsItsSunAndItsPlace() throws {
        let body = try JSONValue.parse(TestPaths.fixture("openweathermap/forecast-maceio-metric-pt-br-cnt40.json"))
        func forecast(today: String) -> Forecast {
            var forecast = Forecast(
                coordinate: Coordinate(latitude: -9.6658, longitude: -35.7353),
                zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: -10_800), source: .openWeatherMap)
            var day = DailyForecast(date: date(today))
            day.sun = .midnightSun
            forecast.daily = [day]
            return forecast
        }
        var covered = forecast(today: "2021-01-09")
        try OpenWeatherMapProvider.addSteps(from: body, to: &covered)
        #expect(covered.daily.first { $0.date == date("2021-01-09") }?.sun == .midnightSun)
        var later = forecast(today: "2021-04-28")
        try OpenWeatherMapProvider.addSteps(from: body, to: &later)
        #expect(later.daily.map(\.date) == later.daily.map(\.date).sorted())
        #expect(later.daily.last?.date == date("2021-04-28"))
    }

    /// Steps are described only when the answer holds some: a forecast answer with an empty
    /// `list` (case W-7's Moscow) has no "3-hour steps" to be from OpenWeatherMap.
    @Test func noStepsAreDescribedOnlyWhenThereAreSome() throws {
        let empty = try JSONValue.parse(TestPaths.fixture("openweathermap/forecast-empty-list-hand-written.json"))
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 55.7522, longitude: 37.6156),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 10_800), source: .openWeatherMap)
        try OpenWeatherMapProvider.addSteps(from: empty, to: &forecast)
        #expect(forecast.hourly.isEmpty)
        #expect(forecast.stepDescription == nil)
        let steps = try JSONValue.parse(TestPaths.fixture("openweathermap/forecast-maceio-metric-pt-br-cnt40.json"))
        try OpenWeatherMapProvider.addSteps(from: steps, to: &forecast)
        #expect(forecast.stepDescription == "3-hour steps")
    }

    /// OpenWeatherMap's steps out of order or repeated are refused whole, naming the step, as an
    /// Open-Meteo series is (`SeriesOrder`): they were sorted, a repeated time kept twice
    /// ("3-hour steps 0 to 6 hours apart"), and one out of order moved among the others.
    @Test(arguments: [
        ([10_800, 21_600, 21_600, 32_400], "list[2].dt 21600 is not after 21600 before it"),
        ([10_800, 32_400, 21_600, 43_200], "list[2].dt 21600 is not after 32400 before it"),
    ])
    func stepsOutOfOrderOrRepeatedAreRefused(times: [Int], detail: String) throws {
        let list = times.map { #"{"dt":\#($0),"main":{"temp":20}}"# }
        let json = try JSONValue.parse(Data(#"{"cod":"200","list":[\#(list.joined(separator: ","))]}"#.utf8))
        var forecast = Forecast(
            coordinate: Coordinate(latitude: -9.6658, longitude: -35.7353),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: -10_800), source: .openWeatherMap)
        #expect(throws: ServiceError.malformedResponse(.openWeatherMap, detail: detail)) {
            try OpenWeatherMapProvider.addSteps(from: json, to: &forecast)
        }
        #expect(forecast.hourly.isEmpty)
        // A step whose time cannot be read is left out, as before: no order to check.
        let unread = try JSONValue.parse(
            Data(#"{"cod":"200","list":[{"dt":10800,"main":{}},{"dt":null,"main":{}},{"dt":21600,"main":{}}]}"#.utf8))
        try OpenWeatherMapProvider.addSteps(from: unread, to: &forecast)
        #expect(forecast.hourly.count == 2)
    }

    @Test func threeHourStepsBecomeHoursAndLocalDays() throws {
        let body = try JSONValue.parse(TestPaths.fixture("openweathermap/forecast-maceio-metric-pt-br-cnt40.json"))
        var forecast = Forecast(
            coordinate: Coordinate(latitude: -9.6658, longitude: -35.7353),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: -10_800), source: .openWeatherMap)
        try OpenWeatherMapProvider.addSteps(from: body, to: &forecast)
        #expect(forecast.hourly.count == 40)
        #expect(forecast.hourStepSeconds == 10_800)
        // The first step is 18:00 UTC, 15:00 in Maceió (city.timezone −10800): three steps on
        // Fri 8 Jan, eight on Sat 9 Jan.
        #expect(
            forecast.daily.map(\.date.iso) == [
                "2021-01-08", "2021-01-09", "2021-01-10", "2021-01-11", "2021-01-12", "2021-01-13",
            ])
        let friday = forecast.daily[0]
        #expect(friday.temperatureMinCelsius == 26.47 && friday.temperatureMaxCelsius == 29.75)
        #expect(friday.precipitationSumMillimetres == 0 && friday.precipitationProbabilityMaxPercent == 4)
        #expect(friday.weatherCode == 3)  // 802 and 804: clouds; the most severe of the day
        let saturday = forecast.daily[1]
        #expect(saturday.temperatureMinCelsius == 25.28 && saturday.temperatureMaxCelsius == 29.21)
        #expect(saturday.precipitationSumMillimetres == 0.11 && saturday.precipitationProbabilityMaxPercent == 20)
        #expect(saturday.weatherCode == 61)  // 500, light rain
        // An hour-based view of rain reads the steps as 3 hours long.
        let outlook = PrecipitationOutlook(forecast: forecast, now: forecast.hourly[3].time.addingTimeInterval(600))
        #expect(outlook?.resolution == .steps(hours: 3))
    }

    @Test func theScoreCountsHitsAndMeanErrors() {
        func check(_ high: Double, _ observedHigh: Double, rain: Double, observedRain: Double?) -> DayCheck {
            DayCheck(
                forecast: KeptForecastDay(
                    date: date("2025-07-27"), temperatureMaxCelsius: high, temperatureMinCelsius: nil,
                    precipitationSumMillimetres: rain, precipitationProbabilityMaxPercent: nil, weatherCode: nil),
                observed: observedRain.map {
                    ObservedDay(
                        date: date("2025-07-27"), temperatureMaxCelsius: observedHigh, temperatureMinCelsius: nil,
                        precipitationSumMillimetres: $0)
                }, hasPassed: true)
        }
        let score = ForecastScore(snapshots: [
            [check(20, 18, rain: 0.9, observedRain: 0), check(15, 16, rain: 1.0, observedRain: 0.99)],
            [check(10, 10, rain: 0, observedRain: nil)], nil,
        ])
        #expect(score.snapshots == 3 && score.snapshotsWithoutForecast == 1)
        // The day passed without an observed value is not to come (a trial saw "7 to come" of
        // days long past): it is counted apart.
        #expect(score.checkedDays == 2 && score.pendingDays == 0 && score.unobservedDays == 1)
        #expect(score.highMeanAbsoluteErrorCelsius == 1.5 && score.highMeanErrorCelsius == 0.5)
        #expect(score.lowMeanAbsoluteErrorCelsius == nil)
        // 0.9 mm forecast, 0 mm fell: both dry (right); 1.0 mm forecast, 0.99 mm fell: wrong.
        #expect(score.rainHits == 1 && score.rainDays == 2 && score.rainHitRatePercent == 50)
    }
}
