import Foundation
import Testing
import WeatherTestSupport

/// `make demo` (issue 24 item 1): the built wx with `WX_DEMO` against the loopback server in demo
/// mode, as the Makefile runs them. Every place the manifest lists is driven through `find` and
/// `show` (and the other commands it has recordings for); the values expected are read here from
/// the recordings themselves, not from wx.
@Suite(.tags(.endToEnd)) struct DemoEndToEndTests {
    static let manifestPath = demoManifestPath

    /// One place of the manifest, with its forecast recording when it has one.
    struct DemoPlace {
        var name: String
        var recorded: Date
        var latitude: Double
        var longitude: Double
        var routes: [[String: Any]]

        func file(_ path: String, query: Bool = false) -> [String: Any]? {
            guard let route = routes.first(where: { $0["path"] as? String == path && ($0["query"] != nil) == query }),
                let file = route["file"] as? String
            else { return nil }
            return try? JSONSerialization.jsonObject(with: TestPaths.fixture(file)) as? [String: Any]
        }

        var forecast: [String: Any]? { file("/v1/forecast") }
    }

    static func places() throws -> [DemoPlace] {
        let data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(document["places"] as? [[String: Any]])
        let iso = ISO8601DateFormatter()
        return try items.map { item in
            let recorded = try #require(item["recorded"] as? String)
            return DemoPlace(
                name: try #require(item["name"] as? String), recorded: try #require(iso.date(from: recorded)),
                latitude: try #require(item["latitude"] as? Double),
                longitude: try #require(item["longitude"] as? Double),
                routes: try #require(item["routes"] as? [[String: Any]]))
        }
    }

    /// A place's recordings of the same day agree (trial 2, finding 2: `past 2024-07-14` and the
    /// Sun 14 Jul row of `past 2024-07-10..2024-07-16` gave Hamburg two different days): every
    /// day a dated route can answer (its `dates`, which wx keeps of the body) has one set of
    /// daily values across the place's routes.
    @Test func overlappingRecordingsOfAPlaceAgree() throws {
        for place in try Self.places() {
            var seen: [String: (file: String, values: [String: Double?])] = [:]
            for route in place.routes {
                guard let dates = route["dates"] as? [String], dates.count == 2, let file = route["file"] as? String,
                    let body = try JSONSerialization.jsonObject(with: TestPaths.fixture(file)) as? [String: Any],
                    let daily = body["daily"] as? [String: Any], let times = daily["time"] as? [Any]
                else { continue }
                let offset = body["utc_offset_seconds"] as? Int ?? 0
                for (index, time) in times.enumerated() {
                    let day: String
                    if let text = time as? String {
                        day = text
                    } else {
                        let seconds = try #require(time as? Double)
                        day = String(
                            ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds + Double(offset)))
                                .prefix(10))
                    }
                    guard day >= dates[0] && day <= dates[1] else { continue }
                    var values: [String: Double?] = [:]
                    for (key, column) in daily where key != "time" {
                        values[key] = (column as? [Any])?[index] as? Double
                    }
                    if let earlier = seen[day] {
                        for (key, value) in values where earlier.values.keys.contains(key) {
                            #expect(
                                earlier.values[key] == value,
                                "\(place.name) \(day) \(key): \(earlier.file) and \(file) disagree")
                        }
                    } else {
                        seen[day] = (file, values)
                    }
                }
            }
        }
    }

    func demo(_ commands: String, _ server: FixtureServer, home: TemporaryFolder = TemporaryFolder()) throws -> WXResult
    {
        try runWX(["-c", commands], home: home, server: server, environment: ["WX_DEMO": Self.manifestPath])
    }

    /// The current instant of an Open-Meteo answer (`current.time` or the legacy
    /// `current_weather.time`, local ISO text or Unix seconds) and its offset from UTC.
    static func currentInstant(_ answer: [String: Any]) throws -> (instant: Date, offset: Int) {
        let offset = try #require(answer["utc_offset_seconds"] as? Int)
        let current = try #require((answer["current"] ?? answer["current_weather"]) as? [String: Any])
        if let seconds = current["time"] as? Double { return (Date(timeIntervalSince1970: seconds), offset) }
        let text = try #require(current["time"] as? String)
        let local = try #require(ISO8601DateFormatter().date(from: text + ":00Z"))
        return (local.addingTimeInterval(-Double(offset)), offset)
    }

    /// A temperature of the answer as wx shows it in °C (the Denver recording is in °F).
    static func celsius(_ value: Double, _ unit: String?) -> String {
        String(format: "%.1f", unit == "°F" ? (value - 32) * 5 / 9 : value)
    }

    /// The zones of the places whose forecast was recorded in GMT, by the place's name (trial
    /// 15: wx shows such a forecast at the place's own clock, the tz database's zone for it).
    static let gmtRecordingZones = ["Berlin": "Europe/Berlin"]

    /// The zone a place's forecast is shown in: the recording's offset, or for a recording in
    /// GMT the place's own zone (`gmtRecordingZones`).
    static func shownZone(_ place: DemoPlace, offset: Int) throws -> TimeZone {
        let forecast = try #require(place.forecast)
        guard offset == 0, ["GMT", "UTC"].contains(forecast["timezone"] as? String ?? "GMT") else {
            return try #require(TimeZone(secondsFromGMT: offset))
        }
        let name = try #require(
            Self.gmtRecordingZones[place.name], "\(place.name)'s recording is in GMT: name its zone")
        return try #require(TimeZone(identifier: name))
    }

    /// "Sun 05:00": the weekday and local time of `instant` in `zone`.
    static func localHeading(_ instant: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: instant)
        let day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][parts.weekday! - 1]
        return String(format: "%@ %02d:%02d", day, parts.hour!, parts.minute!)
    }

    @Test func theManifestsClockIsEachRecordingsOwnCurrentTime() throws {
        for place in try Self.places() {
            guard let forecast = place.forecast else { continue }
            #expect(try Self.currentInstant(forecast).instant == place.recorded, "\(place.name)")
        }
    }

    @Test func everyPlaceWithAForecastIsShownWithItsOwnRecordingAtItsRecordedTime() throws {
        let places = try Self.places()
        #expect(places.filter { $0.forecast != nil }.count >= 6)
        for place in places {
            guard let forecast = place.forecast else { continue }
            let server = try FixtureServer(demo: Self.manifestPath)
            let run = try demo("find \(place.name); show", server)
            #expect(run.status == 0, "\(place.name): \(run.stderr)")
            let (instant, offset) = try Self.currentInstant(forecast)
            let current = try #require((forecast["current"] ?? forecast["current_weather"]) as? [String: Any])
            let currentUnits = (forecast["current_units"] ?? forecast["current_weather_units"]) as? [String: Any]
            let temperature = try #require((current["temperature_2m"] ?? current["temperature"]) as? Double)
            let unit = (currentUnits?["temperature_2m"] ?? currentUnits?["temperature"]) as? String
            // The heading's local time is the recording's (a recording in GMT at the place's own
            // clock), and so is the current temperature.
            let zone = try Self.shownZone(place, offset: offset)
            #expect(
                run.stdout.contains(" · \(Self.localHeading(instant, zone: zone)) "), "\(place.name): \(run.stdout)")
            #expect(run.stdout.contains("\n  \(Self.celsius(temperature, unit)) °C"), "\(place.name): \(run.stdout)")
            // Today is the recording's first day: its low and high.
            let daily = try #require(forecast["daily"] as? [String: Any])
            let dailyUnit = (forecast["daily_units"] as? [String: Any])?["temperature_2m_max"] as? String
            let low = try #require((daily["temperature_2m_min"] as? [Double])?.first)
            let high = try #require((daily["temperature_2m_max"] as? [Double])?.first)
            #expect(
                run.stdout.contains("today \(Self.celsius(low, dailyUnit)) … \(Self.celsius(high, dailyUnit)) °C"),
                "\(place.name)")
            #expect(!run.stdout.contains("not now") && !run.stdout.contains("does not cover"), "\(place.name)")
            // Every request was about this place.
            for request in try server.requests() {
                let lat = Double(request.query["latitude"] ?? request.query["lat"] ?? "")
                if let lat { #expect(abs(lat - place.latitude) < 0.5, "\(place.name): \(request.raw_query)") }
            }
        }
    }

    @Test func aPlaceTheDemoDoesNotKnowIsRefusedByNameWithoutARequest() throws {
        let names = try Self.places().map(\.name).joined(separator: ", ")
        let server = try FixtureServer(demo: Self.manifestPath)
        for (command, named) in [
            ("find London", "London"), ("show Paris", "Paris"), ("past 2025-07-01 Rome", "Rome"),
            ("find 51.5,-0.12", "51.5000°N 0.1200°W"), ("find id:2950159", "id:2950159"),
        ] {
            let run = try demo(command, server)
            #expect(run.status == 1, "\(command)")
            #expect(run.stderr == "error: the demo has no recording for \(named) — it knows: \(names)\n", "\(command)")
            #expect(run.stdout == "")
        }
        #expect(try server.requests().isEmpty)
    }

    @Test func comparedPlacesEachShowTheirOwnRecordedToday() throws {
        let places = try Self.places().filter { $0.forecast != nil && $0.name != "Denver" }.prefix(3)
        let server = try FixtureServer(demo: Self.manifestPath)
        let home = TemporaryFolder()
        let run = try demo(
            places.map { "find \($0.name); fav" }.joined(separator: "; ") + "; compare", server, home: home)
        #expect(run.status == 0, "\(run.stderr)")
        for place in places {
            let daily = try #require(place.forecast?["daily"] as? [String: Any])
            let low = try #require((daily["temperature_2m_min"] as? [Double])?.first)
            let high = try #require((daily["temperature_2m_max"] as? [Double])?.first)
            // Each row's "today" is the place's first recorded day, not the day of another's clock.
            let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("  \(place.name) ") }
            #expect(row?.contains(String(format: "%.1f … %.1f", low, high)) == true, "\(place.name): \(run.stdout)")
        }
    }

    @Test func hamburgHasItsPastNormalsAndWarningAndSaysWhatItHasNoRecordingOf() throws {
        let places = try Self.places()
        let hamburg = try #require(places.first { $0.name == "Hamburg" })
        let server = try FixtureServer(demo: Self.manifestPath)
        let home = TemporaryFolder()
        let body = try JSONSerialization.jsonObject(
            with: TestPaths.fixture("open-meteo-archive/hamburg-2024-07-14-hourly-daily.json"))
        let day = try #require(body as? [String: Any])
        let high = try #require(((day["daily"] as? [String: Any])?["temperature_2m_max"] as? [Double])?.first)
        // One line of commands, as typed at the prompt: one failing does not stop the next.
        let run = try demo(
            "find Hamburg; past 2024-07-14; past yesterday; warnings; show; past 2025-07-01..2025-07-05; air", server,
            home: home)
        #expect(run.status == 1)
        #expect(run.stdout.contains("Hamburg, Deutschland · Sun 14 Jul 2024\n"))
        #expect(run.stdout.contains("high \(String(format: "%.1f", high)) °C"))
        // Yesterday is the day before the recorded time (27 July 2025).
        #expect(ISO8601DateFormatter().string(from: hamburg.recorded).hasPrefix("2025-07-27"))
        #expect(run.stdout.contains("\nHamburg, Deutschland · Sat 26 Jul 2025\n"))
        #expect(run.stdout.contains("Wind gusts"))
        // What Hamburg has no recording of is said in the demo's words, naming what it has and
        // which places have that; the days the manifest has no recording of (the server's
        // refusal, a fallback) too, not as a service's HTTP 404.
        #expect(
            run.stderr.split(separator: "\n") == [
                "error: the demo has no recording of the forecast for Hamburg — it has: past weather, climate normals, warnings (the forecast: Berlin, Delhi, Denver, Kochi, Munich, New York)",
                "error: the demo has no recording of past weather for Hamburg on those days (it has 2024-07-14, 2025-07-20..2025-07-26)",
                "error: the demo has no recording of air quality for Hamburg — it has: past weather, climate normals, warnings (air quality: Enschede)",
            ], "\(run.stderr)")
    }

    /// Trial 4, item 5: Hamburg has no forecast; its days are counted on its own recorded
    /// instant whichever place was shown before (Kochi's clock is 2023), not the last one's.
    @Test func pastOfAPlaceWithoutAForecastUsesItsOwnClockAfterAnotherPlace() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo(
            "past 2025-07-20..2025-07-22 Hamburg; show Kochi; past 2025-07-20..2025-07-22 Hamburg", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        // Each view names the day in its heading and its row: the same twice.
        #expect(run.stdout.components(separatedBy: "Sun 20 Jul").count - 1 == 4)
    }

    /// `past` for a place before any `find`, and after another place: days counted on the
    /// place's own recorded clock either way, with no lookup before the days are checked.
    @Test func pastOfAPlaceBeforeAnyFindAndAfterAnotherPlaceIsTheSameDay() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let alone = try demo("past -3 Hamburg", server)
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout.hasPrefix("Hamburg, Deutschland · Thu 24 Jul 2025\n"), "\(alone.stdout)")
        let after = try demo("show Kochi; past -3 Hamburg", server)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.hasSuffix(alone.stdout), "\(after.stdout)")
    }

    /// `drift` and `skill` checked their days on the clock of the place shown before (Kochi,
    /// 2023-10-06, before the runs begin): "none for 2023-10-07" for Berlin's tomorrow.
    @Test func driftAndSkillAfterAnotherPlaceCountDaysOnTheirOwnPlacesClock() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("show Kochi; drift tomorrow Berlin; skill Berlin", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout.contains("Berlin, Deutschland · Mon 28 Jul (tomorrow), run by run\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("  Mon 23 Jun 2025 to Tue 22 Jul 2025, ending 5 days before today (UTC);"),
            "\(run.stdout)")
    }

    /// Trial 4, item 6: a view the demo's recording has no block for is the demo's refusal,
    /// naming the view it has, not a service's fault.
    @Test func aViewTheRecordingHasNoBlockForIsTheDemosRefusal() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("hourly 3 Kochi; hourly 3 Denver", server)
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "error: the demo’s recording of Kochi has no hourly forecast — try “daily Kochi”",
                "error: the demo’s recording of Denver has no hourly forecast — try “daily Denver”",
            ], "\(run.stderr)")
    }

    @Test func aPlaceWithAnAirRecordingShowsItsOwnIndex() throws {
        let places = try Self.places().filter { $0.file("/v1/air-quality") != nil }
        #expect(!places.isEmpty)
        for place in places {
            let current = try #require(place.file("/v1/air-quality")?["current"] as? [String: Any])
            let european = try #require(current["european_aqi"] as? Int)
            let us = try #require(current["us_aqi"] as? Int)
            let server = try FixtureServer(demo: Self.manifestPath)
            let run = try demo("find \(place.name); air", server)
            #expect(run.status == 0, "\(place.name): \(run.stderr)")
            #expect(run.stdout.contains("European AQI \(european) "), "\(run.stdout)")
            #expect(run.stdout.contains("US AQI \(us) "), "\(run.stdout)")
        }
    }

    @Test func aDemoManifestThatCannotBeReadIsAUsageErrorBeforeAnyRequest() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let home = TemporaryFolder()
        let run = try runWX(
            ["-c", "find Berlin"], home: home, server: server, environment: ["WX_DEMO": home.path + "/none.json"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "wx: WX_DEMO must name a demo manifest such as Fixtures/demo/places.json, not “\(home.path)/none.json”\n"
        )
        #expect(try server.requests().isEmpty)
    }

    /// `save` keeps the last weather shown at its own place's recorded time, not at the time of a
    /// place found since.
    @Test func saveKeepsTheWeatherShownAtItsOwnRecordedTime() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        // Trial 8: not right after finding another place (that saved Berlin's silently).
        let run = try demo("find Berlin; show; find Munich; save; find Berlin; save; saved 1", server)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "error: the last weather shown is Berlin’s, not München’s: “show” first to save München’s\n"),
            "\(run.stderr)")
        #expect(run.stdout.contains("\nsnapshot 1 saved: Berlin 16.5 °C, 0 %, 0.0 mm at 2025-07-27 05:00\n"))
        // Its weather is Berlin's at Berlin's recorded time (not Munich's, February 2026), with
        // Berlin's days kept; when it was saved is the real clock's, as every record's `ts`.
        #expect(run.stdout.contains("\n  data time     2025-07-27 "), "\(run.stdout)")
        #expect(!run.stdout.contains("saved at      2025-07-27"), "\(run.stdout)")
        #expect(!run.stdout.contains("saved at      2026-02"), "\(run.stdout)")
        #expect(!run.stdout.contains("no forecast days were kept"))
    }

    /// The demo's recorded clock sets the weather's "now" only: history times run forward on the
    /// real clock (they jumped back to each place's recording), and a state.plist set aside is
    /// named with the real time (it was named with the demo's date).
    @Test func whatWxRecordsInTheDemoKeepsTheRealClock() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let home = TemporaryFolder()
        try Data("not a plist".utf8).write(to: URL(fileURLWithPath: home.path + "/state.plist"))
        let before = Date().addingTimeInterval(-1)
        let run = try runWX(
            stdin: "find New York\nshow\nfind Berlin\nshow\nfavs\n", home: home, server: server,
            environment: ["WX_DEMO": Self.manifestPath])
        let after = Date().addingTimeInterval(1)
        #expect(run.stdout.contains("Berlin"), "\(run.stderr)")
        let formatter = ISO8601DateFormatter()
        let times = home.text("log.jsonl").split(separator: "\n").compactMap { line -> Date? in
            guard let range = line.range(of: #""ts":""#) else { return nil }
            return formatter.date(from: String(line[range.upperBound...].prefix(20)))
        }
        // Five commands and the looks of the two `show`s (kept for `changed`).
        #expect(times.count == 7, "\(home.text("log.jsonl"))")
        #expect(times.allSatisfy { $0 >= before && $0 <= after }, "\(times)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.hasPrefix("state.plist.corrupt-")
        }
        #expect(aside.count == 1)
        let year = Calendar(identifier: .gregorian).component(.year, from: before)
        #expect(aside.first?.hasPrefix("state.plist.corrupt-\(year)") == true, "\(aside)")
    }

    /// A command about a kind of answer the place has no recording of is refused in the demo's
    /// words before any request: the only request is `find`'s search. (Berlin's ensemble,
    /// models, earlier runs, past days and normals: DemoEndToEndTests+Berlin.)
    @Test func berlinHasNoAirOrWarningRecordingAndSaysSoWithoutARequest() throws {
        let has =
            "the forecast, past weather, climate normals, an ensemble forecast, other models’ forecasts, earlier forecast runs"
        for (command, kind, having) in [("air", "air quality", "Enschede"), ("warnings", "warnings", "Hamburg")] {
            try expectDemoRefusal(
                "find Berlin; \(command)",
                "the demo has no recording of \(kind) for Berlin — it has: \(has) (\(kind): \(having))",
                askedOnly: ["/search"])
        }
    }

    /// `show` for a place with no warnings recorded says nothing about warnings: no "could not be
    /// fetched" line, no request to a warning feed; nor does `compare`.
    @Test func showForAPlaceWithNoWarningsRecordedHasNoWarningFailure() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find Berlin; show; fav; find New York; show; fav; compare", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "", "\(run.stderr)")
        #expect(run.stdout.contains("Berlin, Deutschland · Sun 05:00 CEST"))
        #expect(try server.requests().allSatisfy { $0.path == "/search" || $0.path == "/v1/forecast" })
    }

    /// `compare` with a favorite whose forecast the demo has not recorded: the others are
    /// compared, that one is named with what the demo has, and no request asks for it.
    @Test func compareNamesAFavoriteWithNoForecastRecordedAndComparesTheRest() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let home = TemporaryFolder()
        _ = try demo("find Berlin; fav; find Enschede; fav", server, home: home)
        let run = try demo("compare", server, home: home)
        #expect(run.stdout.contains("\n  Berlin "), "\(run.stdout)")
        #expect(
            run.stderr.contains("the demo has no recording of the forecast for Enschede — it has: air quality"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("HTTP"))
    }

    /// `saved verify` checks a snapshot at its own place's clock — Berlin's later recorded
    /// instant, where its 7 days have passed — not at the clock of the place shown last, with one
    /// request to the archive for those days.
    @Test func verifyingASnapshotUsesItsOwnPlacesClock() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find Berlin; show; save; find Munich; show; saved verify", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\nBerlin (52.5170, 13.3889): 1 snapshot, 7 forecast days checked, 0 to come\n"))
        #expect(!run.stdout.contains("not available") && !run.stderr.contains("HTTP"), "\(run.stdout)")
        let archive = try server.requests().filter { $0.path == "/v1/archive" }
        #expect(archive.count == 1)
        #expect(archive.first?.query["start_date"] == "2025-07-27", "\(archive)")
        #expect(archive.first?.query["end_date"] == "2025-08-02", "\(archive)")
    }

    /// `saved N` judges a snapshot's days at its own place's clock too (trial 2, finding 16: after
    /// `show New York`, whose clock is 2026-02-06, a Berlin snapshot of 2025-07-27 said "no
    /// observed values yet" for every day and printed an archive 404): Berlin's later instant.
    @Test func openingASnapshotUsesItsOwnPlacesClock() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("show Berlin; save; show New York; saved 1", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("not passed yet"), "\(run.stdout)")
        // The recording's high beside the archive body's (the errors: DemoEndToEndTests+Verify).
        #expect(run.stdout.contains("\n  Sat 02 Aug    20.4  21.1  "), "\(run.stdout)")
        #expect(!run.stdout.contains("no observed values") && !run.stderr.contains("404"), "\(run.stderr)")
    }

    /// A request shape the manifest does not foresee (a search with another geocoder) gets the
    /// server's refusal, said in the demo's words with the way out, not as a service's HTTP 404.
    @Test func theServersFallbackRefusalReadsAsTheDemos() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("geocoder open-meteo; find Berlin", server)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: the demo has no recording of a place search for Berlin from this geocoder; “geocoder nominatim” finds the demo’s places\n"
        )
    }

    /// At a terminal the banner says it is a demo, which places it knows and when each was
    /// recorded; nothing comes before it.
    @Test func theBannerSaysWhatTheDemoKnowsAndItsClock() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let home = TemporaryFolder()
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary],
            environment: [
                "WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path, "WX_DEMO": Self.manifestPath,
            ].merging(server.environment) { $1 })
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        let screen = try terminal.screen()
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("wx ") == true && lines.first?.contains("weather at the prompt") == true)
        #expect(lines.dropFirst().first?.hasPrefix("demo: recorded answers, not today’s weather.") == true, "\(screen)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        let iso = ISO8601DateFormatter()
        let knows = screen.replacingOccurrences(of: ",\n    ", with: ", ")
        for place in try Self.places() {
            let recorded = iso.string(from: place.recorded)
            let time = "\(recorded.prefix(10)) \(recorded.dropFirst(11).prefix(5)) UTC"
            #expect(knows.contains("\(place.name) (\(time))"), "\(screen)")
        }
        // Answers that are not recordings are said to be so, after what the place has.
        let said = screen.replacingOccurrences(of: "\n    ", with: " ")
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.manifestPath))
        let items = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["places"] as? [[String: Any]])
        let written = items.compactMap { item in (item["written"] as? String).map { (item["name"] as! String, $0) } }
        #expect(written.map(\.0) == ["Berlin", "Hamburg"])
        for (name, words) in written {
            #expect(
                said.range(of: "\(name) has [^;]*\\(([^)]*; )?\(words)\\)", options: .regularExpression) != nil,
                "\(screen)")
        }
        #expect(said.contains("try: find Berlin, then show, confidence, models, drift or skill"), "\(screen)")
        try terminal.send("C-d")
    }
}
