import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

/// Trial 9's findings in the text views: an empty "rain %" band, columns left out without a
/// word, the chart's labels at column 0, `air`'s heading without a time, `models`' two ways of
/// writing a dry day, and OpenWeatherMap's current line and fallback note.
@Suite(.tags(.unit)) struct Trial9ViewTests {
    static func render(_ result: CommandResult, now: Date = TextFitTests.berlinNow, width: Int = 80) -> [String] {
        let context = RenderContext(units: .metric, now: now, colour: false, unicode: true, width: width)
        var lines = TextRenderer.render(result, context: context).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    // MARK: - hourly's chart

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

    /// At 40 columns the scale's labels ("-11.2 °C") were at column 0; they are two spaces in,
    /// as every line of a view, and the bars still fit the width.
    @Test func chartLabelsAreIndentedAtEveryWidth() {
        for width in [40, 80] {
            let lines = Self.render(.hourly(TextFitTests.berlin, hours: 24), width: width)
            let rows = lines.filter { $0.contains("┤") }
            #expect(!rows.isEmpty)
            #expect(rows.allSatisfy { $0.hasPrefix("  ") }, "\(width): \(rows)")
            // The longest label (a temperature, or "rain %") is two spaces in, not more.
            #expect(rows.contains { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(rows)")
            #expect(lines.allSatisfy { TextLayout.columns($0) <= width }, "\(lines)")
        }
    }

    // MARK: - columns left out for the width

    /// `hourly` at 40 columns left out feels like, the amount and the wind without a word.
    @Test func hourlyNamesTheColumnsItLeavesOut() {
        let lines = Self.render(.hourly(TextFitTests.berlin, hours: 4), width: 40)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("  left out for the width: feels like,\n  precipitation, wind"), "\(text)")
        // At 80 columns nothing is left out, and nothing is said.
        #expect(!Self.render(.hourly(TextFitTests.berlin, hours: 4)).joined().contains("left out"))
    }

    /// `saved` at 40 columns: "1  2025-07-27 03:00  Berlin  16.5 °C" and nothing more.
    @Test func savedNamesTheColumnsItLeavesOut() {
        let snapshot = Snapshot(
            id: 1, savedAt: Date(timeIntervalSince1970: 1_753_585_800), placeName: "Berlin",
            coordinate: Coordinate(latitude: 52.52, longitude: 13.41), utcOffsetSeconds: 7_200,
            timeZone: "Europe/Berlin",
            reading: SnapshotReading(
                dataTime: Date(timeIntervalSince1970: 1_753_585_200), temperatureCelsius: 16.5,
                precipitationProbabilityPercent: 0, precipitationMillimetres: 0, weatherCode: 3))
        let narrow = Self.render(.snapshots([snapshot]), width: 40)
        #expect(
            narrow == [
                "1  2025-07-27 05:00  Berlin  16.5 °C", "  left out for the width: rain chance,",
                "  precipitation, condition",
            ], "\(narrow)")
        let wide = Self.render(.snapshots([snapshot]))
        #expect(wide.count == 1 && wide[0].hasSuffix("0 %   0.0 mm  overcast"), "\(wide)")
    }

    // MARK: - air

    /// `air`'s heading had no time ("air at Enschede, Overijssel, Nederland"); it is the place,
    /// then the time of the values there, as every view's heading.
    @Test func airHeadingHasTheTimeOfTheValues() throws {
        let place = Recorded.places("demo/nominatim-search-enschede-hand-written.json")[0]
        let now = try #require(ISOTime.parse("2025-07-26T10:30:00Z"))
        let air = try #require(
            try OpenMeteoAirQualityProvider.airQuality(
                from: JSONValue.parse(
                    TestPaths.fixture("open-meteo-air-quality/enschede-amsterdam-current-pollen-eu-us-aqi.json")),
                at: now))
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

    // MARK: - models

    /// 0.0 mm read "dry" but 0.1 mm (as dry by `help models`' rule) "0.1 mm": every amount is a
    /// number, followed by "dry" (under 0.2 mm) or "wet" (1 mm or more).
    @Test func modelsAmountsFollowTheDryAndWetRule() {
        let day = ModelDay(
            date: LocalDate(year: 2025, month: 7, day: 28),
            values: [0.0, 1.4, 0.1, 0.5].map { ModelDayValues(precipitationSumMillimetres: $0) })
        let models: [ForecastModel] = [.ecmwfIFS025, .gfsSeamless, .iconSeamless, .gemSeamless]
        let parts = day.disagreements(models: models, format: ValueFormatter(units: .metric))
        #expect(
            parts == [
                "rain (ECMWF IFS 0.0 mm dry, NOAA GFS 1.4 mm wet, DWD ICON 0.1 mm dry, CMC GEM 0.5 mm)"
            ], "\(parts)")
    }

    // MARK: - OpenWeatherMap's current weather

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
