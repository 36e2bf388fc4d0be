import Foundation
import Testing
import WeatherTestSupport

/// Trial 15 (a fresh user's first hour, README only), through the built wx and the loopback
/// server: settings a run gives for itself, and the exit status of the same cause.
@Suite(.tags(.endToEnd)) struct SettingsFindingsEndToEndTests {
    static let now = "2025-07-27T03:10:00Z"

    func forecastServer() throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/v1/forecast", file: "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json"))
        return server
    }

    /// The man page's "in imperial units" example (`wx -c "units imperial; rain Hamburg"`) saved
    /// the units for every later session; `--units` gives them to one run and saves nothing.
    @Test func unitsForOneRunLeaveTheSavedUnitsAsTheyAre() throws {
        let home = TemporaryFolder()
        let imperial = try runWX(
            ["--units", "imperial", "show", "52.52,13.41"], home: home, server: try forecastServer(), now: Self.now)
        #expect(imperial.status == 0, "\(imperial.stderr)")
        #expect(imperial.stdout.contains(" °F, feels like "), "\(imperial.stdout)")
        let after = try runWX(["units"], home: home)
        #expect(after.stdout == "units metric: °C, km/h, mm, hPa, km, 24h clock\n")
        // After the command's words too, and `=`.
        let late = try runWX(["units", "--units=imperial"], home: home)
        #expect(late.stdout == "units imperial: °F, mph, in, inHg, mi, 12h clock\n", "\(late.stderr)")
        // A units command in such a run saves its choice, as it always does.
        _ = try runWX(["--units", "imperial", "-c", "units metric; units precipitation inch"], home: home)
        #expect(
            try runWX(["units"], home: home).stdout.hasPrefix(
                "units metric (precipitation changed): °C, km/h, in, "))
    }

    @Test func unitsForOneRunTakeOnlyAPreset() throws {
        let result = try runWX(["--units", "kelvin", "units"], home: TemporaryFolder())
        #expect(result.status == 2)
        #expect(result.stderr == "wx: --units is metric or imperial, not “kelvin”; see wx --help\n")
        let missing = try runWX(["--units"], home: TemporaryFolder())
        #expect(missing.status == 2)
        #expect(missing.stderr == "wx: --units needs a value; see wx --help\n")
    }

    /// `reset state` in a new home said "state.plist is readable" of a file that is not there.
    @Test func resetStateWithoutAFileSaysThereIsNone() throws {
        let home = TemporaryFolder()
        let run = try runWX(["reset", "state"], home: home)
        #expect(run.status == 1)
        #expect(
            run.stderr == "error: there is no state.plist yet: nothing to reset (“fav” and the settings make one)\n")
        _ = try runWX(["units", "imperial"], home: home)
        #expect(try runWX(["reset", "state"], home: home).stderr.hasPrefix("error: state.plist is readable: "))
    }
}
