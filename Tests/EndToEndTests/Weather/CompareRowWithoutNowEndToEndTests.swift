import Foundation
import Testing
import WeatherTestSupport

/// nu59 fault 3: `compare Berlin "Paris office"` showed "Paris office — — — —" with a note for
/// Berlin alone, where `show "Paris office"` says why ("this forecast covers Fri 23 Oct to Thu
/// 29 Oct, not now"). A row of dashes gets show's one-line reason for that place. The reason
/// expected comes from Fixtures/open-meteo-forecast/compare_no_reading_expected.py over the body.
@Suite(.tags(.endToEnd))
struct CompareRowWithoutNowEndToEndTests {
    static let now = "2026-12-07T12:00:00Z"

    static func fixture(_ name: String) throws -> String {
        try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Fixtures/open-meteo-forecast/\(name)"),
            encoding: .utf8)
    }

    @Test func aRowOfDashesSaysWhyAsShowDoes() throws {
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-forecast/compare_no_reading_expected.py", Self.now],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(script.status == 0, "\(script.stderr)")
        let reason = script.stdout.trimmingCharacters(in: .newlines)
        let home = TemporaryFolder()
        let favorites = home.path + "/po.csv"
        try "name,latitude,longitude\nBerlin,52.52,13.41\nParis office,48.85,2.35\n".write(
            toFile: favorites, atomically: true, encoding: .utf8)
        let server = try FixtureServer()
        let imported = try runWX(["-c", "import favorites \(favorites)"], home: home, server: server, now: Self.now)
        #expect(imported.status == 0, "\(imported.stderr)")
        // One request for both: Berlin's recording (conditions 16 months old), then Paris's
        // hand-written answer (no conditions, hours in October).
        let body =
            "[" + (try Self.fixture("berlin-gmt-all-params-168h-daily-reformatted.json")) + ","
            + (try Self.fixture("paris-7d-hourly-hand-written-beside-the-ensemble.json")) + "]"
        try server.queue(.init(path: "/v1/forecast", body: body))
        let result = try runWX(["-c", #"compare Berlin "Paris office""#], home: home, server: server, now: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let row = try #require(lines.first { $0.hasPrefix("Paris office ") }, "\(result.stdout)")
        let digits = row.filter(\.isNumber)
        #expect(digits.isEmpty, "\(row)")
        #expect(lines.contains("Paris office: \(reason)"), "\(result.stdout)")
        // Berlin's note is still said, once.
        #expect(lines.filter { $0.hasPrefix("Berlin: conditions from ") }.count == 1, "\(result.stdout)")
    }
}
