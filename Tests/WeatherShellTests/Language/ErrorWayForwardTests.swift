import Testing
import WXBasics
import WeatherKit

@testable import WeatherShell

/// Issue 37 items 12–14: every error a way forward. Expected texts follow from each command's
/// declaration (its synopsis and limits), not from wx's output.
@Suite(.tags(.unit)) struct ErrorWayForwardTests {
    /// The example an error gives (“as in “…”” or “did you mean “…”?”), when it gives one.
    static func example(in message: String) -> String? {
        for marker in ["as in “", "did you mean “"] {
            guard let start = message.range(of: marker) else { continue }
            let rest = message[start.upperBound...]
            guard let end = rest.firstIndex(of: "”") else { continue }
            return String(rest[..<end])
        }
        return nil
    }

    /// Item 13: a count typed another way (“2.5”, “12h”, “7days”) gets an example; for every
    /// command that reads a count, that example is itself a command the parser takes (the limit
    /// of `confidence` is 10 days, so “confidence 12 Hamburg” is no example).
    @Test(arguments: CommandTable.all.map(\.name))
    func anExampleInAnErrorIsItselfValid(_ name: String) throws {
        for typed in ["2.5 Berlin", "12h Berlin", "99days Berlin", "7days"] {
            do {
                _ = try CommandParser.parse("\(name) \(typed)")
            } catch {
                guard case .usage(let message) = error, let example = Self.example(in: message),
                    example.hasPrefix(name + " ")
                else { continue }
                #expect(throws: Never.self, "“\(name) \(typed)” offered “\(example)”") {
                    try CommandParser.parse(example)
                }
            }
        }
    }

    @Test func theExampleCountStaysWithinTheLimit() {
        #expect(CommandParser.exampleCount(maximum: 10) == 10)
        #expect(CommandParser.exampleCount(maximum: 16) == 12)
        #expect(CommandParser.exampleCount(maximum: 3) == 3)
    }

    /// Item 14: options are options. `warnings` declares “-v”: a lone “-x” is that option
    /// mistyped, not a place; a warning number 0 is no place “0 Hamburg”. A command without
    /// options still takes “-x” as a favorite's name.
    @Test func optionsAreOptions() throws {
        #expect(throws: ShellError.usage("unknown option “-x” of warnings; did you mean “-v”?")) {
            try CommandParser.parse("warnings -x")
        }
        #expect(throws: ShellError.usage("warnings are numbered from 1, not “0”: as in “warnings 1 Hamburg”")) {
            try CommandParser.parse("warnings 0 Hamburg")
        }
        #expect(try CommandParser.parse("show -x") == .show("-x"))
        #expect(
            try CommandParser.parse("warnings 2 Hamburg") == .warnings(WarningsRequest(target: "Hamburg", index: 2)))
    }

    /// Item 12: `drift` with the day after the place, or “last tuesday” (a bare weekday means
    /// the coming one). Thu 2026-07-09: last Tuesday was 2026-07-07; last Thursday a week ago.
    @Test func driftGetsTheRightOrderBack() {
        let thursday = LocalDate(year: 2026, month: 7, day: 9)
        #expect(RunsHandler.driftSuggestion("Berlin tomorrow", todayUTC: thursday) == "drift tomorrow Berlin")
        #expect(RunsHandler.driftSuggestion("New York sat", todayUTC: thursday) == "drift sat New York")
        #expect(RunsHandler.driftSuggestion("last tuesday", todayUTC: thursday) == "drift 2026-07-07")
        #expect(RunsHandler.driftSuggestion("last Thursday Berlin", todayUTC: thursday) == "drift 2026-07-02 Berlin")
        #expect(RunsHandler.driftSuggestion("last wednesday", todayUTC: thursday) == "drift 2026-07-08")
        #expect(RunsHandler.driftSuggestion("Monaco", todayUTC: thursday) == nil)
        #expect(RunsHandler.driftSuggestion("Route 66", todayUTC: thursday) == nil)
    }
}
