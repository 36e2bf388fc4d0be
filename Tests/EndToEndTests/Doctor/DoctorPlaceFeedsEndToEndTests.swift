import Foundation
import Testing
import WeatherTestSupport

/// `doctor` asks the warning feeds the places in use use — the current location's as well as
/// the favorites' — each feed once, naming the places it stands for. It asked MeteoAlarm only
/// for a favorite's country: a current location in the Netherlands, with no favorite, got the
/// four feeds that need no country and not the one `warnings` and `check --warnings` use.
@Suite(.tags(.endToEnd))
struct DoctorPlaceFeedsEndToEndTests {
    /// A home with `rows` ("name,lat,lon,display,cc") imported as favorites (no request made).
    static func home(favorites rows: [String]) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        guard !rows.isEmpty else { return home }
        let file = home.path + "/favorites.csv"
        try (["name,latitude,longitude,display_name,country_code"] + rows + [""]).joined(separator: "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["-c", "import favorites \(file)"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        return home
    }

    /// The feed paths a run asked, sorted.
    static func feedsAsked(_ server: FixtureServer, after before: Int) throws -> [String] {
        try server.requests().dropFirst(before).map(\.path).filter {
            $0.hasPrefix("/api/v1/warnings/") || ["/alerts", "/alerts/active"].contains($0)
                || $0 == "/collections/weather-alerts/items" || $0 == "/weatherapi/metalerts/2.0/current.json"
        }.sorted()
    }

    /// No favorite, the current location in the Netherlands: its MeteoAlarm feed is asked and
    /// said for it — and not the feeds no place in use needs.
    @Test func theCurrentLocationsFeedIsAskedWithoutFavorites() throws {
        let server = try FixtureServer()
        let home = try Self.home(favorites: [])
        let before = try server.requests().count
        let run = try runWX(["-c", "find Lelystad; doctor"], home: home, server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("✓ MeteoAlarm (warnings for NL: current location Lelystad): answered in"),
            "\(run.stdout)")
        #expect(try Self.feedsAsked(server, after: before) == ["/api/v1/warnings/feeds-netherlands"])
    }

    /// The current location beside favorites: each feed once, the current location named first,
    /// a favorite at the current location not named twice, the favorites' own feeds still asked.
    @Test func eachFeedOnceForTheCurrentLocationAndTheFavorites() throws {
        let server = try FixtureServer()
        let home = try Self.home(favorites: [
            "Berlin,52.52,13.41,\"Berlin, Deutschland\",de", "Utrecht,52.09,5.12,\"Utrecht, Nederland\",nl",
            "Lelystad,52.5185,5.4714,\"Lelystad, Nederland\",nl",
        ])
        let before = try server.requests().count
        let run = try runWX(["-c", "find Lelystad; doctor"], home: home, server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        for line in [
            "✓ MeteoAlarm (warnings for NL: current location Lelystad, Utrecht): answered in",
            "✓ Bright Sky (DWD, warnings for DE: Berlin): answered in",
        ] {
            #expect(run.stdout.contains(line), "\(line)\n\(run.stdout)")
        }
        #expect(try Self.feedsAsked(server, after: before) == ["/alerts", "/api/v1/warnings/feeds-netherlands"])
    }

    /// Favorites in more MeteoAlarm countries than doctor asks: the first countries' feeds (the
    /// current location's first), each once; the rest said in one note, not asked.
    @Test func meteoAlarmCountryFeedsAreBounded() throws {
        let server = try FixtureServer()
        let home = try Self.home(favorites: [
            "Wien,48.21,16.37,\"Wien, Österreich\",at", "Brussel,50.85,4.35,\"Brussel, België\",be",
            "Graz,47.07,15.44,\"Graz, Österreich\",at", "København,55.68,12.57,\"København, Danmark\",dk",
            "Paris,48.86,2.35,\"Paris, France\",fr", "Roma,41.9,12.5,\"Roma, Italia\",it",
            "Madrid,40.42,-3.7,\"Madrid, España\",es",
        ])
        let before = try server.requests().count
        let run = try runWX(["-c", "find Lelystad; doctor"], home: home, server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            try Self.feedsAsked(server, after: before)
                == [
                    "/api/v1/warnings/feeds-austria", "/api/v1/warnings/feeds-belgium",
                    "/api/v1/warnings/feeds-denmark", "/api/v1/warnings/feeds-netherlands",
                ])
        for line in [
            "✓ MeteoAlarm (warnings for NL: current location Lelystad): answered in",
            "✓ MeteoAlarm (warnings for AT: Wien, Graz): answered in",
            "· MeteoAlarm (warnings for FR, IT, ES): not asked: doctor asks at most 4 of\n  MeteoAlarm’s country feeds\n",
        ] {
            #expect(run.stdout.contains(line), "\(line)\n\(run.stdout)")
        }
    }
}
