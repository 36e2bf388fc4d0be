import Foundation
import Testing
import WeatherTestSupport

/// Trial 13 in `make demo`: words that are no day or that read as options, where a place is read.
extension DemoEndToEndTests {
    /// `drift someday` answered only "the demo has no recording for someday": the word was taken
    /// as the place, as `drift Monaco` must be; the error now says how drift reads its words.
    @Test func driftWithAWordThatIsNoDaySaysHowItReads() throws {
        let (run, paths) = try runDemo("find Berlin; drift someday")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: the demo has no recording for someday — it knows: Berlin, Delhi, Denver, Enschede, Hamburg, Kochi, Munich, New York; “drift” reads [day] [place]: the day first (tomorrow, today, a weekday or a date as YYYY-MM-DD), as in “drift sat Berlin”\n"
        )
        #expect(paths == ["/search"])
    }

    /// `daily 3 --bogus` was "the demo has no recording for --bogus": an unknown option, exit 2,
    /// nothing asked.
    @Test func aLoneDoubleDashWordIsRefusedAsAnOption() throws {
        let (run, paths) = try runDemo("daily 3 --bogus")
        #expect(run.status == 2)
        #expect(
            run.stderr == "error: unknown option “--bogus”: “daily” takes none (usage: daily [N] [place | favorite])\n")
        #expect(paths.isEmpty)
    }
}
