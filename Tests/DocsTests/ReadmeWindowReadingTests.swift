import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// README and `help best` say in one voice which values a window reads: the amounts and gusts
/// of its own hours, and the instants (temperature, wind, cloud) at both its ends and each hour
/// between — N + 1 of them for N hours.
@Suite(.tags(.unit)) struct ReadmeWindowReadingTests {
    /// The example both give: a window from 10:00 to 12:00.
    static let example =
        "a window from 10:00 to 12:00 reads the rain and gusts of 10:00–12:00 and the instants at 10:00, 11:00 and 12:00"

    @Test func readmeAndHelpSayWhatAWindowReads() throws {
        let readme = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        // README's prose is wrapped: compare with its lines joined.
        let joined = readme.replacingOccurrences(of: "\n", with: " ")
        let help = CommandSpec.best.details.joined(separator: " ")
        #expect(help.contains(Self.example))
        #expect(joined.contains(Self.example), "README's best section does not say which instants a window reads")
        #expect(joined.contains("N + 1"), "README does not count a window's instants")
        #expect(help.contains("N + 1"), "help best does not count a window's instants")
    }
}
