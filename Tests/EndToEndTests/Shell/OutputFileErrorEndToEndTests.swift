import Foundation
import Testing
import WeatherTestSupport

/// Results sent to a file (`\o FILE`) that cannot take them say why.
@Suite(.tags(.endToEnd)) struct OutputFileErrorEndToEndTests {
    /// "error: results not written to /dev/full" gave no reason: the errno's words follow.
    @Test func aFullDeviceSaysNoSpaceLeft() throws {
        let run = try runWX(stdin: "\\o /dev/full\nunits\n", home: TemporaryFolder())
        #expect(
            run.stderr.contains("error: results not written to /dev/full: No space left on device\n"), "\(run.stderr)")
    }
}
