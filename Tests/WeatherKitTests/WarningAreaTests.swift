import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Trial: `warnings -v Portland` and its `--json` cut the area ("…South Washington Cascade…")
/// where the feed lists every zone (309 characters). The area is kept whole; the expected text
/// is the fixture's `areaDesc` as Foundation's JSON reader gives it.
@Suite(.tags(.unit)) struct WarningAreaTests {
    @Test func theNWSAreaIsKeptWhole() throws {
        let path = "warnings/nws-alerts-active-zone-portland-flood-watch-2019-12.json"
        let document = try #require(
            try JSONSerialization.jsonObject(with: TestPaths.fixture(path)) as? [String: Any])
        let features = try #require(document["features"] as? [[String: Any]])
        let properties = try #require(features.first?["properties"] as? [String: Any])
        let expected = try #require(properties["areaDesc"] as? String)
        let answer = try NWSWarnings.read(try JSONValue.parse(TestPaths.fixture(path)))
        #expect(answer.warnings.first?.area == expected)
        #expect(expected.hasSuffix("South Washington Cascade Foothills"))
    }
}
