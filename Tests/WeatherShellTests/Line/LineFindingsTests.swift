import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

extension OptionFindingsTests {
    /// `line` takes `--json` itself; the check leaves it alone.
    @Test func lineKeepsItsOwnJSONFlag() throws {
        let parsed = try CommandParser.parse("line Berlin --json")
        guard case .statusLine = parsed else {
            Issue.record("\(String(describing: parsed))")
            return
        }
    }
}
