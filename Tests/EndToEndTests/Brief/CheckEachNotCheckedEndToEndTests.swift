import Foundation
import Testing
import WeatherTestSupport

/// `check` says each condition it could not check on a line of its own naming its flag, and the
/// true reason `--warnings` cannot be checked at coordinates the reverse lookup put in no
/// country. Trial: `check --warnings --rain 10% --frost 10% Hammerfest` (the ensemble answered
/// for Hamburg) printed one "warning: not checked" line naming neither flag; `check --warnings
/// 52.52,13.41` said "no warning feed covers" Berlin's coordinates, which DWD covers.
@Suite(.tags(.endToEnd))
struct CheckEachNotCheckedEndToEndTests {
    /// A yellow storm warning in force at Hammerfest then (MET Norway's recording).
    static let storm = "2026-03-07T05:00:00Z"

    @Test func eachConditionNotCheckedIsALineNamingItsFlag() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["check", "--warnings", "--rain", "10%", "--frost", "10%", "Hammerfest"], home: TemporaryFolder(),
            server: server, now: Self.storm)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Storm (yellow)"), "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: not checked: ") }
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("warning: not checked: --rain: Open-Meteo ensemble answered for") == true)
        #expect(lines.last?.hasPrefix("warning: not checked: --frost: Open-Meteo ensemble answered for") == true)
    }

    /// None holding: the one reason is the error (exit 3), not said twice.
    @Test func noneHoldingGivesTheSharedReasonOnce() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["check", "--rain", "10%", "--frost", "10%", "Hammerfest"], home: TemporaryFolder(), server: server,
            now: Self.storm)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("Open-Meteo ensemble answered for") }
        #expect(lines.count == 1, "\(run.stderr)")
    }

    /// The reverse lookup of Berlin's coordinates gives no country: the reason is that, as
    /// `warnings` gives it — not "no warning feed covers" them; still exit 3.
    @Test func warningsAtCoordinatesOfNoKnownCountrySayWhy() throws {
        let server = try FixtureServer()
        let warnings = try runWX(["warnings", "52.52,13.41"], home: TemporaryFolder(), server: server)
        #expect(warnings.stderr.contains("its country is not known"), "\(warnings.stderr)")
        let run = try runWX(["check", "--warnings", "52.52,13.41"], home: TemporaryFolder(), server: server)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("no warning feed covers"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "error: wx could not tell which warning feed covers 52.5200°N 13.4100°E, so --warnings cannot be checked: its country is not known"
            ), "\(run.stderr)")
    }
}
