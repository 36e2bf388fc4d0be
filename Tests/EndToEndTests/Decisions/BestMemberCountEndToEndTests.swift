import Foundation
import Testing
import WeatherTestSupport

/// `best`'s heading counts the members its windows count: with daylight alone (no variable
/// read) the windows count every member with temperatures, and the heading said "0 of the
/// model’s 51 members" above windows "in 51 of 51 members" (trial). The count expected comes
/// from Fixtures/open-meteo-ensemble/decisions_expected.py ("best_daylight_sunday").
@Suite(.tags(.endToEnd))
struct BestMemberCountEndToEndTests {
    @Test func daylightAloneCountsTheMembersItsWindowsCount() throws {
        let expected = try #require(DecisionsEndToEndTests.expected["best_daylight_sunday"] as? [String: Any])
        let members = try #require(expected["members_with_variables"] as? Int)
        #expect(members == 51)
        let server = try FixtureServer()
        // "sun" is Sunday, the WHEN: the one condition is daylight.
        let text = try runWX(
            ["-c", "best 1h daylight sun 48.85,2.35"], home: TemporaryFolder(), server: server,
            now: DecisionsEndToEndTests.now)
        #expect(text.status == 0, "\(text.stderr)")
        let joined = text.stdout.replacingOccurrences(of: "\n  ", with: " ")
        // Every one of the model's members: said as the whole ensemble (`DecisionText.members`).
        #expect(
            joined.contains("ECMWF IFS ENS ensemble (Open-Meteo), \(members) members, the control run one of them"),
            "\(text.stdout)")
        #expect(!joined.contains("of the model’s"), "\(text.stdout)")
        #expect(joined.contains("holds in \(members) of \(members) members"), "\(text.stdout)")
        let json = try runWX(
            ["--json", "-c", "best 1h daylight sun 48.85,2.35"], home: TemporaryFolder(), server: server,
            now: DecisionsEndToEndTests.now)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["members_with_variables"] as? Int == members)
    }
}
