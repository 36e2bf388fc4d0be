import Foundation
import Testing
import WeatherTestSupport

/// `chance rain>=1` counts 1 mm in an hour; `confidence`, `check --rain` (and `watch --rain`)
/// count 1 mm over the day, its hours added. Both printed "1 mm" alone and read as
/// contradictory: each says its window now, in text and in `--json`.
@Suite(.tags(.endToEnd))
struct RainWindowEndToEndTests {
    static let now = DecisionsEndToEndTests.now
    static let paris = DecisionsEndToEndTests.paris

    @Test func eachRainCountSaysItsWindowInText() throws {
        let server = try FixtureServer()
        let chance = try runWX(
            ["-c", "chance rain>=1 rain>=1mm/day 2 \(Self.paris)"], home: TemporaryFolder(), server: server,
            now: Self.now)
        #expect(chance.status == 0, "\(chance.stderr)")
        #expect(chance.stdout.contains("rain ≥ 1 mm in an hour"), "\(chance.stdout)")
        #expect(chance.stdout.contains("rain ≥ 1 mm over the day"), "\(chance.stdout)")
        let confidence = try runWX(
            ["-c", "confidence 2 \(Self.paris)"], home: TemporaryFolder(), server: server, now: Self.now,
            environment: ["COLUMNS": "200"])
        #expect(confidence.stdout.contains("rain ≥ 1 mm over the day: "), "\(confidence.stdout)")
        let check = try runWX(
            ["check", "--rain", "1%", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(check.stdout.contains("rain ≥ 1 mm over "), "\(check.stdout)")
    }

    @Test func eachRainCountSaysItsWindowInJSON() throws {
        let server = try FixtureServer()
        func document(_ arguments: [String]) throws -> [String: Any] {
            let run = try runWX(["--json"] + arguments, home: TemporaryFolder(), server: server, now: Self.now)
            return try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        }
        let chance = try document(["chance", "rain>=1", "rain>=1mm/day", "2", Self.paris])
        let thresholds = try #require(chance["thresholds"] as? [[String: Any]])
        #expect(thresholds.map { $0["window"] as? String } == ["hour", "day"], "\(thresholds)")
        let confidence = try document(["confidence", "2", Self.paris])
        #expect(confidence["rain_window"] as? String == "day", "\(confidence)")
        let check = try document(["check", "--rain", "1%", Self.paris])
        let conditions = try #require(check["conditions"] as? [[String: Any]])
        #expect(conditions.first?["rain_window"] as? String == "day", "\(conditions)")
        #expect(conditions.first?["rain_threshold_millimetres"] as? Double == 1, "\(conditions)")
    }
}
