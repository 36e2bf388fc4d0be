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
        #expect(spell.laterStart == Self.start.addingTimeInterval(4 * 3_600))
        #expect(spell.laterEnd == Self.start.addingTimeInterval(5 * 3_600))
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
        #expect(text.contains("dry again by \(times[0]), rain again \(times[1])–\(times[2])"), "\(text)")
    }

    @Test func wetToTheHorizonSaysFrom() throws {
        let reading = try #require(
            BriefRules.outlook(BriefRulesTests.forecast([0, 1.0, 0, 0.2, 0.3]), now: Self.start))
        let spell = try #require(reading.spell)
        #expect(spell.laterStart == Self.start.addingTimeInterval(2 * 3_600))
        #expect(spell.laterEnd == nil)
    }

    @Test func aSingleSpellNamesNoMore() throws {
        let reading = try #require(BriefRules.outlook(BriefRulesTests.forecast([0, 1.0, 0, 0, 0]), now: Self.start))
        #expect(reading.spell?.laterStart == nil)
    }
}
