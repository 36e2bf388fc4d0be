import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// README's table of what each command costs is the commands' declared costs (`make docs`
/// writes it from `wx --json about`; this test never writes it).
@Suite(.tags(.unit)) struct ReadmeCostTableTests {
    @Test func readmeTableIsTheDeclaredCosts() throws {
        let readme = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try #require(
            readme.components(separatedBy: "| commands | requests |\n| --- | --- |\n").dropFirst().first)
        let rows = table.components(separatedBy: "\n").prefix { $0.hasPrefix("|") }
        let expected = RequestCost.table.map { row in
            "| " + row.commands.components(separatedBy: ", ").map { "`\($0)`" }.joined(separator: ", ") + " | "
                + row.cost.replacingOccurrences(of: "’", with: "'") + " |"
        }
        #expect(Array(rows) == expected, "README's cost table differs from the declarations; run make docs")
    }
}
