import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

/// `show` and `show --json` list the same days for the same answer, through the built wx and the
/// loopback server, on an answer none of whose days is today or later.
@Suite(.tags(.endToEnd)) struct PresentationEndToEndTests {
    /// A week after the Hamburg answer's last day (the Berlin recording: 27 Jul to 2 Aug 2025).
    static let afterTheAnswer = "2025-08-10T00:00:00Z"

    @Test func showAndShowJSONListTheSameDaysWhenNoneIsTodayOrLater() throws {
        let server = try FixtureServer()
        // The same recorded answer, shown as text and then as JSON by the same process.
        let run = try runWX(
            ["-c", "show Hamburg; format json; show"], home: TemporaryFolder(), server: server, now: Self.afterTheAnswer
        )
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let parts = run.stdout.components(
            separatedBy: "{\"type\":\"format\",\"schema_version\":1,\"format\":\"json\"}\n")
        try #require(parts.count == 2)
        let text = parts[0]
        #expect(
            text.hasPrefix(
                "Elbphilharmonie, Hamburg, Deutschland · Sun 02:00 CEST\n  this forecast covers Sun 27 Jul to Sat 02 Aug, not now\n"
                    + "  conditions from 2025-07-27 05:00, 13 days ago — not now\n"
            ))
        #expect(
            text.hasSuffix(
                """

                  day         condition                 low °C  high °C   rain      mm
                  Sun 27 Jul  ☁ overcast                  16.3     24.1   20 %     0.0
                  Mon 28 Jul  ☂ slight rain showers       17.1     21.9   35 %     0.2
                  Tue 29 Jul  ☁ overcast                  14.3     21.9   10 %     0.0
                  Wed 30 Jul  ☂ slight rain showers       14.7     21.0   22 %     2.1
                  Thu 31 Jul  ⚡ thunderstorm             14.7     21.4   60 %     6.9
                  Fri 01 Aug  ☁ overcast                  15.3     24.4   35 %     0.0
                  Sat 02 Aug  ☂ slight rain showers       16.1     20.4   30 %     3.3
                  days are UTC days (02:00–02:00 CEST): Open-Meteo answered in GMT
                  this forecast does not cover today: its days end on Sat 02 Aug
                  see also: “normal” (usual for the date), “confidence” (how sure)

                """))

        let document = try JSONValue.parse(Data(parts[1].utf8))
        #expect(document["type"]?.string == "weather")
        #expect(
            document["daily"]?.array?.compactMap { $0["date"]?.string } == [
                "2025-07-27", "2025-07-28", "2025-07-29", "2025-07-30", "2025-07-31", "2025-08-01", "2025-08-02",
            ])
        #expect(document["days_before_today"]?.bool == true)
        #expect(document["today"] == .null)
        #expect(document["hourly"]?.array?.isEmpty == true)
    }

    /// Visibility, which Open-Meteo gives hourly only, is the conditions' hour's in both: the
    /// text said 13 km while `--json` said null (found by a new-user trial).
    @Test func visibilityIsTheSameInTextAndJSON() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "show Hamburg; format json; show"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T03:10:00Z")
        #expect(run.status == 0)
        let parts = run.stdout.components(
            separatedBy: "{\"type\":\"format\",\"schema_version\":1,\"format\":\"json\"}\n")
        try #require(parts.count == 2)
        #expect(parts[0].contains("visibility 13 km"))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any])
        let current = try #require(document["current"] as? [String: Any])
        #expect(current["visibility_metres"] as? Double == 13_460)
    }
}
