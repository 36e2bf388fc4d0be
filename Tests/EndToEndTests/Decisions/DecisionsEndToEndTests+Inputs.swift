import Foundation
import Testing
import WeatherTestSupport

/// What a new user's trial of `best`, `chance` and `plume` found (issue 35's second trial),
/// through the built wx and the loopback server. Expected values come from
/// Fixtures/open-meteo-ensemble/decisions_expected.py; the answer with holes no member fills is
/// paris-south-…-null-hours-hand-written.json, served at 48.60,2.35.
extension DecisionsEndToEndTests {
    /// The hand-written Paris answer with holes: temperature null in every member at Fri 23 Oct
    /// 09:00 CEST, precipitation null in every member from Mon 26 Oct 20:00 CET.
    static let gaps = "48.60,2.35"

    /// Compares plume documents' hours with the script's rows ([time, p10, median, p90, members],
    /// null percentiles for an hour no member has).
    func expectPlume(_ document: [String: Any]?, _ name: String) throws {
        let expected = try #require(Self.expected[name] as? [[Any]], "\(name)")
        let hours = try #require(document?["hours"] as? [[String: Any]], "\(name)")
        #expect(hours.count == expected.count, "\(name)")
        for (hour, row) in zip(hours, expected) {
            #expect(hour["time"] as? String == row[0] as? String, "\(name)")
            for (key, index) in [("p10", 1), ("median", 2), ("p90", 3)] {
                if let want = row[index] as? NSNumber {
                    let got = hour[key] as? Double ?? .nan
                    #expect(abs(got - want.doubleValue) < 1e-6, "\(name) \(row[0]) \(key)")
                } else {
                    #expect(hour[key] is NSNull, "\(name) \(row[0]) \(key)")
                }
            }
            #expect(hour["members"] as? Int == row[4] as? Int, "\(name) \(row[0])")
        }
    }

    /// Item 1: HOURS is 1 to 240, and one hour is one row (it was "no hours left").
    @Test func plumeOfOneHourShowsOneRow() throws {
        let found = try documents("plume rain 1 48.85,2.35; plume 1 \(Self.paris)", type: "plume")
        #expect(found.count == 2)
        let rain = try #require(found.first?["hours"] as? [[String: Any]])
        let expected = try #require(Self.expected["plume_gusts"] as? [[Any]])
        #expect(rain.count == 1)
        // The first hour any plume shows: 08:00 CEST, the next hour (06:00Z).
        #expect(rain.first?["time"] as? String == expected.first?[0] as? String)
        let temperature = try #require(found.last?["hours"] as? [[String: Any]])
        let first = try #require((Self.expected["plume_temperature"] as? [[Any]])?.first)
        #expect(temperature.count == 1)
        #expect(
            (temperature.first?["median"] as? Double).map { abs($0 - ((first[2] as? Double) ?? .nan)) < 1e-6 } == true)
        let text = try runWX(
            ["-c", "plume gusts 1 \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(), now: Self.now)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Fri 08:00"), "\(text.stdout)")
    }

    /// A word plume does not know, taken as the place, says how plume reads; the hours after the
    /// place get the order back (a new user's `plume foo` said only that no place was found).
    @Test func aWordThatIsNoVariableOrPlaceSaysHowPlumeReads() throws {
        let run = try runWX(
            ["-c", "plume foo", "-c", "plume Hamburg 12", "-c", "plume gusts Hamburg 6"], home: TemporaryFolder(),
            server: FixtureServer(), now: Self.now)
        #expect(run.status != 0)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "error: no place found for “foo”; “plume” reads [temp | rain | gusts | wind] [HOURS] [place | favorite]: the variable first, as in “plume gusts 24 Berlin”",
                "error: no place found for “Hamburg 12”; did you mean “plume 12 Hamburg”?",
                "error: no place found for “Hamburg 6”; did you mean “plume gusts 6 Hamburg”?",
            ], "\(run.stderr)")
    }

    /// Item 2: an hour no member has a value for is that hour unknown ("—", 0 members), its
    /// neighbours as they are (cases OM-2, OM-4); the hours past every member's last value are
    /// not shown.
    @Test func anHourNoMemberHasIsUnknownAndItsNeighboursStand() throws {
        let found = try documents("plume 4 \(Self.gaps); plume rain 200 \(Self.gaps)", type: "plume")
        #expect(found.count == 2)
        try expectPlume(found.first, "gaps_plume_temperature")
        try expectPlume(found.last, "gaps_plume_rain")
        let text = try runWX(
            ["-c", "plume 4 \(Self.gaps)"], home: TemporaryFolder(), server: FixtureServer(), now: Self.now,
            environment: ["COLUMNS": "40"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("      09:00     —       —     —        0\n"), "\(text.stdout)")
        for line in text.stdout.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
    }

    /// Item 3: no member with values for the hours asked is said as such (from 0 members),
    /// not as a condition that holds nowhere; chance says it of the day.
    @Test func noMemberWithValuesIsSaidNotThatNothingHolds() throws {
        // The script: every window of Tuesday is counted over 0 members.
        let expected = try #require(Self.expected["gaps_best_dry_tuesday"] as? [String: Any])
        let windows = try #require(expected["windows"] as? [[Any]])
        #expect(!windows.isEmpty && windows.allSatisfy { $0[3] as? Int == 0 })
        let run = try runWX(
            ["-c", "best 2h dry tue \(Self.gaps)"], home: TemporaryFolder(), server: FixtureServer(), now: Self.now)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: no member has precipitation values for the hours of Tuesday (Tue 27 Oct 00:00 to Wed 28 Oct 00:00): from 0 members, wx cannot say whether a window holds\n",
            "\(run.stderr)")
        #expect(!run.stdout.contains("holds in any member"))
        let chance = try runWX(
            ["-c", "chance rain>=1 \(Self.gaps)"], home: TemporaryFolder(), server: FixtureServer(), now: Self.now,
            environment: ["COLUMNS": "80"])
        #expect(chance.status == 0, "\(chance.stderr)")
        let days = try #require(Self.expected["gaps_chance_rain"] as? [[Any]])
        // A day with hours no member has is counted over those some member has (trial 60: the
        // one rule `check --rain` reads such a day by); one with none held has no count.
        let held = try #require(Self.expected["gaps_chance_rain_held"] as? [[Any]])
        #expect(!held.isEmpty)
        for day in days where day[2] as? Int == 0 {
            // 2026-10-26 → "Mon 26 Oct"
            let date = try #require(day[0] as? String)
            let dayOfMonth = String(Int(date.suffix(2)) ?? 0)
            if let part = held.first(where: { $0[0] as? String == date }) {
                let (reaching, counted, hours, of) = (part[1], part[2], part[3], part[4])
                #expect(
                    chance.stdout.contains(" \(dayOfMonth) Oct  \(reaching) of \(counted) members"), "\(chance.stdout)")
                #expect(
                    chance.stdout.contains("over the \(hours) hours the ensemble covers (of \(of),"), "\(chance.stdout)"
                )
            } else {
                #expect(chance.stdout.contains(" \(dayOfMonth) Oct  no member has values that day"), "\(chance.stdout)")
            }
        }
        #expect(!chance.stdout.contains("of 0 members"), "\(chance.stdout)")
    }

    /// Item 4: sunny is of the day (the script's sunny case reads daylight), and so are ride,
    /// run and bbq: the demo's `best 2h ride tomorrow` picked 00:00–02:00.
    @Test func sunnyAndTheActivitiesOfTheDayKeepToDaylight() throws {
        let found = try documents("best 2 sunny gusts<30 weekend \(Self.paris)", type: "best")
        let document = try #require(found.first)
        #expect(bestSummary(document) == Self.expected["best_sunny_weekend"] as? NSDictionary)
        let conditions = (document["conditions"] as? [[String: Any]] ?? []).compactMap { $0["variable"] as? String }
        #expect(conditions.contains("daylight"))
        let help = try runWX(["-c", "help best"], home: TemporaryFolder(), environment: ["COLUMNS": "200"])
        // Read unwrapped: where help's lines break moves with any word added before.
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for activity in ["ride", "run", "bbq"] {
            let entry = text.components(separatedBy: "\(activity) (").dropFirst().first ?? ""
            #expect(entry.prefix { $0 != ")" }.hasSuffix("daylight"), "\(activity): \(help.stdout)")
        }
        let (run, _) = try runDemo("show Berlin; best 2h ride tomorrow")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("00:00–02:00"), "\(run.stdout)")
    }

    /// Item 10: a bare number is recorded with the unit it was read in, the user's.
    @Test func aBareNumbersUnitIsTheUsers() throws {
        let run = try runWX(
            ["--json", "--units", "imperial", "-c", "best 2h wind<12 temp>50 \(Self.paris)"], home: TemporaryFolder(),
            server: FixtureServer(), now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let units = (document["conditions"] as? [[String: Any]] ?? []).map { $0["typed_unit"] as? String }
        #expect(units == ["mph", "f"])
    }

    /// Item 11: plume of wind under `units wind bft` speaks Beaufort, as best and chance do.
    @Test func plumeOfWindFollowsBeaufort() throws {
        let run = try runWX(
            ["-c", "units wind bft; plume wind 1 \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(),
            now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wind (Bft)"), "\(run.stdout)")
        #expect(!run.stdout.contains("km/h"), "\(run.stdout)")
    }

    /// Item 12: an answer that starts after now (Hamburg's: Tue 1 Dec to Sat 5 Dec) is said by
    /// the day asked and where the members' hours start; `plume`, whose 3 hours it does not
    /// reach, refuses it as `best` does (nu60: it printed them as the next hours, under a note).
    @Test func anAnswerForLaterDaysNamesTheDayAskedAndWhereItStarts() throws {
        let run = try runWX(
            ["-c", "best 2h dry sat 53.5,10.0"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2026-10-23T10:00:00Z")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: the ECMWF IFS ENS answer covers no hour of Sat 24 Oct: the members’ hours start Tue 01 Dec 00:00\n",
            "\(run.stderr)")
        let plume = try runWX(
            ["-c", "plume 3 53.5,10.0"], home: TemporaryFolder(), server: FixtureServer(), now: "2026-10-23T10:00:00Z",
            environment: ["COLUMNS": "80"])
        #expect(plume.status == 1, "\(plume.stdout)")
        #expect(
            plume.stderr
                == "error: the ECMWF IFS ENS answer starts 2026-12-01, 39 days from today, after the next 3 hours; try again after the next run\n",
            "\(plume.stderr)")
    }

    /// A limit no value can be, on the side every value meets — a negative amount or speed, cloud
    /// cover past 0–100 %, a temperature beyond the records, a gust faster than any, a Beaufort
    /// force past 12, below absolute zero in kelvin — is a one-line usage error before any
    /// request, worded with the variable's range in the user's units as a limit no value meets
    /// is (a trial's `chance rain>=-5mm` ran and counted every member; another's `best 2h
    /// temp>-100` said "holds in 51 of 51").
    @Test func aLimitNoValueCanBeIsRefusedOnEitherSide() throws {
        let server = try FixtureServer()
        let cases = [
            ("chance rain>=-5mm 2", "rain ≥ -5 mm always holds: precipitation is 0 mm to 2000 mm"),
            ("chance rain>=-5 2", "rain ≥ -5 mm always holds: precipitation is 0 mm to 2000 mm"),
            ("chance gusts>=-1 2", "gusts ≥ -1 km/h always holds: gusts is 0 km/h to 410 km/h"),
            ("chance snow>=-2cm/day 2", "snow ≥ -2 cm always holds: snowfall is 0 cm to 200 cm"),
            ("best 2h wind>-3mph", "wind > -3 mph (about -4.8 km/h) always holds: wind speed is 0 km/h to 410 km/h"),
            ("best 2h cloud<101", "cloud < 101 % always holds: cloud cover is 0 % to 100 %"),
            ("best 2h cloud>=-10", "cloud ≥ -10 % always holds: cloud cover is 0 % to 100 %"),
            ("best 2h temp>-100", "temp > -100 °C always holds: temperature is -90 °C to 60 °C"),
            ("best 2h temp<100", "temp < 100 °C always holds: temperature is -90 °C to 60 °C"),
            ("chance temp>=-100 2", "temp ≥ -100 °C always holds: temperature is -90 °C to 60 °C"),
            ("best 2h gusts<1000", "gusts < 1000 km/h always holds: gusts is 0 km/h to 410 km/h"),
            ("best 2h wind<13bft", "wind < 13 Bft always holds: wind speed is 0 to 12 Bft"),
            (
                "units temperature kelvin; best 2h temp>−5",
                "temp > -5 K always holds: temperature is 183.2 K to 333.2 K"
            ),
            (
                "best 2h temp<99999999999999999999",
                "“temp<99999999999999999999” always holds: the limit is beyond any temperature"
            ),
        ]
        for (line, message) in cases {
            let run = try runWX(
                ["-c", "\(line) \(Self.paris)"], home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 2, "\(line)")
            // Nothing but what `units` said before it.
            #expect(run.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("units ") }, "\(line): \(run.stdout)")
            #expect(run.stderr == "error: \(message)\n", "\(line): \(run.stderr)")
        }
        #expect(try server.requests().isEmpty)
        // At the bounds, a limit is taken: rain>=0 is reached in every member.
        let edge = try runWX(
            ["-c", "chance rain>=0 2 \(Self.paris)"], home: TemporaryFolder(), server: server, now: Self.now,
            environment: ["COLUMNS": "80"])
        #expect(edge.status == 0, "\(edge.stderr)")
        #expect(edge.stdout.contains("51 of 51 members (100 %)"), "\(edge.stdout)")
        // At a bound, in any variable: taken (a value can be on either side of it or at it).
        for line in ["best 2h temp>-90", "best 2h cloud<=100", "best 2h wind<=12bft", "best 2h gusts<=410"] {
            let run = try runWX(
                ["-c", "\(line) \(Self.paris)"], home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 0, "\(line): \(run.stderr)")
        }
    }

    /// Item 7: a threshold typed twice is one block.
    @Test func aThresholdTypedTwiceIsOne() throws {
        let run = try runWX(
            ["-c", "chance frost frost 2 \(Self.paris); chance gusts>=60 gusts>=60 2 \(Self.paris)"],
            home: TemporaryFolder(), server: FixtureServer(), now: Self.now, environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "frost: the night").count == 2, "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "gusts ≥ 60 km/h in any hour").count == 2, "\(run.stdout)")
    }

    /// Item 13: an answer without the control run's keys says so, and counts the 50 perturbed
    /// members (paris-south-…-no-control-run, served at 48.50,2.35).
    @Test func aMissingControlRunIsNamed() throws {
        let run = try runWX(
            ["-c", "plume 1 48.50,2.35; chance frost 1 48.50,2.35; best 2h dry 48.50,2.35"], home: TemporaryFolder(),
            server: FixtureServer(), now: Self.now, environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let said = "ECMWF IFS ENS ensemble (Open-Meteo): the answer has no control run, so 50 of the 51 members"
        // Notes wrap at 80 columns: read with their lines joined.
        let joined = run.stdout.replacingOccurrences(of: " of\n  the", with: " of the")
        #expect(joined.components(separatedBy: said).count == 4, "\(run.stdout)")
        #expect(!run.stdout.contains("the control run one of them"))
        #expect(run.stdout.contains("0 of 50 members (0 %)"), "\(run.stdout)")
    }

    /// Item 13: at 40 columns a chance row that wraps keeps its count in the column of the
    /// others (the wrap folded the aligning spaces into one). Sun 25 Oct's gusts: 21 of 51
    /// (decisions_expected.py's chance_gusts).
    @Test func aWrappedChanceRowKeepsTheCountColumn() throws {
        let gusts = try #require(Self.expected["chance_gusts"] as? [[Any]])
        let sunday = try #require(gusts.first { $0[0] as? String == "2026-10-25" })
        let run = try runWX(
            ["-c", "chance gusts>=60 4 \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(), now: Self.now,
            environment: ["COLUMNS": "40"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("    Sat 24 Oct   0 of 51 members (0 %)\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("    Sun 25 Oct  \(sunday[1]) of \(sunday[2]) members (41 %),\n"), "\(run.stdout)")
    }

    /// A second trial: three activities at once crashed wx ("Range requires lowerBound <=
    /// upperBound", exit 132), and two gave a word the next one's conditions ("walk (…, temp >
    /// 8 °C)", laundry's): the heading cut the conditions shared once into pieces by each word's
    /// own count. Each word now says its own set (help best's table), and the run succeeds.
    @Test func activitiesTogetherEachSayTheirOwnConditions() throws {
        let run = try runWX(
            ["-c", "best 2h ride bbq picnic 48.85,2.35; best 2h ride walk laundry 48.85,2.35"],
            home: TemporaryFolder(), server: FixtureServer(), now: Self.now, environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        for expected in [
            "ride (rain < 0.1 mm, wind < 25 km/h, gusts < 45 km/h, temp > 5 °C, daylight)",
            "bbq (rain < 0.1 mm, temp > 15 °C, wind < 25 km/h, daylight)",
            "picnic (rain < 0.1 mm, temp > 16 °C, wind < 20 km/h, daylight)",
            "walk (rain < 0.5 mm, wind < 30 km/h, daylight)",
            "laundry (rain < 0.1 mm, temp > 8 °C, wind < 40 km/h, daylight)",
        ] {
            #expect(text.contains(expected), "\(expected) in \(run.stdout)")
        }
    }

    /// Under imperial units the windows are in the 12-hour clock, and so is where the span
    /// starts ("from Fri 23 Oct 8:00 am", not "08:00").
    @Test func theSpanSpeaksTheUsersClock() throws {
        let run = try runWX(
            ["-c", "units imperial; best 2h dry wind<20 48.85,2.35"], home: TemporaryFolder(),
            server: FixtureServer(), now: Self.now, environment: ["COLUMNS": "100"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("the next 3 days from Fri 23 Oct 8:00 am"), "\(run.stdout)")
    }

    /// A re-trial: an answer that starts after the next hour (the members begin Fri 23 Oct
    /// 00:00; it is Thu 22 Oct 12:10) counted Thursday from the one hour it covers ("Thu 22
    /// Oct* 49 of 51 members" for gusts, "0 of 51" for rain). A day or night the members do not
    /// cover whole is not counted, and where their hours start is said.
    @Test func chanceCountsNoDayTheMembersDoNotCoverFromItsStart() throws {
        let run = try runWX(
            ["-c", "chance gusts>=10 rain>=1 frost 2 48.85,2.35"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2026-10-22T10:10:00Z", environment: ["COLUMNS": "100"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("Thu 22 Oct"), "\(run.stdout)")
        #expect(run.stdout.contains("the members’ hours start Fri 23 Oct 00:00, after the next hour"), "\(run.stdout)")
        #expect(!run.stdout.contains("the members’ hours end"), "\(run.stdout)")
    }
}
