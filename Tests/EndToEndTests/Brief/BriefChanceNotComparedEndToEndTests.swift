import Foundation
import Testing
import WeatherTestSupport

/// `brief`'s last sentence says "(the ensemble’s chance of rain was not compared)" beside
/// "nothing changed that matters", but its `--json` had no fact saying so: a script read
/// "nothing_changed" as every figure compared. The sentence's facts now carry
/// `chance_not_compared`, with the value `changed --json` and `check --changed --json` give in the
/// same situation (why, or null when compared). Piped to the built wx against the loopback server.
@Suite(.tags(.endToEnd))
struct BriefChanceNotComparedEndToEndTests {
    static let paris = "48.85,2.35"

    /// The since_look sentence of `brief --json`, and `changed --json`'s document (the last of
    /// `changed`'s lines), each run in a home of its own after `first` at `then`, at `now`.
    func lastLooks(
        first: String, then: String, brief: String,
        changed: String = "changed \(BriefChanceNotComparedEndToEndTests.paris)", now: String
    ) throws -> (since: [String: Any], changed: [String: Any]) {
        let server = try FixtureServer()
        var documents: [[String: Any]] = []
        for command in [brief, changed] {
            let home = TemporaryFolder()
            let earlier = try runWX(stdin: first + "\n", home: home, server: server, now: then)
            #expect(earlier.status == 0, "\(earlier.stderr)")
            let run = try runWX(["--json"], stdin: command + "\n", home: home, server: server, now: now)
            #expect(run.status == 0, "\(run.stderr)")
            let check = try validateAgainstSchema(run.stdout, in: home)
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            let last = try #require(run.stdout.split(separator: "\n").last)
            documents.append(try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]))
        }
        let sentences = try #require(documents[0]["sentences"] as? [[String: Any]])
        let since = try #require(sentences.first { $0["kind"] as? String == "since_look" }, "\(sentences)")
        return (try #require(since["facts"] as? [String: Any]), documents[1])
    }

    /// The last look had the chance (brief --sure); an hour on the ensemble's answer is not at
    /// hand (its run is past) and brief is run without --sure.
    @Test func theEnsembleNotAtHand() throws {
        let (since, changed) = try lastLooks(
            first: "brief --sure \(Self.paris)", then: "2026-10-23T05:10:00Z", brief: "brief \(Self.paris)",
            now: "2026-10-23T06:10:00Z")
        #expect(since["change"] as? String == "nothing_changed")
        #expect(since["chance_not_compared"] as? String == "ensemble_not_at_hand", "\(since)")
        #expect(changed["chance_not_compared"] as? String == since["chance_not_compared"] as? String)
    }

    /// The last look was show's (no chance); brief --sure has it now (and `chance` fetches it
    /// before `changed`, which does not ask for it).
    @Test func noEarlierCount() throws {
        let (since, changed) = try lastLooks(
            first: "show \(Self.paris)", then: "2026-10-23T21:30:00Z", brief: "brief --sure \(Self.paris)",
            changed: "chance rain>=1mm/day 2 \(Self.paris)\nchanged \(Self.paris)", now: "2026-10-24T03:40:00Z")
        #expect(since["chance_not_compared"] as? String == "no_earlier_count", "\(since)")
        #expect(changed["chance_not_compared"] as? String == since["chance_not_compared"] as? String)
    }

    /// Both looks had the chance: compared, null, as changed gives it.
    @Test func comparedIsNull() throws {
        let (since, changed) = try lastLooks(
            first: "brief --sure \(Self.paris)", then: "2026-10-23T05:10:00Z",
            brief: "brief --sure \(Self.paris)", now: "2026-10-23T05:20:00Z")
        #expect(since["chance_not_compared"] is NSNull, "\(since)")
        #expect(changed["chance_not_compared"] is NSNull, "\(changed)")
    }
}
