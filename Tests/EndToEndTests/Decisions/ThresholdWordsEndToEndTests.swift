import Foundation
import Testing
import WeatherTestSupport

/// One threshold, one way of saying it: in inches `confidence`, `check`, `watch` and `brief`
/// said the ensemble's 1 mm as "0.04 in" (1.016 mm) while `chance` said "0.0394 in (1 mm)", and
/// `best dry` read "dry (rain < 0.0039 in (0.1 mm))". Each now says the limit as defined with the
/// figure in inches said to be near, keeping its own window's words. The words expected come
/// from Fixtures/units/threshold_words_expected.py.
@Suite(.tags(.endToEnd))
struct ThresholdWordsEndToEndTests {
    static let now = DecisionsEndToEndTests.now
    static let paris = DecisionsEndToEndTests.paris

    func words(_ millimetres: String, _ unit: String, nested: Bool = false) throws -> String {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/units/threshold_words_expected.py", millimetres, unit]
                + (nested ? ["nested"] : []), environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `arguments` in `units` at 200 columns in `home` (one for a test: `brief` reads the
    /// ensemble `confidence` fetched): stdout, after a status 0.
    func output(
        _ units: String, _ arguments: [String], server: FixtureServer, home: TemporaryFolder = TemporaryFolder()
    ) throws -> String {
        let run = try runWX(
            ["--units", units] + arguments, home: home, server: server, now: Self.now,
            environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test(arguments: [("imperial", "in"), ("metric", "mm")])
    func theEnsemblesMillimetreIsSaidAsChanceSaysIt(units: String, unit: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let limit = try words("1", unit)
        let chance = try output(units, ["-c", "chance rain>=1mm/day 2 \(Self.paris)"], server: server, home: home)
        #expect(chance.contains("rain ≥ \(limit) over the day"), "\(chance)")
        let confidence = try output(units, ["-c", "confidence 2 \(Self.paris)"], server: server, home: home)
        #expect(confidence.contains("rain ≥ \(limit) over the day: "), "\(confidence)")
        let check = try output(units, ["check", "--rain", "1%", Self.paris], server: server, home: home)
        #expect(check.contains("rain ≥ \(limit) over tomorrow "), "\(check)")
        let brief = try output(units, ["-c", "brief \(Self.paris)"], server: server, home: home)
        // brief's sentences wrap at 80 columns whatever the terminal's width: read as one line.
        let briefWords = brief.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // Today's count, over its rest (trial60).
        #expect(briefWords.contains("members give \(limit) or more over the rest of the day."), "\(brief)")
        for text in [chance, confidence, check, brief] {
            #expect(!text.contains("0.04 in") && !text.contains("0.0394"), "\(text)")
        }
    }

    /// `dry` inside its parentheses: one pair, three decimals; metric as it was.
    @Test func dryReadsWithoutNestedParentheses() throws {
        let server = try FixtureServer()
        let imperial = try output("imperial", ["-c", "best 2 dry \(Self.paris)"], server: server)
        #expect(imperial.contains("dry (rain < \(try words("0.1", "in", nested: true))) · "), "\(imperial)")
        #expect(!imperial.contains("0.0039"), "\(imperial)")
        let metric = try output("metric", ["-c", "best 2 dry \(Self.paris)"], server: server)
        #expect(metric.contains("dry (rain < 0.1 mm) · "), "\(metric)")
    }
}
