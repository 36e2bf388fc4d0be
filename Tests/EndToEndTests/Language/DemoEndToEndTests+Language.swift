import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
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
