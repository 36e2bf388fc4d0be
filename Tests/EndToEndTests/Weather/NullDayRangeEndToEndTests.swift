import Foundation
import Testing
import WeatherTestSupport

/// A clean-clone tester (case OM-2's kind): an answer whose `daily.temperature_2m_max` for today
/// is `null` showed the current reading as the day's high ("today 12.0 … 19.0 °C" while the
/// hours after it said 21 and 22), and `--json` gave it as `temperature_max_celsius`. The reading
/// widens a low or high the answer gave, never stands in for one it left out. The body is the
/// Berlin recording with today's high (or low) made `null`, queued on the loopback server; the
/// other side is compared with the same command on the recording itself.
@Suite(.tags(.endToEnd)) struct NullDayRangeEndToEndTests {
    static let now = "2025-07-27T03:10:00Z"
    static let recording = "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json"

    /// The recording with today's (`daily`'s first) `key` made null, as a body to queue.
    static func body(nulling key: String) throws -> String {
        let url = TestPaths.packageRoot.appendingPathComponent("Fixtures/" + recording)
        var answer = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var daily = try #require(answer["daily"] as? [String: Any])
        var values = try #require(daily[key] as? [Any])
        values[0] = NSNull()
        daily[key] = values
        answer["daily"] = daily
        return String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
    }

    /// Today's day of `wx --json show` on `body` (the recording when nil).
    func today(body: String?) throws -> [String: Any] {
        let server = try FixtureServer()
        if let body { try server.queue(.init(path: "/v1/forecast", body: body, contentType: "application/json")) }
        let run = try runWX(["--json", "show", "52.52,13.41"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let days = try #require(document["daily"] as? [[String: Any]])
        return try #require(days.first)
    }

    @Test(arguments: [
        ("temperature_2m_max", "temperature_max_celsius", "temperature_min_celsius"),
        ("temperature_2m_min", "temperature_min_celsius", "temperature_max_celsius"),
    ])
    func aSideTheAnswerLeftOutStaysOut(field: String, nulled: String, kept: String) throws {
        let whole = try today(body: nil)
        let day = try today(body: Self.body(nulling: field))
        #expect(day[nulled] is NSNull, "\(nulled): \(day[nulled] ?? "absent")")
        #expect(whole[nulled] as? Double != nil)
        // The other side is the day's as the recording gives it, the reading inside it.
        #expect(day[kept] as? Double == whole[kept] as? Double, "\(day)")
    }
}
