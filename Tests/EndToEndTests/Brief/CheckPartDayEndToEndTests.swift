import Foundation
import Testing
import WeatherTestSupport

/// `check --rain` when tomorrow is only partly covered by the ensemble (trial 59): the answer
/// stops before tomorrow ends, so tomorrow had no whole-day count and `check` judged on the rest
/// of today alone — "none held", exit 1, with ≥ 40 % of the members already wet over the hours of
/// tomorrow it had. Now the hours held decide when they reach the threshold (the missing hours
/// can only add rain: exit 0, naming the hours); when they do not, wx does not know (exit 3, one
/// line saying tomorrow is only partly covered). The figures come from
/// Fixtures/open-meteo-ensemble/partial_tomorrow_expected.py over the same answers.
@Suite(.tags(.endToEnd))
struct CheckPartDayEndToEndTests {
    static let paris = "48.85,2.35"
    static let newYork = "40.75,-74.0"
    static let parisNow = "2026-10-29T16:00:00Z"
    static let newYorkNow = "2026-12-01T15:00:00Z"

    static func expected() -> [String: [String: Any]] {
        guard
            let run = try? runProgram(
                "/usr/bin/python3",
                [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/partial_tomorrow_expected.py"],
                environment: ["PATH": "/usr/bin:/bin"]),
            let document = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: Any]]
        else { return [:] }
        return document
    }

    /// The script's case `key`: its figures for check's, brief's and chance's tests of a day the
    /// ensemble covers in part.
    static func figures(_ key: String) throws -> [String: Any] {
        try #require(expected()[key], "partial_tomorrow_expected.py gives no \(key)")
    }

    /// "rain ≥ 1 mm over tomorrow’s 23 hours the ensemble covers (of 24, to 23:00) 20 of 48
    /// members (42 %) ≥ 30 %" from the script's figures.
    static func held(_ figures: [String: Any], threshold: Int) -> String {
        let covered = figures["hours_covered"] as? Int ?? 0
        let percent = Int(((figures["percent"] as? Double ?? 0)).rounded())
        return
            "rain ≥ 1 mm over tomorrow’s \(covered) hours the ensemble covers (of \(figures["hours_in_day"] as? Int ?? 0), to \(figures["end"] as? String ?? "?")) \(figures["wet"] as? Int ?? -1) of \(figures["of"] as? Int ?? -1) members (\(percent) %) ≥ \(threshold) %"
    }

    @Test func theHoursHeldThatReachTheThresholdHold() throws {
        let paris = try #require(Self.expected()["paris"])
        let newYork = try #require(Self.expected()["new_york"])
        // The script's figures: at or above the thresholds below, and none today.
        #expect(paris["percent"] as? Double ?? 0 >= 30 && paris["rest_of_today_wet"] as? Int == 0)
        #expect(newYork["percent"] as? Double ?? 0 >= 10 && newYork["rest_of_today_wet"] as? Int == 0)
        let server = try FixtureServer()
        for (place, now, threshold, figures) in [
            (Self.paris, Self.parisNow, 30, paris), (Self.newYork, Self.newYorkNow, 10, newYork),
        ] {
            let run = try runWX(
                ["check", "--rain", "\(threshold)%", place], home: TemporaryFolder(), server: server, now: now)
            #expect(run.status == 0, "\(place): \(run.stdout)\(run.stderr)")
            #expect(run.stdout.hasSuffix(": " + Self.held(figures, threshold: threshold) + "\n"), "\(run.stdout)")
            #expect(run.stdout.contains("tomorrow"))
        }
    }

    @Test func theHoursHeldUnderTheThresholdAreNotANo() throws {
        let paris = try #require(Self.expected()["paris"])
        let threshold = 50
        #expect(paris["percent"] as? Double ?? 100 < Double(threshold))
        let server = try FixtureServer()
        let run = try runWX(
            ["check", "--rain", "\(threshold)%", Self.paris], home: TemporaryFolder(), server: server,
            now: Self.parisNow)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        let percent = Int(((paris["percent"] as? Double ?? 0)).rounded())
        #expect(
            run.stderr.hasPrefix(
                "error: tomorrow is only partly covered by the ensemble (\(paris["hours_covered"] as? Int ?? 0) of its \(paris["hours_in_day"] as? Int ?? 0) hours, to \(paris["end"] as? String ?? "?")), and \(paris["wet"] as? Int ?? -1) of \(paris["of"] as? Int ?? -1) members (\(percent) %) over those hours are under 50 %: the hours missing may bring more, so --rain cannot be checked; "
            ), "\(run.stderr)")
    }
}
