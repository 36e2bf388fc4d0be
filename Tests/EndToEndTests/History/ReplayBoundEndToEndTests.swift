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

/// `replay 5..2` with three lines in the history suggested "replay 2..5", a range that then
/// failed for want of line 5: the parser, which made the suggestion, cannot see the history.
/// The runner says it now, naming only lines the history has, as the refusal over 100 lines does.
@Suite(.tags(.endToEnd))
struct ReplayBackwardEndToEndTests {
    @Test func aBackwardRangeSuggestsOnlyLinesTheHistoryHas() throws {
        let home = TemporaryFolder()
        let filled = try runWX(stdin: "units\nformat\nunits\n", home: home)
        #expect(filled.status == 0, "\(filled.stderr)")
        // This line is line 4, which runs others: not suggested either.
        let result = try runWX(stdin: "replay 5..2\n", home: home)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "error: a range runs forward, not 5..2; “replay 2..3” runs the lines of it the history has\n",
            "\(result.stderr)")
        let suggested = try runWX(stdin: "replay 2..3\n", home: home)
        #expect(suggested.status == 0, "\(suggested.stderr)")
        // All of it in the history: the range turned round, as before.
        let whole = try runWX(stdin: "replay 3..1\n", home: home)
        #expect(whole.status == 2)
        #expect(whole.stderr == "error: a range runs forward: replay 1..3, not 3..1\n", "\(whole.stderr)")
        // None of it, and over the bound: said the same way as the forward refusals.
        let none = try runWX(stdin: "replay 90..50\n", home: home)
        #expect(
            none.stderr
                == "error: a range runs forward, not 90..50; the history has no line of it to replay (see “history”)\n",
            "\(none.stderr)")
        let long = try runWX(stdin: "replay 500..1\n", home: home)
        #expect(
            long.stderr
                == "error: a range runs forward, not 500..1; “replay 1..3” runs the lines of it the history has\n",
            "\(long.stderr)")
    }
}
