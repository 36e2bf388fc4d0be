import Foundation
import Testing
import WeatherTestSupport

/// What a comparison of two looks leaves out is said, and said alike by `changed`, `check
/// --changed` and `brief`'s last sentence (TextRenderer.daysNotComparedClause and its kin). Only
/// `changed` said that each day's high, low and rain went uncompared when one look's days were
/// UTC days (an answer in GMT) and the other's the place's: `check --changed` said "nothing
/// changed that matters" and `brief` "Since you looked …: nothing changed that matters", as if
/// they had been compared.
@Suite(.tags(.endToEnd))
struct NotComparedEndToEndTests {
    static let berlin = "52.52,13.41"
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
}
