import Foundation
import Testing
import WeatherTestSupport

/// trial59's finding 2: the first `changed`, `check --changed` or `brief` after midnight could not
/// compare today's chance of rain with a look from before midnight, and said "nothing changed
/// that matters" while Saturday's chance fell from 27 of 51 to 0 of 51. The counts expected come
/// from Fixtures/open-meteo-ensemble/trial59_expected.py.
@Suite(.tags(.endToEnd))
struct Trial59ChangesEndToEndTests {
    static let paris = "48.85,2.35"
    static let dryEnsemble = "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"
    static let drySaturday = "open-meteo-ensemble/paris-ecmwf-ifs025-saturday-dry-hand-edited.json"
    /// Fri 23 Oct 23:30 CEST, then Sat 24 Oct 05:40 CEST.
    static let evening = "2026-10-23T21:30:00Z"
    static let morning = "2026-10-24T03:40:00Z"

    /// trial59_expected.py's whole-day count of `date` in `file` (a name under Fixtures/).
    func day(_ file: String, _ date: String) throws -> (members: Int, of: Int, word: String) {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/trial59_expected.py", "day",
                String(file.split(separator: "/").last!), date,
            ], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (
            try #require(object["members"] as? Int), try #require(object["of_members"] as? Int),
            try #require(object["likelihood"] as? String)
        )
    }

    /// The output's lines, unwrapped and joined by spaces.
    func joined(_ run: WXResult) -> String {
        run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    func wide(_ arguments: [String], _ home: TemporaryFolder, _ server: FixtureServer, _ now: String) throws
        -> WXResult
    {
        try runWX(arguments, home: home, server: server, now: now, environment: ["COLUMNS": "200"])
    }

    /// The look before midnight kept Saturday's whole-day count as its tomorrow; after midnight
    /// Saturday's whole day from the new answer is compared with it, and said as the whole day.
    @Test(arguments: ["brief", "changed", "check"]) func todayIsComparedWithTheEveningsTomorrow(command: String)
        throws
    {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let was = try day(Self.dryEnsemble, "2026-10-24")
        let now = try day(Self.drySaturday, "2026-10-24")
        let arguments =
            switch command {
            case "check": ["check", "--changed", "--rain", "99%", Self.paris]
            case "changed": ["-c", "chance rain>=1mm/day 2 \(Self.paris); changed \(Self.paris)"]
            default: ["brief", "--sure", Self.paris]
            }
        let first =
            command == "check"
            ? try wide(arguments, home, server, Self.evening)
            : try wide(["brief", "--sure", Self.paris], home, server, Self.evening)
        #expect(first.status <= 1, "\(first.stderr)")
        try server.queue(.init(path: "/v1/ensemble", file: Self.drySaturday, times: 5))
        let run = try wide(arguments, home, server, Self.morning)
        #expect(run.status == 0, "\(run.stderr)")
        let text = joined(run)
        #expect(
            text.contains(
                "ain over the whole of today now \(now.word): \(now.members) of \(now.of) members (was \(was.members) of \(was.of) for the whole day, when it was tomorrow)"
            ), "\(text)")
        #expect(!text.lowercased().contains("nothing changed"), "\(text)")
    }

    /// No earlier look had the chance (the evening's was `show`'s): "nothing changed" is not
    /// said without saying the chance was not compared, in the same sentence.
    @Test(arguments: ["brief", "changed"]) func nothingChangedSaysTheChanceWasNotCompared(command: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try wide(["show", Self.paris], home, server, Self.evening)
        let arguments =
            command == "changed"
            ? ["-c", "chance rain>=1mm/day 2 \(Self.paris); changed \(Self.paris)"] : ["brief", "--sure", Self.paris]
        let run = try wide(arguments, home, server, Self.morning)
        #expect(run.status == 0, "\(run.stderr)")
        let text = joined(run)
        if command == "changed" {
            #expect(
                text.contains(
                    "Nothing changed that matters (“help changed” gives the rules), but the ensemble’s chance of rain was not compared: no earlier look had it for these hours."
                ), "\(text)")
        } else {
            #expect(
                text.contains("nothing changed that matters (the ensemble’s chance of rain was not compared)."),
                "\(text)")
        }
    }
}
