import Foundation
import Testing
import WeatherTestSupport

/// `hourly`'s chart when there are more hours than columns: a column shows the warmest of its
/// hours, so the top of the scale is the warmest hour the table lists and every label is a
/// value shown (columns averaged hours: Paris's 72 hours topped at 15 °C while an hour showed
/// 16). Labels from Fixtures/open-meteo-forecast/chart_columns_expected.py over the same answers.
@Suite(.tags(.endToEnd))
struct HourlyChartScaleEndToEndTests {
    /// (place, answer, now, hours, columns)
    static let cases: [(String, String, String, Int, Int)] = [
        (
            "48.85,2.35", "open-meteo-forecast/paris-7d-hourly-hand-written-beside-the-ensemble.json",
            "2026-10-22T15:30:00Z", 72, 80
        ),
        (
            "Berlin", "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json", "2025-07-26T23:30:00Z",
            96, 40
        ),
    ]

    @Test(arguments: cases.indices)
    func theTopOfTheScaleIsTheWarmestHour(index: Int) throws {
        let (place, file, now, hours, columns) = Self.cases[index]
        let script = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-forecast/chart_columns_expected.py", file, now,
                String(hours), String(columns),
            ], environment: ["PATH": "/usr/bin:/bin"])
        let wanted = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any], "\(script.stderr)")
        #expect(wanted["top"] as? String == wanted["warmest_hour"] as? String)
        let run = try runWX(
            ["hourly", String(hours), place], home: TemporaryFolder(), server: try FixtureServer(), now: now,
            environment: ["COLUMNS": String(columns)])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("┤") }
        let labels = rows.prefix(6).map { $0.components(separatedBy: "┤")[0].trimmingCharacters(in: .whitespaces) }
        #expect(labels.first { !$0.isEmpty } == wanted["top"] as? String, "\(run.stdout)")
        #expect(labels.last == wanted["bottom"] as? String, "\(run.stdout)")
        let step = wanted["hours_per_column"] as? Int ?? 0
        #expect(run.stdout.contains("each column: the warmest of \(step) hours"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= columns })
    }
}
