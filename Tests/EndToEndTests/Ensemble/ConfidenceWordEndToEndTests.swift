import Foundation
import Testing
import WeatherTestSupport

/// `confidence`'s word for a day rests on the high's range and the rain: a day whose high no
/// member gives (the hand-written Paris answer with null hours, served at 48.60,2.35: every
/// member's temperature is null at Fri 23 Oct 09:00 CEST) cannot be called confident.
@Suite(.tags(.endToEnd)) struct ConfidenceWordEndToEndTests {
    static let now = "2026-10-23T05:10:00Z"
    static let gaps = "48.6,2.35"

    @Test func aDayWithoutAHighGetsNoWord() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let text = try runWX(
            ["-c", "confidence 7 \(Self.gaps)"], home: home, server: server, now: Self.now,
            environment: ["COLUMNS": "100"])
        #expect(text.status == 0, "\(text.stderr)")
        // Friday's row and the line under it (the word goes there when the row is too wide).
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let row = try #require(lines.firstIndex { $0.contains("Fri 23 Oct") })
        let friday = lines[row] + " · " + lines[row + 1]
        #expect(friday.contains("high —"), "\(friday)")
        #expect(!friday.contains("confident"), "\(friday)")
        #expect(!friday.contains("fairly sure"), "\(friday)")
        #expect(friday.contains("unknown"), "\(friday)")
        let json = try runWX(["--json", "-c", "confidence 7 \(Self.gaps)"], home: home, server: server, now: Self.now)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        let first = try #require(days.first { $0["date"] as? String == "2026-10-23" })
        #expect(first["temperature_max_celsius"] is NSNull)
        #expect(first["agreement"] is NSNull, "\(first)")
        // The days with a high still get their word.
        #expect(days.contains { $0["agreement"] as? String != nil })
        let check = try validateAgainstSchema(json.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
