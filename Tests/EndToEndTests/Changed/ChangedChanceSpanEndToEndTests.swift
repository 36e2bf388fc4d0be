import Foundation
import Testing
import WeatherTestSupport

/// `changed` and `brief`'s "since you looked" compare the ensemble's chance of rain like with
/// like: the rest of today from the later look's next hour, on both sides. The look kept only
/// the whole day's count, so at 20:10 rain that fell this morning read as a change of the
/// chance to come. A look at Paris's ensemble at 07:10 CEST, then one at 20:10 at a later run
/// (Fixtures/open-meteo-ensemble/later_run_chance_expected.py writes it and the counts expected).
@Suite(.tags(.endToEnd))
struct ChangedChanceSpanEndToEndTests {
    static let morning = "2026-10-23T05:10:00Z"
    static let evening = "2026-10-23T18:10:00Z"
    static let paris = "48.85,2.35"

    func script(_ arguments: [String]) throws -> String {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/later_run_chance_expected.py"] + arguments,
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    func expected(_ variant: String) throws -> [String: Any] {
        let text = try script(["expected", variant, Self.evening])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A look at 07:10 with the ensemble at hand, then the later run fetched at 20:10; `last`
    /// run then, its output.
    func lookThenLater(_ variant: String, _ last: [String]) throws -> WXResult {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        #expect(
            try runWX(["-c", "confidence \(Self.paris)"], home: home, server: server, now: Self.morning).status == 0)
        #expect(try runWX(["-c", "show \(Self.paris)"], home: home, server: server, now: Self.morning).status == 0)
        try server.queue(.init(path: "/v1/ensemble", body: try script(["body", variant]), times: 1))
        #expect(
            try runWX(["-c", "confidence \(Self.paris)"], home: home, server: server, now: Self.evening).status == 0)
        let run = try runWX(last, home: home, server: server, now: Self.evening)
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    func changed(_ stdout: String) throws -> [String: Any] {
        let line = try #require(stdout.split(separator: "\n").first { $0.contains(#""type":"changed""#) })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Only this morning's rain changed (hours gone at 20:10): the rest of today is 0 of 51 in
    /// both runs, and nothing changed — the whole day's 5 → 31 of 51 is not the chance to come.
    @Test func rainThatFellThisMorningIsNotAChangeOfTheChance() throws {
        let wanted = try expected("morning")
        #expect(wanted["whole_day_was"] as? Int != wanted["whole_day_now"] as? Int)
        let document = try changed(try lookThenLater("morning", ["--json", "changed", Self.paris]).stdout)
        let changes = try #require(document["changes"] as? [[String: Any]])
        #expect(!changes.contains { $0["kind"] as? String == "chance" }, "\(changes)")
        let current = try #require((document["current"] as? [String: Any])?["chance"] as? [String: Any])
        #expect(current["from"] as? String == wanted["from"] as? String)
        #expect(current["members"] as? Int == wanted["now_members"] as? Int)
        #expect(current["of_members"] as? Int == wanted["now_of_members"] as? Int)
    }

    /// Rain this evening in the later run: the change is over the same hours on both sides,
    /// said so.
    @Test func aChangeOfTheRestOfTodayIsComparedOverTheSameHours() throws {
        let wanted = try expected("evening")
        let document = try changed(try lookThenLater("evening", ["--json", "changed", Self.paris]).stdout)
        let changes = try #require(document["changes"] as? [[String: Any]])
        let chance = try #require(changes.first { $0["kind"] as? String == "chance" }, "\(changes)")
        let facts = try #require(chance["facts"] as? [String: Any])
        for key in ["from", "was_members", "was_of_members", "now_members", "now_of_members"] {
            #expect("\(facts[key] ?? "nil")" == "\(wanted[key] ?? "?")", "\(key): \(facts) \(wanted)")
        }
        let was = "\(wanted["was_members"] ?? "?") of \(wanted["was_of_members"] ?? "?")"
        let now = "\(wanted["now_members"] ?? "?") of \(wanted["now_of_members"] ?? "?")"
        #expect(
            chance["text"] as? String
                == "Rain for the rest of today (from 21:00) now possible: \(now) members (was \(was) over the same hours).",
            "\(chance)")
    }

    /// `brief` says the same change as its last sentence.
    @Test func briefSaysTheSameChangeSinceYouLooked() throws {
        let wanted = try expected("evening")
        let run = try lookThenLater("evening", ["brief", Self.paris])
        let text = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        let was = "\(wanted["was_members"] ?? "?") of \(wanted["was_of_members"] ?? "?")"
        #expect(
            text.contains(
                "Since you looked at 07:10: rain for the rest of today (from 21:00) now possible: \(wanted["now_members"] ?? "?") of 51 members (was \(was) over the same hours)."
            ), "\(run.stdout)")
    }
}
