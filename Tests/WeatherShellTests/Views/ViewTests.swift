import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The forecast views against golden files (Fixtures/golden). Set WX_RECORD_GOLDEN=1 to write
/// them anew after a deliberate change (the run then fails, as it must not pass unchecked),
/// then read the diff before committing it.
@Suite(.tags(.unit)) struct GoldenViewTests {
    static let berlin = Recorded.forecast(
        "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json",
        at: Coordinate(latitude: 52.52, longitude: 13.41))
    static let report = WeatherReport(
        place: Place(
            name: "Berlin", region: "Deutschland", countryCode: "de",
            coordinate: Coordinate(latitude: 52.52, longitude: 13.41), displayName: "Berlin, Deutschland"),
        forecast: berlin, origin: .network)
    static let now = Date(timeIntervalSince1970: 1_753_585_800)  // 2025-07-27T03:10:00Z

    func compare(_ text: String, golden name: String) throws {
        let path = TestPaths.fixtures.appendingPathComponent("golden/\(name)")
        if ProcessInfo.processInfo.environment["WX_RECORD_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: path)
            // Recording never passes, so a run left in record mode cannot hide a change.
            Issue.record("recorded Fixtures/golden/\(name); read the diff, then run again without WX_RECORD_GOLDEN")
            return
        }
        let expected = String(decoding: TestPaths.fixture("golden/\(name)"), as: UTF8.self)
        #expect(text == expected, "differs from Fixtures/golden/\(name); WX_RECORD_GOLDEN=1 rewrites it")
        #expect(text.split(separator: "\n").allSatisfy { TextLayout.columns(String($0)) <= 80 })
    }

    /// One view, rendered in the given units and character set, and the golden file it must equal.
    struct View: CustomTestStringConvertible, Sendable {
        let result: CommandResult
        let units: UnitPreferences
        let unicode: Bool
        let golden: String
        var testDescription: String { golden }
    }

    static let views: [View] = [
        View(result: .hourly(report, hours: 48), units: .metric, unicode: true, golden: "hourly-berlin-48.txt"),
        View(
            result: .hourly(report, hours: 24), units: .imperial, unicode: false,
            golden: "hourly-berlin-24-ascii-imperial.txt"),
        // A week of hours in 80 columns: each column the warmest of its 3 hours.
        View(result: .hourly(report, hours: 160), units: .metric, unicode: true, golden: "hourly-berlin-160.txt"),
        View(result: .daily(report, days: 16), units: .metric, unicode: true, golden: "daily-berlin.txt"),
        View(result: .weather(report), units: .metric, unicode: true, golden: "show-berlin.txt"),
    ]

    @Test(arguments: views) func viewEqualsItsGoldenFile(_ view: View) throws {
        let context = RenderContext(units: view.units, now: Self.now, colour: false, unicode: view.unicode)
        try compare(TextRenderer.render(view.result, context: context), golden: view.golden)
    }
}

@Suite(.tags(.unit)) struct PrecipitationOutlookTests {
    static let berlin = GoldenViewTests.berlin

    /// Issue 37 item 10: an hourly amount is the preceding hour's (Open-Meteo's variable
    /// tables). Fixtures/open-meteo-forecast/rain_spans_expected.py: at 2025-07-30T10:10Z the
    /// hours labelled 13:00–18:00 GMT carry 0.2, 0.2, 0.2, 0.5, 0.5, 0.5 mm — rain from 12:00
    /// to 18:00 GMT.
    @Test func hourlySpell() throws {
        let outlook = try #require(
            PrecipitationOutlook(forecast: Self.berlin, now: Date(timeIntervalSince1970: 1_753_870_200)))
        #expect(outlook.kind == .later)
        #expect(outlook.resolution == .hours)
        #expect(outlook.start == Date(timeIntervalSince1970: 1_753_876_800))  // 12:00 GMT
        #expect(outlook.end == Date(timeIntervalSince1970: 1_753_898_400))  // 18:00 GMT
        #expect(abs(outlook.totalMillimetres - 2.1) < 1e-9)
        #expect(outlook.probabilityPercent == 15)
    }

    @Test func dryDay() throws {
        let outlook = try #require(PrecipitationOutlook(forecast: Self.berlin, now: GoldenViewTests.now))
        #expect(outlook.kind == .dry)
        #expect(outlook.horizonSeconds == 24 * 3_600)
    }

    @Test func quarterHoursWinWhereTheyExist() throws {
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 1, longitude: 2),
            zone: ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0), source: .openMeteo)
        let start = Date(timeIntervalSince1970: 1_753_880_400)  // 13:00
        // Each value is the preceding 15 minutes': those at 13:30, 13:45 and 14:00 are wet, so
        // the spell runs 13:15–14:00.
        let amounts: [Double?] = [0, 0, 0.4, 0.6, 1.0, 0.02, nil, 0.3]
        forecast.quarterHours = amounts.enumerated().map {
            QuarterHourPrecipitation(
                time: start.addingTimeInterval(Double($0.offset) * 900), precipitationMillimetres: $0.element)
        }
        forecast.hourly = [0, 3_600].map {
            var hour = HourlyForecast(time: start.addingTimeInterval($0))
            hour.condition = .code(61)  // slight rain
            return hour
        }
        let outlook = try #require(PrecipitationOutlook(forecast: forecast, now: start.addingTimeInterval(60)))
        #expect(outlook.resolution == .quarterHours)
        #expect(outlook.kind == .later)
        #expect(outlook.start == start.addingTimeInterval(900))
        #expect(outlook.end == start.addingTimeInterval(3_600))
        #expect(abs(outlook.totalMillimetres - 2.0) < 1e-9)
        let raining = try #require(PrecipitationOutlook(forecast: forecast, now: start.addingTimeInterval(2_000)))
        #expect(raining.kind == .now)
        let sentence = TextRenderer.rainSentence(
            outlook, clock: forecast.clock, format: ValueFormatter(units: .metric), now: start)
        #expect(sentence == "rain from 13:15, about 2.0 mm, until 14:00 (15-minute data)")
    }

    /// What falls comes from the wet hours' WMO codes: snow at −6 °C is not "rain" (trial 2,
    /// finding 9); codes that name nothing falling are passed over, and mixed or no precipitation
    /// codes give the neutral "precipitation".
    @Test func theSentenceSaysWhatFalls() throws {
        let start = Date(timeIntervalSince1970: 1_753_880_400)  // 13:00
        func sentence(_ codes: [Int?]) throws -> (String, PrecipitationOutlook.Falls) {
            var forecast = Forecast(
                coordinate: Coordinate(latitude: 1, longitude: 2),
                zone: ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0), source: .openMeteo)
            // labelled 13:00 dry, 14:00 and 15:00 wet with `codes` (rain from 13:00 to 15:00: each
            // amount is the preceding hour's), 16:00 dry (code 3 there must not count); asked at
            // 12:01, before the spell
            forecast.hourly = zip([0.0, 0.2, 0.1, 0.0], [3] + codes + [3]).enumerated().map {
                var hour = HourlyForecast(time: start.addingTimeInterval(Double($0.offset) * 3_600))
                hour.precipitationMillimetres = $0.element.0
                hour.condition = $0.element.1.map(Condition.code)
                return hour
            }
            let outlook = try #require(
                PrecipitationOutlook(forecast: forecast, now: start.addingTimeInterval(-3_540)))
            let text = TextRenderer.rainSentence(
                outlook, clock: forecast.clock, format: ValueFormatter(units: .metric), now: start)
            return (text, outlook.falls)
        }
        #expect(try sentence([71, 73]) == ("snow from 13:00, about 0.3 mm, until 15:00 (hourly data)", .snow))
        #expect(try sentence([85, 77]).1 == .snow)
        #expect(try sentence([61, 80]) == ("rain from 13:00, about 0.3 mm, until 15:00 (hourly data)", .rain))
        #expect(
            try sentence([61, 71]) == ("precipitation from 13:00, about 0.3 mm, until 15:00 (hourly data)", .unknown))
        #expect(try sentence([nil, 71]).1 == .snow)
        #expect(try sentence([3, 61]).1 == .rain)
        #expect(try sentence([3, 3]).1 == .unknown)
    }

    @Test func noDataForNow() {
        let forecast = Forecast(
            coordinate: Coordinate(latitude: 1, longitude: 2),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0), source: .openMeteo)
        #expect(PrecipitationOutlook(forecast: forecast, now: Date()) == nil)
    }
}

@Suite(.tags(.unit)) struct AirQualityTests {
    static let lahore = Coordinate(latitude: 31.55, longitude: 74.34)

    @Test func hourlyOnlyAnswerUsesTheHourContainingNow() throws {
        let json = try JSONValue.parse(TestPaths.fixture("open-meteo-air-quality/lahore-hourly-aqi-pm-4-days.json"))
        // 2026-10-08T06:30Z is 11:30 in Lahore (UTC+5): the 11:00 hour, index 11.
        let air = try #require(
            try OpenMeteoAirQualityProvider.airQuality(
                from: json, requested: Self.lahore, at: Date(timeIntervalSince1970: 1_791_441_000)))
        #expect(air.time == Date(timeIntervalSince1970: 1_791_439_200))
        #expect(air.europeanAQI == 122)
        #expect(air.usAQI == 163)
        #expect(air.pm25MicrogramsPerCubicMetre == 60.1)
        #expect(air.pm10MicrogramsPerCubicMetre == 97.1)
        #expect(air.ozoneMicrogramsPerCubicMetre == nil)
        #expect(air.pollenGrainsPerCubicMetre.isEmpty)
        #expect(
            try OpenMeteoAirQualityProvider.airQuality(
                from: json, requested: Self.lahore, at: Date(timeIntervalSince1970: 1_700_000_000))
                == nil)
    }

    @Test(arguments: [
        // Open-Meteo's bands include their upper bound: exactly 20 is good, exactly 100 very poor.
        (19.9, "good"), (20.0, "good"), (21.0, "fair"), (59.0, "moderate"), (79.0, "poor"), (99.0, "very poor"),
        (100.0, "very poor"), (122.0, "extremely poor"),
    ])
    func europeanBands(index: Double, name: String) { #expect(AirQuality.europeanCategory(index) == name) }

    @Test(arguments: [
        (50.0, "good"), (51.0, "moderate"), (150.0, "unhealthy for sensitive groups"), (163.0, "unhealthy"),
        (250.0, "very unhealthy"), (400.0, "hazardous"),
    ])
    func usCategories(index: Double, name: String) { #expect(AirQuality.usCategory(index) == name) }
}
