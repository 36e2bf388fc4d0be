import Foundation
import Testing
import WeatherTestSupport

/// Every answer about coordinates is read at the clock of the place reverse geocoding names
/// (`PlaceResolver.resolvingAtPlacesClock`), as `show` and `hourly` were
/// (ReverseCountryZoneEndToEndTests): Fairbanks (64.84, −147.72) is in Alaska, AKDT, not Dawson's
/// MST, which the zones of every country give. Expected values from
/// Fixtures/zones/places_clock_expected.py. On the old code `air` said its hour in GMT and
/// `past` counted yesterday from Dawson's today.
@Suite(.tags(.endToEnd)) struct PlacesClockEndToEndTests {
    /// An air-quality answer in GMT at Fairbanks (hand-written, in the shape of
    /// Fixtures/open-meteo-air-quality/enschede-amsterdam-current-pollen-eu-us-aqi.json).
    static let airInGMT = """
        {"latitude":64.84,"longitude":-147.72,"utc_offset_seconds":0,"timezone":"GMT",\
        "timezone_abbreviation":"GMT","current_units":{"time":"unixtime","interval":"seconds",\
        "european_aqi":"EAQI","pm2_5":"μg/m³"},"current":{"time":1753606800,"interval":3600,\
        "european_aqi":12,"pm2_5":3.1}}
        """

    func server(_ answers: [FixtureServer.Answer]) throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/reverse", body: ReverseCountryZoneEndToEndTests.fairbanks, contentType: "application/json",
                times: 2))
        for answer in answers { try server.queue(answer) }
        return server
    }

    @Test func airAtCoordinatesIsSaidAtTheClockOfTheirCountry() throws {
        let server = try server([
            .init(path: "/v1/air-quality", body: Self.airInGMT, contentType: "application/json")
        ])
        let run = try runWX(
            ["-c", "air 64.84,-147.72"], home: TemporaryFolder(), server: server, now: "2025-07-27T09:20:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Fairbanks, Alaska, United States · air at Sun 01:00 AKDT"), "\(run.stdout)")
    }

    /// At 07:30 UTC it is still Saturday 26 July in Fairbanks (Sunday in Dawson): yesterday is
    /// the 25th, and the first request asks for it.
    @Test func pastCountsItsDaysFromTheTodayOfTheCountry() throws {
        let server = try server([])
        let run = try runWX(
            ["-c", "past yesterday 64.84,-147.72"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T07:30:00Z")
        let requests = try server.requests()
        let first = try #require(requests.first { $0.query["start_date"] != nil }, "\(run.stderr)")
        #expect(first.query["start_date"] == "2025-07-25", "\(requests.map(\.raw_query))")
        // The name came before the days were counted.
        let reverse = try #require(requests.firstIndex { $0.path == "/reverse" })
        let asked = try #require(requests.firstIndex { $0.query["start_date"] != nil })
        #expect(reverse < asked)
    }
}
