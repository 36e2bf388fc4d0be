import Foundation
import Testing
import WeatherTestSupport

/// A daily user: “replay -3” at the prompt took the minus for the range's dash and ran entry 3,
/// a “fav” that toggled a favorite off. A number with a minus before it (or a dash with no
/// number after it) is refused as “replay 0” is, and nothing runs; the other numbers
/// (`use`, `saved`, `saved rm`, `history`) refuse a minus the same way.
@Suite(.tags(.endToEnd))
struct SignedNumberEndToEndTests {
    @Test func aMinusIsNeverDroppedAndNothingRuns() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(
            stdin:
                "find Hamburg\nuse 1\nfav\nreplay -3\nreplay 1..-2\nreplay 3-\nuse -1\nsaved -1\nsaved rm -1\nhistory -1\nfavs\n",
            home: home, server: server, now: "2025-07-27T03:10:00Z")
        let usage = "error: usage: replay <N..M | N> (history numbers, see “history”)\n"
        #expect(
            run.stderr
                == usage + usage + usage
                + "error: the candidate must be a number from 1 up, not “-1”\n"
                + "error: the snapshot must be a number from 1 up, not “-1”\n"
                + "error: the snapshot must be a number from 1 up, not “-1”\n"
                + "error: the count must be a number from 1 up, not “-1”\n", "\(run.stderr)")
        // Entry 3 (“fav”) ran once, when typed: the favorite is still there, and no line was replayed.
        #expect(!run.stdout.contains("removed from favorites"), "\(run.stdout)")
        #expect(!run.stdout.contains("» "), "\(run.stdout)")
        #expect(run.stdout.contains("  ★ Elbphilharmonie "), "\(run.stdout)")
    }
}
