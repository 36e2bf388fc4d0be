import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// OpenWeatherMap as the reverse geocoder (`geocoder openweathermap`): its answer for coordinates
/// carries coordinates (`coord`, as its current weather and its Geocoding API's reverse lookup
/// give them), and was used unchecked — London's recording named 48.85,2.35 "London, GB". It is
/// now checked by the one rule every answer that carries coordinates is (`AnswerPlace.check`,
/// 100 km). The distance comes from Fixtures/openweathermap/other_place_expected.py (344.4 km).
@Suite(.tags(.unit)) struct OpenWeatherMapReversePlaceTests {
    static let london = "openweathermap/weather-london-lat-lon-kelvin-rain-1h.json"

    /// The script's distance, km, from 48.85,2.35 to the London recording's `coord`.
    static func expectedKilometres() throws -> Double {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/openweathermap/other_place_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("asked 48.8500,2.3500") })
        let figure = line.split(separator: " ").dropLast().last.map(String.init) ?? ""
        return try #require(Double(figure), "\(line)")
    }

    @Test func anAnswerAboutAPlaceFarFromTheCoordinatesIsRefused() throws {
        let json = try JSONValue.parse(TestPaths.fixture(Self.london))
        let paris = Coordinate(latitude: 48.85, longitude: 2.35)
        let kilometres = try Self.expectedKilometres()
        #expect(kilometres > AnswerPlace.farthestKilometres)
        #expect(
            throws: ServiceError.otherPlace(
                .openWeatherMap, asked: paris.rounded, answered: Coordinate(latitude: 51.51, longitude: -0.13).rounded)
        ) {
            try OpenWeatherMapProvider.place(from: json, requested: paris)
        }
        // The error names the distance the script computes, rounded to a kilometre.
        do {
            _ = try OpenWeatherMapProvider.place(from: json, requested: paris)
        } catch {
            #expect(error.description.contains("\(Int(kilometres.rounded())) km"), "\(error.description)")
        }
    }

    @Test func anAnswerAboutThePlaceAskedNamesIt() throws {
        let json = try JSONValue.parse(TestPaths.fixture(Self.london))
        let place = try #require(
            try OpenWeatherMapProvider.place(from: json, requested: Coordinate(latitude: 51.51, longitude: -0.13)))
        #expect(place.name == "London" && place.countryCode == "gb")
        // Without `coord` (a body that carries no coordinates) it is not judged by them.
        let bare = try JSONValue.parse(Data(#"{"cod":200,"name":"Nowhere","sys":{"country":"GB"}}"#.utf8))
        #expect(
            try OpenWeatherMapProvider.place(from: bare, requested: Coordinate(latitude: 48.85, longitude: 2.35)) == nil
        )
    }
}
