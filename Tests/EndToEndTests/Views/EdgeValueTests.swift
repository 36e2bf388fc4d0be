import Foundation
import Testing
import WeatherTestSupport

/// Issue 13, the values at the edges: days without sunrise or sunset, declared units, rounding
/// of the sun's times, scale boundaries, a multi-place answer with one unreadable place, and
/// coordinates no geocoder names — through the built wx, libcurl and the loopback server.
@Suite(.tags(.endToEnd)) struct EdgeValueTests {
    /// Runs `commands` (one -c argument) with `answers` queued on a fresh server.
    func run(
        _ commands: String, now: String? = nil, answers: [FixtureServer.Answer] = [], json: Bool = false,
        environment: [String: String] = [:], home: TemporaryFolder = TemporaryFolder()
    ) throws -> (result: WXResult, requests: [FixtureServer.Request]) {
        let server = try FixtureServer()
        for answer in answers { try server.queue(answer) }
        let result = try runWX(
            (json ? ["--json"] : []) + ["-c", commands], home: home, server: server, now: now, environment: environment)
        return (result, try server.requests())
    }

    func documents(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func forecast(_ file: String) -> FixtureServer.Answer { .init(path: "/v1/forecast", file: file) }

    /// A recorded body with `replacements` made, as an inline answer.
    func edited(_ file: String, path: String = "/v1/forecast", _ replacements: [(String, String)])
        -> FixtureServer
        .Answer
    {
        var text = String(decoding: TestPaths.fixture(file), as: UTF8.self)
        for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
        return .init(path: path, body: text, contentType: "application/json")
    }

    static let owmKey = ["OPENWEATHERMAP_API_KEY": "edge-test-key"]

    // MARK: - 1. Polar night and midnight sun

    @Test("T2-1: Open-Meteo's sunrise = sunset = local midnight is polar night, in words and as null")
    func polarNightFromOpenMeteo() throws {
        let answers: [FixtureServer.Answer] = [
            .init(path: "/search", file: "cases/nominatim-longyearbyen.json"),
            forecast("cases/om-polar-night-longyearbyen.json"),
        ]
        let text = try run("find Longyearbyen; show", now: "2026-12-10T11:05:00Z", answers: answers)
        #expect(text.result.status == 0, "\(text.result.stderr)")
        #expect(text.result.stdout.contains("\n  polar night — the sun does not rise\n"))
        #expect(!text.result.stdout.contains("sunrise"))
        #expect(!text.result.stdout.contains("daylight"))

        let json = try run("find Longyearbyen; show", now: "2026-12-10T11:05:00Z", answers: answers, json: true)
        let weather = try documents(json.result.stdout)[1]
        let today = try #require(weather["today"] as? [String: Any])
        #expect(today["sunrise"] is NSNull)
        #expect(today["sunset"] is NSNull)
        #expect(today["sun"] as? String == "polar_night")
        let days = try #require(weather["daily"] as? [[String: Any]])
        #expect(days.count == 7)
        #expect(days.allSatisfy { $0["sun"] as? String == "polar_night" && $0["sunrise"] is NSNull })
    }

    @Test("older Open-Meteo answers' 1970-01-01T00:00 in June at 78° N is midnight sun, with or without daylight")
    func midnightSunFromLegacyOpenMeteo() throws {
        let answers = [forecast("cases/om-midnight-sun-legacy-1970.json")]
        let text = try run("show 78.22,15.64", now: "2026-06-21T10:05:00Z", answers: answers)
        #expect(text.result.status == 0, "\(text.result.stderr)")
        #expect(text.result.stdout.contains(" · midnight sun — the sun does not set\n"))
        #expect(!text.result.stdout.contains("sunrise") && !text.result.stdout.contains("01:00"))
        let json = try run("daily 2 78.22,15.64", now: "2026-06-21T10:05:00Z", answers: answers, json: true)
        let days = try #require(try documents(json.result.stdout)[0]["days"] as? [[String: Any]])
        // The second day has no daylight duration: latitude and date decide.
        #expect(days.map { $0["sun"] as? String } == ["midnight_sun", "midnight_sun"])
        #expect(days.allSatisfy { $0["sunrise"] is NSNull && $0["sunset"] is NSNull })
    }

    @Test("T2-8: OpenWeatherMap's sunrise equal to sunset, or 0, is midnight sun or polar night, never a time")
    func polarDayAndNightFromOpenWeatherMap() throws {
        let day = try run(
            "provider openweathermap; show 69.35,88.2", now: "2026-06-20T05:05:00Z",
            answers: [.init(path: "/data/2.5/weather", file: "cases/owm-polar-day-sunrise-equals-sunset.json")],
            environment: Self.owmKey)
        #expect(day.result.status == 0, "\(day.result.stderr)")
        #expect(day.result.stdout.contains("midnight sun — the sun does not set\n"))
        #expect(!day.result.stdout.contains("sunrise"))
        // Both 0, a night icon, December: polar night.
        let night = edited(
            "cases/owm-polar-day-sunrise-equals-sunset.json", path: "/data/2.5/weather",
            [
                ("\"sunrise\":1781913600,\"sunset\":1781913600", "\"sunrise\":0,\"sunset\":0"),
                ("\"dt\":1781931600", "\"dt\":1797742800"), ("\"01d\"", "\"01n\""),
            ])
        let json = try run(
            "provider openweathermap; show 69.35,88.2", now: "2026-12-20T05:05:00Z", answers: [night], json: true,
            environment: Self.owmKey)
        let weather = try #require(try documents(json.result.stdout).last)
        let today = try #require(weather["today"] as? [String: Any])
        #expect(today["sun"] as? String == "polar_night")
        #expect(today["sunrise"] is NSNull && today["sunset"] is NSNull)
    }

    // MARK: - 3. Declared units

    @Test("T2-mph: wind declared \"mp/h\" is mph: 5.2 mp/h is 8 km/h, now, in gusts and as the day's maximum")
    func milesPerHourAsOpenMeteoWritesIt() throws {
        let file = "open-meteo-forecast/idaho-gmt-fahrenheit-mph-current-only.json"
        let text = try run("show 47.6854,-116.7843", now: "2025-07-29T00:10:00Z", answers: [forecast(file)])
        #expect(text.result.status == 0, "\(text.result.stderr)")
        #expect(text.result.stdout.contains("  32.5 °C, feels like 30.6 °C · ☀ clear sky · wind 8 km/h SSE (162°)\n"))
        #expect(text.result.stdout.contains(" · gusts 17 km/h\n"))
        // The same answer with a day whose maximum wind is declared in mp/h: the 28th, the
        // place's today (the answer is in GMT, whose 00:10 on the 29th is 18:10 on the 28th there).
        let daily = edited(
            file,
            [
                (
                    "\"wind_gusts_10m\":10.3}}",
                    "\"wind_gusts_10m\":10.3},\"daily_units\":{\"time\":\"iso8601\",\"wind_speed_10m_max\":\"mp/h\",\"wind_gusts_10m_max\":\"mp/h\"},\"daily\":{\"time\":[\"2025-07-28\"],\"wind_speed_10m_max\":[5.2],\"wind_gusts_10m_max\":[10.3]}}"
                )
            ])
        let json = try run("show 47.6854,-116.7843", now: "2025-07-29T00:10:00Z", answers: [daily], json: true)
        let weather = try documents(json.result.stdout)[0]
        let current = try #require(weather["current"] as? [String: Any])
        #expect(current["wind_speed_kilometres_per_hour"] as? Double == 8.3685888)
        #expect(current["wind_gusts_kilometres_per_hour"] as? Double == 16.5762432)
        #expect(current["temperature_celsius"] as? Double == 32.5)
        let today = try #require(weather["today"] as? [String: Any])
        #expect(today["wind_speed_max_kilometres_per_hour"] as? Double == 8.3685888)
    }

    @Test("a unit label wx does not know leaves that variable out, naming it and the label (OM-1's rule)")
    func unknownUnitLabelIsRefused() throws {
        let file = "open-meteo-forecast/idaho-gmt-fahrenheit-mph-current-only.json"
        let run = try run(
            "show 47.6854,-116.7843; units", now: "2025-07-29T00:10:00Z",
            answers: [edited(file, [("\"wind_speed_10m\":\"mp/h\"", "\"wind_speed_10m\":\"furlong/fortnight\"")])])
        #expect(run.result.status == 0)
        #expect(
            run.result.stderr.hasPrefix(
                "warning: Open-Meteo gave current wind_speed_10m in “furlong/fortnight”, a unit wx does not know: its values are left out (—), the rest is shown\n"
            ), "\(run.result.stderr)")
        // The shell goes on.
        #expect(run.result.stdout.hasSuffix("units metric: °C, km/h, mm, hPa, km, 24h clock\n"))
    }

    @Test("the air-quality service's µg/m³ is read; a mass unit it does not use leaves that pollutant out")
    func airQualityUnitLabels() throws {
        let file = "open-meteo-air-quality/lahore-hourly-aqi-pm-4-days.json"
        let known = try run("air 31.5,74.4", now: "2026-10-08T07:10:00Z")
        #expect(known.result.stdout.contains("PM2.5 60.3 µg/m³"))
        let unknown = try run(
            "air 31.5,74.4", now: "2026-10-08T07:10:00Z",
            answers: [edited(file, path: "/v1/air-quality", [("\"pm2_5\":\"μg/m³\"", "\"pm2_5\":\"mg/m³\"")])])
        // Case OM-1's rule, as every other answer: PM2.5 alone is left out, the rest shown.
        #expect(unknown.result.status == 0)
        #expect(
            unknown.result.stderr
                == "warning: Open-Meteo air quality gave hourly pm2_5 in “mg/m³”, a unit wx does not know: its values are left out (—), the rest is shown\n"
        )
        #expect(unknown.result.stdout.contains("PM2.5 —"), "\(unknown.result.stdout)")
    }

    // MARK: - 4. Rounding of the sun's times

    @Test("sunrise 07:32:58 shows as 07:33, and the daylight beside it is the difference of the times shown")
    func sunTimesRoundToTheNearestMinute() throws {
        // Munich's recording: sunrise 07:32:58, sunset 17:22:28 local, no daylight duration.
        let run = try run("show 48.14,11.58", now: "2026-02-07T15:20:00Z")
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout.contains(" · sunrise 07:33 sunset 17:22 · daylight 9 h 49 min\n"))
    }

    // MARK: - 5. Scale boundaries

    @Test("1.1 km/h is Beaufort force 1 (from 0.3 m/s), and 11.25° starts the NNE sector")
    func beaufortAndCompassEdges() throws {
        let run = try run(
            "units wind bft; show 78.22,15.64", now: "2026-06-21T10:05:00Z",
            answers: [forecast("cases/om-midnight-sun-legacy-1970.json")])
        #expect(run.result.stdout.contains(" · wind 1 Bft (light air) NNE (11°)\n"))
    }

    // MARK: - 6. One unreadable place in a multi-place answer

    @Test("T2-12: compare shows the place that can be read and names the one that cannot, with why")
    func compareWithOneUnreadableElement() throws {
        let run = try run(
            "find Hamburg; fav; find 48.86,2.35; fav; compare", now: "2026-09-20T10:05:00Z",
            answers: [forecast("cases/om-multi-second-element-nan.json")])
        #expect(run.result.status == 1)
        let lines = run.result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let table = try #require(lines.firstIndex { $0.hasPrefix("  place") })
        #expect(lines[table + 1].hasPrefix("  Elbphilharmonie"))
        #expect(lines[table + 1].contains("15.0"))
        #expect(!lines.contains { $0.hasPrefix("  Paris") })
        #expect(
            run.result.stderr
                == "error: no weather for Paris: Open-Meteo sent an answer wx cannot read (its part of the answer has “nan” where a number belongs, as for a place outside the model’s area)\n"
        )
    }

    // MARK: - 7. Coordinates no geocoder names

    /// `show` at coordinates no geocoder names makes them the place, by their own name; `find`
    /// there says no place is found and leaves the current location (case N-3 — this test had
    /// `find -5,-150` make them current, the fault the case table names).
    @Test("show at open sea: the coordinates name the place, usable by fav, show and save; find there finds none")
    func coordinatesWithoutAName() throws {
        let home = TemporaryFolder()
        let sea = try run(
            "show -5,-150; fav; favs; show; save", now: "2026-12-10T11:05:00Z",
            answers: [
                .recorded(
                    "/v1/forecast", "cases/om-polar-night-longyearbyen.json", latitude: -5, longitude: -150, times: 2)
            ],
            home: home)
        #expect(sea.result.status == 0, "\(sea.result.stderr)")
        #expect(sea.result.stderr == "")
        let lines = sea.result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("5.0000°S 150.0000°W · "))
        #expect(lines.contains("★ 5.0000°S 150.0000°W saved to favorites"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  ★ 5.0000°S 150.0000°W ") }, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("5.0000°S 150.0000°W · ") }.count == 2, "\(lines)")
        #expect(sea.result.stdout.contains("snapshot 1 saved: 5.0000°S 150.0000°W -12.0 °C"))
        // The name works as a favorite's, and the same words as coordinates.
        let again = try run(
            "show 5.0000°S 150.0000°W", now: "2026-12-10T11:05:00Z",
            answers: [
                .recorded("/v1/forecast", "cases/om-polar-night-longyearbyen.json", latitude: -5, longitude: -150)
            ],
            home: home)
        #expect(again.result.stdout.hasPrefix("5.0000°S 150.0000°W · "))
        #expect(again.requests.filter { $0.path == "/v1/forecast" }.first?.query["latitude"] == "-5")

        let pole = try run("find 90,0", json: true)
        #expect(pole.result.status == 1)
        #expect(pole.result.stderr.contains("no place found for “90,0”"), "\(pole.result.stderr)")
        #expect(pole.requests.map(\.path) == ["/reverse"])
    }
}
