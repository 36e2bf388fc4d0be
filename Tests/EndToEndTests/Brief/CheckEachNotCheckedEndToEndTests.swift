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

    /// The reverse lookup of Berlin's coordinates (and of New York's, trial 63) answers "Unable
    /// to geocode": the reason is that it found no country, as `warnings` gives it — not "no
    /// warning feed covers" them, nor "try again online" (the service answered); still exit 3.
    @Test(arguments: ["52.52,13.41", "40.71,-74.01"])
    func warningsAtCoordinatesOfNoKnownCountrySayWhy(_ coordinates: String) throws {
        let server = try FixtureServer()
        let warnings = try runWX(["warnings", coordinates], home: TemporaryFolder(), server: server)
        #expect(
            warnings.stderr.contains(
                "the reverse lookup found no country for these coordinates; give the place by name"),
            "\(warnings.stderr)")
        let run = try runWX(["check", "--warnings", coordinates], home: TemporaryFolder(), server: server)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("no warning feed covers"), "\(run.stderr)")
        #expect(!run.stderr.contains("try again online"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                ", so --warnings cannot be checked: the reverse lookup found no country for these coordinates; give the place by name"
            ), "\(run.stderr)")
    }
}
