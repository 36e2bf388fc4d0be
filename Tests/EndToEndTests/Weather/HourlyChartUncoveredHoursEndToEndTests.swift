import Foundation
import Testing
import WeatherTestSupport

/// `hourly`'s chart when the answer's first hours are null — hours no model covers, which
/// Open-Meteo answers with null for every variable. The chart gave them blank columns at its
/// start: 6 of 24, 30 of 48 (the values squeezed into the last 18), and at 168 hours columns
/// of 3 hours where the covered ones needed fewer. It starts at the first hour it has a value to
/// draw and says so. The lines expected come from
/// Fixtures/open-meteo-forecast/uncovered_hours_chart_expected.py over the same answer
/// (Fixtures/open-meteo-forecast/berlin-gmt-first-hours-uncovered-hand-edited.json: the Berlin
/// recording with every hourly value null up to 2025-07-27 10:00 UTC, 12:00 at Berlin's clock).
@Suite(.tags(.endToEnd))
struct HourlyChartUncoveredHoursEndToEndTests {
    static let file = "open-meteo-forecast/berlin-gmt-first-hours-uncovered-hand-edited.json"
    /// Sun 27 Jul 05:10 CEST: the hours shown start at 06:00, six before the first covered one.
    static let now = "2025-07-27T03:10:00Z"

    @Test(arguments: [24, 48, 168])
    func theChartStartsAtTheFirstHourWithAValue(hours: Int) throws {
        let script = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-forecast/uncovered_hours_chart_expected.py",
                Self.file, Self.now, String(hours), "80", "Europe/Berlin",
            ], environment: ["PATH": "/usr/bin:/bin"])
        let wanted = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String], "\(script.stderr)")
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: Self.file))
        let run = try runWX(
            ["hourly", String(hours), "Berlin"], home: TemporaryFolder(), server: server, now: Self.now,
            environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        // The table still lists the uncovered hours, from 06:00.
        #expect(run.stdout.contains("\n  Sun 06:00    unknown  "), "\(run.stdout)")
        // The chart: from its first row (the first line with "┤") to the end of the output.
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("┤") }, "\(run.stdout)")
        #expect(Array(lines[start...].dropLast()) == wanted, "\(run.stdout)")
    }
}
