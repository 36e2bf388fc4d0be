import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial: `brief New York` said "dry again by tomorrow 05:00" while 0.1 mm fell 10:00–11:00
/// within its 24 hours — a wet hour by `help brief`'s own "dry" rule, never mentioned. The next
/// wet hours after the first spell are named after "dry again".
@Suite(.tags(.unit)) struct BriefLaterSpellTests {
    static let start = BriefRulesTests.start

    @Test func theNextWetHoursAreNamed() throws {
        // Each amount is the hour before its time: wet 00–02, dry 02–04, 0.1 mm 04–05, dry on.
        let reading = try #require(
            BriefRules.outlook(BriefRulesTests.forecast([0, 1.0, 0.5, 0, 0, 0.1, 0, 0]), now: Self.start))
        let spell = try #require(reading.spell)
        #expect(spell.end == Self.start.addingTimeInterval(2 * 3_600))
        #expect(spell.later.map(\.start) == [Self.start.addingTimeInterval(4 * 3_600)])
        #expect(spell.later.map(\.end) == [Self.start.addingTimeInterval(5 * 3_600)])
        #expect(spell.later.map(\.totalMillimetres) == [0.1])
        let report = BriefReport(
            place: Place(
                name: "Test", region: "", countryCode: nil, coordinate: Coordinate(latitude: 52.52, longitude: 13.4),
                displayName: "Test"),
            now: Self.start, zone: ZoneInfo(identifier: "UTC", abbreviation: "UTC", utcOffsetSeconds: 0),
            sentences: [.rain(spell, now: Self.start)], ensembleUsed: false, origin: .network)
        let local = ZoneClock(report.zone)
        let times = [2, 4, 5].map {
            ValueFormatter(units: .metric).clock(local.localTime(Self.start.addingTimeInterval(Double($0) * 3_600)))
        }
        let text = TextRenderer.briefText(report.sentences[0], report: report, format: ValueFormatter(units: .metric))
        #expect(text.contains("dry again by \(times[0]), rain again \(times[1])–\(times[2]) (0.1 mm)"), "\(text)")
    }

    /// Still wet in the data's last hour: "from" its start, said so.
    @Test func wetToTheEndOfTheDataSaysFrom() throws {
        let reading = try #require(
            BriefRules.outlook(BriefRulesTests.forecast([0, 1.0, 0, 0.2, 0.3]), now: Self.start))
        let spell = try #require(reading.spell)
        #expect(spell.later.map(\.start) == [Self.start.addingTimeInterval(2 * 3_600)])
        #expect(spell.later.map(\.lastsPastData) == [true])
        #expect(spell.later.map(\.end) == [Self.start.addingTimeInterval(4 * 3_600)])
    }

    /// trial61: a later spell ending inside the 24 hours was said "from" its start when the dry
    /// hour after it lay past them; one running past them is followed to its end, as the first is.
    @Test func aLaterSpellIsFollowedToItsEnd() throws {
        // Wet 00–01; 0.5, 0.5, 0.4 mm in the hours 22:00–25:00 (each labelled its end), dry after:
        // the last of them ends past the 24 hours.
        var amounts: [Double?] = [0, 1.0] + Array(repeating: 0, count: 21) + [0.5, 0.5, 0.4, 0, 0]
        for now in [Self.start, Self.start.addingTimeInterval(1_800)] {
            let spell = try #require(BriefRules.outlook(BriefRulesTests.forecast(amounts), now: now)?.spell)
            #expect(spell.later.map(\.start) == [Self.start.addingTimeInterval(22 * 3_600)])
            #expect(spell.later.map(\.end) == [Self.start.addingTimeInterval(25 * 3_600)])
            #expect(spell.later.map(\.lastsPastData) == [false])
        }
        // A spell starting at the horizon is not within it.
        amounts = [0, 1.0] + Array(repeating: 0, count: 23) + [0.5, 0]
        let past = try #require(BriefRules.outlook(BriefRulesTests.forecast(amounts), now: Self.start)?.spell)
        #expect(past.later.isEmpty)
    }

    /// Every spell within the 24 hours, however many: none dropped after the second.
    @Test func everyLaterSpellIsKept() throws {
        let amounts: [Double?] = [0, 0.1, 0, 0.1, 0, 0.2, 0, 15.0, 16.0, 0, 0.3, 0]
        let spell = try #require(BriefRules.outlook(BriefRulesTests.forecast(amounts), now: Self.start)?.spell)
        #expect(spell.later.map(\.totalMillimetres) == [0.1, 0.2, 31.0, 0.3])
    }

    @Test func aSingleSpellNamesNoMore() throws {
        let reading = try #require(BriefRules.outlook(BriefRulesTests.forecast([0, 1.0, 0, 0, 0]), now: Self.start))
        #expect(reading.spell?.later == [])
    }
}
