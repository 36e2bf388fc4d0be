import Foundation
import Testing
import WeatherTestSupport

/// `changed` says a high's or low's move as `brief` says tomorrow's: the difference of the exact
/// values, converted to the display unit and rounded once (trial60: 15.4 → 17.6 °C was
/// "Tomorrow’s high 18 °C, 3 °C higher (was 15 °C)" from the figures 18 − 15; 2.0 °C was "3 °F"
/// from 63 − 60, though it is 3.6 °F). A look at a recording, then a hand-edited later answer;
/// the sentences expected come from Fixtures/brief/changed_high_expected.py.
@Suite(.tags(.endToEnd))
struct ChangedDifferenceEndToEndTests {
    static let paris = "48.85,2.35"
    static let parisRecording = "open-meteo-forecast/paris-7d-hourly-hand-written-beside-the-ensemble.json"

    /// changed_high_expected.py's sentence for `arguments` (DATE UNIT [options]).
    func expected(_ arguments: [String]) throws -> String {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/brief/changed_high_expected.py"] + arguments,
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Looks at `place` at `first`, sets `units`, then `command` at `later` on `laterFile` (under
    /// Fixtures/): its lines, trimmed.
    func changed(
        units: String, place: String, first: String, later: String, laterFile: String,
        command: [String] = ["changed"]
    ) throws -> [String] {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        #expect(try runWX(["-c", units], home: home, server: server, now: first).status == 0)
        // `check --changed` compares with its own marks, the others with the looks.
        let look = command.first == "check" ? command : ["show"]
        #expect(try runWX(look + [place], home: home, server: server, now: first).status <= 1)
        try server.queue(.init(path: "/v1/forecast", file: laterFile, times: 1))
        let run = try runWX(command + [place], home: home, server: server, now: later, environment: ["COLUMNS": "200"])
        #expect(run.status <= 1, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Berlin's 21.4 → 18.4 °C: 3.0 °C exactly, 5.4 °F, said "5 °F lower" beside 71 and 65 °F.
    @Test(arguments: [("units imperial", "F"), ("units metric", "C"), ("units temperature K", "K")])
    func berlinsHighMovedByItsExactDifference(units: String, unit: String) throws {
        let wanted = try expected(["2025-07-31", unit])
        let lines = try changed(
            units: units, place: "Berlin", first: "2025-07-30T06:00:00Z", later: "2025-07-30T08:00:00Z",
            laterFile: "brief/berlin-gmt-tomorrow-3-degrees-cooler-hand-edited.json")
        #expect(lines.contains(wanted), "\(wanted)\n\(lines.joined(separator: "\n"))")
    }

    /// Paris's Saturday high 15.4 → 17.6 °C: "2 °C higher", not 3 from 18 − 15.
    @Test(arguments: [("units metric", "C"), ("units imperial", "F"), ("units temperature K", "K")])
    func aChangeRoundedOnceNotTheFiguresDifference(units: String, unit: String) throws {
        let laterFile = "open-meteo-forecast/paris-sat-high-17.6-hand-edited.json"
        let wanted = try expected(["1792792800", unit, "--earlier", Self.parisRecording, "--later", laterFile])
        let lines = try changed(
            units: units, place: Self.paris, first: "2026-10-23T05:10:00Z", later: "2026-10-23T05:40:00Z",
            laterFile: laterFile)
        #expect(lines.contains(wanted), "\(wanted)\n\(lines.joined(separator: "\n"))")
    }

    /// A move of exactly 2.0 °C (Saturday's high, Tuesday's low) is 3.6 °F: "4 °F", not 3 from
    /// 63 − 60 and 29 − 26; `check --changed` and `brief` name it alike.
    @Test(arguments: ["changed", "check", "brief"]) func twoDegreesAreFourFahrenheit(command: String) throws {
        let laterFile = "open-meteo-forecast/paris-sat-high-17.4-tue-low-minus-1.5-hand-edited.json"
        let common = ["--earlier", Self.parisRecording, "--later", laterFile]
        let high = try expected(["1792792800", "F"] + common)
        let low = try expected(["1793055600", "F", "--kind", "low", "--day", "Tuesday"] + common)
        let arguments =
            switch command {
            case "check": ["check", "--changed"]
            case "brief": ["brief"]
            default: ["changed"]
            }
        let lines = try changed(
            units: "units imperial", place: Self.paris, first: "2026-10-23T05:10:00Z",
            later: "2026-10-23T05:40:00Z", laterFile: laterFile, command: arguments)
        let text = lines.joined(separator: " ")
        if command == "changed" {
            #expect(lines.contains(high) && lines.contains(low), "\(high)\n\(low)\n\(text)")
        } else {
            // Brief's last sentence and check's line name the first of the two (a weekday keeps
            // its capital inside the line).
            #expect(text.contains(low.dropLast()), "\(low)\n\(text)")
        }
    }
}
