import Foundation
import Testing
import WeatherTestSupport

/// `saved verify`'s figures as running sums, a snapshot at a time, place by place from the list:
/// over Fixtures/saved-verify/log.jsonl (64 snapshots of three places, two deleted, some keeping
/// no forecast, a name changed) they are the figures Fixtures/saved-verify/verify_expected.py
/// finds with a plain fold of its own over the same log and the archive body the loopback server
/// answers every place with (Hamburg's hand-written days, queued at each place's coordinates).
@Suite(.tags(.endToEnd)) struct SavedVerifyFiguresTests {
    static let now = "2025-09-01T12:00:00Z"

    static func expected() throws -> [[String: Any]] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.fixtures.path + "/saved-verify/verify_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(document?["places"] as? [[String: Any]])
    }

    /// A home holding the fixture's log.
    static func home() throws -> TemporaryFolder {
        let home = TemporaryFolder()
        try TestPaths.fixture("saved-verify/log.jsonl").write(to: home.url.appendingPathComponent("log.jsonl"))
        return home
    }

    /// Whether `value` from wx's JSON is `expected` from the script (both numbers, or both null).
    func same(_ value: Any?, _ expected: Any?) -> Bool {
        if expected is NSNull || expected == nil { return value is NSNull }
        return (value as? Double) == (expected as? Double)
    }

    /// Checks one place of wx's `saved verify --json` against the script's figures for it.
    func expectSame(_ place: [String: Any], _ wanted: [String: Any]) throws {
        let named = try #require(place["place"] as? [String: Any])
        let label = "\(wanted["name"] ?? "")"
        #expect(named["name"] as? String == wanted["name"] as? String)
        #expect(named["latitude"] as? Double == wanted["latitude"] as? Double, "\(label)")
        #expect(named["longitude"] as? Double == wanted["longitude"] as? Double, "\(label)")
        for key in [
            "snapshots", "snapshots_without_forecast", "checked_days", "pending_days", "unobserved_days", "rain_hits",
            "rain_days",
        ] {
            #expect(place[key] as? Int == wanted[key] as? Int, "\(label) \(key)")
        }
        #expect(same(place["temperature_max_mean_absolute_error_celsius"], wanted["high_mae"]), "\(label)")
        #expect(same(place["temperature_max_mean_error_celsius"], wanted["high_bias"]), "\(label)")
        #expect(same(place["temperature_min_mean_absolute_error_celsius"], wanted["low_mae"]), "\(label)")
        #expect(same(place["rain_hit_rate_percent"], wanted["rain_percent"]), "\(label)")
        #expect(place["source"] as? String == "Open-Meteo archive" && place["problem"] is NSNull)
        let leads = try #require(place["by_lead"] as? [[String: Any]])
        let wantedLeads = try #require(wanted["by_lead"] as? [[String: Any]])
        #expect(leads.map { $0["lead_days"] as? Int } == wantedLeads.map { $0["lead"] as? Int }, "\(label)")
        for (lead, wantedLead) in zip(leads, wantedLeads) {
            let which = "\(label) lead \(wantedLead["lead"] ?? "")"
            #expect(same(lead["temperature_max_mean_absolute_error_celsius"], wantedLead["high_mae"]), "\(which)")
            #expect(same(lead["temperature_max_mean_error_celsius"], wantedLead["high_bias"]), "\(which)")
            #expect(same(lead["temperature_min_mean_absolute_error_celsius"], wantedLead["low_mae"]), "\(which)")
            #expect(same(lead["temperature_min_mean_error_celsius"], wantedLead["low_bias"]), "\(which)")
            #expect(lead["temperature_max_days"] as? Int == wantedLead["high_days"] as? Int, "\(which)")
            #expect(lead["temperature_min_days"] as? Int == wantedLead["low_days"] as? Int, "\(which)")
            #expect(lead["rain_hits"] as? Int == wantedLead["rain_hits"] as? Int, "\(which)")
            #expect(lead["rain_days"] as? Int == wantedLead["rain_days"] as? Int, "\(which)")
        }
    }

    /// Hamburg's hand-written archive days as the service would send them at `latitude`,
    /// `longitude`: the server answers a recording as recorded (trial 59), and wx refuses
    /// Hamburg's for Reykjavík, 2,148 km away; these figures are about the fold, not the place.
    static func archive(latitude: Double, longitude: Double) -> FixtureServer.Answer {
        .recorded(
            "/v1/archive", "open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json",
            latitude: latitude, longitude: longitude)
    }

    /// The places of `saved verify --json` run with `command`.
    func verified(_ command: String, _ server: FixtureServer) throws -> [[String: Any]] {
        let run = try runWX(["--json", "-c", command], home: try Self.home(), server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(document["places"] as? [[String: Any]])
    }

    /// Three places in the order they first appear, each named by its latest snapshot (Hamburg's
    /// name changed along the way), with the script's figures, by lead too.
    @Test func eachPlacesFiguresAreThoseOfAFoldOverItsSnapshots() throws {
        let server = try FixtureServer()
        let expected = try Self.expected()
        // One archive request a place, in the list's order: the two Hamburgs, then Reykjavík.
        for (latitude, longitude) in [(53.5413, 9.9842), (53.55, 10.0), (64.1466, -21.9426)] {
            try server.queue(Self.archive(latitude: latitude, longitude: longitude))
        }
        let places = try verified("saved verify", server)
        #expect(places.count == 3 && expected.count == 3)
        #expect(expected.map { $0["name"] as? String } == ["Elbphilharmonie", "Hamburg-Mitte", "Reykjavík"])
        for (place, wanted) in zip(places, expected) { try expectSame(place, wanted) }
        // One archive request a place, for its snapshots' passed days.
        #expect(try server.requests().filter { $0.path == "/v1/archive" }.count == 3)
    }

    /// `saved verify PLACE` scores that place's snapshots alone, as among all, with one request.
    @Test func onePlaceIsScoredAloneAsAmongAll() throws {
        let server = try FixtureServer()
        let wanted = try #require(try Self.expected().first { $0["name"] as? String == "Reykjavík" })
        try server.queue(Self.archive(latitude: 64.1466, longitude: -21.9426))
        let places = try verified("saved verify reykjavík", server)
        #expect(places.count == 1)
        try expectSame(try #require(places.first), wanted)
        #expect(try server.requests().filter { $0.path == "/v1/archive" }.count == 1)
    }
}
