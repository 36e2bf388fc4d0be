import Testing
import WeatherTestSupport

@testable import WeatherShell

/// `check`'s options: one of each kind. `--rain` given twice with two percentages took the last
/// without a word; it is refused in one line, and the same percentage twice is one condition.
@Suite(.tags(.unit)) struct CheckParserTests {
    @Test func aPercentageGivenTwiceDifferentlyIsRefused() throws {
        #expect(throws: ShellError.usage("--rain is given twice with two percentages (40% and 60%): give it once")) {
            try CommandParser.parse("check --rain 40% --rain 60% Berlin")
        }
        #expect(throws: ShellError.usage("--frost is given twice with two percentages (30% and 5%): give it once")) {
            try CommandParser.parse("check --frost 30% --warnings --frost 5%")
        }
        let same = try CommandParser.parse("check --rain 60% --rain 60.0% Berlin")
        #expect(same == .check(CheckRequest(conditions: [.rain(percent: 60)], target: "Berlin")))
        let both = try CommandParser.parse("check --rain 60% --frost 60% --warnings --warnings")
        #expect(
            both == .check(CheckRequest(conditions: [.rain(percent: 60), .frost(percent: 60), .warnings], target: nil)))
    }
}
