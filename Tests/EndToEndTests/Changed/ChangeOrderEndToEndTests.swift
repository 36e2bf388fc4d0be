import Foundation
import Testing
import WeatherTestSupport

/// The order of `changed`'s changes (the biggest of a kind first), `check --changed`'s one line
/// (the most important change, a day named in full), and a look of saved data served after a
/// failure, which is not kept — through the built wx and the loopback server, on Berlin's
/// recorded forecast at Wed 30 Jul 08:00 CEST and Fixtures/brief/berlin-later-days-hand-written.json
/// (Friday turned wet by 1.5 mm, Saturday dry by 3.3 mm, Thursday's high 2.2 °C lower and
/// Saturday's 7 °C higher) at 10:00. The changes expected come from
/// Fixtures/brief/changed_expected.py.
@Suite(.tags(.endToEnd))
struct ChangeOrderEndToEndTests {
    static let earlier = ChangedEndToEndTests.earlier
    static let later = ChangedEndToEndTests.later
    static let laterFile = "brief/berlin-later-days-hand-written.json"

    @Test func changesOfOneKindComeBiggestFirstAsComputedApart() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(["show", "Berlin"], home: home, server: server, now: Self.earlier)
        try server.queue(.init(path: "/v1/forecast", file: Self.laterFile, times: 1))
        let run = try runWX(["--json", "changed", "Berlin"], home: home, server: server, now: Self.later)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains(#""type":"changed""#) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let changes = try #require(document["changes"] as? [[String: Any]])
        let script = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/brief/changed_expected.py", ChangedEndToEndTests.recording,
                Self.earlier, Self.laterFile, Self.later,
            ], environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [[String: Any]])
        #expect(expected.count == 4, "\(script.stdout)\(script.stderr)")
        #expect(changes.count == expected.count, "\(changes)")
        for (found, wanted) in zip(changes, expected) {
            #expect(found["kind"] as? String == wanted["kind"] as? String, "\(found) \(wanted)")
            let facts = found["facts"] as? [String: Any] ?? [:]
            let want = wanted["facts"] as? [String: Any] ?? [:]
            #expect(facts["date"] as? String == want["date"] as? String, "\(found) \(wanted)")
        }
        // In words: each day by its name, no label to misread.
        let texts = changes.compactMap { $0["text"] as? String }
        #expect(
            texts == [
                "Saturday’s rain 0.0 mm, was 3.3 mm, now dry.", "Friday’s rain 1.5 mm, was 0.0 mm, now wet.",
                "Saturday’s high 27 °C, 7 °C higher (was 20 °C).", "Tomorrow’s high 19 °C, 2 °C lower (was 21 °C).",
            ], "\(texts)")
    }

    /// `check --changed` named the first change in date order ("fri: rain 1.5 mm…", the day's
    /// name cut and lower-cased — "sun:" read as the sunshine) and left the biggest in "3 more".
    @Test func checksLineNamesTheBiggestChangeWithItsDayInFull() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let first = try runWX(["check", "--changed", "Berlin"], home: home, server: server, now: Self.earlier)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        try server.queue(.init(path: "/v1/forecast", file: Self.laterFile, times: 1))
        let run = try runWX(["check", "--changed", "Berlin"], home: home, server: server, now: Self.later)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            // The rest said as what they are (trial: a bare "; 3 more").
            run.stdout
                == "Berlin: changed since Wed 08:00: Saturday’s rain 0.0 mm, was 3.3 mm, now dry; and 3 more changes\n",
            "\(run.stdout)")
    }

    /// `changed` on saved data served because the forecast service failed kept that data as
    /// the look: the next `changed` then compared with it, as if seen fresh at that time.
    @Test func aLookOfSavedDataIsNotKept() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let show = try runWX(["show", "Berlin"], home: home, server: server, now: Self.earlier)
        #expect(show.status == 0, "\(show.stderr)")
        try server.queue(.init(path: "/v1/forecast", status: 503, body: "down", times: 40))
        let stale = try runWX(["changed", "Berlin"], home: home, server: server, now: "2025-07-30T07:30:00Z")
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout.contains("saved data from"), "\(stale.stdout)")
        try server.reset()
        try server.queue(.init(path: "/v1/forecast", file: Self.laterFile, times: 1))
        let fresh = try runWX(["changed", "Berlin"], home: home, server: server, now: Self.later)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        // Compared with `show`'s look at 08:00, not with the saved data seen at 09:30.
        #expect(fresh.stdout.contains("since you looked Wed 08:00"), "\(fresh.stdout)")
        #expect(fresh.stdout.contains("Saturday’s rain 0.0 mm"), "\(fresh.stdout)")
        // With no earlier look, a look of saved data says it is not kept, and why.
        let other = TemporaryFolder()
        _ = try runWX(["show", "Berlin"], home: other, server: server, now: Self.earlier)
        try FileManager.default.removeItem(atPath: other.path + "/log.jsonl")
        try server.queue(.init(path: "/v1/forecast", status: 503, body: "down", times: 40))
        let first = try runWX(["changed", "Berlin"], home: other, server: server, now: "2025-07-30T07:30:00Z")
        let joined = first.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            joined.contains(
                "No earlier look at Berlin: this one, of saved data, is not kept; the next from the service will be."),
            "\(first.stdout)")
    }
}
