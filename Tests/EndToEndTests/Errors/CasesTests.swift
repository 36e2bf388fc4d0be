import Foundation
import Testing
import WXBasics
import WeatherShell
import WeatherTestSupport

/// One test per row of shared/cases/README.md (faults real users of these services hit), run
/// through the built wx, libcurl and the loopback server. Each asserts the right value, not
/// just "no crash".
@Suite(.tags(.endToEnd)) struct CasesTests {
    /// Runs `commands` (one -c argument) with `answers` queued on a fresh server.
    func run(
        _ commands: String, now: String? = nil, answers: [FixtureServer.Answer] = [], json: Bool = false,
        environment: [String: String] = [:], home: TemporaryFolder = TemporaryFolder()
    ) throws -> (result: WXResult, requests: [FixtureServer.Request], home: TemporaryFolder) {
        let server = try FixtureServer()
        for answer in answers { try server.queue(answer) }
        let result = try runWX(
            (json ? ["--json"] : []) + ["-c", commands], home: home, server: server, now: now, environment: environment)
        return (result, try server.requests(), home)
    }

    func documents(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func forecast(_ file: String) -> FixtureServer.Answer { .init(path: "/v1/forecast", file: file) }

    // MARK: - Open-Meteo

    @Test("OM-1: a variable that is null all along shows as —, the others still show")
    func allNullProbability() throws {
        let text = try run(
            "show 51.9,6.4", now: "2025-12-17T23:30:00Z", answers: [forecast("cases/om-all-null-probability.json")])
        #expect(text.result.status == 0)
        // The answer has no `weather_code`: no condition is said, rather than "unknown". The
        // hour in progress (00:00–01:00 local) is the value labelled 01:00, 0.1 mm
        // (Fixtures/open-meteo-forecast/this_hour_expected.py); the 4.1 °C is the 00:00 instant.
        #expect(text.result.stdout.contains("\n  4.1 °C (hourly forecast)\n  rain — · 0.1 mm this hour\n"))
        #expect(text.result.stdout.contains("\n  rain %      —    —\n"))
        #expect(text.result.stdout.contains("\n  mm        0.1  0.0\n"))
        // The note names the rows above it, the "rain %" of dashes too, as Berlin's does: it
        // read "mm: the hour up to each time" under both rows.
        #expect(text.result.stdout.contains("\n  mm        0.1  0.0\n  rain % and mm: the hour up to each time\n"))
        let json = try run(
            "show 51.9,6.4", now: "2025-12-17T23:30:00Z", answers: [forecast("cases/om-all-null-probability.json")],
            json: true)
        let weather = try documents(json.result.stdout)[0]
        let hour = try #require(weather["current_hour"] as? [String: Any])
        #expect(hour["precipitation_probability_percent"] is NSNull)
        #expect(hour["temperature_celsius"] as? Double == 4.1)
        let amount = try #require(weather["precipitation_hour"] as? [String: Any])
        #expect(
            amount["from"] as? String == "2025-12-17T23:00:00Z" && amount["to"] as? String == "2025-12-18T00:00:00Z")
        #expect(amount["precipitation_millimetres"] as? Double == 0.1)
        let next = try #require(weather["hourly"] as? [[String: Any]])
        #expect(next.map { $0["temperature_celsius"] as? Double } == [3.9, 3.6])
        #expect(next.map { $0["precipitation_millimetres"] as? Double } == [0.1, 0.0])
        // No daily block in the answer: `daily` says so, as a failure (1), not a misuse (2).
        let daily = try run(
            "daily 51.9,6.4", now: "2025-12-17T23:30:00Z", answers: [forecast("cases/om-all-null-probability.json")])
        #expect(daily.result.status == 1)
        #expect(daily.result.stderr == "error: no daily forecast in Open-Meteo’s answer\n")
    }

    /// OM-1's hours after now are 3.9 and 3.6 °C: the chart's labels are those values on the
    /// rows they reach (Fixtures/cases/chart_labels_expected.py: 3.6 °C on the bottom row, 3.9 °C
    /// on the next); the old code labelled its top 4.6 °C, a degree above the lowest.
    @Test("OM-1: hourly's chart labels no temperature beyond the hours'")
    func allNullProbabilityChart() throws {
        let run = try run(
            "hourly 51.9,6.4", now: "2025-12-17T23:30:00Z", answers: [forecast("cases/om-all-null-probability.json")])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        // The "rain" column of dashes is named in the note under the table, as "mm" is.
        #expect(run.result.stdout.contains("\n  rain and mm: the hour up to each time\n"), "\(run.result.stdout)")
        let chart = run.result.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter {
            $0.contains(" ┤")
        }
        #expect(chart.count == 6, "\(run.result.stdout)")
        #expect(!run.result.stdout.contains("4.6 °C"), "\(run.result.stdout)")
        #expect(chart.count == 6 && chart[4].hasPrefix("  3.9 °C ┤") && chart[5].hasPrefix("  3.6 °C ┤"), "\(chart)")
        #expect(chart.prefix(4).allSatisfy { $0.hasPrefix("         ┤") }, "\(chart)")
    }

    @Test("OM-2: nulls inside arrays and in daily stay unknown; neighbours keep their values")
    func nullWeatherCode() throws {
        let run = try run(
            "show 36.57,-118.29", now: "2025-04-15T00:30:00Z", answers: [forecast("cases/om-null-weather-code.json")],
            json: true)
        let weather = try documents(run.result.stdout)[0]
        let hour = try #require(weather["current_hour"] as? [String: Any])
        #expect(hour["weather_code"] as? Int == 3)
        #expect(hour["temperature_celsius"] as? Double == 8.0)
        let next = try #require(weather["hourly"] as? [[String: Any]])
        #expect(next[0]["weather_code"] is NSNull)
        #expect(next[0]["temperature_celsius"] as? Double == 7.5)
        #expect(next[1]["weather_code"] as? Int == 2)
        #expect(next[1]["temperature_celsius"] is NSNull)
        let day = try #require((weather["daily"] as? [[String: Any]])?.first)
        #expect(day["weather_code"] is NSNull)
        #expect(day["condition"] is NSNull)
        let text = try self.run(
            "show 36.57,-118.29", now: "2025-04-15T00:30:00Z", answers: [forecast("cases/om-null-weather-code.json")])
        // (The body's days carry no precipitation: the table has no rain columns.)
        #expect(text.result.stdout.contains("\n  Tue 15 Apr    unknown                      —        —\n"))
        // `daily` shows the same day, unknowns as such, rather than refusing it.
        let daily = try self.run(
            "daily 36.57,-118.29", now: "2025-04-15T00:30:00Z", answers: [forecast("cases/om-null-weather-code.json")])
        #expect(daily.result.status == 0, "\(daily.result.stderr)")
        #expect(daily.result.stdout.contains("Tue 15 Apr") && daily.result.stdout.contains("unknown"))
    }

    @Test("OM-4: a null at index 0 does not shift the hours after it")
    func leadingNull() throws {
        let run = try run(
            "show 52.52,13.41", now: "2022-08-31T22:10:00Z", answers: [forecast("cases/om-leading-null.json")],
            json: true)
        let weather = try documents(run.result.stdout)[0]
        #expect((weather["current_hour"] as? [String: Any])?["temperature_celsius"] is NSNull)
        let next = try #require((weather["hourly"] as? [[String: Any]])?.first)
        #expect(next["time"] as? String == "2022-08-31T23:00:00Z")
        #expect(next["temperature_celsius"] as? Double == 14.2)
    }

    @Test("OM-5: the service's reason reaches the user")
    func errorReason() throws {
        let run = try run(
            "show 52.52,13.41", answers: [.init(path: "/v1/forecast", status: 400, file: "cases/om-error-400.json")])
        #expect(run.result.status == 1)
        #expect(
            run.result.stderr
                == "error: Open-Meteo rejected the request (HTTP 400): Cannot initialize ForecastSurfaceVariable from invalid String value cape for key hourly; wx’s request does not suit this server: check WX_OPEN_METEO_URL, or update wx\n"
        )
    }

    @Test("OM-6: a count mismatch reason reaches the user; wx's own requests always pair the counts")
    func countMismatch() throws {
        let run = try run(
            "show 52.52,13.41",
            answers: [.init(path: "/v1/forecast", status: 400, file: "cases/om-error-400-mismatch.json")])
        #expect(
            run.result.stderr
                == "error: Open-Meteo rejected the request (HTTP 400): Parameter 'latitude' and 'longitude' must have the same number of elements; wx’s request does not suit this server: check WX_OPEN_METEO_URL, or update wx\n"
        )
        let home = TemporaryFolder()
        let server = try FixtureServer()
        _ = try runWX(
            ["-c", "find Hamburg; fav; find Dunstable; fav; use 2; fav; compare"], home: home, server: server)
        let compare = try #require(try server.requests().last { $0.path == "/v1/forecast" })
        #expect(compare.query["latitude"]?.split(separator: ",").count == 3)
        #expect(compare.query["longitude"]?.split(separator: ",").count == 3)
    }

    @Test("OM-7: a daily rate limit says when to try again, without retrying")
    func rateLimitDaily() throws {
        let run = try run(
            "show 52.52,13.41",
            answers: [.init(path: "/v1/forecast", status: 429, file: "cases/om-error-429-daily.json")])
        #expect(
            run.result.stderr
                == "error: Open-Meteo rate limit reached: Daily API request limit exceeded. Please try again tomorrow\n"
        )
        #expect(run.requests.filter { $0.path == "/v1/forecast" }.count == 1)
    }

    @Test("OM-7: too many concurrent requests: try again soon (Retry-After when sent), no retry")
    func rateLimitConcurrent() throws {
        let run = try run(
            "show 52.52,13.41",
            answers: [
                .init(
                    path: "/v1/forecast", status: 429, file: "cases/om-error-429-concurrent.json",
                    headers: ["Retry-After": "30"])
            ])
        #expect(
            run.result.stderr
                == "error: Open-Meteo rate limit reached: Too many concurrent requests; try again in 30 s\n")
        #expect(run.requests.filter { $0.path == "/v1/forecast" }.count == 1)
    }

    @Test("OM-7 (trial 4, item 10): a reason that says when wins over Retry-After; one request, sent once")
    func rateLimitReasonSaysWhen() throws {
        // The server would answer 429 to every request: a retry would show as a second request.
        let run = try run(
            "show 52.52,13.41",
            answers: [
                .init(
                    path: "/v1/forecast", status: 429, file: "cases/om-error-429-daily.json",
                    headers: ["Retry-After": "60"], times: 5)
            ])
        #expect(
            run.result.stderr
                == "error: Open-Meteo rate limit reached: Daily API request limit exceeded. Please try again tomorrow\n"
        )
        #expect(run.requests.filter { $0.path == "/v1/forecast" }.count == 1)
    }

    @Test("OM-7: cached data is offered when rate-limited")
    func rateLimitOffersCachedData() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()  // the same endpoint, as in real use: the cache is keyed by URL
        let first = try runWX(["show", "40.7886,-73.9661"], home: home, server: server, now: "2026-02-06T21:40:00Z")
        #expect(first.status == 0)
        try server.queue(.init(path: "/v1/forecast", status: 429, file: "cases/om-error-429-daily.json"))
        let later = try runWX(["show", "40.7886,-73.9661"], home: home, server: server, now: "2026-02-06T23:10:00Z")
        #expect(later.status == 0)
        // The conditions' age (16:30 EST) and when they were fetched, as
        // Fixtures/open-meteo-forecast/stale_age_expected.py works them out (trial 62, `DataAge`).
        #expect(
            later.stdout.contains(
                "\n  saved data from 1 h 40 min ago, fetched 1 h 30 min ago (Open-Meteo rate limit\n  reached: Daily API request limit exceeded. Please try again tomorrow)\n"
            ), "\(later.stdout)")
        #expect(later.stdout.contains("  -1.4 °C · ☁ overcast · wind 5 km/h SE (138°)"))
    }

    @Test("OM-8: an HTML 502 page is not parsed; a bounded retry, then a clear error")
    func badGateway() throws {
        let run = try run(
            "show 52.52,13.41", answers: [.init(path: "/v1/forecast", status: 502, file: "cases/om-502.html", times: 3)]
        )
        #expect(run.result.stderr == "error: Open-Meteo is unavailable (HTTP 502); try again in a few minutes\n")
        #expect(run.requests.filter { $0.path == "/v1/forecast" }.count == 3)
        let recovered = try self.run(
            "show 40.7886,-73.9661", now: "2026-02-06T21:40:00Z",
            answers: [.init(path: "/v1/forecast", status: 502, file: "cases/om-502.html")])
        #expect(recovered.result.status == 0)
        #expect(recovered.result.stdout.contains("-1.4 °C"))
    }

    @Test("OM-9: times without seconds or zone parse")
    func timesWithoutSeconds() throws {
        let run = try run("show 40.7886,-73.9661", now: "2026-02-06T21:40:00Z", json: true)
        let weather = try documents(run.result.stdout)[0]
        #expect((weather["current"] as? [String: Any])?["time"] as? String == "2026-02-06T21:30:00Z")
        #expect((weather["today"] as? [String: Any])?["sunrise"] as? String == "2026-02-06T12:00:00Z")
    }

    @Test("OM-11: a body in GMT anyway: now, the hours and today are New York's, not GMT's")
    func gmtBody() throws {
        // 01:30 UTC on Wednesday is 21:30 EDT on Tuesday in New York (trial 15 saw "Wed 01:30 GMT").
        let now = "2024-10-30T01:30:00Z"
        let text = try run("show 40.71,-74.01", now: now, answers: [forecast("cases/om-no-timezone-gmt.json")])
        #expect(text.result.status == 0, "\(text.result.stderr)")
        #expect(text.result.stdout.hasPrefix("40.7100°N 74.0100°W · Tue 21:30 EDT\n"), "\(text.result.stdout)")
        // The hour containing now is 01:00 UTC (21:00 EDT); the next ones read 22 and 23.
        #expect(text.result.stdout.contains("\n  13.6 °C (hourly forecast)\n"), "\(text.result.stdout)")
        #expect(text.result.stdout.contains("\n  hour       22   23\n"), "\(text.result.stdout)")
        let json = try run(
            "show 40.71,-74.01", now: now, answers: [forecast("cases/om-no-timezone-gmt.json")], json: true)
        let weather = try documents(json.result.stdout)[0]
        #expect(weather["time_zone"] as? String == "America/New_York")
        #expect(weather["utc_offset_seconds"] as? Int == -4 * 3_600)
        let hour = try #require(weather["current_hour"] as? [String: Any])
        #expect(hour["time"] as? String == "2024-10-30T01:00:00Z")
        #expect(hour["utc_offset_seconds"] as? Int == -4 * 3_600)
        #expect(hour["temperature_celsius"] as? Double == 13.6)
        // The forecast request (the name of the coordinates is asked alongside it).
        #expect(json.requests.last { $0.path == "/v1/forecast" }?.query["timezone"] == "auto")
    }

    @Test("OM-11: in a body in GMT, today is the place's day (its UTC day, said so), sunrise and sunset its own")
    func gmtBodyToday() throws {
        // The same body with two UTC days: at 21:30 EDT on Tuesday 29 October, today is the 29th
        // (the 30th in UTC), its low and high the service's over the UTC day, and its sunrise and
        // sunset New York's (11:20 and 21:58 UTC: 07:20 and 17:58 EDT).
        let body = String(decoding: TestPaths.fixture("cases/om-no-timezone-gmt.json"), as: UTF8.self)
            .replacingOccurrences(
                of: "\"temperature_2m\":[14.0,13.6,13.1,12.8]}}",
                with: """
                    "temperature_2m":[14.0,13.6,13.1,12.8]},"daily_units":{"time":"iso8601","temperature_2m_max":"°C","temperature_2m_min":"°C","sunrise":"iso8601","sunset":"iso8601"},"daily":{"time":["2024-10-29","2024-10-30"],"temperature_2m_max":[19.5,15.0],"temperature_2m_min":[11.0,9.5],"sunrise":["2024-10-29T11:19","2024-10-30T11:20"],"sunset":["2024-10-29T22:00","2024-10-30T21:58"]}}
                    """)
        let answer = FixtureServer.Answer(path: "/v1/forecast", body: body, contentType: "application/json")
        let text = try run("show 40.71,-74.01", now: "2024-10-30T01:30:00Z", answers: [answer])
        #expect(text.result.status == 0, "\(text.result.stderr)")
        #expect(
            text.result.stdout.contains("\n  today 11.0 … 19.5 °C (UTC day) · sunrise 07:19 sunset 18:00\n"),
            "\(text.result.stdout)")
        #expect(text.result.stdout.contains("\n  Tue 29 Oct  "), "\(text.result.stdout)")
        #expect(
            text.result.stdout.contains("\n  days are UTC days (20:00–20:00 EDT): Open-Meteo answered in GMT\n"),
            "\(text.result.stdout)")
        let json = try run("show 40.71,-74.01", now: "2024-10-30T01:30:00Z", answers: [answer], json: true)
        let weather = try documents(json.result.stdout)[0]
        #expect(weather["days_in_utc"] as? Bool == true)
        let today = try #require(weather["today"] as? [String: Any])
        #expect(today["date"] as? String == "2024-10-29")
        #expect(today["temperature_max_celsius"] as? Double == 19.5)
    }

    @Test("OM-14: a weather code written 3.0 and the legacy current_weather block")
    func legacyCurrentWeather() throws {
        let run = try run(
            "show 56.3125,44.0", now: "2022-10-10T14:10:00Z",
            answers: [forecast("cases/om-legacy-current-weather.json")])
        #expect(
            run.result.stdout.contains("\n  11.0 °C · ☁ overcast · wind 2 km/h NE (45°)\n"))
        // What the legacy block does not have (feels like, humidity) is left out, not dashes.
        #expect(!run.result.stdout.contains("feels like") && !run.result.stdout.contains("humidity"))
    }

    @Test("OM-16: favorites and snapshots keep the coordinates asked for, not the echoed grid cell")
    func echoedCoordinates() throws {
        let run = try run(
            "show 35.6895,139.6917; fav; save", now: "2025-06-01T00:10:00Z",
            answers: [forecast("cases/om-echoed-coordinates.json")])
        #expect(run.result.status == 0)
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(run.home.text("state.plist").utf8), format: nil)
                as? [String: Any])
        let favorite = try #require((plist["favorites"] as? [[String: Any]])?.first)
        #expect(favorite["latitude"] as? Double == 35.6895)
        #expect(favorite["longitude"] as? Double == 139.6917)
        #expect(run.home.text("log.jsonl").contains(#""place":{"latitude":35.6895,"longitude":139.6917"#))
    }

    @Test("OM-17: numbers in URLs use a decimal point whatever the locale")
    func decimalPointInAnyLocale() throws {
        let run = try run(
            "show 52.52,13.41",
            environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"])
        let request = try #require(run.requests.first { $0.path == "/v1/forecast" })
        #expect(request.query["latitude"] == "52.52")
        #expect(request.query["longitude"] == "13.41")
        #expect(!request.raw_query.contains("52,52"))
    }

    @Test("OM-18: a code outside the WMO table shows as unknown (42)")
    func unknownWeatherCode() throws {
        let run = try run(
            "show 48.14,11.58", now: "2025-01-10T11:10:00Z", answers: [forecast("cases/om-unknown-weather-code.json")])
        #expect(run.result.stdout.contains("\n  1.5 °C · ? unknown (42)\n"))
    }

    // MARK: - Open-Meteo geocoding

    @Test("OG-2: results without country, admin1, population or elevation list and can be chosen")
    func geocodingMissingFields() throws {
        let run = try run(
            "geocoder open-meteo; find Antarctica; use 2",
            answers: [.init(path: "/v1/search", file: "cases/og-missing-fields.json")])
        #expect(run.result.status == 0)
        #expect(run.result.stdout.contains("\n  1  Antarctica  "))
        // A `country_code` ("TF") without `country`: the code stands for the country.
        #expect(run.result.stdout.contains("\n  2  Île MacMurdo, TF  "))
        #expect(run.result.stdout.contains("\n  3  Atlantic Point, Maine, United States  "))
        #expect(run.result.stdout.contains("\ncurrent location: Île MacMurdo, TF (-48.8982, 69.4154)\n"))
    }

    @Test("OG-3: CJK names display and align; the capital is candidate 2")
    func cjkRanking() throws {
        let run = try run("geocoder open-meteo; find 北京; use 2; show", now: "2025-07-27T03:10:00Z")
        let lines = run.result.stdout.split(separator: "\n").map(String.init)
        let candidates = lines.filter { $0.hasPrefix("  1  北京") || $0.hasPrefix("  2  北京") }
        #expect(candidates.count == 2)
        // The coordinates start at the same column although the names are double-width.
        let columns = candidates.map { line in TextLayout.columns(String(line[..<line.range(of: "  3")!.lowerBound])) }
        #expect(Set(columns).count == 1)
        #expect(lines.contains("current location: 北京, 北京市, 中国 (39.9075, 116.3972)"))
        #expect(run.requests.first { $0.path == "/v1/search" }?.query["name"] == "北京")
    }

    // MARK: - Nominatim

    @Test("N-1: a 403 block says the service refused this client; the request identified wx")
    func refused() throws {
        let run = try run(
            "find Hamburg", answers: [.init(path: "/search", status: 403, file: "cases/nominatim-403.html")])
        #expect(run.result.status == 1)
        // Open-Meteo geocoding is asked instead (its recording knows no Hamburg): both are said.
        #expect(
            run.result.stderr
                == "error: Nominatim refused the request (HTTP 403): its usage policy blocks this client for now; wait, or set WX_NOMINATIM_URL to another server; Open-Meteo geocoding, asked instead, found no place for “Hamburg”\n"
        )
        let search = try #require(run.requests.first { $0.path == "/search" })
        #expect(search.user_agent?.hasPrefix("wx/0.1.0 (+https://github.com/wx-shell/wx") == true)
    }

    @Test("N-3: no match from search or from reverse: no place found, the current location unchanged")
    func noMatch() throws {
        let search = try run(
            "find Hamburg; find qwzxv; show", now: "2025-07-27T03:10:00Z",
            answers: [.init(path: "/search", file: "cases/nominatim-search-empty.json", times: 1)])
        #expect(search.result.stderr.hasPrefix("error: no place found for “Hamburg”\n"))
        let kept = try run("find Hamburg; find qwzxv; show", now: "2025-07-27T03:10:00Z")
        #expect(kept.result.stderr == "error: no place found for “qwzxv”\n")
        #expect(kept.result.stdout.contains("\nElbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST\n"))
        // The case table's right value, where this asserted the fault (the bare coordinates
        // made current, as issue 13 item 7 had it): `find` asks for a name, and "Unable to
        // geocode" is none; `show 10.5,-30.25` still gives the weather there.
        let reverse = try run(
            "find Hamburg; find 10.5,-30.25; show", now: "2025-07-27T03:10:00Z",
            answers: [.init(path: "/reverse", file: "cases/nominatim-reverse-unable.json")])
        #expect(reverse.result.status == 1)
        #expect(
            reverse.result.stderr
                == "error: no place found for “10.5,-30.25”: the geocoder has no place there (open sea, ice); “show 10.5,-30.25” gives the weather at the coordinates\n"
        )
        #expect(!reverse.result.stdout.contains("10.5000°N"), "\(reverse.result.stdout)")
        #expect(reverse.result.stdout.contains("\nElbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST\n"))
    }

    @Test("N-5: a town or only a suburb gives a short name")
    func townAndSuburb() throws {
        let run = try run("find Dunstable")
        #expect(
            run.result.stdout == """
                  1  Dunstable, England, United Kingdom                    51.8885, -0.5162
                  2  Bucknell, England, United Kingdom                     52.3593, -2.9453

                """)
    }

    @Test("N-7: a postcode is sent with its space encoded and its result shown")
    func spacedPostcode() throws {
        let run = try run("find BS7 9EX")
        #expect(run.requests.first?.raw_query.hasPrefix("q=BS7%209EX&") == true)
        #expect(run.result.stdout == "  1  BS7 9EX, Bristol, England, United Kingdom             51.4765, -2.5853\n")
    }

    @Test("N-9: the language preference is sent; names in another language display")
    func languagePreference() throws {
        // The locale's region is kept (it was dropped: "es"); Nominatim reads "es-ES" as
        // Spanish of Spain, then Spanish.
        let run = try run("find Barcelona", environment: ["LANG": "es_ES.UTF-8"])
        let request = try #require(run.requests.first)
        #expect(request.accept_language == "es-ES")
        #expect(request.query["accept-language"] == "es-ES")
        #expect(run.result.stdout.hasPrefix("  1  Barcelona, Catalunya, España"))
        let setting = try self.run("language fr; find Barcelona")
        #expect(setting.requests.first?.accept_language == "fr")
    }

    @Test("N-11: a plain-text error body becomes a clear error")
    func plainTextError() throws {
        let run = try run(
            "find Hamburg", answers: [.init(path: "/search", status: 400, file: "cases/nominatim-400-text.txt")])
        #expect(
            run.result.stderr
                == "error: Nominatim rejected the request (HTTP 400): Bad Request. Details: Need coordinates or OSM object to lookup; check the place as typed\n"
        )
    }

    @Test("N-12: unknown address keys, hyphenated keys and a 280-character name: decoded, 80 columns")
    func longMultilingual() throws {
        // At 80 columns (COLUMNS, as a terminal would give) the region stays, on lines of its own.
        let run = try run("find Palais Royal; use 1", environment: ["COLUMNS": "80"])
        let lines = run.result.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "  1  Palais Royal - Koninklijk Paleis,                     50.8420, 4.3620",
                "     Ville de Bruxelles - Stad Brussel,",
                "     Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest,",
                "     België / Belgique / Belgien",
            ])
        #expect(lines.allSatisfy { TextLayout.columns($0) <= 80 })
        // In a pipe, without COLUMNS: the same 80 columns (it was one line of 183), nothing cut.
        let piped = try self.run("find Palais Royal")
        #expect(piped.result.stdout.split(separator: "\n").map(String.init).prefix(4) == lines.prefix(4))
    }

    // MARK: - OpenWeatherMap

    static let key = ["OPENWEATHERMAP_API_KEY": "k3y-that-must-not-leak"]

    @Test("W-1: cod as a number (success) and as a string (error) both decode")
    func openWeatherMapCod() throws {
        let ok = try run("provider openweathermap; show -9.6658,-35.7353", environment: Self.key)
        #expect(ok.result.status == 0)
        #expect(
            ok.result.stdout.contains("  31.0 °C, feels like 33.4 °C · ⛅ nuvens dispersas · wind 11 km/h ENE (70°)"))
        // Its forecast, from the 5-day / 3-hour answer, says how coarse its steps are.
        #expect(ok.result.stdout.contains("  3-hour steps from OpenWeatherMap; days are built from them\n"))
        let error = try run(
            "provider openweathermap; show -9.6658,-35.7353",
            answers: [
                .init(path: "/data/2.5/weather", status: 400, file: "cases/owm-400-string-cod.json")
            ], environment: Self.key)
        #expect(error.result.stderr == "error: OpenWeatherMap rejected the request (HTTP 400): Nothing to geocode\n")
    }

    /// Current conditions that did not come beside a forecast answer with no steps (`cnt: 0`,
    /// what the fixture server answers far from its recordings): the conditions' error, one
    /// line and a failing status — it was a heading over nothing, at a placeholder UTC clock,
    /// status 0 (a new user on a clean clone).
    @Test func noConditionsAndNoStepsIsTheConditionsError() throws {
        for answer in [
            FixtureServer.Answer(path: "/data/2.5/weather", fault: "badutf8"),
            FixtureServer.Answer(path: "/data/2.5/weather", status: 503, body: "down", times: 5),
        ] {
            let run = try run("provider openweathermap; show 52.52,13.41", answers: [answer], environment: Self.key)
            #expect(run.result.status != 0, "\(run.result.stdout)")
            #expect(!run.result.stdout.contains("UTC+00:00"), "\(run.result.stdout)")
            let errors = run.result.stderr.split(separator: "\n")
            #expect(errors.count == 1 && errors[0].hasPrefix("error: OpenWeatherMap"), "\(run.result.stderr)")
        }
    }

    @Test("W-2: a refused key is named as such and never printed or logged")
    func refusedKey() throws {
        let run = try run(
            "provider openweathermap; show 51.51,-0.13",
            answers: [
                .init(path: "/data/2.5/weather", status: 401, file: "cases/owm-401.json")
            ], environment: Self.key)
        #expect(
            run.result.stderr == "error: OpenWeatherMap refused the API key (HTTP 401); check OPENWEATHERMAP_API_KEY\n")
        let secret = Self.key["OPENWEATHERMAP_API_KEY"]!
        #expect(!run.result.stdout.contains(secret) && !run.result.stderr.contains(secret))
        #expect(!run.home.text("log.jsonl").contains(secret))
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: run.home.path + "/cache")) ?? []
        #expect(cache.allSatisfy { !run.home.text("cache/" + $0).contains(secret) })
        // The weather request (the name of the coordinates is asked alongside it).
        #expect(run.requests.last { $0.path == "/data/2.5/weather" }?.query["appid"] == secret)
    }

    @Test("W-3: 404 is no place found")
    func openWeatherMapNotFound() throws {
        let run = try run(
            "find id:1", answers: [.init(path: "/data/2.5/weather", status: 404, file: "cases/owm-404.json")],
            environment: Self.key)
        #expect(run.result.stderr == "error: no place found for “id:1”\n")
        // The weather at coordinates OpenWeatherMap has no city for (trial 4, item 11): no place,
        // not a rejected request.
        let weather = try self.run(
            "provider openweathermap; show 51.51,-0.13",
            answers: [.init(path: "/data/2.5/weather", status: 404, file: "cases/owm-404.json")],
            environment: Self.key)
        #expect(
            weather.result.stderr
                == "error: OpenWeatherMap found no place at the coordinates asked (HTTP 404: Error: Not found city)\n")
        let found = try self.run("find id:524901", environment: Self.key)
        #expect(found.result.stdout == "  1  Moscou, RU                                            55.7500, 37.6200\n")
    }

    @Test("W-5: a rate limit is said once, with no retry loop")
    func openWeatherMapRateLimit() throws {
        let run = try run(
            "provider openweathermap; show 51.51,-0.13",
            answers: [
                .init(path: "/data/2.5/weather", status: 429, file: "cases/owm-429.json")
            ], environment: Self.key)
        #expect(
            run.result.stderr
                == "error: OpenWeatherMap rate limit reached: Your account is temporary blocked due to exceeding of requests limitation of your subscription type; try again in a minute\n"
        )
        #expect(run.requests.filter { $0.path == "/data/2.5/weather" }.count == 1)
    }

    @Test("W-7: non-Latin names and descriptions display; snow.1h is shown")
    func cyrillicSnow() throws {
        let run = try run(
            "provider openweathermap; find id:524901; show 55.7522,37.6156", now: "2023-11-14T22:13:20Z",
            environment: Self.key)
        #expect(
            run.result.stdout.contains("  -4.2 °C, feels like -9.8 °C · ❄ небольшой снег · wind 14 km/h SSW (200°)"))
        // The 0.3 mm is the snow, said once; no "rain —" (the current weather gives no chance)
        // beside it (trial 9 read "rain — · 0.3 mm in the last hour · snow 0.3 mm" as a contradiction).
        #expect(run.result.stdout.contains("\n  0.3 mm snow in the last hour · "), "\(run.result.stdout)")
        #expect(!run.result.stdout.contains("rain —") && !run.result.stdout.contains("snow 0.3"))
        // The steps' answer held none: said once, with no "3-hour steps from OpenWeatherMap; days
        // are built from them" above it, which said the opposite (a fresh user's report).
        #expect(
            run.result.stdout.contains("\n  no forecast steps in OpenWeatherMap’s answer, current conditions only;"),
            "\(run.result.stdout)")
        #expect(!run.result.stdout.contains("steps from"), "\(run.result.stdout)")
    }

    // MARK: - URLs

    @Test("U-2: & inside a query value is encoded")
    func ampersand() throws {
        let run = try run("find Suite I & G, Mountain View")
        let request = try #require(run.requests.first)
        #expect(request.raw_query.hasPrefix("q=Suite%20I%20%26%20G%2C%20Mountain%20View&"))
        #expect(request.query["q"] == "Suite I & G, Mountain View")
    }

    @Test(
        "U-4: non-ASCII queries are sent as UTF-8 and displayed unchanged",
        arguments: [
            ("Zürich", "Z%C3%BCrich"), ("São Paulo", "S%C3%A3o%20Paulo"), ("Jyväskylä", "Jyv%C3%A4skyl%C3%A4"),
        ])
    func nonASCII(query: String, encoded: String) throws {
        let run = try run("find \(query)")
        let request = try #require(run.requests.first)
        #expect(request.raw_query.hasPrefix("q=\(encoded)&"))
        #expect(request.query["q"] == query)
        #expect(run.result.stderr == "error: no place found for “\(query)”\n")
    }
}
