import Foundation
import Testing
import WeatherTestSupport

/// A look without the ensemble (its answer not cached) does not replace the last look that had
/// it: `changed` and `brief` compare the chance of rain with that one, and `changed` says when
/// the chance was not compared (trial: `brief --sure`, then `changed` an hour on with no
/// ensemble cached said "Nothing changed that matters" and kept a look without the chance, so
/// after `chance` fetched a run where 30 of 51 members are wet — 3 of 51 before — `changed`
/// said nothing was new). The counts expected come from
/// Fixtures/open-meteo-ensemble/wet_afternoon_chance_expected.py.
@Suite(.tags(.endToEnd))
struct ChangedChanceKeptEndToEndTests {
    static let paris = "48.85,2.35"
    static let wetRun = "open-meteo-ensemble/paris-ecmwf-ifs025-30-members-wet-at-15h-hand-edited.json"

    func expected(_ now: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/wet_afternoon_chance_expected.py", now],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The output's lines, unwrapped and joined by spaces.
    func joined(_ run: WXResult) -> String {
        run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// `brief --sure` at 07:10 CEST (the ensemble's first run), the wet run queued, `changed`
    /// at 08:10 with no ensemble cached (its output returned), then `chance` at 08:11 fetching
    /// the wet run; `home` and `server` for what comes after.
    func lookWithoutTheEnsemble(home: TemporaryFolder, server: FixtureServer) throws -> WXResult {
        let brief = try runWX(
            ["brief", "--sure", Self.paris], home: home, server: server, now: "2026-10-23T05:10:00Z")
        #expect(brief.status == 0, "\(brief.stderr)")
        try server.queue(.init(path: "/v1/ensemble", file: Self.wetRun, times: 1))
        let changed = try runWX(
            ["changed", Self.paris], home: home, server: server, now: "2026-10-23T06:10:00Z",
            environment: ["COLUMNS": "200"])
        #expect(changed.status == 0, "\(changed.stderr)")
        let chance = try runWX(
            ["chance", "rain>=1mm/day", "1", Self.paris], home: home, server: server, now: "2026-10-23T06:11:00Z")
        #expect(chance.status == 0, "\(chance.stderr)")
        return changed
    }

    /// The first `changed` says the chance was not compared (and why), in text and JSON.
    @Test func changedSaysTheChanceWasNotCompared() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let text = joined(try lookWithoutTheEnsemble(home: home, server: server))
        #expect(
            text.contains(
                "Nothing changed that matters (“help changed” gives the rules), but the ensemble’s chance of rain was not compared: its answer is not at hand now"
            ), "\(text)")
    }

    /// The next `changed` compares the chance with the look that had it: the jump is told.
    @Test func changedTellsTheJumpSinceTheLastLookWithTheEnsemble() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try lookWithoutTheEnsemble(home: home, server: server)
        let wanted = try expected("2026-10-23T06:12:00Z")
        #expect(wanted["from"] as? String == "2026-10-23T07:00:00Z")
        let run = try runWX(
            ["changed", Self.paris], home: home, server: server, now: "2026-10-23T06:12:00Z",
            environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let was = "\(wanted["was_members"] ?? "?") of \(wanted["was_of_members"] ?? "?")"
        let now = "\(wanted["now_members"] ?? "?") of \(wanted["now_of_members"] ?? "?")"
        let likelihood = wanted["likelihood"] as? String ?? "?"
        #expect(
            joined(run).contains(
                "Rain for the rest of today (from 09:00) now \(likelihood): \(now) members (was \(was) over the same hours as of Fri 07:10)."
            ), "\(run.stdout)")
        #expect(!run.stdout.contains("nothing is new"), "\(run.stdout)")
    }

    /// `brief` tells the same jump as its last sentence.
    @Test func briefTellsTheJumpSinceTheLastLookWithTheEnsemble() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try lookWithoutTheEnsemble(home: home, server: server)
        let wanted = try expected("2026-10-23T06:12:00Z")
        let run = try runWX(
            ["brief", "--sure", Self.paris], home: home, server: server, now: "2026-10-23T06:12:00Z",
            environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let was = "\(wanted["was_members"] ?? "?") of \(wanted["was_of_members"] ?? "?")"
        #expect(
            joined(run).contains(
                "Since you looked at 08:10: rain for the rest of today (from 09:00) now \(wanted["likelihood"] as? String ?? "?"): \(wanted["now_members"] ?? "?") of \(wanted["now_of_members"] ?? "?") members (was \(was) over the same hours as of Fri 07:10)."
            ), "\(run.stdout)")
    }
}
