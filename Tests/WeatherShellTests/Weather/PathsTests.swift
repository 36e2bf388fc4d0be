import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Issue 23: what wx says around the values on every path — OpenWeatherMap's steps, the parts
/// of an answer that came, the place's day, the sun that does not set. Each test names the
/// kind of fault it shows.
@Suite(.tags(.unit)) struct PathsTests {
    static let maceioCoordinate = Coordinate(latitude: -9.6658, longitude: -35.7353)
    /// 2021-01-08T16:46:22Z, the Maceió current weather's `dt`; its forecast's first step is 18:00Z.
    static let maceioNow = Date(timeIntervalSince1970: 1_610_124_382)

    /// The recorded Maceió current weather with its recorded 5-day forecast, as the provider
    /// puts them together; `thinned` keeps every third step (9 hours apart).
    static func maceio(
        current file: String = "openweathermap/weather-maceio-metric-pt-br-negative-offset.json",
        thinned: Bool = false
    ) throws -> WeatherReport {
        var forecast = try OpenWeatherMapProvider.forecast(
            from: JSONValue.parse(TestPaths.fixture(file)), requested: maceioCoordinate)
        var steps = try JSONValue.parse(TestPaths.fixture("openweathermap/forecast-maceio-metric-pt-br-cnt40.json"))
        if thinned, case .object(var members) = steps, let list = steps["list"]?.array {
            members["list"] = .array(list.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
            steps = .object(members)
        }
        try OpenWeatherMapProvider.addSteps(from: steps, to: &forecast)
        return WeatherReport(
            place: Place(
                name: "Maceió", region: "BR", countryCode: "br", coordinate: maceioCoordinate,
                displayName: "Maceió, BR"),
            forecast: forecast, origin: .network)
    }

    static func text(_ result: CommandResult, at now: Date, units: UnitPreferences = .metric) -> String {
        TextRenderer.render(result, context: RenderContext(units: units, now: now, colour: false, unicode: true))
    }

    /// Kind 1: steps that start at the next 3-hour boundary follow now; no view says the
    /// forecast does not cover now, at any minute between two boundaries.
    @Test func stepsStartingAheadOfNowStillCoverNow() throws {
        let report = try Self.maceio()
        for minutes in stride(from: 0, to: 180, by: 10) {
            // 15:00Z to 17:50Z: the first step (18:00Z) lies 10 minutes to 3 hours ahead.
            let now = Date(timeIntervalSince1970: 1_610_118_000 + Double(minutes * 60))
            let outlook = PrecipitationOutlook(forecast: report.forecast, now: now)
            #expect(outlook != nil, "rain at +\(minutes) min")
            for result in [
                CommandResult.weather(report), .hourly(report, hours: 24), .daily(report, days: 5),
                .rain(report, outlook),
            ] {
                let text = Self.text(result, at: now)
                #expect(!text.contains("not now"), "\(text)")
                #expect(!text.contains("no precipitation data"), "\(text)")
            }
        }
    }

    /// Kind 3: current weather's `rain.3h` and `snow.3h` are read, and said to be over 3 hours.
    @Test func currentWeatherReadsEveryAmountWithItsPeriod() throws {
        let json = try JSONValue.parse(TestPaths.fixture("openweathermap/weather-rain-3h-snow-3h-hand-written.json"))
        let current = try OpenWeatherMapProvider.forecast(from: json, requested: Self.maceioCoordinate).current
        #expect(current?.precipitationMillimetres == 5.0)
        #expect(current?.snowfallMillimetres == 0.5)
        #expect(current?.precipitationPeriodSeconds == 10_800)
        let london = try OpenWeatherMapProvider.forecast(
            from: JSONValue.parse(TestPaths.fixture("openweathermap/weather-london-lat-lon-kelvin-rain-1h.json")),
            requested: Coordinate(latitude: 51.51, longitude: -0.13)
        ).current
        #expect(london?.precipitationMillimetres == 1.52 && london?.precipitationPeriodSeconds == 3_600)
        let report = try Self.maceio(current: "openweathermap/weather-rain-3h-snow-3h-hand-written.json")
        let text = Self.text(.weather(report), at: Self.maceioNow)
        #expect(text.contains("5.0 mm in the last 3 h"), "\(text)")
        let document = JSONRenderer.render(
            .weather(report), context: RenderContext(units: .metric, now: Self.maceioNow, colour: false, unicode: true))
        #expect(document.contains("\"precipitation_period_seconds\":10800"), "\(document)")
    }

    /// Kind 5: a series of 3-hour steps with gaps says how far apart the steps are.
    @Test func stepsWithGapsSayWhatTheyAre() throws {
        let report = try Self.maceio(thinned: true)
        let now = Self.maceioNow
        for result in [
            CommandResult.weather(report), .hourly(report, hours: 24),
            .rain(report, PrecipitationOutlook(forecast: report.forecast, now: now)),
        ] {
            let text = Self.text(result, at: now)
            #expect(text.contains("3-hour steps 9 hours apart"), "\(text)")
        }
        // Steps one after another are just "3-hour steps".
        #expect(Self.text(.weather(try Self.maceio()), at: now).contains("3-hour steps from OpenWeatherMap;"))
    }

    /// Kind 2: today's range holds the current reading shown beside it, and a day built from
    /// part of its hours (three 3-hour steps of Friday) says so in text and JSON.
    @Test func todaysRangeHoldsTheReadingAndPartialDaysSaySo() throws {
        let report = try Self.maceio()
        let text = Self.text(.weather(report), at: Self.maceioNow)
        #expect(text.contains("31.0 °C"))
        #expect(text.contains("today 26.5 … 31.0 °C (part of the day)"), "\(text)")
        let daily = Self.text(.daily(report, days: 6), at: Self.maceioNow)
        #expect(daily.contains("Fri 08 Jan*"), "\(daily)")
        #expect(!daily.contains("Sat 09 Jan*"), "\(daily)")
        #expect(daily.contains("* from part of the day’s hours"), "\(daily)")
        let presentation = WeatherPresentation.show(report, now: Self.maceioNow)
        #expect(presentation.today?.temperatureMaxCelsius == 31 && presentation.today?.isPartial == true)
        #expect(presentation.days.first?.temperatureMaxCelsius == 31)
        let document = JSONRenderer.render(
            .weather(report), context: RenderContext(units: .metric, now: Self.maceioNow, colour: false, unicode: true))
        #expect(document.contains("\"partial\":true"), "\(document)")
    }

    /// Kind 4: `show` with the forecast part missing shows the current conditions that came,
    /// and says in one line what did not.
    @Test func showKeepsThePartsThatCame() throws {
        var forecast = try OpenWeatherMapProvider.forecast(
            from: JSONValue.parse(
                TestPaths.fixture("openweathermap/weather-maceio-metric-pt-br-negative-offset.json")),
            requested: Self.maceioCoordinate)
        forecast.missingParts = [
            MissingForecastPart(
                .forecastSteps, reason: .rejected(.openWeatherMap, status: 400, reason: "Nothing to geocode"))
        ]
        let report = WeatherReport(place: try Self.maceio().place, forecast: forecast, origin: .network)
        let text = Self.text(.weather(report), at: Self.maceioNow)
        #expect(text.contains("31.0 °C"))
        // One note (wrapped to the width), naming the service's reason.
        #expect(text.components(separatedBy: "did not come").count == 2, "\(text)")
        #expect(text.replacingOccurrences(of: "\n    ", with: " ").contains("forecast steps did not come"), "\(text)")
        #expect(text.contains("Nothing to geocode"), "\(text)")
    }

    /// Kind 8: a difference in °F is converted, then rounded once. Hand-written normals (every
    /// calendar day's normal high 24.64 °C) against a day with a high of 20.0 °C: −4.64 °C is
    /// −8.352 °F, so −8.4 (rounded to −4.6 °C first, it showed −8.3), in every view that shows it.
    @Test func fahrenheitDifferencesAreRoundedOnce() throws {
        let normal = ClimateNormal(
            temperatureMaxMeanCelsius: 24.64, temperatureMinMeanCelsius: 14, precipitationMeanMillimetres: 2,
            wetDayPercent: 30)
        let climatology = Climatology(days: Array(repeating: normal, count: 366))
        var day = DailyForecast(date: LocalDate(iso: "2021-01-09")!)
        day.temperatureMaxCelsius = 20.0
        let comparison = try #require(NormalComparison(day, climatology))
        let format = ValueFormatter(units: .imperial)
        #expect(format.comparedWithUsual(comparison) == "8.4 °F colder than usual")
        #expect(format.signedTemperatureDifference(comparison.highAnomalyCelsius) == "−8.4")
        #expect(ValueFormatter(units: .metric).signedTemperatureDifference(comparison.highAnomalyCelsius) == "−4.6")
        // The verification's mean errors too: 9.91 / 7 = 1.4157 °C is 2.548 °F → 2.5 (2.6 from
        // 1.42, the mean rounded to 0.01 first).
        var score = ForecastScore()
        score = ForecastScore(snapshots: [
            [1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 1.91].map { error in
                DayCheck(
                    forecast: KeptForecastDay(
                        date: LocalDate(iso: "2025-07-27")!, temperatureMaxCelsius: 20 + error,
                        temperatureMinCelsius: nil, precipitationSumMillimetres: nil,
                        precipitationProbabilityMaxPercent: nil, weatherCode: nil),
                    observed: ObservedDay(
                        date: LocalDate(iso: "2025-07-27")!, temperatureMaxCelsius: 20, temperatureMinCelsius: nil,
                        precipitationSumMillimetres: nil), hasPassed: true)
            }
        ])
        let mean = try #require(score.highMeanAbsoluteErrorCelsius)
        #expect(TextRenderer.temperatureDifference(mean, format: format, signed: false) == "2.5 °F")
    }
}

/// Issue 23, kind 7: every form in which Open-Meteo says "polar day" or "polar night" is read
/// as such, in text and JSON (hand-written Tromsø answers, labelled in Fixtures/SOURCES.md).
@Suite(.tags(.unit)) struct PolarFormsTests {
    static let tromso = Coordinate(latitude: 69.65, longitude: 18.96)

    func report(_ file: String) -> WeatherReport {
        WeatherReport(
            place: Place(
                name: "Tromsø", region: "Norge", countryCode: "no", coordinate: Self.tromso, displayName: "Tromsø"),
            forecast: Recorded.forecast("open-meteo-forecast/\(file)", at: Self.tromso), origin: .network)
    }

    @Test func midnightSunInEveryForm() throws {
        let report = report("tromso-midnight-sun-newer-forms-hand-written.json")
        #expect(report.forecast.daily.map(\.sun) == Array(repeating: .midnightSun, count: 4))
        let now = Date(timeIntervalSince1970: 1_781_949_600)  // 2026-06-20T10:00:00Z
        let context = RenderContext(units: .metric, now: now, colour: false, unicode: true)
        let text = TextRenderer.render(.weather(report), context: context)
        #expect(text.contains("midnight sun — the sun does not set"), "\(text)")
        #expect(!text.contains("sunrise 00:00") && !text.contains("daylight 24 h"), "\(text)")
        let document = JSONRenderer.render(.daily(report, days: 4), context: context)
        #expect(document.components(separatedBy: "\"sun\":\"midnight_sun\"").count == 5, "\(document)")
        #expect(!document.contains("rises_and_sets"))
    }

    @Test func polarNightInEveryForm() throws {
        let report = report("tromso-polar-night-null-times-hand-written.json")
        #expect(report.forecast.daily.map(\.sun) == [.polarNight, .polarNight])
        let now = Date(timeIntervalSince1970: 1_797_760_800)  // 2026-12-20T10:00:00Z
        let context = RenderContext(units: .metric, now: now, colour: false, unicode: true)
        let text = TextRenderer.render(.weather(report), context: context)
        #expect(text.contains("polar night — the sun does not rise"), "\(text)")
        let document = JSONRenderer.render(.daily(report, days: 2), context: context)
        #expect(document.components(separatedBy: "\"sun\":\"polar_night\"").count == 3, "\(document)")
    }
}

/// Issue 23, kind 6: weekday names and `today` as `past` reads them.
@Suite(.tags(.unit)) struct PlaceDayWordsTests {
    @Test func weekdaysCountBackFromTheDayBefore() {
        let sunday = LocalDate(iso: "2025-07-27")!
        #expect(PastDate(parsing: "saturday")?.resolved(today: sunday).iso == "2025-07-26")
        #expect(PastDate(parsing: "Sun")?.resolved(today: sunday).iso == "2025-07-20")
        #expect(PastDate(parsing: "today")?.resolved(today: sunday).iso == "2025-07-27")
    }
}
