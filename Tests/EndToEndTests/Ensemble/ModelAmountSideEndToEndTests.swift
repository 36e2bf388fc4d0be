import Foundation
import Testing
import WeatherTestSupport

/// Trial 58 finding 9: in inches `models` showed GFS's 0.999 mm (not wet) and ICON's 1.0 mm
/// (wet) both as "0.039 in", and ECMWF's 0.199 mm as "0.008 in dry" — the dry limit's own
/// figure. README's rule (a figure beside a limit's word falls on the value's side of it) now
/// holds for the amount converted, against the limit converted; and in metric the table keeps
/// every model at 80 columns. Expected figures: Fixtures/open-meteo-models/limits_expected.py.
@Suite(.tags(.endToEnd))
struct ModelAmountSideEndToEndTests {
    static let hamburg = "53.5413,9.9842"
    static let now = "2026-12-01T11:30:00Z"

    static func expected() throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/open-meteo-models/limits_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: ["metric", "imperial"])
    func anAmountFallsOnItsSideOfTheLimit(units: String) throws {
        let expected = try #require(try Self.expected()[units] as? [String: Any])
        let days = try #require(expected["days"] as? [String: [String: String]])
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/v1/forecast", file: "open-meteo-models/hamburg-four-models-limits-hand-edited-trial58.json"))
        let run = try runWX(
            ["--units", units, "-c", "models 5 \(Self.hamburg)"], home: TemporaryFolder(), server: server,
            now: Self.now, environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        // The disagreement lines, each joined back into one.
        let text = run.stdout.replacingOccurrences(of: "\n              ", with: " ")
        let symbol = units == "metric" ? "mm" : "in"
        #expect(days.count == 2)
        for (_, models) in days {
            let said = models.sorted { $0.key < $1.key }.map { name, figure in
                let parts = figure.split(separator: " ")
                return "\(name) \(parts[0]) \(symbol)" + (parts.count > 1 ? " \(parts[1])" : "")
            }
            for part in said { #expect(text.contains(part), "\(part): \(run.stdout)") }
        }
        // Every model stays at 80 columns, no line wider.
        #expect(!run.stdout.contains("left out for the width"), "\(run.stdout)")
        for line in run.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }
}
