import Foundation
import Testing
import WeatherTestSupport

/// What a comparison of two looks leaves out is said, and said alike by `changed`, `check
/// --changed` and `brief`'s last sentence (TextRenderer.daysNotComparedClause and its kin). Only
/// `changed` said that each day's high, low and rain went uncompared when one look's days were
/// UTC days (an answer in GMT) and the other's the place's: `check --changed` said "nothing
/// changed that matters" and `brief` "Since you looked …: nothing changed that matters", as if
/// they had been compared. And tomorrow's chance of rain, compared only with a count of the same
/// day, was skipped without a word after a look before midnight.
@Suite(.tags(.endToEnd))
struct NotComparedEndToEndTests {
    static let berlin = "52.52,13.41"
    static let paris = "48.85,2.35"
    /// The one wording of the days not compared, the earlier answer in GMT (UTC days) and the
    /// current one the place's.
    static let daysClause =
        "each day’s high, low and rain were not compared: Open-Meteo gave UTC days then and the place’s days now, hours apart"

    /// The output's lines, unwrapped and joined by spaces.
    func joined(_ run: WXResult) -> String {
        run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// A GMT answer (UTC days, case OM-11) looked at, then the same hours in local time.
    func utcDaysThenLocal(_ command: String, json: Bool = false) throws -> WXResult {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let environment = ["COLUMNS": "200"]
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/berlin-gmt-cold-late-evening-hand-edited.json",
                times: 1))
        let first = command == "check" ? ["check", "--changed", Self.berlin] : ["show", Self.berlin]
        let looked = try runWX(first, home: home, server: server, now: "2025-07-27T03:00:00Z", environment: environment)
        #expect(looked.status <= 1, "\(looked.stderr)")
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/berlin-local-cold-late-evening-hand-edited.json",
                times: 1))
        let second = command == "check" ? ["check", "--changed", Self.berlin] : [command, Self.berlin]
        return try runWX(
            (json ? ["--json"] : []) + second, home: home, server: server, now: "2025-07-27T03:20:00Z",
            environment: environment)
    }

    @Test(arguments: ["changed", "check", "brief"]) func daysOfAnotherKindAreSaidNotComparedAlike(command: String)
        throws
    {
        let run = try utcDaysThenLocal(command)
        #expect(run.status == (command == "check" ? 1 : 0), "\(run.stderr)")
        let text = joined(run)
        // No false change of a day's high or low (the days are hours apart).
        #expect(!text.contains("lower (was") && !text.contains("higher (was"), "\(text)")
        switch command {
        case "changed":
            // A sentence of its own.
            #expect(text.contains("E" + Self.daysClause.dropFirst() + "."), "\(text)")
        case "check":
            #expect(text.contains("nothing changed that matters since Sun 05:00 (\(Self.daysClause))"), "\(text)")
        default:
            #expect(
                text.contains("Since you looked at 05:00: nothing changed that matters (\(Self.daysClause))."),
                "\(text)")
        }
    }

    /// `check --json` and `brief --json` say it as `changed --json` does: `days_differ`.
    @Test(arguments: ["check", "brief"]) func theDocumentsSayTheDaysDiffer(command: String) throws {
        let run = try utcDaysThenLocal(command, json: true)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        if command == "check" {
            let conditions = try #require(document["conditions"] as? [[String: Any]])
            #expect(conditions.first?["days_differ"] as? Bool == true, "\(conditions)")
        } else {
            let sentences = try #require(document["sentences"] as? [[String: Any]])
            let since = try #require(sentences.first { $0["kind"] as? String == "since_look" })
            #expect((since["facts"] as? [String: Any])?["days_differ"] as? Bool == true, "\(since)")
        }
    }

    /// trial58_chance_expected.py's counts for the Paris ensemble at `now`.
    func expected(_ now: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/trial58_chance_expected.py",
                "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json", now,
            ], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// A look with the ensemble at Thu 23:10 in Paris counted Friday as tomorrow; at Fri 07:10
    /// tomorrow is Saturday: not compared (another day), and now said so in one line.
    @Test(arguments: [false, true]) func tomorrowsChanceFromBeforeMidnightIsSaidNotCompared(json: Bool) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let environment = ["COLUMNS": "200"]
        let thursday = "2026-10-22T21:10:00Z"
        let friday = "2026-10-23T05:10:00Z"
        let looked = try runWX(
            ["brief", "--sure", Self.paris], home: home, server: server, now: thursday, environment: environment)
        #expect(looked.status == 0, "\(looked.stderr)")
        // `chance` fetches the ensemble; `changed` compares with the look before midnight.
        let script = "chance rain>=1mm/day 2 \(Self.paris); changed \(Self.paris)"
        let run = try runWX(
            (json ? ["--json"] : []) + ["-c", script], home: home, server: server, now: friday,
            environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        guard json else {
            let text = joined(run)
            #expect(
                text.contains(
                    "Tomorrow’s chance of rain was not compared: the earlier count is from before midnight, of the day that is now today."
                ), "\(text)")
            #expect(!text.contains("Rain tomorrow now"), "\(text)")
            return
        }
        // The two counts, each of its own tomorrow, as the python script counts them.
        let then = try expected(thursday)
        let now = try expected(friday)
        let last = try #require(run.stdout.split(separator: "\n").last)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(document["tomorrow_chance_not_compared"] as? Bool == true, "\(document)")
        #expect((document["changes"] as? [Any])?.isEmpty == true, "\(document)")
        let earlier = (document["earlier"] as? [String: Any])?["chance_tomorrow"] as? [String: Any]
        let current = (document["current"] as? [String: Any])?["chance_tomorrow"] as? [String: Any]
        #expect(earlier?["date"] as? String == "2026-10-23" && current?["date"] as? String == "2026-10-24")
        #expect(earlier?["members"] as? Int == then["tomorrow_members"] as? Int, "\(String(describing: earlier))")
        #expect(current?["members"] as? Int == now["tomorrow_members"] as? Int, "\(String(describing: current))")
    }
}
