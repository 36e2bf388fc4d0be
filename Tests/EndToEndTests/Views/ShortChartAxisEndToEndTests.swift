import Foundation
import Testing
import WeatherTestSupport

/// The last review (note 57): a chart of one or two hours — `hourly 1`, `hourly 2`, a `plume`
/// of 1–2 hours — had no time on its axis when neither hour was at a 6-hour mark, the hours
/// longer charts label. Its first column is labelled now, as a mark is. Expected labels:
/// Fixtures/cases/short_chart_axis_expected.py over the same answers.
@Suite(.tags(.endToEnd))
struct ShortChartAxisEndToEndTests {
    static func expected(_ key: String) throws -> String {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/cases/short_chart_axis_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let all = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let entry = try #require(all[key] as? [String: Any])
        #expect(entry["on_mark"] as? Bool == false)
        return try #require(entry["label"] as? String)
    }

    /// The column of the first value drawn: just after the scale's “┤”, on `line`.
    static func firstColumn(_ line: Substring) -> Int? {
        guard let bar = line.firstIndex(where: { $0 == "┤" || $0 == "|" }) else { return nil }
        return line.distance(from: line.startIndex, to: bar) + 1
    }

    @Test(arguments: [1, 2])
    func hourlyOfOneOrTwoHoursHasATime(hours: Int) throws {
        let label = try Self.expected("hourly_delhi")
        let (run, _) = try runDemo("hourly \(hours) Delhi")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let scale = try #require(lines.last { $0.contains("°C ┤") }, "\(run.stdout)")
        let axis = try #require(lines.firstIndex(of: scale).map { lines[$0 + 1] }, "\(run.stdout)")
        let column = try #require(Self.firstColumn(scale))
        #expect(axis == Substring(String(repeating: " ", count: column) + label), "\(run.stdout)")
    }

    @Test(arguments: [1, 2])
    func plumeOfOneOrTwoHoursHasATime(hours: Int) throws {
        let label = try Self.expected("plume_berlin")
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/ensemble",
                file: "open-meteo-ensemble/berlin-ecmwf-ifs025-51-members-hand-written-from-forecast.json"))
        // The chart is drawn in colour only (piped, the table): forced so.
        let run = try runWX(
            ["-c", "plume temp \(hours) 52.52,13.42"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T07:10:00Z", environment: ["CLICOLOR_FORCE": "1", "COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let tick = try #require(lines.firstIndex { $0.contains("└") }, "\(run.stdout)")
        let corner = try #require(lines[tick].firstIndex(of: "└"))
        let column = lines[tick].distance(from: lines[tick].startIndex, to: corner) + 1
        #expect(lines[tick].dropFirst(column).first == "┬", "\(run.stdout)")
        #expect(lines[tick + 1] == Substring(String(repeating: " ", count: column) + label), "\(run.stdout)")
    }
}
