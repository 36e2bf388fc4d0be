import Foundation
import Testing
import WeatherTestSupport

/// Forecast answers the last round left wrong, through the built wx and the loopback server:
/// values in °F, mp/h and inch converted and rounded once.
@Suite(.tags(.endToEnd))
struct AnswerUnitsAndZoneEndToEndTests {
    /// The forecast answer `file` (under Fixtures/) for the next request, and the coordinates'
    /// name not coming (Nominatim busy), so nothing else decides what is shown.
    static func serving(_ file: String) throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: file, times: 4))
        try server.queue(.init(path: "/reverse", status: 503, body: "busy", times: 8))
        return server
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
