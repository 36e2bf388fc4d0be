import Foundation
import Testing
import WeatherTestSupport

/// Trial 55 (F5): at Fri 23 Oct 2026 07:10 CEST, Paris's hand-written forecast has 0.3 mm in
/// each hour of Sat 06:00–09:00; `brief` cut the spell at now + 24 h and said "heaviest
/// 06:00–07:10 (0.3 mm an hour), still raining tomorrow at 07:10" — no hour heavier than
/// another, and 07:10 no hour of the data — where `rain` said 06:00–09:00. The facts expected
/// come from Fixtures/brief/brief_expected.py over the same recording, through the built wx
/// and the loopback server.
@Suite(.tags(.endToEnd))
struct BriefEvenSpellEndToEndTests {
    static let now = "2026-10-23T05:10:00Z"
    static let paris = "48.85,2.35"

    static func expected() throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/brief/brief_expected.py", now,
                "open-meteo-forecast/paris-7d-hourly-hand-written-beside-the-ensemble.json", "Europe/Paris",
            ], environment: ["PATH": "/usr/bin:/bin"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(document["rain"] as? [String: Any])
    }

    @Test func anEvenSpellPastTheHorizonIsRainsWholeSpellWithNoHeaviest() throws {
        let expected = try Self.expected()
        // 04:00–07:00 UTC (06:00–09:00 CEST), 0.3 mm each hour, over before the data end.
        #expect(expected["start"] as? String == "2026-10-24T04:00:00Z")
        #expect(expected["end"] as? String == "2026-10-24T07:00:00Z")
        #expect(expected["even"] as? Bool == true && expected["still_raining_at_end"] as? Bool == false)
        let server = try FixtureServer()
        let json = try runWX(["--json", "brief", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(json.status == 0, "\(json.stderr)")
        let line = try #require(json.stdout.split(separator: "\n").first { $0.contains(#""type":"brief""#) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let sentences = try #require(document["sentences"] as? [[String: Any]])
        let rain = try #require(sentences.first { $0["kind"] as? String == "rain" })
        let facts = try #require(rain["facts"] as? [String: Any])
        for key in ["start", "end", "heaviest_start", "heaviest_end"] {
            #expect(facts[key] as? String == expected[key] as? String, "\(key)")
        }
        for key in ["even", "still_raining_at_end"] {
            #expect(facts[key] as? Bool == expected[key] as? Bool, "\(key)")
        }
        let total = try #require(facts["precipitation_millimetres"] as? Double)
        #expect(abs(total - (expected["precipitation_millimetres"] as? Double ?? .nan)) < 1e-6)

        let text = try runWX(["brief", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        let joined = text.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            joined.contains(
                "Dry until about tomorrow 06:00, then rain tomorrow morning (0.3 mm an hour), dry again by tomorrow 09:00."
            ), "\(text.stdout)")
        #expect(!joined.contains("heaviest") && !joined.contains("07:10 ("), "\(text.stdout)")
        // `rain` says the same spell: from 06:00 to 09:00 CEST, about 0.9 mm.
        let said = try runWX(["rain", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(said.stdout.contains("from Sat 06:00, about 0.9 mm, until Sat 09:00"), "\(said.stdout)")
    }
}
