import Foundation
import Testing
import WeatherTestSupport

/// Trial 55 (F2): `compare`'s "rain" is today's chance; for a favorite whose forecast does not
/// cover today ("today °C —", JSON `today: null`) it showed "0 %", the chance of the hour of
/// conditions 15 months old. Berlin's recording (Jul–Aug 2025) at Fri 23 Oct 2026, beside
/// Paris's hand-written answer, through the built wx and the loopback server.
@Suite(.tags(.endToEnd))
struct CompareTodaysChanceEndToEndTests {
    static let now = "2026-10-23T05:10:00Z"
    static let commands = "find Berlin; fav; find 48.85,2.35; fav; compare"

    /// The recording's days and the chance of the hour of its conditions (the "0 %" shown).
    static func berlinRecording() throws -> (days: [String], conditionsHourChance: Double?) {
        let url = TestPaths.packageRoot.appendingPathComponent(
            "Fixtures/open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let daily = try #require(answer["daily"] as? [String: Any])
        let hourly = try #require(answer["hourly"] as? [String: Any])
        let current = try #require(answer["current"] as? [String: Any])
        let time = try #require(current["time"] as? String)
        // The hour in progress at the conditions' time is the entry labelled at its end.
        let times = try #require(hourly["time"] as? [String])
        let chances = try #require(hourly["precipitation_probability"] as? [Any])
        let index = times.firstIndex { $0 > time }
        return (daily["time"] as? [String] ?? [], index.flatMap { chances[$0] as? Double })
    }

    @Test func aFavoriteWhoseForecastDoesNotCoverTodayHasNoRainChance() throws {
        let recording = try Self.berlinRecording()
        #expect(!recording.days.contains("2026-10-23"))
        #expect(recording.conditionsHourChance == 0)
        let server = try FixtureServer()
        let text = try runWX(["-c", Self.commands], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.contains("place") && $0.contains("today °C") })
        let berlin = try #require(lines.first { $0.hasPrefix("  Berlin") }, "\(text.stdout)")
        // Its today's range and its rain chance are both unknown: "—", or no rain column at all
        // when no place has a chance for today (Paris's answer carries none).
        #expect(!berlin.contains("%"), "\(text.stdout)")
        let cells = berlin.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(cells.filter { $0 == "—" }.count >= (header.contains("rain") ? 2 : 1), "\(text.stdout)")

        // JSON says the same: no today, so no chance for it.
        let json = try runWX(["--json", "-c", Self.commands], home: TemporaryFolder(), server: server, now: Self.now)
        let line = try #require(json.stdout.split(separator: "\n").first { $0.contains(#""type":"comparison""#) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let places = try #require(document["places"] as? [[String: Any]])
        let place = try #require(places.first { ($0["place"] as? [String: Any])?["name"] as? String == "Berlin" })
        #expect(place["today"] is NSNull)
    }

    /// Where the forecast covers today the column is still today's chance: Berlin at the
    /// recording's own time shows its day's maximum (README's demo: 20 %).
    @Test func aFavoriteWithTodayShowsTodaysChance() throws {
        let server = try FixtureServer()
        let text = try runWX(
            ["-c", "find Berlin; fav; compare"], home: TemporaryFolder(), server: server, now: "2025-07-27T03:00:00Z")
        let url = TestPaths.packageRoot.appendingPathComponent(
            "Fixtures/open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let daily = try #require(answer["daily"] as? [String: Any])
        let days = try #require(daily["time"] as? [String])
        let maxima = try #require(daily["precipitation_probability_max"] as? [Any])
        let today = try #require(days.firstIndex(of: "2025-07-27"))
        let chance = try #require(maxima[today] as? Double)
        let berlin = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("  Berlin") })
        #expect(berlin.contains(" \(Int(chance)) % "), "\(berlin)")
    }
}
