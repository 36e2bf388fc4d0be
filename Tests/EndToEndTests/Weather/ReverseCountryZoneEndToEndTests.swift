import Foundation
import Testing
import WeatherTestSupport

/// An answer in GMT makes wx guess the place's zone (`NearestZone`); for coordinates, the
/// country reverse geocoding names must narrow the guess as a country found by name does.
/// Fairbanks (64.84, −147.72) is nearer Dawson, Yukon (America/Dawson, −07:00 all year) than
/// Anchorage: without the country, `show 64.84,-147.72` said 02:20 MST at 09:20 UTC; Alaska's
/// clock is AKDT, −08:00, in July (trial finding).
@Suite(.tags(.endToEnd)) struct ReverseCountryZoneEndToEndTests {
    static let now = "2025-07-27T09:20:00Z"

    /// A Nominatim `/reverse` answer (jsonv2, as wx asks it), written by us in the shape of
    /// Fixtures/nominatim/reverse-paris-starbucks-cafe.json.
    static let fairbanks = """
        {"place_id":1,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright",\
        "osm_type":"relation","osm_id":1,"lat":"64.8400511","lon":"-147.7199757","place_rank":16,\
        "category":"boundary","type":"administrative","importance":0.5,"addresstype":"city","name":"Fairbanks",\
        "display_name":"Fairbanks, Fairbanks North Star, Alaska, United States",\
        "address":{"city":"Fairbanks","county":"Fairbanks North Star","state":"Alaska",\
        "country":"United States","country_code":"us"}}
        """

    func server() throws -> FixtureServer {
        let server = try FixtureServer()
        // Berlin's recorded answer in GMT, as Open-Meteo would send it at Fairbanks (wx refuses
        // an answer whose echoed coordinates are another place's).
        try server.queue(
            .recorded(
                "/v1/forecast", "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json",
                latitude: 64.84, longitude: -147.72, times: 4))
        try server.queue(.init(path: "/reverse", body: Self.fairbanks, contentType: "application/json", times: 4))
        // No warnings in force: the default NWS answer is Portland's (−08:00 in December 2019),
        // an offset `show` would take over the guess.
        try server.queue(
            .init(
                path: "/alerts/active", body: #"{"type":"FeatureCollection","features":[]}"#,
                contentType: "application/geo+json", times: 4))
        return server
    }

    @Test func coordinatesTakeTheZoneOfTheCountryReverseGeocodingNames() throws {
        let run = try runWX(
            ["-c", "show 64.84,-147.72"], home: TemporaryFolder(), server: try server(), now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Fairbanks, Alaska, United States · Sun 01:20 AKDT\n"), "\(run.stdout)")
    }

    @Test func theHoursOfCoordinatesAreAtTheCountrysClockToo() throws {
        let run = try runWX(
            ["-c", "hourly 2 64.84,-147.72"], home: TemporaryFolder(), server: try server(), now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Fairbanks, Alaska, United States · Sun 01:20 AKDT\n"), "\(run.stdout)")
    }
}
