import Foundation
import Testing
import WeatherTestSupport

/// `confidence` counts a day as `chance` does — the place's own calendar day, its times at the
/// place's clock with the zone — and `chance` and `best` say the members they count. Expected
/// values from Fixtures/open-meteo-ensemble/confidence_days_expected.py.
@Suite(.tags(.endToEnd)) struct EnsembleDaysEndToEndTests {
    @Test func confidenceAndChanceCountBerlinsOwnDays() throws {
        // The demo's Berlin ensemble came in GMT; its days are Berlin's (CEST).
        // 8 days asked, 7 in the answer from today: the note says where its hours end.
        let (run, _) = try runDemo("find Berlin; confidence 8; chance rain>=1mm/day 7")
        #expect(run.status == 0, "\(run.stderr)")
        // The script: Mon 28 Jul's Berlin-day low 17.3 (16.7 to 17.8); the UTC day's was 17.1.
        #expect(
            run.stdout.contains(
                "  Mon 28 Jul  high 21.9 °C (21.3 to 22.6)  low 17.3 °C (16.7 to 17.8)\n"
                    + "              confident · rain ≥ 1 mm over the day: 8 of 51 members (16 %)\n"), "\(run.stdout)"
        )
        // Sat 02 Aug is whole at Berlin's clock (its hours end Sun 01:00 CEST): 35 of 51, as chance.
        #expect(
            run.stdout.contains(
                "  Sat 02 Aug  high 20.4 °C (18.7 to 22.7)  low 16.1 °C (14.1 to 17.8)\n"
                    + "              fairly sure · rain ≥ 1 mm over the day: 35 of 51 members (69 %)\n"),
            "\(run.stdout)")
        #expect(run.stdout.contains("    Sat 02 Aug  35 of 51 members (69 %)"))
        // Today (Sun 27 Jul) from the next hour, 05:00, as chance counts it (the script's
        // `rest_of_today`: high 24.1 (23.7 to 24.5), low 16.3 (16.0 to 16.5), 7 of 51).
        #expect(
            run.stdout.contains(
                "  Sun 27 Jul  high 24.1 °C (23.7 to 24.5)  low 16.3 °C (16.0 to 16.5)\n"
                    + "              confident · rest of today from 05:00 · rain ≥ 1 mm over the day:\n"
                    + "              7 of 51 members (14 %)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("    Sun 27 Jul*  7 of 51 members (14 %)"))
        #expect(run.stdout.contains("the ensemble’s hours end Sun 03 Aug 01:00 CEST;"))
    }

    @Test func confidenceSaysNewYorksDaysAndEndAtItsClock() throws {
        // 22:00 EST on Monday 30 November: the answer (in GMT) starts at 19:00 EST that day.
        let server = try FixtureServer()
        let now = "2026-12-01T03:00:00Z"
        let run = try runWX(["-c", "confidence 40.75,-74.0"], home: TemporaryFolder(), server: server, now: now)
        #expect(run.status == 0, "\(run.stderr)")
        // The script: Mon 30 Nov is not whole; Tue 01 Dec (EST) high 13.0 (10.6 to 15.4), low 7.0
        // (4.6 to 9.4), 0 of 31 wet; the last hour Wed 02 Dec 18:00 EST.
        #expect(
            run.stdout.contains(
                "  Tue 01 Dec  high 13.0 °C (10.6 to 15.4)  low 7.0 °C (4.6 to 9.4)  fairly sure\n"
                    + "              rain ≥ 1 mm over the day: 0 of 31 members (0 %)\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("Wed 02 Dec  high"))
        #expect(run.stdout.contains("the ensemble’s hours end Wed 02 Dec 18:00 EST;"), "\(run.stdout)")
        let chance = try runWX(
            ["-c", "chance rain>=1mm/day 40.75,-74.0"], home: TemporaryFolder(), server: server, now: now)
        #expect(chance.stdout.contains("the members’ hours end Wed 02 Dec 18:00 EST:"), "\(chance.stdout)")
    }

    @Test func chanceAndBestSayTheMembersTheyCount() throws {
        // The New York answer has 31 of ECMWF's 51 members (the script counts them).
        let server = try FixtureServer()
        let now = "2026-12-01T03:00:00Z"
        for command in ["chance rain>=1mm/day 40.75,-74.0", "best 3h dry 40.75,-74.0"] {
            let run = try runWX(["-c", command], home: TemporaryFolder(), server: server, now: now)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(
                run.stdout.contains(
                    "  ECMWF IFS ENS ensemble (Open-Meteo): 31 of the model’s 51 members in the\n"
                        + "  answer, the control run one of them\n"), "\(command): \(run.stdout)")
            #expect(!run.stdout.contains("51 members, the control run one of them"), "\(command)")
        }
    }
}
