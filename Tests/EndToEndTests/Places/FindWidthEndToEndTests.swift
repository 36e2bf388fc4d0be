import Foundation
import Testing
import WXBasics
import WeatherTestSupport

/// One width rule for every view: in a pipe without COLUMNS, `find` keeps to the 80 columns
/// `doctor` names and `show` and `brief` keep to, as they do — wrapped, never cut.
@Suite(.tags(.endToEnd)) struct FindWidthEndToEndTests {
    /// The label of case N-12 (Fixtures/cases/nominatim-search-long-multilingual.json), as wx
    /// makes it of the answer's name, locality, region and country.
    static let label =
        "Palais Royal - Koninklijk Paleis, Ville de Bruxelles - Stad Brussel, Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest, België / Belgique / Belgien"

    /// Case N-12's candidate was one line of 183 characters in a pipe.
    @Test func aLongCandidateWrapsInEightyColumnsInAPipe() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", file: "cases/nominatim-search-long-multilingual.json"))
        let run = try runWX(["find", "Palais Royal"], home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 1, "\(run.stdout)")
        #expect(lines.allSatisfy { TextLayout.columns($0) <= 80 }, "\(lines.map { TextLayout.columns($0) })")
        // Whole: every word of the label, in order, and the coordinates on the first line.
        #expect(lines[0].hasPrefix("  1  Palais Royal") && lines[0].hasSuffix("  50.8420, 4.3620"), "\(lines[0])")
        let words = run.stdout.replacingOccurrences(of: "50.8420, 4.3620", with: "")
            .split(whereSeparator: \.isWhitespace).dropFirst().joined(separator: " ")
        #expect(words == Self.label)
        #expect(!run.stdout.contains("…"))
    }
}
