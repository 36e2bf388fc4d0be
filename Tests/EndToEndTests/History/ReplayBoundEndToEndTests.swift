import Foundation
import Testing
import WeatherTestSupport

/// Trial 57, finding 7: `replay 1..1000` with 9 lines in the history said "no command 1000 in
/// the history" (exit status 1); README: a range over 100 lines is refused before any of it runs,
/// exit status 2 — whatever the history holds.
@Suite(.tags(.endToEnd))
struct ReplayBoundEndToEndTests {
    @Test func aRangeOverAHundredLinesIsAUsageErrorHoweverShortTheHistory() throws {
        let home = TemporaryFolder()
        let filled = try runWX(stdin: "units\nformat\nunits\n", home: home)
        #expect(filled.status == 0, "\(filled.stderr)")
        let result = try runWX(stdin: "replay 1..1000\n", home: home)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        // What it suggests is the lines the history has (the old wx said "“replay 1..100” runs
        // the first 100", a range that then failed for want of line 100) — not this line, now
        // line 4, nor a refused replay before it (line 5): a replay in a replay is refused.
        let refusal =
            "error: replay runs at most 100 lines at a time, and 1..1000 is 1000; “replay 1..3” runs the lines of it the history has\n"
        #expect(result.stderr == refusal)
        let again = try runWX(stdin: "replay 1..999\nreplay 1..1000\n", home: home)
        #expect(again.stderr.hasSuffix(refusal), "\(again.stderr)")
        let suggested = try runWX(stdin: "replay 1..3\n", home: home)
        #expect(suggested.status == 0, "\(suggested.stderr)")
        #expect(suggested.stderr == "", "\(suggested.stderr)")
        // From past the history's end, nothing to suggest.
        let none = try runWX(stdin: "replay 50..1000\n", home: home)
        #expect(none.status == 2)
        #expect(
            none.stderr
                == "error: replay runs at most 100 lines at a time, and 50..1000 is 951; the history has no line of it to replay (see “history”)\n"
        )
        // Within the bound, a range past the end is still named as such.
        let past = try runWX(stdin: "replay 1..50\n", home: home)
        #expect(past.status == 1)
        #expect(past.stderr == "error: no command 50 in the history (see “history”)\n", "\(past.stderr)")
    }
}
