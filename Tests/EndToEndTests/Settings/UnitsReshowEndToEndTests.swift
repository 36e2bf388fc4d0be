import Foundation
import Testing
import WeatherTestSupport

/// `check --changed` says the mark's time by the clock setting; `units distance m` is
/// refused, not taken for miles (trial).
@Suite(.tags(.endToEnd))
struct UnitsReshowEndToEndTests {
    static let now = "2026-10-23T05:10:00Z"

    @Test func checkChangedSaysTheMarksTimeByTheClockSetting() throws {
        let run = try runWX(
            ["-c", "units imperial; check --changed 48.85,2.35; check --changed 48.85,2.35"],
            home: TemporaryFolder(), server: try FixtureServer(), now: "2026-10-23T06:20:00Z")
        #expect(run.stdout.contains("nothing changed that matters since Fri 8:20 am"), "\(run.stdout)")
    }

    @Test func distanceMIsRefusedAsAmbiguous() throws {
        let home = TemporaryFolder()
        let run = try runWX(["-c", "units distance m"], home: home, server: try FixtureServer())
        #expect(run.status == 2)
        #expect(
            run.stderr == "error: “m” could be metres or miles: distance is one of km, mi (or kilometres, miles)\n",
            "\(run.stderr)")
        let after = try runWX(["-c", "units"], home: home, server: try FixtureServer())
        #expect(after.stdout == "units metric: °C, km/h, mm, hPa, km, 24h clock\n", "\(after.stdout)")
        // A word of its own still sets it.
        let miles = try runWX(["-c", "units distance mi"], home: TemporaryFolder(), server: try FixtureServer())
        #expect(miles.stdout.contains(" mi, "), "\(miles.stdout)")
    }
}
