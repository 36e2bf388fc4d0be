import Foundation
import Testing
import WeatherTestSupport

/// `changed` says a high's move as the difference of the two figures it shows, in the display
/// unit: 21.4 → 18.4 °C was "Tomorrow’s high 65 °F, 5 °F lower (was 71 °F)" (5.4 °F unrounded;
/// the figures shown differ by 6). A look at Berlin's recording at 08:00 CEST, then the
/// hand-edited later answer at 10:00; the sentences expected come from
/// Fixtures/brief/changed_high_expected.py.
@Suite(.tags(.endToEnd))
struct ChangedShownDifferenceEndToEndTests {
    static let first = "2025-07-30T06:00:00Z"
    static let later = "2025-07-30T08:00:00Z"

    func expected(_ unit: String) throws -> String {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/brief/changed_high_expected.py", "2025-07-31",
                unit,
            ], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Looks at Berlin in metric, sets `units`, then `changed` on the later answer: its lines.
    func changed(units: String) throws -> [String] {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        #expect(try runWX(["show", "Berlin"], home: home, server: server, now: Self.first).status == 0)
        #expect(try runWX(["-c", units], home: home, server: server, now: Self.first).status == 0)
        try server.queue(
            .init(
                path: "/v1/forecast", file: "brief/berlin-gmt-tomorrow-3-degrees-cooler-hand-edited.json",
                times: 1))
        let run = try runWX(
            ["changed", "Berlin"], home: home, server: server, now: Self.later, environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: [("units imperial", "F"), ("units metric", "C"), ("units temperature K", "K")])
    func theDifferenceIsThatOfTheFiguresShown(units: String, unit: String) throws {
        let wanted = try expected(unit)
        let lines = try changed(units: units)
        #expect(lines.contains(wanted), "\(wanted)\n\(lines.joined(separator: "\n"))")
    }
}
