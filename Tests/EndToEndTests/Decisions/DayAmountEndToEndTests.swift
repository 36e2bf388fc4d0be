import Foundation
import Testing
import WeatherTestSupport

/// A day's rain counted one way by every command that counts it — `chance rain>=1mm/day`,
/// `confidence`, `check --rain` and `brief --sure` — through the built wx and the loopback server
/// replaying the hand-written Paris ensemble. In it, members whose hours add up to exactly 1 mm
/// (0.3 + 0.3 + 0.3 + 0.1, which binary floating point adds to 0.9999999999999999) reach 1 mm.
/// The counts expected come from Fixtures/open-meteo-ensemble/decisions_expected.py, which adds
/// the amounts as decimals (`chance_rain_1mm_day`, `confidence_rain`).
@Suite(.tags(.endToEnd)) struct DayAmountEndToEndTests {
    /// 07:10 CEST on Fri 23 Oct 2026.
    static let now = DecisionsEndToEndTests.now
    static let paris = "48.85,2.35"

    /// The documents of one --json run of `commands`.
    func documents(_ commands: String) throws -> [[String: Any]] { try DecisionsEndToEndTests.documents(commands) }

    @Test func chanceAndConfidenceCountADaysAmountAlike() throws {
        let expected = DecisionsEndToEndTests.expected
        let chanceDays = try #require(expected["chance_rain_1mm_day"] as? [[Any]])
        let confidenceDays = try #require(expected["confidence_rain"] as? [[Any]])
        let found = try documents("chance rain>=1mm/day 4 \(Self.paris); confidence 4 \(Self.paris)")
        let chance = try #require(found.first { $0["type"] as? String == "chance" })
        let threshold = try #require((chance["thresholds"] as? [[String: Any]])?.first)
        let days = (threshold["days"] as? [[String: Any]] ?? []).map { day -> [Any] in
            let most = (day["most"] as? [[String: Any]] ?? []).map {
                [$0["from"] as? String ?? "", $0["until"] as? String ?? ""]
            }
            return [
                day["date"] as? String ?? "", day["members_reaching"] as? Int ?? -1, day["members"] as? Int ?? -1, most,
            ]
        }
        #expect(days as NSArray == chanceDays as NSArray)
        let confidence = try #require(found.first { $0["type"] as? String == "confidence" })
        let counted = (confidence["days"] as? [[String: Any]] ?? []).map { day -> [Any] in
            [day["date"] as? String ?? "", day["rain_members"] as? Int ?? -1, day["rain_of_members"] as? Int ?? -1]
        }
        #expect(counted as NSArray == confidenceDays as NSArray)
        // Saturday and Monday, where members reach exactly 1 mm (27 and 38 of 51): the whole
        // days in both, so the same counts.
        for date in ["2026-10-24", "2026-10-26"] {
            let inChance = try #require(chanceDays.first { $0[0] as? String == date })
            let inConfidence = try #require(confidenceDays.first { $0[0] as? String == date })
            #expect(inChance[1] as? Int == inConfidence[1] as? Int, "\(date)")
        }
    }

    @Test func checkAndBriefSayTheSameCount() throws {
        let confidenceDays = try #require(DecisionsEndToEndTests.expected["confidence_rain"] as? [[Any]])
        let saturday = try #require(confidenceDays.first { $0[0] as? String == "2026-10-24" }?[1] as? Int)
        // Today has 8 members with 1 mm, tomorrow (Saturday) more: check reads the day with more.
        let found = try documents("check --rain 50% \(Self.paris)")
        let check = try #require(found.first { $0["type"] as? String == "check" })
        let condition = try #require((check["conditions"] as? [[String: Any]])?.first)
        #expect(condition["date"] as? String == "2026-10-24")
        #expect(condition["members"] as? Int == saturday)
        #expect(condition["of_members"] as? Int == 51)
        let chance = try runWX(
            ["-c", "chance rain>=1mm/day 2 \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(),
            now: Self.now, environment: ["COLUMNS": "100"])
        #expect(chance.status == 0, "\(chance.stderr)")
        #expect(chance.stdout.contains("Sat 24 Oct  \(saturday) of 51 members"), "\(chance.stdout)")
        let brief = try runWX(
            ["-c", "brief --sure \(Self.paris)"], home: TemporaryFolder(), server: FixtureServer(), now: Self.now,
            environment: ["COLUMNS": "200"])
        #expect(brief.status == 0, "\(brief.stderr)")
        #expect(brief.stdout.contains("\(saturday) of 51"), "\(brief.stdout)")
    }
}
