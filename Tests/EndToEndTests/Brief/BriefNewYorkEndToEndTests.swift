import Foundation
import Testing
import WeatherTestSupport

/// `brief` on an answer whose time labels are at another UTC offset than 0: New York's recording
/// (`utc_offset_seconds` -18000, labels "2026-02-07T05:00" at EST). Fixtures/brief/brief_expected.py
/// read every label as GMT, right for Berlin's recording (answered in GMT) and five hours off
/// here; it reads them at the answer's offset now, and wx's facts and words agree with it.
@Suite(.tags(.endToEnd))
struct BriefNewYorkEndToEndTests {
    /// Sat 07 Feb 2026 01:00 EST: snow from 03:00 to 05:00, rain again 10:00–11:00.
    static let now = "2026-02-07T06:00:00Z"
    static let place = "40.78858,-73.9661"

    static func expected() throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/brief/brief_expected.py", now,
                "open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json", "America/New_York",
            ], environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func theSpellIsReadAtTheAnswersOffset() throws {
        let expected = try Self.expected()
        let rain = try #require(expected["rain"] as? [String: Any], "\(expected)")
        let server = try FixtureServer()
        let json = try runWX(["--json", "brief", Self.place], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(json.status == 0, "\(json.stderr)")
        let line = try #require(json.stdout.split(separator: "\n").first { $0.contains(#""type":"brief""#) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let sentences = try #require(document["sentences"] as? [[String: Any]])
        let facts = try #require(
            sentences.first { $0["kind"] as? String == "rain" }?["facts"] as? [String: Any], "\(sentences)")
        for key in ["start", "end", "heaviest_start", "heaviest_end"] {
            #expect(facts[key] as? String == rain[key] as? String, "\(key): \(facts) against \(rain)")
        }
        #expect(
            abs(
                (facts["precipitation_millimetres"] as? Double ?? -1)
                    - (rain["precipitation_millimetres"] as? Double ?? 0))
                < 1e-6, "\(facts)")
        let later = try #require(facts["later"] as? [[String: Any]])
        let laterExpected = try #require(rain["later"] as? [[String: Any]])
        #expect(later.count == laterExpected.count && !later.isEmpty, "\(later) against \(laterExpected)")
        for (found, wanted) in zip(later, laterExpected) {
            #expect(found["start"] as? String == wanted["start"] as? String, "\(found) against \(wanted)")
            #expect(found["end"] as? String == wanted["end"] as? String, "\(found) against \(wanted)")
        }
        let tomorrow = try #require(expected["tomorrow"] as? [String: Any])
        let said = try #require(
            sentences.first { $0["kind"] as? String == "tomorrow" }?["facts"] as? [String: Any], "\(sentences)")
        #expect(said["today_high_celsius"] as? Double == tomorrow["today_high_celsius"] as? Double, "\(said)")
        #expect(said["tomorrow_high_celsius"] as? Double == tomorrow["tomorrow_high_celsius"] as? Double, "\(said)")
        // The words, at New York's clock.
        let text = try runWX(["brief", Self.place], home: TemporaryFolder(), server: server, now: Self.now)
        let joined = text.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(joined.contains(try #require(rain["heaviest_said"] as? String)), "\(text.stdout)")
        #expect(joined.contains(try #require(rain["later_said"] as? String)), "\(text.stdout)")
    }
}
