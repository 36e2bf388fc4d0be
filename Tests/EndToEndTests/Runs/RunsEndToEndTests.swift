import Foundation
import Testing
import WeatherTestSupport

/// `drift`, `skill` and `saved verify`'s figures per lead time through the built wx and the
/// loopback server, which replays the hand-written Previous Runs answers in
/// Fixtures/open-meteo-previous-runs under the path prefix /previous-runs (the service shares
/// /v1/forecast with the forecast API) and the hand-written archive answer for what happened.
///
/// The figures expected here are the output of Fixtures/open-meteo-previous-runs/expected.py,
/// which computes them from the fixtures without wx's code.
@Suite(.tags(.endToEnd)) struct RunsEndToEndTests {
    /// Thu 14 Aug 2025, 10:00 in Hamburg: tomorrow is Fri 15 Aug; the skill window ends on
    /// 2025-08-09 (five days before today, UTC), the archive's data on 2025-08-07.
    static let now = "2025-08-14T08:00:00Z"

    func requests(_ server: FixtureServer, _ path: String) throws -> [FixtureServer.Request] {
        try server.requests().filter { $0.path == path }
    }

    @Test func driftTomorrowShowsEachRunOldestFirstWithTheChangeInAPhrase() throws {
        let server = try FixtureServer()
        let run = try runWX(["-c", "drift tomorrow Hamburg"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        // expected.py, drift 2025-08-15: each lead's figures, run day, days ahead and bar. Lead 1
        // and lead 0 are both runs of today (Thu 14 Aug), so both 1 d ahead: no run is dated after
        // today (issue 37 item 1), lead 0 is named the newest run (trial 59: it read "0 d"), and
        // the change is over the 6 days from Fri 08 to Thu 14 Aug, not "a week".
        #expect(
            run.stdout == """
                Elbphilharmonie, Hamburg, Deutschland · Fri 15 Aug (tomorrow), run by run
                  run made     ahead  high °C  low °C     mm  high
                  Fri 08 Aug     7 d     29.4    17.0    0.0  ██████████
                  Sat 09 Aug     6 d     28.8    16.8    0.0  █████████
                  Sun 10 Aug     5 d     27.9    16.1    0.4  ████████
                  Mon 11 Aug     4 d     26.1    15.5    1.2  █████
                  Tue 12 Aug     3 d     25.0    15.0    2.5  ████
                  Wed 13 Aug     2 d     24.2    14.6    4.0  ███
                  Thu 14 Aug     1 d     23.3    14.2    6.2  █
                  Thu 14 Aug     1 d     23.0    14.0    6.5  █  newest run
                  cooling 6.4 °C in 6 days, precipitation 0.0 mm → 6.5 mm
                  from Open-Meteo’s previous runs; a run “made” about that many days before
                  the day

                """)
        // One request, to the Previous Runs API under its own base URL (a path prefix), for the
        // day with a day either side (the place's today is UTC's give or take one), every lead.
        let runs = try requests(server, "/previous-runs/v1/forecast")
        #expect(runs.count == 1)
        #expect(runs.first?.query["start_date"] == "2025-08-14" && runs.first?.query["end_date"] == "2025-08-16")
        #expect(
            runs.first?.query["hourly"]
                == "temperature_2m,temperature_2m_previous_day1,temperature_2m_previous_day2,temperature_2m_previous_day3,temperature_2m_previous_day4,temperature_2m_previous_day5,temperature_2m_previous_day6,temperature_2m_previous_day7,precipitation,precipitation_previous_day1,precipitation_previous_day2,precipitation_previous_day3,precipitation_previous_day4,precipitation_previous_day5,precipitation_previous_day6,precipitation_previous_day7"
        )
        #expect(runs.first?.query["timezone"] == "auto" && runs.first?.query["timeformat"] == "unixtime")
        #expect(try requests(server, "/v1/forecast").isEmpty)
    }

    @Test func driftOnAWeekdaySaysWhichRunsRepeatAndWhichAreNotMadeYet() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(["-c", "drift sat Hamburg"], home: home, server: server, now: Self.now)
        #expect(run.stderr == "")
        // expected.py, drift 2025-08-16: lead 7 = lead 6 (repeated); no run made on Fri 15 Aug
        // exists yet, so lead 1 is empty and undated; lead 0 is today's run, the newest, 2 d
        // ahead of Saturday as lead 2's (trial 59: "0 d" right under "no run 1 d ahead yet"). The change runs
        // from the oldest run of its own (6 d, Sun 10 Aug) to the newest (Thu 14 Aug): 4 days.
        #expect(
            run.stdout == """
                Elbphilharmonie, Hamburg, Deutschland · Sat 16 Aug, run by run
                  run made     ahead  high °C  low °C     mm  high
                  Sat 09 Aug     7 d     21.0    13.0    3.1  ██
                    same as 6 d (repeated by the service)
                  Sun 10 Aug     6 d     21.0    13.0    3.1  ██
                  Mon 11 Aug     5 d     22.4    13.5    2.0  ████
                  Tue 12 Aug     4 d     23.0    14.1    1.1  ██████
                  Wed 13 Aug     3 d     24.1    14.4    0.3  ███████
                  Thu 14 Aug     2 d     24.6    14.9    0.0  ████████
                  —              1 d   no run 1 d ahead yet
                  Thu 14 Aug     2 d     25.0    15.0    0.0  █████████  newest run
                  warming 4.0 °C in 4 days, precipitation 3.1 mm → 0.0 mm
                  from Open-Meteo’s previous runs; a run “made” about that many days before
                  the day

                """)
        // JSON: metric values by lead, the repeat flagged, the change in numbers.
        let json = try runWX(["--json", "-c", "drift saturday Hamburg"], home: home, server: server, now: Self.now)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(document["type"] as? String == "drift")
        #expect(document["date"] as? String == "2025-08-16")
        #expect(document["temperature_max_change_celsius"] as? Double == 4.0)
        #expect(document["change_over_days"] as? Int == 4)
        let runs = document["runs"] as! [[String: Any]]
        #expect(runs.map { $0["lead_days"] as? Int } == [7, 6, 5, 4, 3, 2, 1, 0])
        #expect(runs[0]["repeats_newer_run"] as? Bool == true && runs[0]["issued"] as? String == "2025-08-09")
        #expect(runs[5]["temperature_max_celsius"] as? Double == 24.6)
        #expect(runs[6]["temperature_max_celsius"] is NSNull)
        // No run is dated after today (2025-08-14); the row with no run that old has no date.
        #expect(
            runs.map { $0["issued"] as? String } == [
                "2025-08-09", "2025-08-10", "2025-08-11", "2025-08-12", "2025-08-13", "2025-08-14", nil, "2025-08-14",
            ])
        #expect(runs.map { $0["no_run_that_old"] as? Bool } == [false, false, false, false, false, false, true, false])
        // The second drift within the hour came from the cache.
        #expect(try requests(server, "/previous-runs/v1/forecast").count == 1)
    }

    /// The table of `skill` over the window 2025-07-11…2025-08-09 as expected.py computes it:
    /// the archive has values for 19 of its days; lead 5 starts late (18 days); lead 7 repeats
    /// lead 6 and is not scored. Rain is summed on both sides over the hours that end within the
    /// day (the archive's hourly values, not its daily sum, which takes the hours labelled
    /// 00:00–23:00): 18 days, as 2025-08-07's last hour (2025-08-08 00:00) is not in the archive.
    static let skillTable = [
        "  ahead   high: error  bias  days  low: error  bias  days  rain right  days",
        "  1 day           0.4  -0.1    19         0.4   0.0    19        89 %    18",
        "  2 days          0.6  +0.3    19         0.5  -0.2    19        61 %    18",
        "  3 days          0.9  +0.6    19         0.8  -0.3    19        83 %    18",
        "  4 days          0.8  +0.4    19         0.9  -0.3    19        61 %    18",
        "  5 days          0.8  +0.5    18         1.3   0.0    18        65 %    17",
        "  6 days          1.4  +0.5    19         1.4  -0.9    19        72 %    18",
        "  7 days   same values as 6 days (repeated by the service)",
        "  “error”: mean absolute error, °C; “bias”: forecast − observed on average;",
        "  “rain right”: rain (≥ 1 mm) or none, as forecast",
    ]

    @Test func skillScoresEachLeadAgainstTheArchiveWithOneRequestToEachAndNoneTheSameDay() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(["-c", "skill Hamburg"], home: home, server: server, now: Self.now)
        #expect(run.stderr == "")
        #expect(
            run.stdout
                == ([
                    "Elbphilharmonie, Hamburg, Deutschland · forecast skill over 30 days",
                    // Its end is counted from today in UTC, and says so (issue 37 item 4).
                    "  Fri 11 Jul 2025 to Sat 09 Aug 2025, ending 5 days before today (UTC); what",
                    "  happened: Open-Meteo’s archive (ERA5), with values for 19 of 30 days (none",
                    "  after Thu 07 Aug yet)",
                ] + Self.skillTable).joined(separator: "\n") + "\n")
        let archive = try requests(server, "/v1/archive")
        let runs = try requests(server, "/previous-runs/v1/forecast")
        #expect(archive.count == 1 && runs.count == 1)
        // Both to the day after the window: its 00:00 ends the window's last hour of
        // precipitation. The archive's hours, summed as the runs' are, not its daily sum.
        #expect(archive.first?.query["start_date"] == "2025-07-11" && archive.first?.query["end_date"] == "2025-08-10")
        #expect(archive.first?.query["hourly"] == "precipitation")
        #expect(archive.first?.query["daily"] == "temperature_2m_max,temperature_2m_min")
        #expect(runs.first?.query["start_date"] == "2025-07-11" && runs.first?.query["end_date"] == "2025-08-10")
        #expect(runs.first?.query["hourly"]?.hasPrefix("temperature_2m_previous_day1,") == true)
        #expect(runs.first?.query["hourly"]?.contains("temperature_2m,") == false)
        // Later the same day (UTC), by another wx: both answers come from the cache.
        let again = try runWX(["-c", "skill Hamburg"], home: home, server: server, now: "2025-08-14T21:59:00Z")
        #expect(again.stdout == run.stdout)
        #expect(try requests(server, "/v1/archive").count == 1)
        #expect(try requests(server, "/previous-runs/v1/forecast").count == 1)
        // The next day is another window: asked again.
        _ = try runWX(["-c", "skill Hamburg"], home: home, server: server, now: "2025-08-15T00:01:00Z")
        #expect(try requests(server, "/previous-runs/v1/forecast").count == 2)
    }

    @Test func skillOfAFavoriteOverSixtyDaysSaysHowFewDaysTheArchiveHasAndGivesJSON() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(
            ["-c", "find Hamburg; use 1; fav; fav rename Elbphilharmonie Home"], home: home, server: server,
            now: Self.now)
        let run = try runWX(["-c", "skill 60 Home"], home: home, server: server, now: Self.now)
        #expect(run.stderr == "")
        #expect(
            run.stdout
                == ([
                    "Home, Hamburg, Deutschland · forecast skill over 60 days",
                    // Its end is counted from today in UTC, and says so (issue 37 item 4).
                    "  Wed 11 Jun 2025 to Sat 09 Aug 2025, ending 5 days before today (UTC); what",
                    "  happened: Open-Meteo’s archive (ERA5), with values for 19 of 60 days (none",
                    "  after Thu 07 Aug yet)",
                ] + Self.skillTable).joined(separator: "\n") + "\n")
        let json = try runWX(["--json", "-c", "skill 60 Home"], home: home, server: server, now: Self.now)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(document["type"] as? String == "skill")
        #expect(document["days"] as? Int == 60 && document["observed_days"] as? Int == 19)
        #expect(document["archive_last_day"] as? String == "2025-08-07")
        let leads = document["leads"] as! [[String: Any]]
        #expect(leads.count == 7)
        // expected.py: lead 1 MAE 0.38, bias -0.06; lead 5 on 18 days (rain 11 of 17); lead 7
        // repeats lead 6.
        #expect(leads[0]["temperature_max_mean_absolute_error_celsius"] as? Double == 0.38)
        #expect(leads[0]["temperature_max_mean_error_celsius"] as? Double == -0.06)
        #expect(leads[4]["temperature_max_days"] as? Int == 18 && leads[4]["rain_hits"] as? Int == 11)
        #expect(leads[6]["repeats_lead_days"] as? Int == 6)
        #expect(leads[6]["temperature_max_mean_absolute_error_celsius"] is NSNull)
        #expect(leads[6]["temperature_max_days"] as? Int == 0)
        #expect(try requests(server, "/previous-runs/v1/forecast").count == 1)
    }

    @Test func skillWhenTheArchiveHasNoneOfTheWindowGivesNoFigures() throws {
        let server = try FixtureServer()
        // The archive answers with its allowed range: nothing to score against.
        try server.queue(
            .init(
                path: "/v1/archive",
                body:
                    #"{"latitude":53.54,"longitude":10.0,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","daily_units":{"time":"iso8601","temperature_2m_max":"°C"},"daily":{"time":["2025-08-08","2025-08-09"],"temperature_2m_max":[null,null],"temperature_2m_min":[null,null],"precipitation_sum":[null,null]}}"#
            ))
        let run = try runWX(["-c", "skill 2 Hamburg"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.stderr == "")
        #expect(run.stdout.contains("with values for 0 of 2 days (none yet)\n"))
        #expect(run.stdout.contains("\n  1 day    no days to score\n"))
        #expect(run.stdout.contains("\n  6 days   no days to score\n"))
        #expect(!run.stdout.contains("%"))
    }

    /// `saved verify`'s table by lead for the two Hamburg snapshots of 27 and 30 Jul 2025 (as
    /// ForecastCheckTests and the test below save them), computed by hand in the test below.
    static let verifyByLead = """
          by days ahead of the snapshot (0: its own day):
            ahead   high: error  bias  days  low: error  bias  days  rain right  days
            0 days          1.1  +1.1     1         1.3  +1.3     1       100 %     1
            1 day           0.6  -0.6     1         0.9  +0.9     1         0 %     1
            2 days          1.0  +1.0     1         0.5  +0.5     1       100 %     1
            3 days          0.9  +0.9     2         0.2  -0.2     2       100 %     2
            4 days          1.6  +1.6     2         0.4  -0.4     2       100 %     2
            5 days          0.6  -0.6     2         1.2  +1.2     2       100 %     2
            6 days          0.6  -0.6     2         0.6  +0.6     2         0 %     2
            “error”: mean absolute error, °C; “bias”: forecast − observed on average;
            “rain right”: rain (≥ 1 mm) or none, as forecast

        """

    @Test func savedVerifyGivesTheSameFiguresPerLeadTime() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(["-c", "show Hamburg; save"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        _ = try runWX(["-c", "show Hamburg; save"], home: home, server: server, now: "2025-07-30T10:10:00Z")
        let run = try runWX(["-c", "saved verify"], home: home, server: server, now: Self.now)
        #expect(run.stderr == "")
        // By hand, from `saved 1`'s rows in ForecastCheckTests (forecast − observed, high / low,
        // rain right): 27 Jul +1.1/+1.3/yes, 28 −0.6/+0.9/no, 29 +1.0/+0.5/yes, 30 +0.9/−0.2/yes,
        // 31 +1.6/−0.4/yes, 1 Aug −0.6/+1.2/yes, 2 Aug −0.6/+0.6/no. Both snapshots keep the
        // forecast made on 27 Jul (their data time), so the second adds 30 Jul … 2 Aug again at
        // leads 3 … 6.
        #expect(run.stdout.hasSuffix(Self.verifyByLead))
        let json = try runWX(["--json", "-c", "saved verify"], home: home, server: server, now: Self.now)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let place = (document["places"] as! [[String: Any]])[0]
        let leads = place["by_lead"] as! [[String: Any]]
        #expect(leads.map { $0["lead_days"] as? Int } == [0, 1, 2, 3, 4, 5, 6])
        #expect(leads[4]["temperature_max_mean_error_celsius"] as? Double == 1.6)
        #expect(leads[6]["rain_hits"] as? Int == 0 && leads[6]["rain_days"] as? Int == 2)
    }

    @Test func skillBeforeTheServiceKeptRunsScoresTheShorterWindowAndSaysSo() throws {
        let server = try FixtureServer()
        // 20 Jan 2024: 30 days ending 15 Jan would start in December 2023, before the runs.
        let run = try runWX(
            ["-c", "skill Hamburg"], home: TemporaryFolder(), server: server, now: "2024-01-20T12:00:00Z")
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland · forecast skill over 15 days\n"))
        #expect(
            run.stdout.replacingOccurrences(of: "\n  ", with: " ").contains(
                "with values for 0 of 15 days (none yet); the service keeps runs from Mon 01 Jan 2024"))
        let runs = try requests(server, "/previous-runs/v1/forecast")
        // To the day after the window (its 00:00 ends the window's last hour of precipitation).
        #expect(runs.first?.query["start_date"] == "2024-01-01" && runs.first?.query["end_date"] == "2024-01-16")
        // No day of it has both a forecast and an observation here: no figure at all.
        #expect(!run.stdout.contains("%"))
    }

    @Test func driftAndSkillRefuseDaysTheServiceCannotHave() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let early = try runWX(["-c", "drift 2023-12-31 Hamburg"], home: home, server: server, now: Self.now)
        #expect(early.status == 2)
        #expect(early.stderr == "error: Open-Meteo keeps earlier runs from 2024-01-01: none for 2023-12-31\n")
        let late = try runWX(["-c", "drift 2025-08-22 Hamburg"], home: home, server: server, now: Self.now)
        #expect(late.stderr == "error: runs reach 7 days ahead: none has forecast 2025-08-22 yet\n")
        let many = try runWX(["-c", "skill 93 Hamburg"], home: home, server: server, now: Self.now)
        #expect(many.status == 2)
        #expect(many.stderr.hasPrefix("error: the number of days is 1 to 92"))
        #expect(try server.requests().isEmpty)
    }
}

/// Issue 37 item 12 through the built wx: a count or day typed after the place gets the right
/// order back, as `hourly Berlin 6` does; the place is not found for the words as typed.
@Suite(.tags(.endToEnd)) struct ArgumentOrderEndToEndTests {
    @Test(arguments: [
        ("confidence Hamburg 3", "did you mean “confidence 3 Hamburg”?"),
        ("models Hamburg 3", "did you mean “models 3 Hamburg”?"),
        ("skill Hamburg 30", "did you mean “skill 30 Hamburg”?"),
        ("drift Hamburg tomorrow", "did you mean “drift tomorrow Hamburg”?"),
        // Thu 14 Aug 2025: last Tuesday was 12 Aug (a bare weekday means the coming one).
        ("drift last tuesday", "did you mean “drift 2025-08-12”?"),
    ])
    func theRightOrderComesBack(_ line: String, _ suggestion: String) throws {
        let run = try runWX(
            ["-c", line], home: TemporaryFolder(), server: try FixtureServer(), now: RunsEndToEndTests.now)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(suggestion), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
