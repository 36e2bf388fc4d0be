import Foundation
import Testing
import WeatherTestSupport

/// Trial 59, finding 9: `models` showed the December 2026 recording as "the next 3 days" of July
/// 2025, where `confidence` refuses such an answer. Both now hold an answer's days to the days
/// asked for from today (`DaysAhead`: 10 for each). The dates and counts are the output of
/// Fixtures/open-meteo-models/days_ahead_expected.py over the recording.
@Suite(.tags(.endToEnd)) struct ModelsDaysAheadEndToEndTests {
    @Test func anAnswerForDaysFarFromTodayIsRefusedAsConfidenceRefusesIt() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "models 3 Hamburg"], home: TemporaryFolder(), server: server, now: "2025-07-27T03:00:00Z")
        // days_ahead_expected.py: today 2025-07-27, none within; the first 2026-12-01, 492 days.
        #expect(run.status != 0, "\(run.stdout)")
        #expect(
            run.stderr.contains(
                "the models’ answer starts 2026-12-01, 492 days from today — beyond the 10 days the models’ forecast covers, so it says nothing of the days ahead; try again after the next run"
            ), "\(run.stderr)")
        #expect(!run.stdout.contains("Dec"), "\(run.stdout)")
    }

    @Test func daysPastTheRangeAreLeftOutAndSaid() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "models 7 Hamburg"], home: TemporaryFolder(), server: server, now: "2026-11-24T08:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        // days_ahead_expected.py: within Tue 01, Wed 02, Thu 03 Dec; 4 days beyond.
        let days = run.stdout.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.count > 10 && text.dropFirst(3).hasPrefix(" ") && text.contains(" Dec ")
                ? String(text.prefix(10)) : nil
        }
        #expect(days == ["Tue 01 Dec", "Wed 02 Dec", "Thu 03 Dec"], "\(run.stdout)")
        let flat = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            flat.contains(
                "4 days of the answer left out: more than 10 days from today, beyond what the models’ forecast covers"),
            "\(run.stdout)")
    }

    /// `--json` counts the days the text says were left out (`days_beyond_range`), as
    /// days_ahead_expected.py --json counts them; 0 when none is.
    @Test(arguments: ["2026-11-24T08:00:00Z", "2026-12-01T08:00:00Z"]) func jsonCountsTheDaysLeftOut(now: String)
        throws
    {
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-models/days_ahead_expected.py", "--json", now],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(script.status == 0, "\(script.stderr)")
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any])
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let run = try runWX(["--json"], stdin: "models 7 Hamburg\n", home: home, server: server, now: now)
        #expect(run.status == 0, "\(run.stderr)")
        let check = try validateAgainstSchema(run.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["days_beyond_range"] as? Int == expected["beyond"] as? Int, "\(run.stdout)")
        let days = (document["days"] as? [[String: Any]])?.compactMap { $0["date"] as? String }
        #expect(days == expected["within"] as? [String])
    }
}
