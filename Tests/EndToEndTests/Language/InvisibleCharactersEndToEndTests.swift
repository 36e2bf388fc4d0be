import Foundation
import Testing
import WeatherTestSupport

/// Words pasted with invisible format characters at their ends read as the words themselves.
@Suite(.tags(.endToEnd)) struct InvisibleCharactersEndToEndTests {
    /// `find Hamburg` with a zero-width space after it said “no recording for Hamburg​”.
    @Test func aZeroWidthSpaceAfterAPlaceIsNotPartOfIt() throws {
        let plain = try runDemo("find Hamburg").run
        for pasted in ["Hamburg\u{200B}", "\u{FEFF}Hamburg", "Hamburg\u{200C}\u{200D}"] {
            let run = try runDemo("find \(pasted)").run
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == plain.stdout)
        }
    }
}
