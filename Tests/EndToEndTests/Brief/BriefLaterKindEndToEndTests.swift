import Foundation
import Testing
import WeatherTestSupport

/// Trial: `brief New York` (demo) said "snow again tomorrow 10:00–11:00" — the first spell's
/// word — while the 11:00 hour (the hour 10:00–11:00) has WMO code 51, light drizzle, as
/// `hourly` shows. The later spell's kind follows its own hours' codes, by the first spell's rule.
@Suite(.tags(.endToEnd))
struct BriefLaterKindEndToEndTests {
    /// The code of the recording's hour at `time` (local), read by python over the fixture.
    static func code(at time: String) throws -> Int {
        let script = """
            import json, sys
            d = json.load(open(sys.argv[1]))
            h = d['hourly']
            print(h['weather_code'][h['time'].index(sys.argv[2])])
            """
        let run = try runProgram(
            "/usr/bin/python3",
            [
                "-c", script,
                TestPaths.packageRoot.path
                    + "/Fixtures/open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json", time,
            ], environment: ["PATH": "/usr/bin:/bin"])
        return try #require(Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func theLaterSpellIsNamedByItsOwnCodes() throws {
        // 04:00 and 05:00 are snow (71): the first spell; 11:00 is drizzle (51 is rain in WMO's table).
        #expect(try Self.code(at: "2026-02-07T05:00") == 71)
        #expect(try Self.code(at: "2026-02-07T11:00") == 51)
        let (run, _) = try runDemo("brief New York")
        #expect(run.status == 0, "\(run.stderr)")
        // Read as one line: where it wraps depends on the words before.
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("dry again by tomorrow 05:00, rain again tomorrow 10:00–11:00"), "\(run.stdout)")
        #expect(!run.stdout.contains("snow again"), "\(run.stdout)")
    }
}
