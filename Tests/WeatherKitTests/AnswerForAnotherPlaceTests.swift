import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

/// An Open-Meteo answer is about the place asked: its echoed `latitude`/`longitude` (the grid
/// cell's centre) may lie a few cells away, never in another city. On the old code a server
/// answering New York for any coordinates was read as Berlin's forecast. Distances from
/// Fixtures/open-meteo-forecast/other_place_expected.py.
@Suite(.tags(.unit)) struct AnswerForAnotherPlaceTests {
    static let berlin = Coordinate(latitude: 52.52, longitude: 13.41)

    func fixture(_ file: String) throws -> JSONValue { try JSONValue.parse(TestPaths.fixture(file)) }

    @Test func aForecastForNewYorkIsNotBerlins() throws {
        let json = try fixture("open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json")
        let expected = ServiceError.otherPlace(
            .openMeteo, asked: Self.berlin, answered: Coordinate(latitude: 40.7886, longitude: -73.9661))
        #expect(throws: expected) { try OpenMeteoForecastProvider.forecast(from: json, requested: Self.berlin) }
        #expect(throws: expected) { try OpenMeteoForecastProvider.forecasts(from: json, requested: [Self.berlin]) }
        // One line: the place answered, the distance (6377.0 km), the place asked.
        #expect(
            expected.description
                == "Open-Meteo answered for 40.7886,-73.9661, 6377 km from the place asked (52.5200,13.4100); the answer was not used: check WX_OPEN_METEO_URL"
        )
    }

    @Test func theEnsembleAndTheAirAreCheckedTheSameWay() throws {
        let paris = try fixture("open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json")
        #expect(
            throws: ServiceError.otherPlace(
                .openMeteoEnsemble, asked: Self.berlin, answered: Coordinate(latitude: 48.86, longitude: 2.35))
        ) {
            try OpenMeteoEnsembleProvider.ensemble(from: paris, requested: Self.berlin, model: .ecmwfIFS025)
        }
        let lahore = try fixture("open-meteo-air-quality/lahore-hourly-aqi-pm-4-days.json")
        #expect(
            throws: ServiceError.otherPlace(
                .openMeteoAirQuality, asked: Self.berlin, answered: Coordinate(latitude: 31.5, longitude: 74.4))
        ) {
            try OpenMeteoAirQualityProvider.airQuality(
                from: lahore, requested: Self.berlin, at: Date(timeIntervalSince1970: 1_791_441_000))
        }
    }

    /// OM-16's grid cell, 8.5 km from Tokyo, is Tokyo's; a neighbour of the nearest cell of the
    /// coarsest grid (CAMS 0.4°) on the equator, 94.4 km away, is accepted; 111.2 km is not.
    @Test func aGridCellAFewCellsAwayIsThePlaceAsked() throws {
        let tokyo = Coordinate(latitude: 35.6895, longitude: 139.6917)
        let echoed = try OpenMeteoForecastProvider.forecast(
            from: fixture("cases/om-echoed-coordinates.json"), requested: tokyo)
        #expect(echoed.coordinate == tokyo)
        func answer(_ latitude: Double, _ longitude: Double) throws -> JSONValue {
            try JSONValue.parse(
                Data(
                    #"{"latitude":\#(latitude),"longitude":\#(longitude),"utc_offset_seconds":0,"hourly":{"time":[0],"temperature_2m":[1.5]}}"#
                        .utf8))
        }
        let equator = Coordinate(latitude: 0, longitude: 0)
        #expect(try OpenMeteoForecastProvider.forecast(from: answer(0.6, 0.6), requested: equator).hourly.count == 1)
        #expect(
            throws: ServiceError.otherPlace(.openMeteo, asked: equator, answered: Coordinate(latitude: 1, longitude: 0))
        ) {
            try OpenMeteoForecastProvider.forecast(from: answer(1.0, 0.0), requested: equator)
        }
    }
}
