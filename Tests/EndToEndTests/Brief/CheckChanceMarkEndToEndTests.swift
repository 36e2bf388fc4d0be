import Foundation
import Testing
import WeatherTestSupport

/// `check --changed` compares the ensemble's chance of rain with the last of its marks that had
/// it, as `changed` and `brief` compare with the last look that had it, and says when the chance
/// was not compared. It compared only with the last mark: a mark kept while the ensemble's
/// answer was not at hand (a change of the high moved it) lost the chance, and the jump from 3
/// to 30 of 51 wet members after it was "nothing changed that matters". The counts expected come
/// from Fixtures/open-meteo-ensemble/wet_afternoon_chance_expected.py.
@Suite(.tags(.endToEnd))
struct CheckChanceMarkEndToEndTests {
    /// The place, the wet run and the expected counts of `changed`'s test of the same jump.
    static let paris = ChangedChanceKeptEndToEndTests.paris
    static let wetRun = ChangedChanceKeptEndToEndTests.wetRun
    static let forecast = "open-meteo-forecast/paris-7d-hourly-hand-written-beside-the-ensemble.json"

    func expected(_ now: String) throws -> [String: Any] { try ChangedChanceKeptEndToEndTests().expected(now) }

    /// Paris's forecast with Sunday's high 6 °C higher: a change that matters, so that check's
    /// mark moves.
    func warmerSunday() throws -> String {
        let data = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Fixtures/" + Self.forecast))
        var answer = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var daily = try #require(answer["daily"] as? [String: Any])
        var highs = try #require(daily["temperature_2m_max"] as? [Double])
        highs[2] += 6
        daily["temperature_2m_max"] = highs
        answer["daily"] = daily
        return String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
    }

    func check(_ now: String, home: TemporaryFolder, server: FixtureServer, json: Bool = false) throws -> WXResult {
        try runWX(
            (json ? ["--json"] : []) + ["check", "--changed", Self.paris], home: home, server: server, now: now,
            environment: ["COLUMNS": "200"])
    }

    /// The first mark with the ensemble (07:10 CEST), a mark at 08:10 without it (the high
    /// changed; the ensemble's answer of the earlier run no longer current), then the wet run
    /// fetched by `chance` at 08:11: the 08:10 check's run is returned.
    func markWithoutTheEnsemble(home: TemporaryFolder, server: FixtureServer, json: Bool = false) throws -> WXResult {
        let first = try runWX(
            ["check", "--rain", "60%", "--changed", Self.paris], home: home, server: server,
            now: "2026-10-23T05:10:00Z")
        #expect(first.status <= 1, "\(first.stdout)\(first.stderr)")
        // The warmer Sunday at 08:10 and, should the answer not be current by 08:12, then too.
        try server.queue(.init(path: "/v1/forecast", body: try warmerSunday(), times: 2))
        let moved = try check("2026-10-23T06:10:00Z", home: home, server: server, json: json)
        #expect(moved.status == 0, "\(moved.stdout)\(moved.stderr)")
        try server.queue(.init(path: "/v1/ensemble", file: Self.wetRun, times: 1))
        let chance = try runWX(
            ["chance", "rain>=1mm/day", "1", Self.paris], home: home, server: server, now: "2026-10-23T06:11:00Z")
        #expect(chance.status == 0, "\(chance.stderr)")
        return moved
    }

    /// The mark that moved without the ensemble says the chance was not compared.
    @Test func aMarkWithoutTheEnsembleSaysTheChanceWasNotCompared() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let moved = try markWithoutTheEnsemble(home: home, server: server)
        #expect(
            moved.stdout.contains(
                "(chance of rain not compared: the ensemble’s answer is not at hand (--rain or “chance” ask it))"),
            "\(moved.stdout)")
    }

    /// The next check compares the chance with the 07:10 mark, which had it: the jump holds.
    @Test func theJumpSinceTheLastMarkWithTheEnsembleIsTold() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try markWithoutTheEnsemble(home: home, server: server)
        let wanted = try expected("2026-10-23T06:12:00Z")
        #expect(wanted["from"] as? String == "2026-10-23T07:00:00Z")
        let run = try check("2026-10-23T06:12:00Z", home: home, server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let was = "\(wanted["was_members"] ?? "?") of \(wanted["was_of_members"] ?? "?")"
        let now = "\(wanted["now_members"] ?? "?") of \(wanted["now_of_members"] ?? "?")"
        let likelihood = wanted["likelihood"] as? String ?? "?"
        #expect(
            run.stdout.contains(
                "changed since Fri 08:10: rain for the rest of today (from 09:00) now \(likelihood): \(now) members (was \(was) over the same hours as of Fri 07:10)"
            ), "\(run.stdout)")
        #expect(!run.stdout.contains("not compared"), "\(run.stdout)")
    }

    /// `--json` names why the chance was not compared, as `changed`'s document does; null once
    /// it was.
    @Test func theDocumentNamesWhyTheChanceWasNotCompared() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        func condition(_ run: WXResult) throws -> [String: Any] {
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
            return try #require((document["conditions"] as? [[String: Any]])?.first)
        }
        let moved = try condition(try markWithoutTheEnsemble(home: home, server: server, json: true))
        #expect(moved["chance_not_compared"] as? String == "ensemble_not_at_hand", "\(moved)")
        let later = try condition(try check("2026-10-23T06:12:00Z", home: home, server: server, json: true))
        #expect(later["chance_not_compared"] is NSNull, "\(later)")
        #expect(later["holds"] as? Bool == true, "\(later)")
    }
}
