import Foundation
import Testing
import WeatherTestSupport

/// nu59 fault 4: `units`, `replay 1..2`, `replay 2`, then `!!` printed `» replay 2` and
/// `» replay 1..2` before refusing with "a line run again from the history does not run others
/// from it" — a rule `» replay 2` itself had just broken. The rule stated is the rule applied:
/// `!!`, `!N` and `rerun N` of a line that runs others refuse at once, naming it, running nothing.
@Suite(.tags(.endToEnd))
struct RerunOfAReplayEndToEndTests {
    static let refusal = " is not run: a line run again from the history does not run others from it\n"

    @Test func aReferenceToALineThatRunsOthersIsRefusedBeforeAnythingRuns() throws {
        let home = TemporaryFolder()
        let filled = try runWX(stdin: "units\nreplay 1..2\nreplay 2\n", home: home)
        #expect(filled.status == 1, "\(filled.stderr)")
        let result = try runWX(stdin: "!!\n", home: home)
        #expect(result.status == 1)
        #expect(result.stdout == "", "\(result.stdout)")
        #expect(result.stderr == "error: “replay 2”" + Self.refusal, "\(result.stderr)")
        // `!N` and `!prefix`, and a line that holds a replay among other commands.
        let numbered = try runWX(stdin: "!2\n", home: home)
        #expect(numbered.stdout == "", "\(numbered.stdout)")
        #expect(numbered.stderr == "error: “replay 1..2”" + Self.refusal, "\(numbered.stderr)")
        let mixed = try runWX(stdin: "units; replay 1\n!!\n", home: home)
        #expect(mixed.stderr == "error: “units; replay 1”" + Self.refusal, "\(mixed.stderr)")
        // The typed line's own output alone: `!!` ran none of it.
        let units = "units metric: °C, km/h, mm, hPa, km, 24h clock\n"
        #expect(mixed.stdout == units + "» units\n" + units, "\(mixed.stdout)")
        // What a reference to a plain line does is unchanged; `!$` in a typed replay is typed.
        let plain = try runWX(stdin: "!1\nhistory 1\nreplay !$\n", home: home)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr == "", "\(plain.stderr)")
        #expect(plain.stdout.hasSuffix("» replay 1\n» units\n" + units), "\(plain.stdout)")
    }
}
