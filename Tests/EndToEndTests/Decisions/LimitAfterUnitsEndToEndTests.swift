import Foundation
import Testing
import WeatherTestSupport

/// A view of `chance` or `best` shown again after `units …` says the limit that was asked, in the
/// unit it was read in with the figure in the new unit after it, beside the counts of that limit
/// (trial60 finding 1: "gusts ≥ 60 mph" and "temp ≤ 0 °F" beside the counts of 60 km/h and 0 °C;
/// "wind < 20 Bft", a force past the scale). Its JSON is the same document again. The conditions
/// expected come from Fixtures/open-meteo-ensemble/limits_after_units_expected.py, the counts
/// from decisions_expected.py over the same Paris ensemble.
@Suite(.tags(.endToEnd)) struct LimitAfterUnitsEndToEndTests {
    static let now = DecisionsEndToEndTests.now
    static let paris = DecisionsEndToEndTests.paris

    func script(_ name: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/" + name],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The lines of a script's output after the line starting with `marker` (the units' line),
    /// and before it, trimmed.
    func split(_ output: String, at marker: String) -> (before: [String], after: [String]) {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let index = lines.firstIndex(where: { $0.hasPrefix(marker) }) else { return (lines, []) }
        return (Array(lines[..<index]), Array(lines[(index + 1)...]))
    }

    @Test func chanceShownAgainSaysTheLimitAskedWithItsCounts() throws {
        let expected = try script("limits_after_units_expected.py")
        let gusts = try #require(try script("decisions_expected.py")["chance_gusts"] as? [[Any]])
        // Sunday 25 Oct's members with gusts of 60 km/h or more.
        let sunday = try #require(gusts.first { $0[0] as? String == "2026-10-25" })
        let run = try runWX(
            stdin: "chance gusts>=60 temp<=0 3 \(Self.paris)\nunits imperial\n", home: TemporaryFolder(),
            server: FixtureServer(), now: Self.now, environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let (before, after) = split(run.stdout, at: "units imperial")
        #expect(after.contains(try #require(expected["gusts_mph"] as? String)), "\(after)")
        #expect(after.contains(try #require(expected["temp_fahrenheit"] as? String)), "\(after)")
        let count = "Sun 25 Oct  \(sunday[1]) of \(sunday[2]) members"
        #expect(before.contains { $0.hasPrefix(count) } && after.contains { $0.hasPrefix(count) }, "\(run.stdout)")
    }

    @Test func bestShownAgainSaysTheLimitAsked() throws {
        let expected = try script("limits_after_units_expected.py")
        let server = try FixtureServer()
        let wind = try runWX(
            stdin: "best 2h wind<20 \(Self.paris)\nunits wind bft\n", home: TemporaryFolder(), server: server,
            now: Self.now, environment: ["COLUMNS": "200"])
        #expect(wind.status == 0, "\(wind.stderr)")
        let windLines = split(wind.stdout, at: "units metric").after
        #expect(windLines.contains { $0.hasPrefix(expected["wind_beaufort"] as? String ?? "?") }, "\(windLines)")
        let temperature = try runWX(
            stdin: "units imperial\nbest 2h temp>50 \(Self.paris)\nunits metric\n", home: TemporaryFolder(),
            server: server, now: Self.now, environment: ["COLUMNS": "200"])
        #expect(temperature.status == 0, "\(temperature.stderr)")
        let temperatureLines = split(temperature.stdout, at: "units metric").after
        let wanted = try #require(expected["temp_celsius_from_fahrenheit"] as? String)
        #expect(temperatureLines.contains { $0.hasPrefix(wanted + " ·") }, "\(temperatureLines)")
    }

    /// The JSON of the view shown again is the first one's: limits in the variables' own units.
    @Test func jsonShownAgainIsTheSameDocument() throws {
        let run = try runWX(
            ["--json"], stdin: "chance gusts>=60 temp<=0 3 \(Self.paris)\nunits imperial\n",
            home: TemporaryFolder(), server: FixtureServer(), now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let chances = run.stdout.split(separator: "\n").filter { $0.contains(#""type":"chance""#) }
        #expect(chances.count == 2 && chances[0] == chances[1], "\(run.stdout.prefix(600))")
    }
}
