import Foundation
import Testing
import WeatherTestSupport

/// `check`, `brief` and `changed` on saved data served because a service failed, through the
/// built wx and the loopback server: `check` never says "no" from it (exit 3, one stderr line
/// naming the service and the data's age), a condition that holds on it is told with that
/// line, and `brief` and `changed` say how old their data is as `show` does.
@Suite(.tags(.endToEnd))
struct CheckSavedDataEndToEndTests {
    /// 07:10 CEST on Fri 23 Oct 2026: the Paris ensemble is fetched and saved.
    static let friday = "2026-10-23T05:10:00Z"
    /// 8 h 35 min later: the ensemble's next run is due, and its service answers 503.
    static let afternoon = "2026-10-23T13:45:00Z"
    static let paris = "48.86,2.35"

    @Test func aConditionNotHoldingOnSavedDataIsNotNo() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let fresh = try runWX(["check", "--rain", "99%", Self.paris], home: home, server: server, now: Self.friday)
        #expect(fresh.status == 1, "\(fresh.stdout)\(fresh.stderr)")
        try server.queue(.init(path: "/v1/ensemble", status: 503, body: "down", times: 20))
        try server.queue(.init(path: "/v1/forecast", status: 503, body: "down", times: 20))
        let before = try server.requests().count
        let stale = try runWX(
            ["check", "--rain", "60%", Self.paris], home: home, server: server, now: Self.afternoon)
        #expect(try server.requests().dropFirst(before).contains { $0.path == "/v1/ensemble" })
        #expect(stale.status == 3, "\(stale.stdout)\(stale.stderr)")
        #expect(stale.stdout.isEmpty, "\(stale.stdout)")
        let lines = stale.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(stale.stderr)")
        #expect(
            stale.stderr.contains("--rain is judged from Open-Meteo")
                && stale.stderr.contains("saved data from 8 h 35 min ago"), "\(stale.stderr)")
        // The same under --json: an error document, exit 3, never "holds": false.
        let json = try runWX(
            ["--json", "check", "--rain", "60%", Self.paris], home: home, server: server, now: Self.afternoon)
        #expect(json.status == 3, "\(json.stdout)\(json.stderr)")
        #expect(json.stdout.contains(#""type":"error""#) && !json.stdout.contains(#""holds""#), "\(json.stdout)")
        // A condition that holds on the saved data is told (exit 0), with the data's age on stderr.
        let held = try runWX(["check", "--rain", "1%", Self.paris], home: home, server: server, now: Self.afternoon)
        #expect(held.status == 0, "\(held.stdout)\(held.stderr)")
        #expect(held.stdout.contains("rain ≥ 1 mm over tomorrow"), "\(held.stdout)")
        #expect(held.stderr.contains("saved data from 8 h 35 min ago"), "\(held.stderr)")
        // What wx could not do begins "warning: ", as every such line on stderr does.
        #expect(held.stderr.hasPrefix("warning: --rain is judged from Open-Meteo"), "\(held.stderr)")
    }

    /// Berlin's recording: check's mark at 08:00 CEST, then the forecast service answers 503 at
    /// 16:00 — "nothing changed" from the saved answer would be a "no" wx does not know.
    @Test func changedOnSavedDataIsNotNo() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let first = try runWX(
            ["check", "--changed", "Berlin"], home: home, server: server, now: "2025-07-29T06:00:00Z")
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        try server.queue(.init(path: "/v1/forecast", status: 503, body: "down", times: 20))
        let later = try runWX(
            ["check", "--changed", "Berlin"], home: home, server: server, now: "2025-07-29T14:00:00Z")
        #expect(later.status == 3, "\(later.stdout)\(later.stderr)")
        #expect(later.stdout.isEmpty, "\(later.stdout)")
        #expect(
            later.stderr.contains("--changed is judged from Open-Meteo")
                && later.stderr.contains("saved data from 8 h 0 min ago"), "\(later.stderr)")
    }

    /// `show` says "saved data from 1 h 30 min ago (…)" under its answer; `brief` and `changed`
    /// said nothing of it.
    @Test func briefAndChangedSayTheirDataIsSaved() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let show = try runWX(["show", "Berlin"], home: home, server: server, now: "2025-07-29T06:00:00Z")
        #expect(show.status == 0, "\(show.stderr)")
        try server.queue(.init(path: "/v1/forecast", status: 503, body: "down", times: 40))
        for command in ["brief", "changed"] {
            let run = try runWX([command, "Berlin"], home: home, server: server, now: "2025-07-29T07:30:00Z")
            #expect(run.status == 0, "\(command): \(run.stderr)")
            let said = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
            #expect(said.contains("saved data from 1 h 30 min ago (Open-Meteo"), "\(command): \(run.stdout)")
        }
    }
}
