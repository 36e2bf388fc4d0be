import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Several models from one forecast-API answer: suffixed keys read per model, and the days
/// marked where they disagree. Expected marks come from Fixtures/open-meteo-models/generate.py.
@Suite(.tags(.unit)) struct ModelComparisonTests {
    static let hamburg = Coordinate(latitude: 53.5413, longitude: 9.9842)

    @Test func theRecordedTwoModelAnswerIsReadPerModel() throws {
        // Recorded with models=best_match,gfs_seamless: daily weather codes only.
        let json = Recorded.answer("open-meteo-forecast/berlin-gmt-two-models-suffixed-keys.json", at: Self.hamburg)
        let comparison = try OpenMeteoModelsProvider.comparison(
            from: json, requested: Self.hamburg, models: [.gfsSeamless, .ecmwfIFS025])
        let codes = try #require(json["daily"]?["weather_code_gfs_seamless"]?.array).map { $0.double.map(Int.init) }
        #expect(comparison.days.count == codes.count && !codes.isEmpty)
        #expect(comparison.days.map { $0.values[0].weatherCode } == codes)
        #expect(comparison.days.allSatisfy { $0.values[0].temperatureMaxCelsius == nil })
        // ECMWF was not asked in that recording: said to have no values.
        #expect(comparison.modelsWithoutValues == [.ecmwfIFS025])
    }

    @Test func daysAreMarkedWhereTheModelsDisagree() throws {
        let json = try JSONValue.parse(
            TestPaths.fixture("open-meteo-models/hamburg-four-models-daily-hand-written.json"))
        let comparison = try OpenMeteoModelsProvider.comparison(
            from: json, requested: Self.hamburg, models: OpenMeteoModelsProvider.models)
        #expect(comparison.days.count == 7 && comparison.modelsWithoutValues.isEmpty)
        #expect(comparison.days.map(\.disagreesOnRain) == [false, true, false, true, false, false, false])
        #expect(comparison.days.map(\.disagreesOnHigh) == [false, false, true, true, false, false, false])
        // Exactly 3 °C apart is not "more than 3"; 0.2 mm is not dry.
        #expect(comparison.days[4].highRangeCelsius.map { abs($0 - 3.0) < 1e-9 } == true)
        #expect(
            comparison.days[1].values[2]
                == ModelDayValues(
                    temperatureMaxCelsius: 9.4, temperatureMinCelsius: 1.5, precipitationSumMillimetres: 2.1,
                    weatherCode: 61))
        // GEM stops two days before the end, ICON one.
        #expect(comparison.days[6].values[2].isEmpty && comparison.days[6].values[3].isEmpty)
        #expect(comparison.days[6].highRangeCelsius.map { abs($0 - 0.6) < 1e-9 } == true)
    }

    @Test func theRequestAsksEveryModelOnce() {
        let context = ServiceContext(transport: FakeTransport(), cache: nil, now: { Date() }, clock: TestClock())
        let url = OpenMeteoModelsProvider(baseURL: "http://om/base", context: context).url(at: Self.hamburg)
        #expect(url.hasPrefix("http://om/base/v1/forecast?latitude=53.5413&longitude=9.9842&daily="))
        #expect(url.contains("&models=ecmwf_ifs025%2Cgfs_seamless%2Cicon_seamless%2Cgem_seamless&"))
    }
}
