import Foundation
import Testing
import WeatherTestSupport

/// `confidence`'s today counts the rest of today from the next hour, as `chance`, `check` and
/// `brief --sure` do, and says so (it said 27 of 51 members at 20:10 while `chance` said 0 of
/// 51); and an answer whose days are not the days ahead is said, or refused beyond the
/// ensemble's range. Counts from Fixtures/open-meteo-ensemble/later_run_chance_expected.py over
/// the same Paris answer (its "was" side is the answer the server serves).
@Suite(.tags(.endToEnd))
struct ConfidenceSpanEndToEndTests {
    static let evening = "2026-10-23T18:10:00Z"
    static let paris = "48.85,2.35"

    func expected(_ now: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/later_run_chance_expected.py", "expected",
                "morning", now,
            ], environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func todayIsTheRestOfTodayFromTheNextHour() throws {
        let wanted = try expected(Self.evening)
        #expect(wanted["was_members"] as? Int != wanted["whole_day_was"] as? Int)
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let json = try runWX(["--json", "confidence", "2", Self.paris], home: home, server: server, now: Self.evening)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let today = try #require((document["days"] as? [[String: Any]])?.first)
        #expect(today["date"] as? String == "2026-10-23")
        #expect(today["from"] as? String == wanted["from"] as? String)
        #expect(today["rain_members"] as? Int == wanted["was_members"] as? Int, "\(today)")
        #expect(today["rain_of_members"] as? Int == wanted["was_of_members"] as? Int, "\(today)")
        let tomorrow = try #require((document["days"] as? [[String: Any]])?.last)
        #expect(tomorrow["from"] is NSNull)
        let text = try runWX(
            ["confidence", "2", Self.paris], home: home, server: server, now: Self.evening,
            environment: ["COLUMNS": "100"])
        #expect(text.stdout.contains("rest of today from 21:00"), "\(text.stdout)")
        #expect(
            text.stdout.contains("\(wanted["was_members"] ?? "?") of \(wanted["was_of_members"] ?? "?") members"),
            "\(text.stdout)")
        // `chance` counts the same.
        let chance = try runWX(
            ["--json", "chance", "rain>=1mm/day", "1", Self.paris], home: home, server: server, now: Self.evening)
        #expect(chance.stdout.contains(#""members_reaching":\#(wanted["was_members"] ?? "?")"#), "\(chance.stdout)")
    }

    /// Hamburg's answer is for 1–5 December: asked on 1 October it is 61 days away, beyond the
    /// 10 days the ensemble covers — refused, naming why; asked on 28 November its days are
    /// shown with a note that they are not the days just ahead.
    @Test func daysBeyondTheEnsemblesRangeAreRefusedAndLaterDaysSaid() throws {
        let server = try FixtureServer()
        let far = try runWX(
            ["confidence", "Hamburg"], home: TemporaryFolder(), server: server, now: "2026-10-01T10:00:00Z")
        #expect(far.status != 0)
        #expect(!far.stdout.contains("Dec"), "\(far.stdout)")
        #expect(far.stderr.contains("61 days from today"), "\(far.stderr)")
        #expect(far.stderr.contains("beyond the 10 days the ensemble covers"), "\(far.stderr)")
        let near = try runWX(
            ["confidence", "Hamburg"], home: TemporaryFolder(), server: server, now: "2026-11-28T10:00:00Z",
            environment: ["COLUMNS": "100"])
        #expect(near.status == 0, "\(near.stderr)")
        let text = near.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        #expect(text.contains("the answer has no day before Tue"), "\(near.stdout)")
        #expect(text.contains("Dec, 3 days from today: these are not the days just ahead"), "\(near.stdout)")
    }
}
