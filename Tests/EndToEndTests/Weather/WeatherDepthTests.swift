import Foundation
import Testing
import WeatherTestSupport

/// The forecast views, compare, air quality, the second provider and offline use, through the
/// built wx, libcurl and the loopback server replaying recorded real answers.
@Suite(.tags(.endToEnd)) struct WeatherDepthTests {
    /// The hour the Berlin recording (Fixtures/open-meteo-forecast/berlin-…) was made.
    static let recorded = "2025-07-27T03:10:00Z"

    func forecastRequests(_ server: FixtureServer) throws -> [FixtureServer.Request] {
        try server.requests().filter { $0.path == "/v1/forecast" }
    }

    @Test func hourlyDailyAndRainShareShowsOneRequest() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "find Hamburg; show; hourly 3; daily 16; rain"], home: TemporaryFolder(), server: server,
            now: Self.recorded)
        #expect(run.status == 0)
        #expect(try forecastRequests(server).count == 1)
        let hourly = """
            Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST
              time       condition                 °C  feels  rain    mm  wind
              Sun 06:00  ☁ overcast              16.3   17.5   0 %   0.0  2 km/h WNW
                  07:00  ☁ overcast              16.8   17.9   0 %   0.0  2 km/h NNW
                  08:00  ☁ overcast              18.2   19.5   0 %   0.0  1 km/h SW

            """
        #expect(run.stdout.contains(hourly))
        // The recording has 7 days; "daily 16" shows them all, today first.
        let daily = run.stdout.components(separatedBy: "  day         condition").last ?? ""
        let days = daily.split(separator: "\n").filter {
            $0.hasPrefix("  Sun") || $0.hasPrefix("  Mon") || $0.hasPrefix("  Tue") || $0.hasPrefix("  Wed")
                || $0.hasPrefix("  Thu") || $0.hasPrefix("  Fri") || $0.hasPrefix("  Sat")
        }
        #expect(days.count == 7)
        #expect(days.first == "  Sun 27 Jul  ☁ overcast               16.3     24.1   20 %     0.0  9 km/h NNW")
        #expect(days.last == "  Sat 02 Aug  ☂ slight rain showers    16.1     20.4   30 %     3.3  15 km/h W")
        #expect(
            run.stdout.hasSuffix(
                "Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST\n  no rain expected in the next 24 h (hourly data): every"
                    + " hour under 0.1 mm,\n  though up to 35 % likely\n"
            ))
    }

    @Test func rainSaysWhenItStartsAndStops() throws {
        // Fixtures/open-meteo-forecast/rain_spans_expected.py: the hours labelled 13:00–18:00 GMT
        // are wet, and each amount is the preceding hour's (issue 37 item 10): rain from 12:00 to
        // 18:00 GMT, at Hamburg's clock (CEST) 14:00 to 20:00. Then the one spell after it within
        // the 24 hours (Fixtures/brief/brief_expected.py 2025-07-30T10:10:00Z,
        // rain_heaviest_later_said).
        let run = try runWX(
            ["-c", "rain Hamburg"], home: TemporaryFolder(), server: try FixtureServer(), now: "2025-07-30T10:10:00Z")
        #expect(
            run.stdout == """
                Elbphilharmonie, Hamburg, Deutschland · Wed 12:10 CEST
                  rain from 14:00, about 2.1 mm (15 % likely), until 20:00 (hourly data)
                  later: rain Thu 02:00–08:00 (0.6 mm)

                """)
        #expect(run.stderr == "")
    }

    @Test func hourlyForAFavoriteByName() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(["-c", "find Hamburg; fav"], home: home, server: server, now: Self.recorded)
        let run = try runWX(["-c", "hourly 2 elbphilharmonie"], home: home, server: server, now: Self.recorded)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST\n  time  "))
        #expect(run.stdout.contains("\n      07:00  ☁ overcast              16.8   17.9   0 %   0.0  2 km/h NNW\n"))
        // No geocoding: a favorite is already a place.
        #expect(try server.requests().filter { $0.path == "/search" }.count == 1)
        // Days after the answer ends: the days shown are said not to be about now.
        let late = try runWX(
            ["-c", "daily 2 elbphilharmonie"], home: home, server: server, now: "2025-08-10T00:00:00Z")
        #expect(
            late.stdout.hasPrefix(
                "Elbphilharmonie, Hamburg, Deutschland · Sun 02:00 CEST\n  this forecast covers Sun 27 Jul to Sat 02 Aug, not now\n  day "
            ))
    }

    @Test func compareIsOneRequestForEveryFavoriteAndReusesWhatIsCached() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let setup = try runWX(
            ["-c", "find Hamburg; fav; find London; fav; use 2; fav; find Dunstable; fav"], home: home, server: server,
            now: Self.recorded)
        #expect(setup.status == 0)
        let run = try runWX(["-c", "compare"], home: home, server: server, now: Self.recorded)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        // Under the rows, what their marks say: the Berlin recording answered for Hamburg and
        // Dunstable is in GMT (its today a UTC day), the Munich one for London is from February
        // 2026, not now at July 2025's clock (trial 15).
        #expect(lines.count == 10)
        #expect(lines[0] == "  place              now °C  condition             today °C  rain  wind")
        #expect(lines[1] == "  Elbphilharmonie      16.5  overcast          16.3 … 24.1*  20 %  3 km/h WNW")
        #expect(lines[4] == "  Dunstable            16.5  overcast          16.3 … 24.1*  20 %  3 km/h WNW")
        #expect(lines[5] == "  * over the UTC day: the answers for Elbphilharmonie and Dunstable were in GMT")
        #expect(lines.allSatisfy { $0.count <= 80 })
        let requests = try forecastRequests(server)
        #expect(requests.count == 1)
        #expect(requests[0].query["latitude"] == "53.5413,51.5034,51.5033,51.8885")
        #expect(requests[0].query["longitude"] == "9.9842,-0.1277,-0.1276,-0.5162")

        // Each place was cached on its own: a show of one, and a compare of some, ask nothing.
        let again = try runWX(
            ["-c", "show Dunstable; compare Elbphilharmonie Dunstable"], home: home, server: server,
            now: "2025-07-27T03:12:00Z")
        #expect(again.status == 0)
        #expect(again.stdout.contains("Dunstable, England, United Kingdom · Sun 04:12 BST\n"))
        #expect(try forecastRequests(server).count == 1)
    }

    @Test func compareNamesAnUnknownFavorite() throws {
        let run = try runWX(
            ["-c", "compare Nowhere"], home: TemporaryFolder(), server: try FixtureServer(), now: Self.recorded)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: no favorite named “Nowhere”"))
    }

    @Test func airQualityFromTheAirQualityService() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // The Lahore recording: hourly only, from local midnight 2026-10-08 (UTC+5).
        let run = try runWX(["-c", "air 31.5,74.4"], home: home, server: server, now: "2026-10-08T07:10:00Z")
        // The heading has the time of the values at the place, as every view's (trial 9).
        #expect(
            run.stdout == """
                31.5000°N 74.4000°E · air at Thu 12:00 PKT
                  European AQI 147 (extremely poor) · US AQI 163 (unhealthy)
                  PM2.5 60.3 µg/m³ · PM10 92.9 µg/m³ · ozone — · NO₂ — · UV —

                """)
        let request = try #require(try server.requests().first { $0.path == "/v1/air-quality" })
        #expect(request.query["latitude"] == "31.5")
        #expect(request.query["longitude"] == "74.4")
        #expect(request.query["timezone"] == "auto")

        let json = try runWX(
            ["--json", "-c", "air 31.5,74.4"], home: home, server: server, now: "2026-10-08T07:10:00Z")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "air")
        #expect(document["us_aqi"] as? Double == 163)
        #expect(document["pm2_5_micrograms_per_cubic_metre"] as? Double == 60.3)
        #expect(document["ozone_micrograms_per_cubic_metre"] is NSNull)
        #expect(document["time"] as? String == "2026-10-08T07:00:00Z")
    }

    @Test func offlineShowSaysHowOldTheDataIs() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(["-c", "find Hamburg; fav; show"], home: home, server: server, now: Self.recorded)
        let before = try server.requests().count

        // A fresh answer is shown again without a request.
        let fresh = try runWX(["-c", "show Elbphilharmonie"], home: home, server: server, now: "2025-07-27T03:14:00Z")
        #expect(fresh.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland · Sun 05:14 CEST\n  16.5 °C"))
        #expect(try server.requests().count == before)

        // --offline: the saved answer, with its age (its conditions' age, and when it was fetched:
        // Fixtures/open-meteo-forecast/stale_age_expected.py), and nothing sent.
        let offline = try runWX(
            ["--offline", "-c", "show Elbphilharmonie; compare"], home: home, server: server,
            now: "2025-07-27T05:24:00Z")
        #expect(offline.status == 0)
        #expect(
            offline.stdout.hasPrefix(
                "Elbphilharmonie, Hamburg, Deutschland · Sun 07:24 CEST\n  offline: data from 2 h 24 min ago, fetched 2 h 14 min ago\n  16.5 °C, feels like 17.5 °C"
            ))
        // Readings only the hourly data has are those of the conditions' hour (03:00 UTC), not of now.
        #expect(offline.stdout.contains("  humidity 89 % · pressure 1013 hPa · clouds 100 % · visibility 13 km\n"))
        #expect(
            offline.stdout.hasSuffix(
                "  Elbphilharmonie      16.5  overcast          16.3 … 24.1*  20 %  3 km/h WNW\n"
                    + "  * over the UTC day: the answer for Elbphilharmonie was in GMT\n  offline: data from 2 h 14 min ago\n"
            ))
        #expect(try server.requests().count == before)

        // --offline with nothing saved for the place: a clear error, nothing sent.
        let nothing = try runWX(
            ["--offline", "-c", "show 40.7886,-73.9661"], home: home, server: server, now: "2025-07-27T05:24:00Z")
        #expect(nothing.status == 1)
        #expect(
            nothing.stderr.hasSuffix("error: offline, and nothing saved for the forecast at 40.7886°N 73.9661°W\n"),
            "\(nothing.stderr)")

        // compare, offline, with one favorite never fetched: the others show, that one is an error.
        try "name,latitude,longitude\nPark,40.7886,-73.9661\n".write(
            toFile: home.path + "/park.csv", atomically: true, encoding: .utf8)
        #expect(try runWX(["-c", "import favorites \(home.path)/park.csv"], home: home).status == 0)
        let partial = try runWX(
            ["--offline", "-c", "compare"], home: home, server: server, now: "2025-07-27T05:24:00Z")
        #expect(partial.status == 1)
        #expect(
            partial.stdout.contains("  Elbphilharmonie      16.5  overcast          16.3 … 24.1*  20 %  3 km/h WNW\n"))
        #expect(!partial.stdout.contains("Park"))
        #expect(
            partial.stderr
                == "error: no weather for Park: offline, and nothing saved from Open-Meteo for this request; run it once without --offline to keep an answer\n"
        )
        #expect(try server.requests().count == before)

        // The service down: the saved answer stands in, saying why.
        server.stop()
        let down = try runWX(["-c", "show Elbphilharmonie"], home: home, server: server, now: "2025-07-27T05:24:00Z")
        #expect(down.status == 0)
        #expect(
            down.stderr.hasPrefix("warning: warnings could not be fetched: cannot reach Bright Sky (DWD) at 127.0.0.1:")
        )
        #expect(
            down.stdout.hasPrefix(
                "Elbphilharmonie, Hamburg, Deutschland · Sun 07:24 CEST\n  saved data from 2 h 24 min ago, fetched 2 h 14 min ago (cannot reach\n  Open-Meteo at 127.0.0.1:"
            ))
    }

    @Test func openMeteoGeocodingByChoiceAndWhenNominatimRefuses() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let chosen = try runWX(["-c", "geocoder open-meteo; find Enschede"], home: home, server: server)
        #expect(chosen.status == 0)
        #expect(
            chosen.stdout.contains("\n  1  Enschede, Overijssel, The Netherlands                 52.2183, 6.8958\n"))
        #expect(try server.requests().map(\.path) == ["/v1/search"])

        let fallback = try FixtureServer()
        try fallback.queue(.init(path: "/search", status: 403, file: "cases/nominatim-403.html"))
        let refused = try runWX(["-c", "find Hollywood"], home: TemporaryFolder(), server: fallback)
        #expect(refused.status == 0)
        #expect(refused.stdout.contains("  1  Hollywood, "))
        // Why the other geocoder answered goes to stderr, so stdout stays the list.
        #expect(
            refused.stderr
                == "warning: Nominatim refused the request (HTTP 403): its usage policy blocks this client for now; wait, or set WX_NOMINATIM_URL to another server; these places are from Open-Meteo geocoding\n"
        )
        #expect(try fallback.requests().map(\.path) == ["/search", "/v1/search"])
        // Reverse geocoding refused: find and show say why and go on with the coordinates as the
        // place's name (trial 10: find failed, leaving no current location, where show went on),
        // never claiming places from a geocoder that gave none.
        let reverse = try FixtureServer()
        try reverse.queue(.init(path: "/reverse", status: 403, file: "cases/nominatim-403.html"))
        let found = try runWX(["-c", "find 52.52,13.41"], home: TemporaryFolder(), server: reverse)
        #expect(found.status == 0)
        #expect(
            found.stderr
                == "warning: Nominatim refused the request (HTTP 403): its usage policy blocks this client for now; wait, or set WX_NOMINATIM_URL to another server; the coordinates have no name\n"
        )
        #expect(found.stdout.hasPrefix("  1  52.5200°N 13.4100°E "), "\(found.stdout)")
        #expect(found.stdout.hasSuffix(" 52.5200, 13.4100\n"), "\(found.stdout)")
        try reverse.queue(.init(path: "/reverse", status: 403, file: "cases/nominatim-403.html"))
        let shown = try runWX(["-c", "show 52.52,13.41"], home: TemporaryFolder(), server: reverse, now: Self.recorded)
        #expect(shown.status == 0)
        // The answer is in GMT and the country did not come: the zone shown is a guess, said so.
        #expect(
            shown.stderr
                == "warning: Nominatim refused the request (HTTP 403): its usage policy blocks this client for now; wait, or set WX_NOMINATIM_URL to another server; the coordinates have no name\n"
                + "time zone guessed: Open-Meteo answered in GMT and the place’s country is not known, so its times are shown at Europe/Berlin (UTC+02:00), the zone nearest to it, which may be a neighbouring country’s\n"
        )
        #expect(shown.stdout.hasPrefix("52.5200°N 13.4100°E · Sun 05:10 CEST\n"))

        // When the other geocoder knows nothing either, both are said, in one line.
        try fallback.queue(.init(path: "/search", status: 403, file: "cases/nominatim-403.html"))
        let neither = try runWX(["-c", "find nowhere-at-all"], home: TemporaryFolder(), server: fallback)
        #expect(neither.status == 1)
        #expect(
            neither.stderr
                == "error: Nominatim refused the request (HTTP 403): its usage policy blocks this client for now; wait, or set WX_NOMINATIM_URL to another server; Open-Meteo geocoding, asked instead, found no place for “nowhere-at-all”\n"
        )
    }

    @Test func openWeatherMapByCoordinatesAndCityID() throws {
        let key = ["OPENWEATHERMAP_API_KEY": "test-key-0123"]
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(
            ["-c", "provider openweathermap; show 51.51,-0.13; find id:3395981; show"], home: home, server: server,
            now: "2023-11-14T22:13:20Z", environment: key)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        let weather = try server.requests().filter { $0.path == "/data/2.5/weather" }
        #expect(weather.count == 3)
        #expect(weather[0].query["lat"] == "51.51" && weather[0].query["lon"] == "-0.13")
        #expect(weather[1].query["id"] == "3395981")
        #expect(weather[2].query["lat"] == "-9.6658" && weather[2].query["lon"] == "-35.7353")
        #expect(run.stdout.contains("Maceió"))
        // London's recording was made without units=metric: its 282.08 K reads as 8.9 °C.
        #expect(run.stdout.contains("\n  8.9 °C, feels like 4.2 °C · "))
        // The setting persists; the key is never written anywhere.
        let about = try runWX(["-c", "provider; about"], home: home, server: server, environment: key)
        #expect(about.stdout.hasPrefix("provider: openweathermap\n"))
        #expect(about.stdout.contains("\n  Weather data by OpenWeather (openweathermap.org), CC BY-SA 4.0\n"))
        for file in ["state.plist", "log.jsonl"] {
            let text = (try? String(contentsOfFile: home.path + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.contains("test-key-0123"))
        }
    }

    @Test func openWeatherMapFindsAPlaceByName() throws {
        let server = try FixtureServer()
        let key = ["OPENWEATHERMAP_API_KEY": "test-key-0123"]
        let run = try runWX(
            ["-c", "geocoder openweathermap; find Moscow; find Nowhere"], home: TemporaryFolder(), server: server,
            environment: key)
        #expect(
            run.stdout
                == "geocoder: openweathermap\n  1  Moscou, RU                                            55.7500, 37.6200\n"
        )
        #expect(run.stderr == "error: no place found for “Nowhere”\n")
        let asked = try server.requests().filter { $0.path == "/data/2.5/weather" }.map { $0.query["q"] }
        #expect(asked == ["Moscow", "Nowhere"])
        // Without a key the choice is refused, and says why: the same failure as `provider`'s
        // (trial 15: exit 1, not a usage error).
        let keyless = try runWX(["-c", "geocoder openweathermap"], home: TemporaryFolder(), server: server)
        #expect(keyless.status == 1)
        #expect(keyless.stderr == "error: OpenWeatherMap needs an API key: set OPENWEATHERMAP_API_KEY\n")
    }

    @Test func unitOverridesRerenderWithoutARequest() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(
            ["-c", "find Hamburg; show; units wind bft; units temperature K; show"], home: home, server: server,
            now: Self.recorded)
        #expect(run.status == 0)
        #expect(
            run.stdout.contains("\n  289.7 K, feels like 290.7 K · ☁ overcast · wind 1 Bft (light air) WNW (291°)\n"))
        #expect(try forecastRequests(server).count == 1)
        let after = try runWX(["-c", "units"], home: home, server: server)
        #expect(after.stdout == "units metric (temperature and wind changed): K, Bft, mm, hPa, km, 24h clock\n")
    }
}
