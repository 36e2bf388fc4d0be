import Foundation
import Testing
import WeatherTestSupport

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
}
