import Testing

@testable import WeatherShell

/// The colour conventions (issue 40, item 15): `NO_COLOR` wins, `CLICOLOR_FORCE` colours a pipe,
/// `CLICOLOR=0` turns colour off, `TERM=dumb` too, and otherwise a terminal is coloured.
@Suite(.tags(.unit))
struct ColourRuleTests {
    func decide(_ environment: [String: String], terminal: Bool) -> Bool {
        ColourRule(variable: { environment[$0] }).decide(outputIsTerminal: terminal).on
    }

    @Test func conventions() {
        #expect(decide([:], terminal: true))
        #expect(!decide([:], terminal: false))
        #expect(!decide(["CLICOLOR": "0"], terminal: true))
        #expect(decide(["CLICOLOR": "1"], terminal: true))
        #expect(!decide(["CLICOLOR": "1"], terminal: false))
        #expect(decide(["CLICOLOR_FORCE": "1"], terminal: false))
        #expect(decide(["CLICOLOR_FORCE": "1", "CLICOLOR": "0"], terminal: false))
        #expect(decide(["CLICOLOR_FORCE": "1", "TERM": "dumb"], terminal: true))
        #expect(!decide(["CLICOLOR_FORCE": "0"], terminal: false))
        #expect(!decide(["CLICOLOR_FORCE": ""], terminal: false))
        #expect(!decide(["CLICOLOR_FORCE": "1", "NO_COLOR": "1"], terminal: false))
        #expect(!decide(["NO_COLOR": "1"], terminal: true))
        #expect(decide(["NO_COLOR": ""], terminal: true))
        #expect(!decide(["TERM": "dumb"], terminal: true))
    }

    @Test func reasons() {
        let rule = ColourRule(variable: { ["CLICOLOR": "0"][$0] })
        #expect(rule.decide(outputIsTerminal: true).reason == "CLICOLOR is 0")
        #expect(!rule.allowed)
    }
}
