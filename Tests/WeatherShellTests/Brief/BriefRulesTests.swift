import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `brief`'s rules (BriefRules), one at a time on hand-made hours: where a spell starts, peaks
/// and ends, the bands of "likely", "warmer"/"cooler", the parts of the day, and `check`'s
/// 24-hour window for warnings.
@Suite(.tags(.unit)) struct BriefRulesTests {
    static let start = Date(timeIntervalSince1970: 1_785_000_000 - 1_785_000_000.truncatingRemainder(dividingBy: 3_600))

    static func hours(_ amounts: [Double?]) -> [HourlyForecast] {
        amounts.enumerated().map { index, amount in
            var hour = HourlyForecast(time: start.addingTimeInterval(Double(index) * 3_600))
            hour.precipitationMillimetres = amount
            return hour
        }
    }

    @Test func aSpellStartsAnHourBeforeItsFirstWetHourAndEndsAtItsLast() throws {
        // 0.09 mm is dry (under 0.1), nil is dry; the first of two equal peaks is the heaviest.
        let spell = try #require(
            BriefRules.spell(Self.hours([0, 0.09, nil, 0.1, 0.6, 0.6, 0.2, 0, 3.0]), from: Self.start))
        #expect(spell.start == Self.start.addingTimeInterval(2 * 3_600))
        #expect(spell.end == Self.start.addingTimeInterval(6 * 3_600))
        #expect(spell.heaviestEnd == Self.start.addingTimeInterval(4 * 3_600))
        #expect(spell.heaviestMillimetres == 0.6)
        #expect(abs(spell.totalMillimetres - 1.5) < 1e-9)
        #expect(!spell.lastsPastWindow)
    }

    @Test func dryHoursHaveNoSpellAndTheWindowIsTwentyFourHours() {
        #expect(BriefRules.spell(Self.hours(Array(repeating: 0.05, count: 30)), from: Self.start) == nil)
        // Wet only after 24 hours: not spoken of.
        #expect(BriefRules.spell(Self.hours(Array(repeating: 0, count: 25) + [1.0]), from: Self.start) == nil)
        // Wet through the 24th hour: still raining where the sentence stops looking.
        let through = BriefRules.spell(
            Self.hours(Array(repeating: 0, count: 20) + Array(repeating: 1, count: 10)), from: Self.start)
        #expect(through?.lastsPastWindow == true)
    }

    @Test func likelihoodAndWarmthBands() {
        #expect(BriefRules.likelihood(percent: 65) == "likely")
        #expect(BriefRules.likelihood(percent: 64.9) == "possible")
        #expect(BriefRules.likelihood(percent: 35) == "unlikely")
        #expect(BriefRules.likelihood(percent: 35.1) == "possible")
        #expect(BriefRules.warmth(change: 2) == "warmer")
        #expect(BriefRules.warmth(change: -2) == "cooler")
        #expect(BriefRules.warmth(change: 1.9) == nil)
    }

    @Test func partsOfTheDayHaveFixedHours() {
        let today = LocalDate(year: 2026, month: 7, day: 9)
        func at(_ day: Int, _ hour: Int) -> LocalDateTime {
            LocalDateTime(
                date: LocalDate(year: 2026, month: 7, day: day), hour: hour, minute: 0, utcOffsetSeconds: 7_200,
                abbreviation: "CEST")
        }
        #expect(BriefRules.partOfDay(at(9, 6), today: today) == "this morning")
        #expect(BriefRules.partOfDay(at(9, 11), today: today) == "this morning")
        #expect(BriefRules.partOfDay(at(9, 12), today: today) == "this afternoon")
        #expect(BriefRules.partOfDay(at(9, 18), today: today) == "this evening")
        #expect(BriefRules.partOfDay(at(10, 2), today: today) == "tonight")
        #expect(BriefRules.partOfDay(at(10, 6), today: today) == "tomorrow morning")
        #expect(BriefRules.partOfDay(at(11, 13), today: today) == "Sat afternoon")
    }

    @Test func helpPrintsTheRulesTable() throws {
        let spec = try #require(CommandTable.spec(named: "brief"))
        let text = spec.details.joined(separator: " ")
        for rule in BriefRules.table { #expect(text.contains(rule)) }
        #expect(text.contains("morning 06–12") && text.contains("--sure"))
    }
}
