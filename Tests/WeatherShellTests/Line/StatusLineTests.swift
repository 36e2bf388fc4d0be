import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Issue 24 item 11: `line`, one line for a status bar by wttr.in's placeholders, and waybar's
/// JSON document.
@MainActor
@Suite(.tags(.unit)) struct StatusLineTests {
    let home = TemporaryFolder()
    static let now = Recorded.newYorkNow  // 2026-02-06T21:40:00Z
    static let place = Place(
        name: "Hamburg", region: "Hamburg, Deutschland", countryCode: "de",
        coordinate: Coordinate(latitude: 53.55, longitude: 9.99), displayName: "Hamburg, Deutschland")

    /// Overcast, 7.4 °C (feels 4.9), wind 19 km/h from 200° (SSW), humidity 81 %, 1013.2 hPa,
    /// UV 0; the hour from 21:00 UTC has 40 % and 0.3 mm; the sun rises at 07:00 and sets at
    /// 16:30 UTC; the place's clock is UTC+1.
    static func forecast() -> Forecast {
        var current = CurrentConditions(time: Date(timeIntervalSince1970: 1_770_413_400))
        current.temperatureCelsius = 7.4
        current.apparentTemperatureCelsius = 4.9
        current.relativeHumidityPercent = 81
        current.pressureHectopascals = 1013.2
        current.uvIndex = 0
        current.windSpeedKilometresPerHour = 19
        current.windDirectionDegrees = 200
        current.condition = .code(3)
        let hour = HourlyForecast(time: Date(timeIntervalSince1970: 1_770_411_600))
        // The hour 21:00–22:00 UTC, in progress at the conditions' 21:30: labelled at its end
        // (an hourly amount and chance cover the hour before their label).
        var inProgress = HourlyForecast(time: Date(timeIntervalSince1970: 1_770_415_200))
        inProgress.precipitationProbabilityPercent = 40
        inProgress.precipitationMillimetres = 0.3
        var day = DailyForecast(date: LocalDate(year: 2026, month: 2, day: 6))
        day.temperatureMinCelsius = 4.1
        day.temperatureMaxCelsius = 8.2
        day.sunrise = Date(timeIntervalSince1970: 1_770_361_200)  // 07:00 UTC
        day.sunset = Date(timeIntervalSince1970: 1_770_395_400)  // 16:30 UTC
        return Forecast(
            coordinate: place.coordinate,
            zone: ZoneInfo(identifier: nil, abbreviation: "GMT+1", utcOffsetSeconds: 3_600),
            current: current, hourly: [hour, inProgress], daily: [day], source: .openMeteo)
    }

    static func line(
        _ format: String, units: UnitPreferences = .metric, unicode: Bool = true, origin: DataOrigin = .network,
        forecast: Forecast = forecast()
    ) throws -> StatusLine {
        let report = WeatherReport(place: place, forecast: forecast, origin: origin)
        return StatusLine(report, format: try StatusLineFormat(format), now: now, units: units, unicode: unicode)
    }

    @Test func everyPlaceholderMeansWhatItMeansInWttrIn() throws {
        let all = "%c|%C|%x|%h|%t|%f|%w|%l|%p|%o|%P|%u|%S|%s|%z|%T|%Z|%M|100%%"
        #expect(
            try Self.line(all).text
                == "☁|overcast|=|81%|+7°C|+5°C|↑19km/h|Hamburg|0.3mm|40%|1013hPa|0|08:00|17:30|12:45|22:40|GMT+1|19|100%"
        )
        #expect(try Self.line("%t %f", forecast: Self.colder()).text == "-3°C -8°C")
    }

    static func colder() -> Forecast {
        var forecast = forecast()
        forecast.current?.temperatureCelsius = -2.6
        forecast.current?.apparentTemperatureCelsius = -7.5
        return forecast
    }

    @Test func valuesAreInTheUsersUnitsAndAsciiWithoutUTF8() throws {
        #expect(try Self.line("%t %w %P %p %S", units: .imperial).text == "+45°F ↑12mph 29.92inHg 0.01in 8:00 am")
        #expect(try Self.line("%c %t %w %m", unicode: false).text == "= +7C 19km/h SSW waning gibbous")
        var beaufort = UnitPreferences.metric
        beaufort.windSpeed = .beaufort
        #expect(try Self.line("%w", units: beaufort).text == "↑3Bft")
    }

    @Test func aReadingTheAnswerLacksIsADash() throws {
        var forecast = Self.forecast()
        forecast.current?.relativeHumidityPercent = nil
        forecast.current?.windSpeedKilometresPerHour = nil
        #expect(try Self.line("%h %w", forecast: forecast).text == "— —")
    }

    /// The mean lunar month against known phases of 2025: full moon 10 July 20:37 UTC, new
    /// moon 24 July 19:11 UTC, first quarter 1 August 12:41 UTC.
    @Test(arguments: [(1_752_179_820.0, 4), (1_753_384_260, 0), (1_754_052_060, 2)])
    func moonPhases(seconds: Double, phase: Int) {
        #expect(MoonPhase(Date(timeIntervalSince1970: seconds)).phase == phase)
    }

    /// The numbered formats' pictograms are left out where wx writes ASCII (trial: `LC_ALL=C`
    /// printed 🌡️ and 🌬️ beside the ASCII stand-ins).
    @Test func numberedFormatsWriteNoPictogramsInASCII() throws {
        #expect(try Self.line("4").text == "Hamburg: ☁ 🌡️+7°C 🌬️↑19km/h")
        #expect(try Self.line("4", unicode: false).text == "Hamburg: = +7C 19km/h SSW")
    }

    /// An empty format, and a number that is not one of wttr.in's four, are refused, not printed.
    @Test func emptyAndUnknownNumberedFormatsAreRefused() {
        #expect(throws: ShellError.usage("the format is empty: give placeholders, as --format \"%c %t\", or 1 to 4")) {
            try StatusLineFormat("")
        }
        #expect(throws: ShellError.usage("no format “5”: wttr.in’s numbered formats are 1 to 4")) {
            try StatusLineFormat("5")
        }
    }

    @Test func formatsAreReadWhenTheCommandIsParsed() throws {
        #expect(try StatusLineFormat("3").source == "%l: %c %t")
        #expect(try StatusLineFormat("%c %t").pieces == [.field(.conditionSymbol), .text(" "), .field(.temperature)])
        #expect(
            throws: ShellError.usage(
                "unknown placeholder “%q” in the format; wx knows \(StatusLineFormat.placeholders) and %% (see “help line”)"
            )
        ) {
            try StatusLineFormat("%c %q")
        }
        #expect(throws: ShellError.usage("the format ends with a lone “%”: “%%” prints a percent sign")) {
            try StatusLineFormat("100%")
        }
        #expect(
            throws: ShellError.usage(
                "“%D” (wttr.in’s dawn) is not wx’s: it has no twilight times; “%S” is sunrise and “%s” sunset")
        ) { try StatusLineFormat("%D") }
        let parsed = try CommandParser.parse("line Home Sweet --format \"%l %t\" --json")
        #expect(
            parsed
                == .statusLine(
                    StatusLineRequest(place: "Home Sweet", format: try StatusLineFormat("%l %t"), json: true)))
        #expect(
            try CommandParser.parse("line --format=2")
                == .statusLine(StatusLineRequest(place: nil, format: try StatusLineFormat("2"), json: false)))
        #expect(throws: ShellError.self) { try CommandParser.parse("line --frobnicate") }
    }

    /// Tab after `line`: a favorite, then the options, then wttr.in's numbered formats.
    @Test func tabCompletesAFavoriteThenTheOptions() {
        let favorites = ["Elbphilharmonie", "Home"]
        #expect(Completer.complete("line Elb", favorites: favorites).options == ["Elbphilharmonie"])
        #expect(Completer.complete("line Home --", favorites: favorites).options == ["--format", "--json"])
        #expect(Completer.complete("line Home --json --", favorites: favorites).options == ["--format"])
        #expect(Completer.complete("line --format ", favorites: favorites).options == ["1", "2", "3", "4"])
        #expect(Completer.complete("line --json H", favorites: favorites).options.isEmpty)
    }

    /// waybar's document: text, tooltip (Pango markup, so `&` is an entity), class and alt.
    @Test func waybarsDocument() throws {
        var report = WeatherReport(place: Self.place, forecast: Self.forecast(), origin: .network)
        report.place.name = "Hamburg & Co"
        let context = RenderContext(units: .metric, now: Self.now, colour: false, unicode: true)
        let line = StatusLineReport(report: report, format: try StatusLineFormat("%l %t"), json: true)
        let text = TextRenderer.render(.statusLine(line), context: context)
        let json = JSONRenderer.render(.statusLine(line), context: context)
        #expect(text == json, "line --json and wx --json line print the same document")
        #expect(text.split(separator: "\n").count == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["text"] as? String == "Hamburg &amp; Co +7°C")
        #expect(document["class"] as? String == "cloudy")
        #expect(document["alt"] as? String == "cloudy")
        #expect(
            document["tooltip"] as? String
                == "Hamburg &amp; Co, Hamburg, Deutschland\n7.4 °C · overcast · wind 19 km/h SSW\nrain 40 % · humidity 81 %\ntoday 4.1 … 8.2 °C\nas of 22:30"
        )
        let stale = try Self.line("%t", origin: .stale(stored: Self.now.addingTimeInterval(-7_200), reason: nil))
        #expect(stale.className == "stale")
        #expect(stale.conditionKind == "cloudy")
        // The reading's age (of 21:30 UTC at 21:40: 10 min) and the fetch's (2 h), each named
        // (trial 60: the fetch's age read as the data's).
        #expect(stale.tooltip.hasSuffix("\nout of date: 10 min old, as of 22:30; fetched 2 h 0 min ago"))
        let plain = TextRenderer.render(
            .statusLine(StatusLineReport(report: report, format: try StatusLineFormat("%c %t"), json: false)),
            context: context)
        #expect(plain == "☁ +7°C\n")
    }

    /// Without a place: the current location, else the first favorite; the cache's current
    /// answer makes no request (the provider counts them).
    @Test func withoutAPlaceTheCurrentLocationElseTheFirstFavorite() async throws {
        let provider = FakeForecastProvider(forecasts: [Self.place.coordinate: Self.forecast()])
        let geocoder = FakeGeocoder(places: ["Hamburg": [Self.place]])
        let session = makeTestSession(home: home, geocoder: geocoder, forecasts: provider)
        let request = StatusLineRequest(place: nil, format: try StatusLineFormat("%l %t"), json: false)
        await #expect(
            throws: ShellError.notApplicable(
                "no place for the line: give one (“line Hamburg”) or save a favorite (“fav”)")
        ) { try await session.execute(.statusLine(request)) }
        #expect(provider.requestCount == 0)
        _ = try await session.execute(.find("Hamburg"))
        _ = try await session.execute(.favoriteToggle)
        let fresh = makeTestSession(home: home, geocoder: geocoder, forecasts: provider)
        guard case .statusLine(let line) = try await fresh.execute(.statusLine(request)).first else {
            Issue.record("no line")
            return
        }
        #expect(line.report.place.name == "Hamburg")
        #expect(fresh.currentPlace?.name == "Hamburg")
    }
}
