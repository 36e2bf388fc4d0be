import Foundation
import Testing
import WeatherTestSupport

/// `brief`'s tomorrow sentence says the size of the change: 1.8 °C cooler was "about as warm as
/// today" (the step was 2 °C), which reads as no change; the size is the difference of the highs
/// as shown, as `changed` says one. The words expected come from
/// Fixtures/brief/warmth_expected.py over the same answers, in metric and imperial.
@Suite(.tags(.endToEnd))
struct BriefWarmthEndToEndTests {
    static let now = "2025-07-30T08:00:00Z"

    /// The script's words for `file` at `now` (Berlin's calendar).
    func expected(_ file: String) throws -> [String: Any] {
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/brief/warmth_expected.py", file, Self.now, "Europe/Berlin"],
            environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any])
    }

    /// `brief Berlin` in `units` with `file` as the forecast's answer: the tomorrow sentence.
    func tomorrow(_ file: String?, units: String) throws -> String {
        let server = try FixtureServer()
        if let file { try server.queue(.init(path: "/v1/forecast", file: file, times: 1)) }
        let run = try runWX(
            ["--units", units, "brief", "Berlin"], home: TemporaryFolder(), server: server, now: Self.now,
            environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("Tomorrow ") } ?? run.stdout
    }

    @Test(arguments: ["brief/berlin-later-days-hand-written.json"])
    func aChangeOfNearly2DegreesIsSaidWithItsSize(file: String) throws {
        let wanted = try expected(file)
        #expect(wanted["change_celsius"] as? Double == -1.8)
        #expect(try tomorrow(file, units: "metric").hasPrefix("Tomorrow \(wanted["metric"] as? String ?? "?"), high"))
        #expect(
            try tomorrow(file, units: "imperial").hasPrefix("Tomorrow \(wanted["imperial"] as? String ?? "?"), high"))
    }

    /// The difference is that of the two highs as shown whole (as `changed` says a high's
    /// move): 20.4 → 18.6 °C, shown 20 and 19 (69 and 65 °F), was "2 °C cooler" and "3 °F
    /// cooler" from the raw 1.8 °C (3.24 °F) rounded.
    @Test func theDifferenceIsThatOfTheHighsAsShown() throws {
        let file = "brief/berlin-tomorrow-shown-apart-hand-edited.json"
        let wanted = try expected(file)
        #expect(wanted["metric"] as? String == "1 °C cooler than today")
        #expect(wanted["imperial"] as? String == "4 °F cooler than today")
        #expect(
            try tomorrow(file, units: "metric").hasPrefix("Tomorrow \(wanted["metric"] as? String ?? "?"), high 19 °C"))
        #expect(
            try tomorrow(file, units: "imperial").hasPrefix(
                "Tomorrow \(wanted["imperial"] as? String ?? "?"), high 65 °F"))
    }

    /// Under 1 °C is still about as warm (the recording: 0.4 °C).
    @Test func underADegreeIsAboutAsWarm() throws {
        let wanted = try expected("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
        #expect(wanted["metric"] as? String == "about as warm as today")
        #expect(try tomorrow(nil, units: "metric").hasPrefix("Tomorrow about as warm as today, high"))
        #expect(try tomorrow(nil, units: "imperial").hasPrefix("Tomorrow about as warm as today, high"))
    }
}
