import Foundation
import Testing
import WeatherTestSupport

/// `warnings`' wording in a daily user's trial, through the built wx and the loopback server.
@Suite(.tags(.endToEnd)) struct WarningsWordingEndToEndTests {
    /// At 40 columns the heading cut the place to keep the feed ("Berlin… · warnings from
    /// Bright Sky (DWD)"): the feed moves under the heading before the place is cut.
    @Test func atFortyColumnsTheFeedGivesWayBeforeThePlace() throws {
        let run = try runWX(
            ["-c", "warnings Berlin"], home: TemporaryFolder(), server: FixtureServer(), now: "2026-03-07T03:00:00Z",
            environment: ["COLUMNS": "40"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Berlin, Deutschland · warnings\n  from Bright Sky (DWD)\n"), "\(run.stdout)")
    }

    /// At 40 columns "Elbphilharmonie, Hamburg, Deutschland" (37 columns) was cut to keep
    /// " · warnings" beside it ("Elbphilharmonie, Hamburg, De… · warnings"): the place has its
    /// line whole when it fits alone, and "warnings from …" goes under it.
    @Test func aPlaceThatFitsAloneIsNotCut() throws {
        let run = try runWX(
            ["-c", "warnings Hamburg"], home: TemporaryFolder(), server: FixtureServer(), now: "2026-03-07T03:00:00Z",
            environment: ["COLUMNS": "40"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland\n  warnings from Bright Sky (DWD)\n"),
            "\(run.stdout)")
    }

    /// "Italia" is found online, at an Antarctic station in no country: wx said "try again
    /// online" as if the lookup had failed. It says what happened.
    @Test func aPlaceFoundInNoCountryIsSaidSo() throws {
        let run = try runWX(
            ["-c", "warnings Italia"], home: TemporaryFolder(), server: FixtureServer(), now: "2026-03-07T03:00:00Z")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr
                == "error: no warning feed covers Italia (62.1746°S 58.5156°W): the place lookup found it in no country (the open sea or Antarctica, say), so there is no national feed to ask\n",
            "\(run.stderr)")
    }
}
