import Foundation
import Testing
import WeatherTestSupport

/// `show`'s hours at 80 columns: inches that need three decimals ("0.004") widen the cells,
/// and imperial showed 11 hours where metric shows 12; the titles' column gives up its spare
/// columns so that the same 12 fit.
@Suite(.tags(.endToEnd))
struct ShowHoursWidthEndToEndTests {
    func hourRow(_ units: String, columns: Int) throws -> (hours: [Substring], lines: [Substring]) {
        let run = try runWX(
            ["--units", units, "show", "Berlin"], home: TemporaryFolder(), server: try FixtureServer(),
            now: "2025-07-31T00:00:00Z", environment: ["COLUMNS": String(columns)])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        let row = try #require(lines.first { $0.hasPrefix("  hour") }, "\(run.stdout)")
        return (row.dropFirst(6).split(separator: " "), lines)
    }

    @Test func imperialShowsAsManyHoursAsMetricAt80Columns() throws {
        let metric = try hourRow("metric", columns: 80)
        let imperial = try hourRow("imperial", columns: 80)
        #expect(metric.hours.count == 12)
        #expect(imperial.hours.count == metric.hours.count, "\(imperial.lines.joined(separator: "\n"))")
        #expect(imperial.lines.contains { $0.contains("0.004") })
        #expect(imperial.lines.allSatisfy { $0.count <= 80 })
    }
}
