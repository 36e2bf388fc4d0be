import Foundation
import Testing
import WeatherTestSupport

/// `confidence` through the built wx, libcurl and the loopback server replaying the hand-written
/// ensemble answers of Fixtures/open-meteo-ensemble. The figures are those its generate.py
/// prints (its own percentile code), pasted here.
@Suite(.tags(.endToEnd)) struct EnsembleEndToEndTests {
    /// 07:10 UTC: the ensemble's next run starts at 12:00 UTC.
    static let now = "2026-12-01T07:10:00Z"

    func requests(_ server: FixtureServer, _ path: String) throws -> [FixtureServer.Request] {
        try server.requests().filter { $0.path == path }
    }

    /// Today's row is the rest of today from the next hour (09:00 CET): its figures from
    /// Fixtures/open-meteo-ensemble/confidence_days_expected.py (`rest_of_today`), the later
    /// days' from generate.py.
    @Test func confidenceShowsEachDaysRangeAndChanceWithTheMembersItComesFrom() throws {
        let server = try FixtureServer()
        let run = try runWX(["-c", "confidence Hamburg"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                Elbphilharmonie, Hamburg, Deutschland · how sure the forecast is
                  ECMWF IFS ENS ensemble, 51 members (Open-Meteo); ranges are the 10th to 90th
                  percentile of the members
                  Tue 01 Dec  high 7.0 °C (6.6 to 7.4)    low 1.0 °C (0.6 to 1.4)    confident
                              rest of today from 09:00 · rain ≥ 1 mm over the day:
                              5 of 51 members (10 %)
                  Wed 02 Dec  high 9.0 °C (8.0 to 9.9)    low 1.0 °C (0.0 to 1.9)    uncertain
                              rain ≥ 1 mm over the day: 19 of 51 members (37 %) · temperature
                              from 50 members
                  Thu 03 Dec  high 6.0 °C (4.0 to 8.0)    low -2.0 °C (-4.0 to 0.0)  fairly sure
                              rain ≥ 1 mm over the day: 40 of 51 members (78 %)
                  Fri 04 Dec  high 10.1 °C (6.7 to 13.3)  low 2.1 °C (-1.3 to 5.3)   uncertain
                              rain ≥ 1 mm over the day: 1 of 46 members (2 %)
                  Wed 02 Dec: temperature from 50 of 51 members (the others lack a temperature
                  for part of the day)
                  Fri 04 Dec: 46 of 51 members (the others lack values for part of the day, and
                  their rain is under 1 mm in the hours they have)
                  the ensemble’s hours end Sat 05 Dec 11:00 CET; a day is shown only when the
                  members cover all of it

                """)
        let ensemble = try requests(server, "/v1/ensemble")
        #expect(ensemble.count == 1)
        #expect(ensemble.first?.query["models"] == "ecmwf_ifs025")
        // The union of what every ensemble view reads (issue 35): one answer serves them all.
        #expect(
            ensemble.first?.query["hourly"]
                == "temperature_2m,precipitation,wind_speed_10m,wind_gusts_10m,snowfall,cloud_cover")
        #expect(try requests(server, "/v1/forecast").isEmpty)
    }

    @Test func aSecondConfidenceWithinOneModelRunMakesNoRequestTheNextRunDoes() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: Self.now)
        let again = try runWX(["-c", "confidence 2 Hamburg"], home: home, server: server, now: "2026-12-01T11:59:00Z")
        #expect(again.status == 0)
        #expect(again.stdout.contains("rain ≥ 1 mm over the day: 19 of 51 members (37 %)"))
        // README's example: two days leave room for the word on the day's row.
        #expect(
            again.stdout.contains(
                """
                  Tue 01 Dec  high 7.0 °C (6.6 to 7.4)  low 1.0 °C (0.6 to 1.4)  confident
                              rest of today from 13:00 · rain ≥ 1 mm over the day:
                              2 of 51 members (4 %)
                  Wed 02 Dec  high 9.0 °C (8.0 to 9.9)  low 1.0 °C (0.0 to 1.9)  uncertain
                              rain ≥ 1 mm over the day: 19 of 51 members (37 %) · temperature
                              from 50 members

                """), "\(again.stdout)")
        #expect(try requests(server, "/v1/ensemble").count == 1)
        let nextRun = try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: "2026-12-01T12:00:00Z")
        #expect(nextRun.status == 0)
        #expect(try requests(server, "/v1/ensemble").count == 2)
    }

    /// Trial 9: `show` grew an ensemble line once `confidence` had run. The same `show` gives
    /// the same lines before and after, and never asks for the ensemble.
    @Test func showIsTheSameBeforeAndAfterConfidenceAndNeverAsksForTheEnsemble() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let plain = try runWX(["-c", "show Hamburg"], home: home, server: server, now: Self.now)
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains("members"))
        #expect(plain.stdout.hasSuffix("“confidence” (how sure)\n"))
        #expect(try requests(server, "/v1/ensemble").isEmpty)
        let run = try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: Self.now)
        #expect(run.status == 0)
        let after = try runWX(["-c", "show Hamburg"], home: home, server: server, now: Self.now)
        #expect(after.stdout == plain.stdout)
        // One ensemble request (by confidence); show asked for none.
        #expect(try requests(server, "/v1/ensemble").count == 1)
    }

    @Test func jsonCarriesTheSameNumbers() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["--json", "-c", "spread 2 Hamburg"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "confidence")
        #expect(document["model"] as? String == "ecmwf_ifs025")
        #expect(document["temperature_members"] as? Int == 51)
        #expect(document["percentile_method"] as? String == "linear")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.count == 2)
        let second = days[1]
        #expect(second["date"] as? String == "2026-12-02")
        #expect(second["rain_members"] as? Int == 19)
        #expect(second["rain_of_members"] as? Int == 51)
        let high = try #require(second["temperature_max_celsius"] as? [String: Any])
        #expect((high["p10"] as? Double).map { abs($0 - 8.0) < 1e-9 } == true)
        #expect((high["median"] as? Double).map { abs($0 - 9.0) < 1e-9 } == true)
        #expect((high["p90"] as? Double).map { abs($0 - 9.91) < 1e-9 } == true)
        #expect(high["members"] as? Int == 50)
    }

    @Test func oddMembersAreSaidAndTheRestShown() throws {
        let server = try FixtureServer()
        // Berlin's coordinates get the answer with odd members (routes.d/open-meteo-ensemble.json).
        let run = try runWX(
            ["-c", "confidence 52.52,13.41"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0)
        #expect(run.stdout.contains("  ECMWF IFS ENS ensemble, 5 members (Open-Meteo)"))
        // The answer came in GMT: its days are Berlin's (CET); Tue 01 Dec, from 01:00 CET, is
        // not whole, but today is counted from the next hour (09:00), as `chance` counts it.
        // Fixtures/open-meteo-ensemble/confidence_days_expected.py: today high 7.5 (5.9 to
        // 10.1), low 4.0 (2.4 to 6.6), 0 of 4 wet; Wed 02 Dec high 7.25 (6.05 to 9.85), low 1.5
        // (0.3 to 4.1), 0 of 4 wet.
        #expect(
            run.stdout.contains("  Tue 01 Dec  high 7.5 °C (5.9 to 10.1)  low 4.0 °C (2.4 to 6.6)  fairly sure\n"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains("rest of today from 09:00 · rain ≥ 1 mm over the day:\n              0 of 4 members"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "  Wed 02 Dec  high 7.3 °C (6.1 to 9.9)   low 1.5 °C (0.3 to 4.1)  fairly sure\n              rain ≥ 1 mm over the day: 0 of 4 members (0 %)\n"
            ), "\(run.stdout)")
        #expect(run.stdout.contains("the answer has 5 of the model’s 51 members with temperature"))
        #expect(run.stdout.contains("1 member without any temperature value left out"))
        #expect(run.stdout.contains("(relative_humidity_2m_member03)"), "\(run.stdout)")
        #expect(run.stdout.contains("4 of the model’s 51 members with precipitation"))
    }

    @Test func anErrorBodyIsOneLineAndNothingIsShown() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/ensemble", status: 400, file: "open-meteo-ensemble/error-400-unknown-model-hand-written.json"
            ))
        let run = try runWX(["-c", "confidence Hamburg"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("error: Open-Meteo ensemble"))
        #expect(run.stderr.contains("Cannot initialize EnsembleMultiDomains"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}

/// `models` through the built wx and the loopback server (Fixtures/open-meteo-models).
@Suite(.tags(.endToEnd)) struct ModelsEndToEndTests {
    @Test func fourModelsSideBySideFromOneRequestWithTheDisagreementsMarked() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(
            ["-c", "models 4 Hamburg; models 2"], home: home, server: server, now: EnsembleEndToEndTests.now)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout.hasPrefix(
                """
                Elbphilharmonie, Hamburg, Deutschland · 4 models side by side
                  low/high (°C) and precipitation (mm) per model, from Open-Meteo’s forecast API
                  day             ECMWF IFS        NOAA GFS        DWD ICON         CMC GEM
                  Tue 01 Dec  -1.0/7.0  0.0   -0.5/7.4  0.1   -1.2/6.8  0.0    0.1/7.9  0.0
                  Wed 02 Dec   1.0/9.0  3.2    0.2/8.1  0.0    1.5/9.4  2.1    0.9/8.7  0.6
                              ⚑ disagree on rain (ECMWF IFS 3.2 mm wet, NOAA GFS 0.0 mm dry,
                              DWD ICON 2.1 mm wet, CMC GEM 0.6 mm)
                  Thu 03 Dec  -2.0/6.0  4.0   1.0/10.5  5.5   -2.5/5.8  3.1   -1.0/7.0  6.2
                              ⚑ disagree on the high, by 4.7 °C
                  Fri 04 Dec  2.0/10.0  0.0    0.5/6.5  1.4   3.0/11.2  0.1    2.2/9.9  0.0
                              ⚑ disagree on rain (ECMWF IFS 0.0 mm dry, NOAA GFS 1.4 mm wet,
                              DWD ICON 0.1 mm dry, CMC GEM 0.0 mm dry); the high, by 4.7 °C
                  dry: under 0.2 mm · wet: 1 mm or more · the high: more than 3.0 °C apart
                Elbphilharmonie
                """))
        let forecast = try server.requests().filter { $0.path == "/v1/forecast" }
        #expect(forecast.count == 1)
        #expect(forecast.first?.query["models"] == "ecmwf_ifs025,gfs_seamless,icon_seamless,gem_seamless")
    }

    @Test func jsonSaysWhichDaysDisagree() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["--json", "-c", "models Hamburg"], home: TemporaryFolder(), server: server,
            now: EnsembleEndToEndTests.now)
        #expect(run.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "models")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["disagree_rain"] as? Bool } == [false, true, false, true, false, false, false])
        #expect(days.map { $0["disagree_high"] as? Bool } == [false, false, true, true, false, false, false])
        let models = try #require(days[1]["models"] as? [String: [String: Any]])
        #expect(models["icon_seamless"]?["precipitation_sum_millimetres"] as? Double == 2.1)
        #expect(models["gem_seamless"]?["temperature_max_celsius"] as? Double == 8.7)
    }
}
