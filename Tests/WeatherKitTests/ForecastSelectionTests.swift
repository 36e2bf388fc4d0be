import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// The forecast read from the members `OpenMeteoForecastProvider.selection` keeps equals the
/// forecast read from the whole answer — readings, times, zone, uncarried series, validity —
/// and an answer refused whole is refused selected with the same one-line error.
@Suite(.tags(.unit)) struct ForecastSelectionTests {
    /// Every JSON file under Fixtures/ (forecasts, the fault cases, hostile values, fuzz
    /// regressions, other services' answers, which must be refused alike).
    static let files: [String] = {
        let root = TestPaths.fixtures.path
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { !$0.hasPrefix("log/") && !$0.hasPrefix("saved-verify/") }.filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder) && !folder.boolValue
        }.sorted()
    }()

    static func mapped(_ data: Data, selecting selection: JSONSelection?) -> Result<[Forecast], ServiceError> {
        let response = HTTPResponse(status: 200, contentType: "application/json", body: data)
        return Result { () throws(ServiceError) in
            let json = try ServiceClient.decode(response, service: .openMeteo, selecting: selection)
            // Each place asked where its element says it is (else near Berlin): a body about its
            // values, not about another place.
            let items = json.array ?? [json]
            let requested = (0..<max(1, items.count)).map { index in
                let item = index < items.count ? items[index] : json
                if let latitude = item["latitude"]?.double, let longitude = item["longitude"]?.double,
                    Coordinate(latitude: latitude, longitude: longitude).isValid
                {
                    return Coordinate(latitude: latitude, longitude: longitude)
                }
                return Coordinate(latitude: 52.52 + Double(index), longitude: 13.41)
            }
            return try OpenMeteoForecastProvider.forecasts(from: json, requested: requested)
        }
    }

    @Test func everyFixtureMapsSelectedAsWhole() throws {
        #expect(Self.files.count > 100)
        var forecasts = 0
        for path in Self.files {
            let data = try #require(FileManager.default.contents(atPath: TestPaths.fixtures.path + "/" + path))
            let whole = Self.mapped(data, selecting: nil)
            let selected = Self.mapped(data, selecting: OpenMeteoForecastProvider.selection)
            #expect(whole == selected, "\(path)")
            if case .success = whole { forecasts += 1 }
            let now = Date(timeIntervalSince1970: 1_753_585_200)
            let wholeJSON = try? JSONValue.parse(data)
            let selectedJSON = try? JSONValue.parse(data, selecting: OpenMeteoForecastProvider.selection)
            #expect(
                wholeJSON.flatMap { OpenMeteoForecastProvider.validUntil($0, now: now) }
                    == selectedJSON.flatMap { OpenMeteoForecastProvider.validUntil($0, now: now) }, "\(path)")
        }
        // The forecast fixtures, the fault cases and the hand-written ones among them.
        #expect(forecasts >= 30)
    }

    @Test func theRecordedAnswersOtherVariablesAreNotBuilt() throws {
        let data = TestPaths.fixture("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
        let json = try JSONValue.parse(data, selecting: OpenMeteoForecastProvider.selection)
        #expect(json["hourly"]?.object?.count == 14)  // time and 13 of the 15 variables wx asks for
        #expect(json["hourly"]?["soil_moisture_0_to_1cm"] == nil)
        #expect(json["daily"]?["shortwave_radiation_sum"] == nil)
        #expect(json["hourly"]?["temperature_2m"]?.array?.count == 168)
    }
}
