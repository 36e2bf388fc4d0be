import Foundation
import Testing
import WeatherTestSupport

/// `saved verify` when what happened cannot be had, and a place given by its coordinates,
/// through the built wx and the loopback server (the Hamburg snapshots of `ForecastCheckTests`).
@Suite(.tags(.endToEnd))
struct SavedVerifyFailureEndToEndTests {
    /// The archive (and the forecast API's past days) answering 503: `saved verify` said "11
    /// to come" of days long past and exited 0.
    @Test func aFailedArchiveIsOneErrorLineNamingItAndExitOne() throws {
        let server = try FixtureServer()
        let home = try ForecastCheckTests().twoSnapshots(server)
        try server.queue(.init(path: "/v1/archive", status: 503, body: "down", times: 20))
        try server.queue(.init(path: "/v1/forecast", status: 503, body: "down", times: 20))
        let run = try runWX(["saved", "verify"], home: home, server: server, now: "2025-08-10T12:00:00Z")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(!(run.stdout + run.stderr).contains("to come"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: Open-Meteo archive"), "\(run.stderr)")
        // The same under --json: an error document, exit 1.
        let json = try runWX(["--json", "saved", "verify"], home: home, server: server, now: "2025-08-10T12:00:00Z")
        #expect(json.status == 1, "\(json.stdout)\(json.stderr)")
        #expect(json.stdout.contains(#""type":"error""#) && !json.stdout.contains(#""pending_days""#), "\(json.stdout)")
    }

    /// Before any day has passed nothing is asked: every kept day is to come, none unobserved.
    @Test func daysNotPassedAreToComeAndNoneElse() throws {
        let server = try FixtureServer()
        let home = try ForecastCheckTests().twoSnapshots(server)
        let run = try runWX(["--json", "saved", "verify"], home: home, server: server, now: "2025-07-30T10:20:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let place = try #require((document["places"] as? [[String: Any]])?.first)
        // Snapshot 1 kept 27 Jul … 2 Aug, snapshot 2 30 Jul … 2 Aug; at 30 Jul 12:20 CEST
        // 27–29 Jul have passed (3 days, checked from the forecast API's past days).
        #expect(place["checked_days"] as? Int == 3, "\(place)")
        #expect(place["pending_days"] as? Int == 8, "\(place)")
        #expect(place["unobserved_days"] as? Int == 0, "\(place)")
    }

    /// Snapshots saved at 48.8500,2.3500: `saved verify 48.85,2.35` found none.
    @Test func coordinatesAsTypedFindTheSnapshotsKeptThere() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let now = "2026-10-23T05:10:00Z"
        let saved = try runWX(["-c", "show 48.85,2.35; save"], home: home, server: server, now: now)
        #expect(saved.status == 0, "\(saved.stderr)")
        for typed in ["48.85,2.35", "48.8500, 2.3500", "48.8500°N 2.3500°E", "48.85001,2.34999"] {
            let run = try runWX(["saved", "verify", typed], home: home, server: server, now: now)
            #expect(run.status == 0, "\(typed): \(run.stderr)")
            #expect(run.stdout.hasPrefix("Paris (48.8500, 2.3500): 1 snapshot,"), "\(typed): \(run.stdout)")
        }
        // Coordinates elsewhere are no snapshot's.
        let elsewhere = try runWX(["saved", "verify", "48.86,2.35"], home: home, server: server, now: now)
        #expect(elsewhere.status == 1)
        #expect(elsewhere.stderr == "error: no snapshots of “48.86,2.35”: “saved” lists them\n")
    }
}
