import Foundation
import Testing
import WeatherTestSupport

/// Forecast answers the last round left wrong, through the built wx and the loopback server:
/// one variable in a unit wx does not know (case OM-1's rule), a GMT answer whose place's
/// country did not come (case OM-11's kind), and values in °F, mp/h and inch converted and
/// rounded once.
@Suite(.tags(.endToEnd))
struct AnswerUnitsAndZoneEndToEndTests {
    static let delhi = "28.61,77.21"

    /// The forecast answer `file` (under Fixtures/) for the next request, and the coordinates'
    /// name not coming (Nominatim busy), so nothing else decides what is shown.
    static func serving(_ file: String) throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: file, times: 4))
        try server.queue(.init(path: "/reverse", status: 503, body: "busy", times: 8))
        return server
    }

    /// `hourly_units.temperature_2m` "°X": the hours' temperatures are "—" (null in --json), said
    /// once; the current conditions and the days still show. The old wx refused the whole
    /// answer ("the answer was not used", exit 1).
    @Test func aVariableInAnUnknownUnitAloneIsLeftOut() throws {
        let file = "open-meteo-forecast/delhi-ist-unknown-hourly-temperature-unit-hand-written.json"
        let text = try runWX(
            ["-c", "hourly 3 \(Self.delhi)"], home: TemporaryFolder(), server: try Self.serving(file),
            now: "2024-03-18T03:10:00Z")
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        let said = text.stderr.components(separatedBy: "hourly temperature_2m in “°X”").count - 1
        #expect(said == 1, "\(text.stderr)")
        #expect(text.stderr.contains("a unit wx does not know: its values are left out (—)"), "\(text.stderr)")
        #expect(!text.stderr.contains("was not used"), "\(text.stderr)")
        // Each hour's row: its temperature "—", its wind still there.
        let rows = text.stdout.split(separator: "\n").filter { $0.contains("km/h") }
        #expect(rows.count == 3 && rows.allSatisfy { $0.contains("—") }, "\(text.stdout)")

        let json = try runWX(
            ["--json", "show", Self.delhi], home: TemporaryFolder(), server: try Self.serving(file),
            now: "2024-03-18T03:10:00Z")
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let current = try #require(document["current"] as? [String: Any])
        #expect(current["temperature_celsius"] as? Double == 17.5)
        let hours = try #require(document["hourly"] as? [[String: Any]])
        #expect(!hours.isEmpty)
        #expect(hours.allSatisfy { $0["temperature_celsius"] is NSNull }, "\(hours)")
        let today = try #require(document["today"] as? [String: Any])
        #expect(today["temperature_max_celsius"] as? Double != nil, "\(today)")
    }

    /// Delhi answered in GMT with its name (so its country) not coming: the old wx took the
    /// zone nearest among all countries', Kathmandu's (+05:45), and said nothing. Now India's
    /// zone (an anchor at Delhi), and the notice that the zone is a guess; `--json` says it too.
    @Test func aZoneGuessedWithoutTheCountryIsSaidAndIndiasForDelhi() throws {
        let file = "open-meteo-forecast/delhi-gmt-hand-written-from-the-ist-answer.json"
        let run = try runWX(
            ["-c", "show \(Self.delhi)"], home: TemporaryFolder(), server: try Self.serving(file),
            now: "2024-03-18T03:10:00Z")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // 03:10 UTC is 08:40 in India, 08:55 in Nepal.
        #expect(run.stdout.contains("Mon 08:40 IST"), "\(run.stdout)")
        #expect(run.stderr.contains("time zone guessed: Open-Meteo answered in GMT"), "\(run.stderr)")
        #expect(run.stderr.contains("Asia/Kolkata (UTC+05:30)"), "\(run.stderr)")

        let json = try runWX(
            ["--json", "show", Self.delhi], home: TemporaryFolder(), server: try Self.serving(file),
            now: "2024-03-18T03:10:00Z")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        #expect(document["time_zone_guessed"] as? Bool == true, "\(json.stdout)")
        #expect(document["utc_offset_seconds"] as? Double == 19_800, "\(json.stdout)")
    }

    /// The same place answered in its own zone is no guess: nothing said, `false` in --json.
    @Test func aZoneTheServiceNamedIsNoGuess() throws {
        let file = "open-meteo-forecast/delhi-ist-0530-current-hourly24-daily7.json"
        let json = try runWX(
            ["--json", "show", Self.delhi], home: TemporaryFolder(), server: try Self.serving(file),
            now: "2024-03-18T03:10:00Z")
        #expect(!json.stderr.contains("guessed"), "\(json.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        #expect(document["time_zone_guessed"] as? Bool == false, "\(json.stdout)")
    }

    /// Values in °F, mp/h and inch shown in metric units, each converted exactly and rounded
    /// once: 0.49 in is 12.446 mm, "12.4"; 23.3 mp/h is 37.497 km/h, "37". The old wx rounded
    /// them to 0.01 first (12.45, 37.50) and showed 12.5 and 38. Expected figures:
    /// Fixtures/units/double_rounding_expected.py over the same answer.
    @Test func convertedValuesAreRoundedOnce() throws {
        let script = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/units/double_rounding_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any], "\(script.stderr)")
        let hours = try #require(expected["hours"] as? [[String: String]])
        let run = try runWX(
            ["-c", "hourly 4 47.685364,-116.784294"], home: TemporaryFolder(),
            server: try Self.serving("units/idaho-fahrenheit-mph-inch-hand-written.json"),
            now: "2025-07-29T00:10:00Z")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // The hours after now (17:10 PDT): 18:00, 19:00, 20:00, each row "time … °C mm wind".
        for hour in hours.dropFirst() {
            let time = try #require(hour["time"])
            let row = try #require(run.stdout.split(separator: "\n").first { $0.contains(time) }, "\(run.stdout)")
            let temperature = try #require(hour["temperature"]).replacingOccurrences(of: " °C", with: "")
            let amount = try #require(hour["precipitation"]).replacingOccurrences(of: " mm", with: "")
            let wind = try #require(hour["wind"])
            let cells = row.split(separator: " ").map(String.init)
            #expect(cells.contains(temperature), "\(time): \(row)")
            #expect(cells.contains(amount), "\(time): \(row)")
            #expect(row.contains(" \(wind) "), "\(time): \(row)")
        }
    }
}
