import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, faults 4b and 4c: settings as saved, and as used.
@Suite(.tags(.endToEnd)) struct Trial62SettingsEndToEndTests {
    /// 4b: `wx --units imperial` is for one run; a `units wind kn` in that run changes the wind
    /// unit of the SAVED units (metric), and never saves the run's preset with it.
    @Test func aQuantityChangedUnderUnitsForOneRunChangesTheSavedUnits() throws {
        let home = TemporaryFolder()
        let metric = try runWX(["-c", "units metric"], home: home)
        #expect(metric.status == 0, "\(metric.stderr)")
        let changed = try runWX(["--units", "imperial", "-c", "units wind kn; units"], home: home)
        #expect(changed.status == 0, "\(changed.stderr)")
        let expected = "units metric (wind changed): °C, kn, mm, hPa, km, 24h clock\n"
        #expect(changed.stdout == expected + expected, "\(changed.stdout)")
        let saved = try runWX(["-c", "units"], home: home)
        #expect(saved.stdout == expected, "\(saved.stdout)")
        let temperature = try runWX(["--units", "imperial", "-c", "units temperature F"], home: home)
        #expect(temperature.status == 0, "\(temperature.stderr)")
        let after = try runWX(["-c", "units"], home: home)
        #expect(after.stdout.hasPrefix("units metric ("), "\(after.stdout)")
        #expect(after.stdout.contains("°F, kn, mm, hPa, km, 24h clock"), "\(after.stdout)")
    }

    /// 4c: a saved provider and geocoder that need a key, run without it: `provider` and
    /// `geocoder` say which is saved and why another is used (as `doctor` names the saved one),
    /// and the first command that asks a service says it once, in one line.
    @Test func aSavedServiceWithoutItsKeyIsSaidOnce() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let chosen = try runWX(
            ["-c", "provider openweathermap; geocoder openweathermap"], home: home, server: server,
            environment: ["OPENWEATHERMAP_API_KEY": "k"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let settings = try runWX(["-c", "provider; geocoder"], home: home, server: server)
        #expect(
            settings.stdout
                == "provider: open-meteo (openweathermap is saved, but needs OPENWEATHERMAP_API_KEY, which is not set)\n"
                + "geocoder: nominatim (openweathermap is saved, but needs OPENWEATHERMAP_API_KEY, which is not set)\n",
            "\(settings.stdout)")
        #expect(settings.stderr.isEmpty, "\(settings.stderr)")
        let line =
            "warning: provider openweathermap and geocoder openweathermap need OPENWEATHERMAP_API_KEY (not set): using open-meteo and nominatim\n"
        let shown = try runWX(
            ["-c", "show 52.52,13.41; show 52.52,13.41"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr.components(separatedBy: line).count == 2, "\(shown.stderr)")
        #expect(shown.stderr.hasPrefix(line), "\(shown.stderr)")
    }
}
