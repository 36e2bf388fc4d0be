import Foundation
import Testing
import WXBasics
import WeatherTestSupport

/// Issue 23, kind 10: where a list is cut to the terminal's width, what tells its rows apart
/// stays. On the real Open-Meteo answer for "Hollywood" (five places of that name, told apart
/// only by their state), through the built wx and the loopback server, at 40 to 80 columns.
@Suite(.tags(.endToEnd)) struct CandidateCutTests {
    static let states = ["Florida", "California", "South Carolina", "Alabama", "Maryland"]

    func run(_ commands: String, columns: Int) throws -> WXResult {
        try runWX(
            ["-c", commands], home: TemporaryFolder(), server: FixtureServer(),
            environment: ["COLUMNS": String(columns)])
    }

    /// `find`: every candidate keeps its state whole (on a line of its own when the width
    /// leaves no room beside the name), and no line is wider than the terminal.
    @Test(arguments: [40, 50, 60, 80])
    func candidatesKeepWhatTellsThemApart(columns: Int) throws {
        let result = try run("geocoder open-meteo; find Hollywood", columns: columns)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") }
        for state in Self.states {
            #expect(lines.contains { $0.contains(" \(state),") }, "\(columns): \(state)\n\(result.stdout)")
        }
        #expect(lines.allSatisfy { TextLayout.columns($0) <= columns }, "\(result.stdout)")
    }

    /// `favs`: the favorites of the five places are named "Hollywood", "Hollywood, California"
    /// and so on. The name every row has gives way before the state ("★ …, South Carolina"
    /// where it was "★ Hollywood, South…" at 40 columns), and the regions leave out the
    /// "United States" they all share rather than cut the state ("Florida, …" at 60).
    @Test(arguments: [40, 50, 60, 80])
    func favoritesKeepWhatTellsThemApart(columns: Int) throws {
        let result = try run(
            "geocoder open-meteo; find Hollywood; use 1; fav; use 2; fav; use 3; fav; use 4; fav; use 5; fav; favs",
            columns: columns)
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ★ ") }
        #expect(rows.count == 5, "\(result.stdout)")
        // Each favorite's own state is whole in its row; the first is plain "Hollywood".
        #expect(rows.first?.hasPrefix("  ★ Hollywood ") == true, "\(rows)")
        for (row, state) in zip(rows.dropFirst(), Self.states.dropFirst()) {
            #expect(row.contains(", \(state) "), "\(columns): \(row)")
        }
        #expect(rows.allSatisfy { TextLayout.columns($0) <= columns }, "\(rows)")
        // Where there is a region column, no region is "…" alone or "Florida, …".
        #expect(!rows.contains { $0.contains(" …  ") || $0.contains(", …") }, "\(rows)")
        if columns == 60 { #expect(rows.first?.contains(" Florida ") == true, "\(rows)") }
    }
}
