import Foundation
import Testing
import WeatherTestSupport

/// README's examples of "How the forecast moved, and how good it has been here" (`drift`,
/// `skill`), each run through the built wx against the fixtures `RunsEndToEndTests` reads, at
/// its instant: every line README shows is one wx prints, and — where README elides nothing
/// with "…" — wx prints no other. Only the `make demo` session was checked so (trial 55: the
/// skill example kept "95 % over 19 days" and "63 %" after 5ba0d62 made them 89 %/18 and 72 %/18,
/// as RunsEndToEndTests.skillTable and expected.py have them).
@Suite(.tags(.endToEnd))
struct ReadmeRunsExamplesEndToEndTests {
    /// The section's sessions: each block's command (after `wx> `) and the lines README shows.
    static func examples() throws -> [(command: String, lines: [String])] {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "### How the forecast moved, and how good it has been here"))
        let rest = readme[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)]
        let blocks = section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }
        return blocks.compactMap { block in
            let lines = block.element.split(separator: "\n").map(String.init)
            guard let first = lines.first, first.hasPrefix("wx> ") else { return nil }
            return (String(first.dropFirst(4)), Array(lines.dropFirst()))
        }
    }

    @Test func readmesDriftAndSkillExamplesAreWhatWxPrints() throws {
        let examples = try Self.examples()
        #expect(examples.map(\.command) == ["drift tomorrow", "skill"])
        let server = try FixtureServer()
        for (command, shown) in examples {
            // README's sessions have Hamburg current (its heading is Hamburg's); at 80 columns.
            let run = try runWX(
                ["-c", "\(command) Hamburg"], home: TemporaryFolder(), server: server, now: RunsEndToEndTests.now,
                environment: ["COLUMNS": "80"])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            let printed = run.stdout.split(separator: "\n").map(String.init)
            let elided = shown.contains { $0.trimmingCharacters(in: .whitespaces) == "…" }
            for line in shown where line.trimmingCharacters(in: .whitespaces) != "…" {
                #expect(printed.contains(line), "README's “\(command)” shows a line wx does not print: \(line)")
            }
            if !elided {
                for line in printed {
                    #expect(shown.contains(line), "wx prints for “\(command)” a line README leaves out: \(line)")
                }
            }
        }
    }
}
