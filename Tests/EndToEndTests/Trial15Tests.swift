import Foundation
import Testing
import WeatherTestSupport

/// Trial 15 (a fresh user's first hour, README only), through the built wx and the loopback
/// server: settings a run gives for itself, and the exit status of the same cause.
@Suite(.tags(.endToEnd)) struct Trial15Tests {
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
                "units metric with precipitation set apart: °C, km/h, in, "))
    }

    @Test func unitsForOneRunTakeOnlyAPreset() throws {
        let result = try runWX(["--units", "kelvin", "units"], home: TemporaryFolder())
        #expect(result.status == 2)
        #expect(result.stderr == "wx: --units is metric or imperial, not “kelvin”; see wx --help\n")
        let missing = try runWX(["--units"], home: TemporaryFolder())
        #expect(missing.status == 2)
        #expect(missing.stderr == "wx: --units needs a value; see wx --help\n")
    }

    /// `geocoder openweathermap` without a key exited 2 (a usage error), `provider openweathermap`
    /// 1: the same cause, a missing key, is the same failure.
    @Test func aMissingKeyIsTheSameFailureForTheGeocoderAsForTheProvider() throws {
        let home = TemporaryFolder()
        let geocoder = try runWX(
            ["geocoder", "openweathermap"], home: home, environment: ["OPENWEATHERMAP_API_KEY": ""])
        let provider = try runWX(
            ["provider", "openweathermap"], home: home, environment: ["OPENWEATHERMAP_API_KEY": ""])
        #expect(geocoder.status == 1)
        #expect(provider.status == 1)
        #expect(geocoder.stderr == provider.stderr)
        #expect(geocoder.stderr == "error: OpenWeatherMap needs an API key: set OPENWEATHERMAP_API_KEY\n")
        // A word wx does not know is still a usage error.
        #expect(try runWX(["geocoder", "bogus"], home: home).status == 2)
    }

    /// `normal`'s table was in inches and its footnote in millimetres ("at least 1 mm").
    @Test func normalsFootnoteIsInTheUnitsOfItsTable() throws {
        let (run, _) = try runDemo("units imperial; normal Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("      in  rain days\n"), "\(run.stdout)")
        #expect(run.stdout.contains("rain days: the share of those days with at least 0.04 in\n"), "\(run.stdout)")
        #expect(!run.stdout.contains(" mm"))
    }

    /// `fav` toggles, so a script run twice, `replay` or `!N` removed what it had added:
    /// `fav add` only adds.
    @Test func favAddNeverRemoves() throws {
        let home = TemporaryFolder()
        let (first, _) = try runDemo("find Berlin; fav add; fav add; favs", home: home)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.hasSuffix(
                "★ Berlin saved to favorites\n  ★ Berlin                 Deutschland                     52.5170, 13.3889\n"
            ),
            "\(first.stdout)")
        #expect(first.stderr == "★ Berlin is a favorite already\n")
        let (again, _) = try runDemo("find Berlin; fav add; favs", home: home)
        #expect(again.stdout.contains("  ★ Berlin "), "\(again.stdout)")
        #expect(!again.stdout.contains("removed"))
        let (wrong, _) = try runDemo("fav add Berlin", home: home)
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "error: usage: fav add\n")
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

    /// `saved 1` after `saved rm 1` said "no snapshot 1", as of one never saved.
    @Test func aDeletedSnapshotIsSaidToBeDeleted() throws {
        let (run, _) = try runDemo("show Berlin; save; saved rm 1; saved 1; saved rm 1; saved 7")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                error: snapshot 1 was deleted (“saved” lists those kept)
                error: snapshot 1 was deleted (“saved” lists those kept)
                error: no snapshot 7 (see “saved”)

                """)
    }

    /// `export favs` was a usage error with no "did you mean": `favs` is the command that lists
    /// them, and the word people reach for.
    @Test func favsIsAWordForFavoritesInExportAndImport() throws {
        let home = TemporaryFolder()
        let exported = try runWX(["export", "favs"], home: home)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.hasPrefix("name,latitude,longitude,display_name,country_code"))
        let file = home.path + "/f.csv"
        try "name,latitude,longitude\nSomewhere,1.5,2.5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["import", "favourites", file], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try runWX(["favs"], home: home).stdout.contains("★ Somewhere"))
    }
}
