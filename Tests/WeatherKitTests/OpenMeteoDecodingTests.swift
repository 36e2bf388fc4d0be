import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Every recorded Open-Meteo forecast body maps to the right readings and instants.
@Suite(.tags(.unit)) struct OpenMeteoDecodingTests {
    /// The recording `name` read as Open-Meteo's answer at the coordinates given (its echoed
    /// ones set to them when it was recorded elsewhere: `Recorded.answer(_:at:)`).
    func forecast(_ name: String, latitude: Double = 1, longitude: Double = 2) throws -> Forecast {
        let asked = Coordinate(latitude: latitude, longitude: longitude)
        return try OpenMeteoForecastProvider.forecast(from: Recorded.answer(name, at: asked), requested: asked)
    }

    /// 2026-02-06T16:30 at UTC−5 is 21:30 UTC.
    static let newYorkCurrent = Date(timeIntervalSince1970: 1_770_413_400)

    @Test func newYorkLocalTimesWithoutSecondsOrZone() throws {
        let forecast = try forecast(
            "open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json", latitude: 40.78858,
            longitude: -73.9661)
        #expect(
            forecast.zone == ZoneInfo(identifier: "America/New_York", abbreviation: "GMT-5", utcOffsetSeconds: -18_000))
        let current = try #require(forecast.current)
        #expect(current.time == Self.newYorkCurrent)
        #expect(current.temperatureCelsius == -1.4)
        #expect(current.relativeHumidityPercent == 60)
        #expect(current.weatherCode == 3)
        #expect(current.windSpeedKilometresPerHour == 4.8)
        #expect(current.windDirectionDegrees == 138)
        #expect(current.apparentTemperatureCelsius == nil)
        #expect(forecast.hourly.count == 168)
        #expect(forecast.hourly[0].time == Date(timeIntervalSince1970: 1_770_354_000))  // 2026-02-06T05:00Z
        #expect(forecast.hourly[16].temperatureCelsius == -0.7)
        #expect(forecast.daily.count == 7)
        #expect(forecast.daily[0].date == LocalDate(year: 2026, month: 2, day: 6))
        #expect(forecast.daily[0].temperatureMinCelsius == -9.2)
        #expect(forecast.daily[0].sunrise == Date(timeIntervalSince1970: 1_770_379_200))  // 07:00 local
        #expect(forecast.daily[5].precipitationSumMillimetres == 2.6)
        // The coordinate asked for is kept, 4 decimals.
        #expect(forecast.coordinate == Coordinate(latitude: 40.7886, longitude: -73.9661))
    }

    @Test func currentHourIsTheLastHourAtOrBeforeNowInAbsoluteTime() throws {
        let forecast = try forecast("open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json")
        // 21:40 UTC = 16:40 in New York → the 16:00 entry, index 16.
        #expect(forecast.currentHourIndex(at: Date(timeIntervalSince1970: 1_770_414_000)) == 16)
        // One second before 16:00 local → 15:00.
        #expect(forecast.currentHourIndex(at: Date(timeIntervalSince1970: 1_770_411_599)) == 15)
        // Before the first hour: none.
        #expect(forecast.currentHourIndex(at: Date(timeIntervalSince1970: 1_770_000_000)) == nil)
        #expect(
            forecast.today(at: Date(timeIntervalSince1970: 1_770_414_000))?.date
                == LocalDate(year: 2026, month: 2, day: 6))
        // 23:30 New York time on the 6th is 04:30 UTC on the 7th: still the 6th there.
        #expect(
            forecast.today(at: Date(timeIntervalSince1970: 1_770_424_200))?.date
                == LocalDate(year: 2026, month: 2, day: 6))
    }

    @Test func berlinAllParameters() throws {
        let forecast = try forecast("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
        let current = try #require(forecast.current)
        #expect(current.time == Date(timeIntervalSince1970: 1_753_585_200))  // 2025-07-27T03:00Z
        #expect(current.apparentTemperatureCelsius == 17.5)
        #expect(current.precipitationMillimetres == 0)
        #expect(current.pressureHectopascals == 1012.7)
        #expect(current.cloudCoverPercent == 100)
        #expect(current.windGustsKilometresPerHour == 6.1)
        #expect(current.windDirectionDegrees == 291)
        #expect(current.isDay == false)
        #expect(forecast.hourly[3].precipitationProbabilityPercent == 0)
        #expect(forecast.hourly[3].temperatureCelsius == 16.4)
        let day = forecast.daily[0]
        #expect(day.temperatureMaxCelsius == 24.1)
        #expect(day.precipitationProbabilityMaxPercent == 20)
        #expect(day.uvIndexMax == 4.8)
        #expect(day.daylightDurationSeconds == 56_863.42)
        #expect(day.windGustsMaxKilometresPerHour == 22)
        #expect(day.sunset == Date(timeIntervalSince1970: 1_753_643_160))  // 19:06 GMT
    }

    @Test func fahrenheitAnswerIsConvertedToCelsius() throws {
        let forecast = try forecast(
            "open-meteo-forecast/denver-fahrenheit-mdt-daily-7d-spans-dst-end.json", latitude: 39.7777343,
            longitude: -104.8649863)
        let current = try #require(forecast.current)
        // 67.4 °F, exactly (rounded once, for display: not to 0.01 first).
        #expect(abs((current.temperatureCelsius ?? 0) - (67.4 - 32) * 5 / 9) < 1e-6)
        #expect(forecast.daily.count == 7)
        #expect(forecast.daily[0].weatherCode == 2)  // legacy `weathercode`
        #expect(abs((forecast.daily[3].temperatureMaxCelsius ?? 0) - (67.7 - 32) * 5 / 9) < 1e-6)  // 67.7 °F
        // Echoed 39.782467/-104.850006 is not what was asked.
        #expect(forecast.coordinate == Coordinate(latitude: 39.7777, longitude: -104.865))
    }

    @Test func legacyCurrentWeatherWithUnixTimes() throws {
        let forecast = try forecast("open-meteo-forecast/munich-legacy-current-weather-unixtime-reformatted.json")
        let current = try #require(forecast.current)
        #expect(current.time == Date(timeIntervalSince1970: 1_770_477_300))
        #expect(current.temperatureCelsius == 8.5)
        #expect(current.windSpeedKilometresPerHour == 4.7)
        #expect(current.weatherCode == 2)
        #expect(forecast.hourly.count == 168)
        #expect(forecast.hourly[1].time == Date(timeIntervalSince1970: 1_770_422_400))
        #expect(forecast.hourly[0].relativeHumidityPercent != nil)
        // Daily times are local midnight as Unix seconds: 2026-02-06T23:00Z is the 7th in Berlin.
        #expect(forecast.daily[0].date == LocalDate(year: 2026, month: 2, day: 7))
        #expect(forecast.daily[0].sunrise == Date(timeIntervalSince1970: 1_770_445_978))
    }

    /// A null `weather_code` is an unknown condition (case OM-2); a block without `weather_code`
    /// carries no condition at all, so that views leave it out rather than call it unknown.
    @Test func aNullCodeIsUnknownWhereAMissingOneIsNoCondition() throws {
        let nulls = try forecast("cases/om-null-weather-code.json")
        #expect(nulls.hourly.map(\.condition) == [.code(3), .unknown, .code(2)])
        #expect(nulls.daily.map(\.condition) == [.unknown])
        // Denver's current block has the temperature only; its days have the older `weathercode`.
        let denver = try forecast("open-meteo-forecast/denver-fahrenheit-mdt-daily-7d-spans-dst-end.json")
        #expect(try #require(denver.current).condition == nil)
        #expect(denver.daily.map(\.condition).prefix(2) == [.code(2), .code(3)])
        // Munich's legacy `current_weather` has a code; its hours and days have none.
        let munich = try forecast("open-meteo-forecast/munich-legacy-current-weather-unixtime-reformatted.json")
        #expect(munich.current?.condition == .code(2))
        #expect(munich.hourly.count == 168 && munich.hourly.allSatisfy { $0.condition == nil })
        #expect(munich.daily.count == 7 && munich.daily.allSatisfy { $0.condition == nil })
        // In `current`, a null is unknown too, and so is a code that is not a whole number.
        for (value, condition) in [("null", Condition.unknown), ("2.5", .unknown), ("3.0", .code(3))] {
            let body = """
                {"utc_offset_seconds":0,"current_units":{"time":"iso8601","weather_code":"wmo code"},
                 "current":{"time":"2025-04-15T00:00","weather_code":\(value)}}
                """
            let answer = try OpenMeteoForecastProvider.forecast(
                from: try JSONValue.parse(Data(body.utf8)), requested: Coordinate(latitude: 1, longitude: 2))
            #expect(answer.current?.condition == condition, "\(value)")
        }
    }

    /// A series the answer's block does not have is uncarried (its row or column is left out);
    /// one carried as nulls all along is carried (case OM-1: it shows "—").
    @Test func seriesTheAnswerDoesNotHaveAreUncarried() throws {
        let munich = try forecast("open-meteo-forecast/munich-legacy-current-weather-unixtime-reformatted.json")
        #expect(
            munich.uncarried == [
                .hourlyApparentTemperature, .hourlyPrecipitationProbability, .hourlyPrecipitation,
                .dailyPrecipitationProbability, .dailyPrecipitationSum, .dailyWind,
            ])
        let allNull = try forecast("cases/om-all-null-probability.json")
        #expect(!allNull.uncarried.contains(.hourlyPrecipitationProbability))
        #expect(allNull.uncarried == [.hourlyApparentTemperature, .hourlyWind])  // no daily block: not asked about
        let berlin = try forecast("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
        #expect(berlin.uncarried.isEmpty)
    }

    @Test func severalModelsUseBestMatch() throws {
        let forecast = try forecast("open-meteo-forecast/berlin-gmt-two-models-suffixed-keys.json")
        #expect(forecast.current?.weatherCode == 3)
        #expect(forecast.hourly.prefix(3).map(\.weatherCode) == [2, 3, 3])
    }

    @Test func minutely15Times() throws {
        let forecast = try forecast("open-meteo-forecast/berlin-gmt-weather-code-only-with-minutely15.json")
        #expect(forecast.quarterHours.count == 288)
        #expect(forecast.quarterHours.allSatisfy { $0.precipitationMillimetres == nil })  // not requested in that body
        #expect(forecast.daily.map(\.weatherCode) == [80, 80, 80, 80, 80, 61, 61])
    }

    /// An answer with only the place's metadata holds no forecast: an unreadable answer, not an
    /// empty forecast shown as if it had come (trial 16).
    @Test func metadataOnly() throws {
        #expect(
            throws: ServiceError.malformedResponse(
                .openMeteo, detail: "no current conditions, hours or days in the answer")
        ) {
            try forecast("open-meteo-forecast/enschede-gmt-no-variables-metadata-only.json")
        }
    }

    @Test func severalPlacesAnswerWithAnArray() throws {
        let one = String(
            decoding: TestPaths.fixture("open-meteo-forecast/denver-fahrenheit-mdt-daily-7d-spans-dst-end.json"),
            as: UTF8.self)
        let two = String(decoding: TestPaths.fixture("cases/om-echoed-coordinates.json"), as: UTF8.self)
        let json = try JSONValue.parse(Data("[\(one),\(two)]".utf8))
        let asked = [
            Coordinate(latitude: 39.7777, longitude: -104.865), Coordinate(latitude: 35.6895, longitude: 139.6917),
        ]
        let forecasts = try OpenMeteoForecastProvider.forecasts(from: json, requested: asked)
        #expect(forecasts.map(\.coordinate) == asked)
        #expect(forecasts[1].current?.temperatureCelsius == 22.4)
        // The count in words (the last clean-clone run: "2 forecasts for 1 places asked").
        #expect(throws: ServiceError.malformedResponse(.openMeteo, detail: "2 forecasts for 1 place asked")) {
            try OpenMeteoForecastProvider.forecasts(from: json, requested: [asked[0]])
        }
    }

    @Test func requestURLAsksForEverythingInOneRequest() {
        let provider = OpenMeteoForecastProvider(
            baseURL: "http://h/",
            context: ServiceContext(transport: FakeTransport(), cache: nil, now: { Date() }, clock: TestClock()))
        let url = provider.url(for: [
            Coordinate(latitude: 52.52, longitude: 13.41), Coordinate(latitude: -33.8688, longitude: 151.2093),
        ])
        #expect(
            url.hasPrefix(
                "http://h/v1/forecast?latitude=52.52%2C-33.8688&longitude=13.41%2C151.2093&current=temperature_2m%2C"))
        #expect(url.contains("&hourly=temperature_2m%2Capparent_temperature"))
        #expect(url.contains("precipitation_probability"))
        #expect(url.contains("&daily=weather_code%2Ctemperature_2m_max"))
        #expect(url.contains("&timezone=auto&timeformat=unixtime"))
    }
}
