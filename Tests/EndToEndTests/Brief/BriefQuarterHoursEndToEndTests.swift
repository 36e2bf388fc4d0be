import Foundation
import Testing
import WeatherTestSupport

/// `brief` and `rain` read the 6 hours of 15-minute data wx asks for as the near hours, not as
/// the end of the forecast: past their end the hourly data carry on. Through the built wx and
/// the loopback server on Paris's hand-written 7-day answer (rain Sat 06:00–09:00 CEST) with a
/// dry 15-minute block from now in front; Fixtures/brief/quarter_hours_expected.py builds the
/// answer and computes the spell apart.
@Suite(.tags(.endToEnd))
struct BriefQuarterHoursEndToEndTests {
    static let paris = "48.86,2.35"

    static func expected(at now: String, hoursOnly: Bool = false) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/brief/quarter_hours_expected.py", now]
                + (hoursOnly ? ["--hours-only"] : []),
            environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// A server answering the next forecast request with `expected`'s answer.
    static func server(serving expected: [String: Any]) throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", body: try #require(expected["body"] as? String)))
        return server
    }

    func document(_ run: WXResult, type: String) throws -> [String: Any] {
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains(#""type":"\#(type)""#) })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func joined(_ run: WXResult) -> String { run.stdout.replacingOccurrences(of: "\n  ", with: " ") }

    /// Fri 23 Oct 12:00 CEST: the 15-minute data end at 18:00, tomorrow's rain is in the hours.
    @Test func briefSaysTheRainPastTheFifteenMinuteData() throws {
        let now = "2026-10-23T10:00:00Z"
        let expected = try Self.expected(at: now)
        #expect(expected["start"] as? String == "2026-10-24T04:00:00Z" && expected["window_hours"] as? Int == 24)
        let text = try runWX(
            ["brief", Self.paris], home: TemporaryFolder(), server: try Self.server(serving: expected), now: now)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(joined(text).contains("Dry until about tomorrow 06:00, then rain tomorrow morning"), "\(text.stdout)")
        #expect(!text.stdout.contains("the forecast has left"), "\(text.stdout)")
        let json = try runWX(
            ["--json", "brief", Self.paris], home: TemporaryFolder(), server: try Self.server(serving: expected),
            now: now)
        let sentences = try document(json, type: "brief")["sentences"] as? [[String: Any]] ?? []
        let facts = try #require(sentences.first { $0["kind"] as? String == "rain" }?["facts"] as? [String: Any])
        #expect(facts["start"] as? String == expected["start"] as? String, "\(facts)")
        #expect(facts["end"] as? String == expected["end"] as? String, "\(facts)")
    }

    @Test func rainLooksOnIntoTheHourlyData() throws {
        let now = "2026-10-23T10:00:00Z"
        let expected = try Self.expected(at: now)
        let text = try runWX(
            ["rain", Self.paris], home: TemporaryFolder(), server: try Self.server(serving: expected), now: now)
        #expect(text.status == 0, "\(text.stderr)")
        let total = String(format: "%.1f", try #require(expected["total_millimetres"] as? Double))
        #expect(
            joined(text).contains(
                "precipitation from Sat 06:00, about \(total) mm, until Sat 09:00 (15-minute data, then hourly data)"),
            "\(text.stdout)")
        #expect(!text.stdout.contains("no rain expected"), "\(text.stdout)")
        let json = try runWX(
            ["--json", "rain", Self.paris], home: TemporaryFolder(), server: try Self.server(serving: expected),
            now: now)
        let outlook = try #require(try document(json, type: "rain")["outlook"] as? [String: Any])
        #expect(outlook["start"] as? String == expected["start"] as? String, "\(outlook)")
        #expect(outlook["end"] as? String == expected["end"] as? String, "\(outlook)")
        #expect(outlook["horizon_hours"] as? Double == Double(expected["window_hours"] as? Int ?? -1), "\(outlook)")
    }

    /// Fri 23 Oct 08:00 CEST: the next 24 hours end at Sat 08:00, inside the spell that lasts to
    /// 09:00 — the window's end, not the forecast's (7 days), and the whole spell is totalled.
    @Test func rainTotalsTheWholeSpellPastItsWindow() throws {
        let now = "2026-10-23T06:00:00Z"
        let expected = try Self.expected(at: now, hoursOnly: true)
        #expect(expected["end"] as? String == "2026-10-24T07:00:00Z")
        let total = String(format: "%.1f", try #require(expected["total_millimetres"] as? Double))
        let text = try runWX(
            ["rain", Self.paris], home: TemporaryFolder(), server: try Self.server(serving: expected), now: now)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            joined(text).contains("precipitation from Sat 06:00, about \(total) mm, until Sat 09:00 (hourly data)"),
            "\(text.stdout)")
        #expect(!text.stdout.contains("past the end of the forecast"), "\(text.stdout)")
    }
}
