import Foundation
import Testing
import WeatherTestSupport

/// `best`, `chance` and `plume` (issue 35) through the built wx, libcurl and the loopback server
/// replaying the hand-written Paris ensemble (every variable, 8 days across the end of summer
/// time). The windows, counts and percentiles expected come from
/// Fixtures/open-meteo-ensemble/decisions_expected.py, which computes them from the member values
/// with code of its own; the test runs it and compares wx's --json output with what it prints.
@Suite(.tags(.endToEnd)) struct DecisionsEndToEndTests {
    /// 07:10 CEST on Fri 23 Oct 2026; the next hour is 08:00.
    static let now = "2026-10-23T05:10:00Z"
    /// The answer's place (routes.d/open-meteo-ensemble.json), reverse geocoded as Paris.
    static let paris = "48.86,2.35"

    /// decisions_expected.py's output (run once): a JSON object, a key per case.
    static let expectedText: String = {
        let run = try? runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/decisions_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        return run?.stdout ?? ""
    }()

    static var expected: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(expectedText.utf8))) as? [String: Any] ?? [:]
    }

    /// wx's documents of `type`, from one run of `commands` under --json.
    func documents(_ commands: String, type: String) throws -> [[String: Any]] {
        try Self.documents(commands).filter { $0["type"] as? String == type }
    }

    /// Every document of one run of `commands` under --json at `now`, with the fixtures'
    /// answers; the run must succeed.
    static func documents(_ commands: String) throws -> [[String: Any]] {
        let run = try runWX(["--json", "-c", commands], home: TemporaryFolder(), server: FixtureServer(), now: now)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// A best document as the script writes it: qualified, members, top starts and every window
    /// as [start, end, holding, members, member-hours holding, member-hours].
    func bestSummary(_ document: [String: Any]) -> NSDictionary {
        let windows = (document["windows"] as? [[String: Any]] ?? []).map { window -> [Any] in
            [
                window["start"] as? String ?? "", window["end"] as? String ?? "",
                window["members_holding"] as? Int ?? -1,
                window["members"] as? Int ?? -1, window["member_hours_holding"] as? Int ?? -1,
                window["member_hours"] as? Int ?? -1,
            ]
        }
        return [
            "qualified": document["qualified"] as? Bool ?? false,
            "members_with_variables": document["members_with_variables"] as? Int ?? -1,
            "top": document["top"] as? [String] ?? [], "windows": windows,
        ] as NSDictionary
    }

    @Test func bestWindowsAndTheirMemberCountsAreThoseComputedApart() throws {
        #expect(!Self.expected.isEmpty, "decisions_expected.py did not run")
        let p = Self.paris
        let cases = [
            ("best_dry_wind", "best 2h dry wind<20 \(p)"),
            // Sunday 25 October: the clocks go back, the day has 25 hours.
            ("best_dry_sunday", "best 3h dry sun \(p)"),
            ("best_walk_tomorrow", "best 2h walk tomorrow \(p)"),
            ("best_none", "best 3h temp>17 \(p)"),
            // Member 05 has no cloud cover: 50 members.
            ("best_sunny_weekend", "best 2 sunny gusts<30 weekend \(p)"),
            // A bare 12 is mph under imperial units: 19.31 km/h. Run on its own: `units` after
            // a view shows that view again (a best document more).
            ("best_imperial_wind", "units imperial; best 1h wind<12 tomorrow \(p)"),
            ("best_daylight_sunday", "best 1h daylight sun \(p)"),
        ]
        let found =
            try documents(cases.dropLast(2).map(\.1).joined(separator: "; "), type: "best")
            + documents(cases[cases.count - 2].1, type: "best") + documents(cases[cases.count - 1].1, type: "best")
        #expect(found.count == cases.count)
        for ((name, command), document) in zip(cases, found) {
            let expected = try #require(Self.expected[name] as? NSDictionary)
            #expect(bestSummary(document) == expected, "\(command)")
        }
        // The imperial limit, converted to the variable's unit, and as typed.
        let imperial = try #require((found[found.count - 2]["conditions"] as? [[String: Any]])?.first)
        #expect((imperial["limit"] as? Double).map { abs($0 - 19.312128) < 1e-6 } == true)
        // A bare number is read in the user's unit, and JSON says which (issue 35's trial: it said null).
        #expect(imperial["typed_amount"] as? Double == 12 && imperial["typed_unit"] as? String == "mph")
    }

    /// The deterministic forecast's values beside the odds (issue 35: "the deterministic
    /// forecast's values for the window are shown beside the odds"), not the control run's:
    /// at 48.85,2.35 the loopback server answers `/v1/forecast` with the hand-written Paris
    /// forecast, which ends before the members do — windows past its hours carry none.
    @Test func bestShowsTheDeterministicForecastsValuesOfEveryWindow() throws {
        let expected = try #require(Self.expected["best_forecast_values"] as? [String: [Any]])
        let server = try FixtureServer()
        let run = try runWX(
            ["--json", "-c", "best 2h dry next 7 days 48.85,2.35"], home: TemporaryFolder(), server: server,
            now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let windows = try #require(document["windows"] as? [[String: Any]])
        #expect(windows.count == expected.count)
        let keys = [
            "forecast_temperature_min_celsius", "forecast_temperature_max_celsius",
            "forecast_wind_speed_min_kilometres_per_hour", "forecast_wind_speed_max_kilometres_per_hour",
            "forecast_wind_gusts_max_kilometres_per_hour", "forecast_precipitation_sum_millimetres",
        ]
        var withValues = 0
        for window in windows {
            let start = window["start"] as? String ?? ""
            let want = try #require(expected[start], "\(start)")
            for (key, value) in zip(keys, want) {
                if let number = value as? NSNumber {
                    let got = window[key] as? Double ?? .nan
                    #expect(abs(got - number.doubleValue) < 1e-9, "\(start) \(key)")
                } else {
                    #expect(window[key] is NSNull, "\(start) \(key)")
                }
            }
            if !(window[keys[0]] is NSNull) { withValues += 1 }
        }
        // The forecast ends Thu 29 Oct 21:00 UTC: the last nine windows have none of its hours.
        #expect(withValues == windows.count - 9)
        #expect(document["forecast_end"] as? String == "2026-10-29T21:00:00Z")
        #expect(document["forecast_missing"] is NSNull)
        // One ensemble request and the forecast `show` would make; a second run within the
        // forecast's 15 minutes asks neither.
        let asked = try server.requests().map(\.path)
        #expect(asked.filter { $0 == "/v1/ensemble" }.count == 1 && asked.filter { $0 == "/v1/forecast" }.count == 1)
    }

    /// The text names the values as the forecast's, and says where its hours end; a forecast
    /// that fails leaves the odds standing and says why.
    @Test func bestSaysTheForecastsValuesAndWhenTheyAreMissing() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "best 2h dry wind<20 48.85,2.35; best 6h dry 2026-10-30 48.85,2.35"], home: home, server: server,
            now: Self.now, environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        // Fri 23 Oct 15:00–17:00 CEST (decisions_expected.py: 16.6–17.3 °C, wind 15.0–15.6
        // km/h, gusts 23.0 km/h, 0 mm), in whole degrees and km/h.
        #expect(
            run.stdout.contains(
                "Fri 23 Oct 15:00–17:00  holds in 49 of 51 members (96 %)\n    forecast · 17 °C · wind 15–16 km/h · gusts 23 km/h · 0.0 mm"
            ), "\(run.stdout)")
        #expect(!run.stdout.contains("    control run"))
        // Friday 30 October is past the forecast's last hour.
        #expect(run.stdout.contains("the forecast’s hours end Thu 29 Oct 22:00"), "\(run.stdout)")
        let failing = try runWX(
            ["-c", "best 2h dry 48.85,2.35"], home: TemporaryFolder(), server: server, now: Self.now,
            environment: ["WX_OPEN_METEO_URL": "http://127.0.0.1:9"])
        #expect(failing.status == 0, "\(failing.stderr)")
        #expect(failing.stdout.contains("holds in 49 of 51 members"), "\(failing.stdout)")
        #expect(failing.stdout.contains("the forecast’s values are left out: cannot reach"), "\(failing.stdout)")
    }

    /// `best` and `plume` say where the members end by the same last hour (the fixture's 193
    /// hours from Fri 23 Oct 00:00 CEST end Fri 30 Oct 23:00 CET): best counts the hours a
    /// window can span from the next hour (08:00 CEST, 184), plume the hourly rows it shows (185).
    @Test func bestAndPlumeSayTheMembersReachByTheSameLastHour() throws {
        let run = try runWX(
            ["-c", "plume 200 \(Self.paris); best 200h \(Self.paris)"], home: TemporaryFolder(),
            server: FixtureServer(), now: Self.now, environment: ["COLUMNS": "100"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("the members end Fri 30 Oct 23:00: 185 of the 200 hours asked"), "\(run.stdout)")
        #expect(
            run.stderr.contains("longer than the members reach: 184 hours from the next hour to Fri 30 Oct 23:00"),
            "\(run.stderr)")
    }

    @Test func chanceDaysAndHoursAreThoseComputedApart() throws {
        let found = try documents(
            "chance gusts>=60 frost snow>=1cm heat>=30 rain>=10mm/day \(Self.paris)", type: "chance")
        let thresholds = try #require(found.first?["thresholds"] as? [[String: Any]])
        let names = ["chance_gusts", "chance_frost", "chance_snow", "chance_heat", "chance_rain_day"]
        #expect(thresholds.count == names.count)
        for (name, threshold) in zip(names, thresholds) {
            let days = (threshold["days"] as? [[String: Any]] ?? []).map { day -> [Any] in
                let most = (day["most"] as? [[String: Any]] ?? []).map {
                    [$0["from"] as? String ?? "", $0["until"] as? String ?? ""]
                }
                return [
                    day["date"] as? String ?? "", day["members_reaching"] as? Int ?? -1, day["members"] as? Int ?? -1,
                    most,
                ]
            }
            #expect(days as NSArray == Self.expected[name] as? NSArray, "\(name)")
        }
    }

    @Test func plumePercentilesAreThoseComputedApart() throws {
        let found = try documents("plume gusts 24 \(Self.paris); plume \(Self.paris)", type: "plume")
        #expect(found.count == 2)
        for (name, document) in zip(["plume_gusts", "plume_temperature"], found) {
            let expected = try #require(Self.expected[name] as? [[Any]])
            let hours = try #require(document["hours"] as? [[String: Any]])
            #expect(hours.count == expected.count, "\(name)")
            for (hour, row) in zip(hours, expected) {
                #expect(hour["time"] as? String == row[0] as? String)
                for (key, index) in [("p10", 1), ("median", 2), ("p90", 3)] {
                    let got = hour[key] as? Double ?? .nan
                    let want = (row[index] as? NSNumber)?.doubleValue ?? .infinity
                    #expect(abs(got - want) < 1e-6, "\(name) \(row[0]) \(key)")
                }
                #expect(hour["members"] as? Int == row[4] as? Int)
            }
        }
    }

    /// confidence, best, chance and plume for one place within one model run: one ensemble
    /// request, asking for the union of the variables.
    @Test func everyViewOfOnePlaceSharesOneEnsembleRequest() throws {
        let server = try FixtureServer()
        let p = Self.paris
        let run = try runWX(
            ["-c", "confidence 2 \(p); best 2h ride; chance frost gusts>=60; plume rain 12; best 1h laundry sat"],
            home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let ensemble = try server.requests().filter { $0.path == "/v1/ensemble" }
        #expect(ensemble.count == 1)
        #expect(
            ensemble.first?.query["hourly"]
                == "temperature_2m,precipitation,wind_speed_10m,wind_gusts_10m,snowfall,cloud_cover")
        // best also asks the deterministic forecast for its values (once, as show would).
        #expect(try server.requests().filter { $0.path == "/v1/forecast" }.count == 1)
    }

    @Test func anUnknownConditionGetsTheClosestWordAndTheListWithoutARequest() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "best 2h dyr \(Self.paris)"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "error: unknown condition or activity “dyr”; did you mean “dry”? (conditions: dry, sunny, daylight,"),
            "\(run.stderr)")
        #expect(run.stderr.contains("activities: ride, run, walk, laundry, bbq, picnic"))
        #expect(try server.requests().isEmpty)
        let threshold = try runWX(["-c", "chance gusst>=60 \(Self.paris)"], home: TemporaryFolder(), server: server)
        #expect(threshold.status == 2)
        #expect(threshold.stderr.contains("did you mean “gusts”?"), "\(threshold.stderr)")
    }

    @Test func aContradictionOrAWindowLongerThanTheMembersIsOneLineAndFails() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // Arguments that cannot be (README's exit table: 2), refused before any request.
        let both = try runWX(
            ["-c", "best 2h temp>30 temp<10 \(Self.paris)"], home: home, server: server, now: Self.now)
        #expect(both.status == 2)
        #expect(both.stderr == "error: temp > 30 °C and temp < 10 °C cannot both hold\n")
        #expect(both.stdout == "")
        // No ensemble answer holds more than its 10 forecast days (forecast_days=10).
        let long = try runWX(["-c", "best 300h \(Self.paris)"], home: home, server: server, now: Self.now)
        #expect(long.status == 2)
        #expect(
            long.stderr == "error: a window is 1 to 240 hours, the ensemble’s 10 days; not “300h”\n", "\(long.stderr)")
        #expect(try server.requests().isEmpty)
        // Within those, a window longer than this answer's members reach is the answer's lack.
        let reach = try runWX(["-c", "best 200h \(Self.paris)"], home: home, server: server, now: Self.now)
        #expect(reach.status == 1)
        #expect(
            reach.stderr
                == "error: a 200-hour window is longer than the members reach: 184 hours from the next hour to Fri 30 Oct 23:00\n",
            "\(reach.stderr)")
        // In the other unit system: converted, and said in the user's units.
        let imperial = try runWX(
            ["--units", "imperial", "-c", "best 2h temp>30C temp<50 \(Self.paris)"], home: home, server: server,
            now: Self.now)
        #expect(imperial.status == 2)
        // A limit typed in the other units is echoed as typed, then converted (trial 58).
        #expect(
            imperial.stderr == "error: temp > 30 °C (86 °F) and temp < 50 °F cannot both hold\n", "\(imperial.stderr)")
    }

    @Test func aModelWithoutAVariableSaysSo() throws {
        // Hamburg's answer has temperature and precipitation only.
        let run = try runWX(
            ["-c", "best 2h gusts<40 Hamburg"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2026-12-01T07:10:00Z")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: the ECMWF IFS ENS answer has no gusts (wind_gusts_10m) for any member; try a condition without it\n",
            "\(run.stderr)")
    }

    /// The transcript the issue asks for, at 80 and 40 columns: every line fits, the counts are
    /// those of the separate computation, a window over the clock change is named with zones.
    @Test(arguments: [80, 40]) func theTextFitsTheWidth(_ width: Int) throws {
        let run = try runWX(
            ["-c", "best 2h dry wind<20 \(Self.paris); best 3h dry sun; chance gusts>=60 frost; plume gusts 6"],
            home: TemporaryFolder(), server: FixtureServer(), now: Self.now, environment: ["COLUMNS": String(width)])
        #expect(run.status == 0, "\(run.stderr)")
        for line in run.stdout.split(separator: "\n") {
            #expect(line.count <= width, "\(line)")
        }
        // best_dry_wind's first window: 13:00Z is 15:00 CEST, 49 of 51 members.
        #expect(run.stdout.contains("Fri 23 Oct 15:00–17:00"))
        #expect(run.stdout.contains("49 of 51 members (96 %)"))
        // Sunday's third window starts at 01:00Z: 02:00 CET, the second 02:00 of the night.
        #expect(run.stdout.contains("02:00 CET"), "\(run.stdout)")
        #expect(run.stdout.contains("21 of 51 members (41 %)"))
        // Where best looked stays whole, on the conditions' line or one of its own.
        #expect(run.stdout.contains("the next 3 days from Fri 23 Oct 08:00\n"))
        #expect(!run.stdout.contains("\n  ·\n"))
    }

    /// Every document best, chance and plume write validates against schema/wx-result.schema.json
    /// (a qualified and an unqualified best, daylight among the conditions, a model without a
    /// variable in chance, a stale answer's origin aside).
    @Test func theirDocumentsValidateAgainstTheSchema() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let p = Self.paris
        var documents = try runWX(
            [
                "--json", "-c",
                "best 2h walk tomorrow \(p); best 3h temp>17; best 1h dry; chance gusts>=60 frost rain>=10mm/day 3; plume rain 6; plume gusts 3; plume",
            ], home: home, server: server, now: Self.now
        ).stdout
        documents += try runWX(
            ["--json", "-c", "chance gusts>=60 frost 2 Hamburg"], home: home, server: server,
            now: "2026-12-01T07:10:00Z"
        ).stdout
        let file = home.path + "/documents.jsonl"
        try documents.write(toFile: file, atomically: true, encoding: .utf8)
        let check = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/scripts/validate-json.py",
                TestPaths.packageRoot.path + "/schema/wx-result.schema.json", file,
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout == "types: best chance plume\n", "\(check.stdout)")
        // Hamburg's answer has no gusts: said in the document, frost counted.
        #expect(documents.contains("\"variable_missing\":true"))
    }
}

/// Late in the evening (issue 35's trial): today is the place's day, not the next hour's.
extension DecisionsEndToEndTests {
    /// 21:30Z on Sat 24 Oct 2026 is 23:30 CEST in Paris: Saturday is today and none of its
    /// hours is left from the next hour (00:00 Sunday), so that is said, and Sunday is a whole
    /// day, not today from the next hour.
    @Test func lateInTheEveningTodayIsThePlacesDayWithNoHoursLeft() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let chance = try runWX(
            ["-c", "chance temp>=-50 2 \(Self.paris)"], home: home, server: server, now: "2026-10-24T21:30:00Z",
            environment: ["COLUMNS": "80"])
        #expect(chance.status == 0, "\(chance.stderr)")
        #expect(chance.stdout.contains("today, Sat 24 Oct, has no hours left"), "\(chance.stdout)")
        #expect(!chance.stdout.contains("Sun 25 Oct*"), "\(chance.stdout)")
        #expect(!chance.stdout.contains("today from the next hour"), "\(chance.stdout)")
        // Two days asked, two days given: from tomorrow (trial 58: Sunday alone).
        #expect(chance.stdout.contains("Sun 25 Oct "), "\(chance.stdout)")
        #expect(chance.stdout.contains("Mon 26 Oct "), "\(chance.stdout)")
        #expect(!chance.stdout.contains("of 2 asked"), "\(chance.stdout)")
        let best = try runWX(
            ["-c", "best 1h dry today \(Self.paris)"], home: home, server: server, now: "2026-10-24T21:30:00Z")
        #expect(best.status == 1)
        #expect(
            best.stderr == "error: today (Sat 24 Oct) has no hours left from the next hour; try tomorrow\n",
            "\(best.stderr)")
    }
}

/// A threshold on a variable the answer lacks (issue 35's trial): chance agrees with best and
/// plume (exit status 1, README's table: the answer cannot give what was asked).
extension DecisionsEndToEndTests {
    /// Hamburg's answer has temperature and precipitation only: gusts alone cannot be counted
    /// (exit 1, one line); gusts beside rain shows rain's days, says gusts cannot be, exits 0.
    @Test func chanceFailsOnlyWhenNoThresholdCanBeCounted() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let none = try runWX(
            ["-c", "chance gusts>=60 Hamburg"], home: home, server: server, now: "2026-12-01T07:10:00Z")
        #expect(none.status == 1)
        #expect(
            none.stderr
                == "error: the ECMWF IFS ENS answer has no gusts (wind_gusts_10m) for any member; try a threshold without it\n",
            "\(none.stderr)")
        #expect(none.stdout == "")
        let some = try runWX(
            ["-c", "chance gusts>=60 rain>=1 Hamburg"], home: home, server: server, now: "2026-12-01T07:10:00Z")
        #expect(some.status == 0, "\(some.stderr)")
        #expect(some.stdout.contains("has no gusts (wind_gusts_10m)"), "\(some.stdout)")
        #expect(some.stdout.contains("rain ≥ 1 mm in an hour"), "\(some.stdout)")
    }
}

extension DecisionsEndToEndTests {
    /// From Sat 24 Oct the Paris members (to Fri 30 Oct 23:00, the answer's last hour) cover six
    /// whole days and the seventh in part, of the eight asked: it says where their hours end, as
    /// plume does, rather than show seven days silently; the seventh is counted over the hours
    /// they cover (ChancePartDayEndToEndTests).
    @Test func chanceSaysWhereTheMembersHoursEndWhenFewerDaysThanAsked() throws {
        let run = try runWX(
            ["-c", "chance rain>=1 8 \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2026-10-24T05:10:00Z", environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.replacing(/\n +/, with: " ").contains(
                "the members’ hours end Fri 30 Oct 23:00 CET: 7 days of 8 asked; the last counted over the hours they cover"
            ), "\(run.stdout)")
    }
}

extension DecisionsEndToEndTests {
    /// One rule for limits beyond what the variable can be (records: −89.2 °C, 56.7 °C, a
    /// 408 km/h gust; rain, wind and cloud not below 0, cloud not above 100 %): a condition no
    /// value meets never holds — one line with the variable's range in the user's units, exit
    /// status 2, nothing asked. chance counts thresholds reached: below a limit only for temp.
    @Test func impossibleLimitsAreUsageErrorsBeforeAnyRequest() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let cases = [
            ("best 2h rain<-1", "rain < -1 mm never holds: precipitation is 0 mm to 2000 mm"),
            ("best 2h temp>1000", "temp > 1000 °C never holds: temperature is -90 °C to 60 °C"),
            // Issue 35's trial: wind<0 and rain<0 ran, counting nothing.
            ("best 2h wind<0", "wind < 0 km/h never holds: wind speed is 0 km/h to 410 km/h"),
            ("best 2h dry wind<-5", "wind < -5 km/h never holds: wind speed is 0 km/h to 410 km/h"),
            ("best 2h rain<0", "rain < 0 mm never holds: precipitation is 0 mm to 2000 mm"),
            ("best 2h cloud<0", "cloud < 0 % never holds: cloud cover is 0 % to 100 %"),
            ("best 2h cloud>100", "cloud > 100 % never holds: cloud cover is 0 % to 100 %"),
            ("chance gusts>=500", "gusts ≥ 500 km/h never holds: gusts is 0 km/h to 410 km/h"),
            (
                "best 2h temp>99999999999999999999",
                "“temp>99999999999999999999” never holds: the limit is beyond any temperature"
            ),
            (
                "chance rain<=5",
                "“rain<=5”: chance counts rain reaching a limit, as rain>=N; below a limit is for temp (temp<=N)"
            ),
        ]
        for (line, message) in cases {
            let run = try runWX(["-c", "\(line) \(Self.paris)"], home: home, server: server, now: Self.now)
            #expect(run.status == 2, "\(line)")
            #expect(run.stderr == "error: \(message)\n", "\(line): \(run.stderr)")
        }
        #expect(try server.requests().isEmpty)
    }
}

extension DecisionsEndToEndTests {
    /// At 40 columns every view fits (issue 35's trial): plume's table across Paris's clock
    /// change (00:00Z on Sun 25 Oct is 02:00 CEST, 01:00Z 02:00 CET), and help's synopses.
    @Test func plumeAcrossTheClockChangeAndHelpSynopsesFit40Columns() throws {
        let run = try runWX(
            [
                "-c",
                "plume 4 \(Self.paris); help best; help chance; help plume; help line; help export; help units",
            ], home: TemporaryFolder(), server: FixtureServer(), now: "2026-10-24T23:10:00Z",
            environment: ["COLUMNS": "40"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("02:00 CEST"), "\(run.stdout)")
        #expect(run.stdout.contains("02:00 CET"), "\(run.stdout)")
        // The heading keeps the variable when the place gives way.
        #expect(run.stdout.split(separator: "\n").first?.hasSuffix(" · plume of temperature") == true, "\(run.stdout)")
        for line in run.stdout.split(separator: "\n") {
            #expect(line.count <= 40, "\(line)")
        }
    }
}

extension DecisionsEndToEndTests {
    /// A window across the change of the clocks names both ends with their zone: from Sat 24 Oct
    /// 23:10Z the next hour is 23:00Z, 01:00 CEST on Sun 25 Oct, and three real hours later is
    /// 02:00Z, 03:00 CET.
    @Test func aWindowAcrossTheClockChangeNamesBothZones() throws {
        let run = try runWX(
            ["-c", "best 3h temp>-50 sun \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2026-10-24T22:10:00Z", environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Sun 25 Oct 01:00 CEST–03:00 CET"), "\(run.stdout)")
    }
}

extension DecisionsEndToEndTests {
    /// `next 10 days` on the Paris answer, which ends Fri 30 Oct 23:00 (184 hours from the next
    /// hour), says where the members' hours end rather than look through 7 days silently.
    @Test func aSpanPastTheAnswersEndSaysWhereTheMembersEnd() throws {
        let run = try runWX(
            ["-c", "best 2h dry next 10 days \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(),
            now: Self.now, environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("the members’ hours end Fri 30 Oct 23:00, before the end of the next 10 days"),
            "\(run.stdout)")
    }
}
