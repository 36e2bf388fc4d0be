import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// What happens when the same thing runs again, said where a person looks for it: `check` from
/// cron tells a condition on every run while it holds (only `--changed` once per change), and a
/// `fav` run from the history only adds. README and the help say both in one voice.
@Suite(.tags(.unit)) struct ReadmeRepeatedRunsTests {
    /// README's prose, its wrapped lines joined.
    func readme() throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
    }

    @Test func checkFromCronSaysItNotifiesOnEveryRunUnlessChanged() throws {
        let words = "hold on every run while their condition does"
        let help = CommandSpec.check.details.joined(separator: " ")
        #expect(help.contains("--rain, --frost and --warnings " + words), "\(help)")
        #expect(help.contains("for one notice per change give --changed alone"), "\(help)")
        let readme = try readme()
        // As booleans: a failed `contains` would print the whole README.
        let saysEveryRun = readme.contains("`--rain`, `--frost` and `--warnings` " + words)
        let saysOnce = readme.contains("only `--changed` holds once per change")
        #expect(saysEveryRun, "README's cron section does not say check notifies on every run")
        #expect(saysOnce, "README's cron section does not say --changed holds once per change")
    }

    @Test func favFromTheHistoryOnlyAddsInHelpAndReadme() throws {
        let line = "a “fav” run from the history adds, never removes"
        for spec in [CommandSpec.fav, .replay, .historyReference] {
            let help = spec.details.joined(separator: " ")
            #expect(help.contains("only adds"), "help \(spec.name)")
        }
        #expect(CommandSpec.fav.details.joined().contains(line))
        #expect(CommandSpec.replay.details.joined().contains(line))
        let readme = try readme()
        let saysOnlyAdds = readme.contains(
            "A plain `fav` run from the history (`replay`, `!N`, `!!`, `^old^new`) only adds")
        let givesTheLine = readme.contains(line)
        #expect(saysOnlyAdds, "README's history section does not say a replayed fav only adds")
        #expect(givesTheLine, "README does not give the line a replayed fav prints")
    }
}
