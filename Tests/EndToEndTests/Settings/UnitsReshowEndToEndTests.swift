import Foundation
import Testing
import WeatherTestSupport

/// `units` re-shows the last view as it was asked, in the new units, from the data already
/// fetched; `check --changed` says the mark's time by the clock setting; `units distance m` is
/// refused, not taken for miles (trial).
@Suite(.tags(.endToEnd))
struct UnitsReshowEndToEndTests {
    static let now = "2026-10-23T05:10:00Z"

    /// What follows the line of `output` starting with `prefix` (the `units …:` line), to the end.
    func after(_ prefix: String, in output: String) throws -> String {
        let range = try #require(output.range(of: "\n" + prefix))
        let rest = output[range.upperBound...]
        let lineEnd = try #require(rest.firstIndex(of: "\n"))
        return String(rest[rest.index(after: lineEnd)...])
    }

    @Test func unitsReshowsTheLastViewWithItsArguments() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "daily 3 52.52,13.41; units imperial; confidence 2 48.85,2.35; units metric"],
            home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        // The same views asked alone, in the units each re-show is in.
        let daily = try runWX(
            ["-c", "units imperial; daily 3 52.52,13.41"], home: TemporaryFolder(), server: try FixtureServer(),
            now: Self.now)
        let confidence = try runWX(
            ["-c", "confidence 2 48.85,2.35"], home: TemporaryFolder(), server: try FixtureServer(), now: Self.now)
        let dailyImperial = try after("units imperial:", in: "\n" + daily.stdout)
        let reshownDaily = try after("units imperial:", in: run.stdout)
        #expect(reshownDaily.hasPrefix(dailyImperial), "\(run.stdout)")
        // Three days, not `show`'s view of the week.
        #expect(!reshownDaily.prefix(dailyImperial.count).contains("feels like"))
        #expect(try after("units metric:", in: run.stdout) == confidence.stdout, "\(run.stdout)")
        // From the data already fetched: no request more than the two views asked.
        let plain = try FixtureServer()
        _ = try runWX(
            ["-c", "daily 3 52.52,13.41; confidence 2 48.85,2.35"], home: TemporaryFolder(), server: plain,
            now: Self.now)
        #expect(try server.requests().count == plain.requests().count)
    }

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
