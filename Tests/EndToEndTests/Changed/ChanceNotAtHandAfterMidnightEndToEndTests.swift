import Foundation
import Testing
import WeatherTestSupport

/// After midnight, with no ensemble's answer at hand, the earlier look's count of the day that is
/// now today (its tomorrow) was not compared, and `changed`, `check --changed` and `brief`'s last
/// line say so beside "nothing changed that matters", as they do the same day (trial60 finding 3:
/// "Nothing changed that matters" alone hid Saturday's 27 of 51, never compared). A look at
/// Fri 23 Oct 23:30 CEST with the ensemble, then one at Sat 05:40 CEST without it (the cached
/// answer is of the run before).
@Suite(.tags(.endToEnd))
struct ChanceNotAtHandAfterMidnightEndToEndTests {
    static let paris = "48.85,2.35"
    static let evening = "2026-10-23T21:30:00Z"
    static let morning = "2026-10-24T03:40:00Z"

    func wide(_ arguments: [String], _ home: TemporaryFolder, _ server: FixtureServer, _ now: String) throws
        -> WXResult
    {
        try runWX(arguments, home: home, server: server, now: now, environment: ["COLUMNS": "200"])
    }

    /// The output's lines, unwrapped and joined by spaces.
    func joined(_ run: WXResult) -> String {
        run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test(arguments: ["changed", "check", "brief"]) func nothingChangedSaysTheChanceWasNotCompared(command: String)
        throws
    {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // `check --changed` compares with its own marks: the evening's is made with --rain,
        // which asks the ensemble.
        let first = command == "check" ? ["check", "--changed", "--rain", "99%"] : ["brief", "--sure"]
        #expect(try wide(first + [Self.paris], home, server, Self.evening).status <= 1)
        let arguments =
            switch command {
            case "check": ["check", "--changed"]
            case "brief": ["brief"]
            default: ["changed"]
            }
        let run = try wide(arguments + [Self.paris], home, server, Self.morning)
        let text = joined(run)
        switch command {
        case "changed":
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                text.contains(
                    "Nothing changed that matters (“help changed” gives the rules), but the ensemble’s chance of rain was not compared: its answer is not at hand now"
                ), "\(text)")
        case "check":
            // Nothing held: exit 1, with the reason beside it.
            #expect(run.status == 1, "\(run.stderr)")
            #expect(
                text.contains("nothing changed that matters since Fri 23:30 (chance of rain not compared"), "\(text)")
        default:
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                text.contains(
                    "Since you looked at Fri 23:30: nothing changed that matters (the ensemble’s chance of rain was not compared)."
                ), "\(text)")
        }
    }

    /// `--json` says why, as the same day does.
    @Test(arguments: ["changed", "check"]) func jsonNamesWhy(command: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let first = command == "check" ? ["check", "--changed", "--rain", "99%"] : ["brief", "--sure"]
        #expect(try wide(first + [Self.paris], home, server, Self.evening).status <= 1)
        let arguments = command == "check" ? ["--json", "check", "--changed"] : ["--json", "changed"]
        let run = try wide(arguments + [Self.paris], home, server, Self.morning)
        let line = try #require(run.stdout.split(separator: "\n").last.map(String.init))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        // check's is its `changed` condition's.
        let said =
            command == "check"
            ? (document["conditions"] as? [[String: Any]])?.first?["chance_not_compared"]
            : document["chance_not_compared"]
        #expect(said as? String == "ensemble_not_at_hand", "\(run.stdout)")
    }
}
