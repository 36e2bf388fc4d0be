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

    /// A forecast of `amounts`, one an hour from `start`, each the hour before its time.
    static func forecast(_ amounts: [Double?]) -> Forecast {
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 52.52, longitude: 13.4),
            zone: ZoneInfo(identifier: "UTC", abbreviation: "UTC", utcOffsetSeconds: 0), source: .openMeteo)
        forecast.hourly = hours(amounts)
        return forecast
    }

    @Test func aSpellStartsWhereItsFirstWetHourBeginsAndEndsWhereItsLastEnds() throws {
        // Each amount is the hour before its time (rain's reading): the hour stamped `start`
        // is over at `start`. 0.09 mm is dry (under 0.1), nil is dry; two equal peaks in a row
        // are the heaviest together (the first alone was named).
        let reading = try #require(
            BriefRules.outlook(Self.forecast([0, 0.09, nil, 0.1, 0.6, 0.6, 0.2, 0, 3.0]), now: Self.start))
        let spell = try #require(reading.spell)
        #expect(spell.start == Self.start.addingTimeInterval(2 * 3_600))
        #expect(spell.end == Self.start.addingTimeInterval(6 * 3_600))
        #expect(spell.heaviestStart == Self.start.addingTimeInterval(3 * 3_600))
        #expect(spell.heaviestEnd == Self.start.addingTimeInterval(5 * 3_600))
        #expect(spell.heaviestMillimetres == 0.6)
        #expect(abs(spell.totalMillimetres - 1.5) < 1e-9)
        #expect(!spell.lastsPastWindow)
        // The hour that just ended is not rain now (issue 36's trial: "Rain now" at 20:00 CEST
        // from the value stamped 20:00).
        let ended = try #require(BriefRules.outlook(Self.forecast([2.0, 0, 0, 0]), now: Self.start))
        #expect(ended.spell == nil && ended.hours == 3)
    }

    @Test func dryHoursHaveNoSpellAndTheWindowIsTwentyFourHours() throws {
        let dry = try #require(BriefRules.outlook(Self.forecast(Array(repeating: 0.05, count: 30)), now: Self.start))
        #expect(dry.spell == nil && dry.hours == 24)
        // Wet only after 24 hours: not spoken of.
        let later = try #require(
            BriefRules.outlook(Self.forecast(Array(repeating: 0, count: 25) + [1.0]), now: Self.start))
        #expect(later.spell == nil)
        // Wet from within the 24 hours to the end of the data: still raining where the data
        // end (the last hour's time), not where the 24 hours do.
        let through = BriefRules.outlook(
            Self.forecast(Array(repeating: 0, count: 20) + Array(repeating: 1, count: 10)), now: Self.start)
        #expect(through?.spell?.lastsPastWindow == true)
        #expect(through?.spell?.end == Self.start.addingTimeInterval(29 * 3_600))
        // Wet past the 24th hour and dry before the data end: followed to its end, as `rain`
        // follows it (trial 55: cut at now + 24 h, the cut piece was called the heaviest).
        let past = try #require(
            BriefRules.outlook(
                Self.forecast(Array(repeating: 0, count: 22) + [0.3, 0.3, 0.3, 0.3, 0, 0]), now: Self.start)?.spell)
        #expect(past.start == Self.start.addingTimeInterval(21 * 3_600))
        #expect(past.end == Self.start.addingTimeInterval(25 * 3_600) && !past.lastsPastWindow)
        #expect(past.even && abs(past.totalMillimetres - 1.2) < 1e-9)
        // One hour heavier than the others: not even.
        let uneven = try #require(
            BriefRules.outlook(Self.forecast([0, 0.3, 0.5, 0.3, 0]), now: Self.start)?.spell)
        #expect(!uneven.even)
        // An answer with 5 hours left is dry for those 5, not for 24.
        let short = try #require(BriefRules.outlook(Self.forecast(Array(repeating: 0, count: 6)), now: Self.start))
        #expect(short.spell == nil && short.hours == 5)
    }

    @Test func likelihoodAndWarmthBands() {
        #expect(BriefRules.likelihood(percent: 65) == "likely")
        #expect(BriefRules.likelihood(percent: 64.9) == "possible")
        #expect(BriefRules.likelihood(percent: 35) == "unlikely")
        #expect(BriefRules.likelihood(percent: 35.1) == "possible")
        #expect(BriefRules.warmth(change: 2) == "warmer")
        #expect(BriefRules.warmth(change: -2) == "cooler")
        // "About as warm" only under a degree (trial: 1.9 °C was about as warm).
        #expect(BriefRules.warmth(change: 1.9) == "warmer")
        #expect(BriefRules.warmth(change: -1) == "cooler")
        #expect(BriefRules.warmth(change: 0.9) == nil)
        #expect(BriefRules.warmth(change: 1.9, step: BriefRules.changedTemperatureCelsius) == nil)
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

    /// `sentence` in words, for Berlin at `start`, metric.
    static func words(_ sentence: BriefSentence) -> String {
        let report = BriefReport(
            place: Place(
                name: "Berlin", region: "Deutschland", countryCode: "de",
                coordinate: Coordinate(latitude: 52.52, longitude: 13.41), displayName: "Berlin, Deutschland"),
            now: start, zone: ZoneInfo(identifier: "Europe/Berlin", abbreviation: "CEST", utcOffsetSeconds: 7_200),
            sentences: [sentence], ensembleUsed: true, origin: .network)
        return TextRenderer.briefText(sentence, report: report, format: ValueFormatter(units: .metric))
    }

    @Test func theEnsemblesRangeIsNamedAndNeverReadAsTheHighs() {
        // Issue 36's trial: "high 22 °C (14 to 16)" read as a range the high is outside of.
        let outside = Self.words(.tomorrow(todayHigh: 21.4, tomorrowHigh: 21.9, range: 14.2...16.1))
        #expect(
            outside
                == "Tomorrow about as warm as today, high 22 °C; the ensemble’s 14 to 16 °C (its members’ 10th to 90th percentile).",
            "\(outside)")
        let inside = Self.words(.tomorrow(todayHigh: 21.4, tomorrowHigh: 21.9, range: 20.2...23.6))
        #expect(inside == "Tomorrow about as warm as today, high 22 °C (the ensemble’s 20 to 24 °C).", "\(inside)")
    }

    /// Trial 58 (Chatham): p10 16.6 and p90 17.4 °C read "the ensemble’s 17 to 17 °C". Ends that
    /// show alike whole take a decimal; ends alike even then are one figure.
    @Test func theEnsemblesRangeNeverReadsAsOneFigureTwice() {
        let near = Self.words(.tomorrow(todayHigh: 15.2, tomorrowHigh: 15.1, range: 16.6...17.4))
        #expect(
            near
                == "Tomorrow about as warm as today, high 15 °C; the ensemble’s 16.6 to 17.4 °C (its members’ 10th to 90th percentile).",
            "\(near)")
        let alike = Self.words(.tomorrow(todayHigh: 15.2, tomorrowHigh: 15.1, range: 17.01...17.04))
        #expect(
            alike
                == "Tomorrow about as warm as today, high 15 °C; the ensemble’s 17.0 °C (its members’ 10th and 90th percentile alike).",
            "\(alike)")
    }

    /// Rain past the sentence's window is "still raining" at its day and time as a person says
    /// it — "tomorrow at 15:00", "on Mon at 15:00" — not "at tomorrow 15:00" (a trial's words).
    /// `start` is Sat 19:00 at Berlin (CEST).
    @Test func rainPastTheWindowSaysItsDayAsAPersonWould() {
        func said(endingAfter hours: Double, snow: Bool = false) -> String {
            let spell = RainSpell(
                start: Self.start, end: Self.start.addingTimeInterval(hours * 3_600),
                heaviestStart: Self.start, heaviestEnd: Self.start.addingTimeInterval(3_600),
                heaviestMillimetres: 0.2, totalMillimetres: 0.3, lastsPastWindow: true, snow: snow)
            return Self.words(.rain(spell, now: Self.start))
        }
        #expect(
            said(endingAfter: 3)
                == "Rain now, heaviest 19:00–20:00 (0.2 mm), still raining when the forecast ends at 22:00.")
        #expect(
            said(endingAfter: 20)
                == "Rain now, heaviest 19:00–20:00 (0.2 mm), still raining when the forecast ends tomorrow at 15:00.")
        #expect(
            said(endingAfter: 44)
                == "Rain now, heaviest 19:00–20:00 (0.2 mm), still raining when the forecast ends on Mon at 15:00.")
        #expect(
            said(endingAfter: 20, snow: true)
                == "Snow now, heaviest 19:00–20:00 (0.2 mm), still snowing when the forecast ends tomorrow at 15:00.")
    }

    /// Every hour of the spell alike: no heaviest span is named, only the amount of each hour
    /// (trial 55: "heaviest 06:00–07:10 (0.3 mm an hour)" for 0.3 mm in each of 06:00–09:00).
    @Test func anEvenSpellNamesNoHeaviest() {
        var spell = RainSpell(
            start: Self.start.addingTimeInterval(3_600), end: Self.start.addingTimeInterval(4 * 3_600),
            heaviestStart: Self.start.addingTimeInterval(3_600), heaviestEnd: Self.start.addingTimeInterval(4 * 3_600),
            heaviestMillimetres: 0.3, totalMillimetres: 0.9, lastsPastWindow: false)
        spell.even = true
        #expect(
            Self.words(.rain(spell, now: Self.start))
                == "Dry until about 20:00, then rain this evening (0.3 mm an hour), dry again by 23:00.")
        spell.heaviestEnd = Self.start.addingTimeInterval(2 * 3_600)
        spell.end = spell.heaviestEnd
        #expect(
            Self.words(.rain(spell, now: Self.start))
                == "Dry until about 20:00, then rain this evening (0.3 mm), dry again by 21:00.")
    }

    @Test func aDryAnswerSaysTheHoursItHasLeftAndSnowIsSnow() {
        #expect(Self.words(.dry(from: Self.start, hours: 24)) == "Dry for the next 24 hours.")
        #expect(Self.words(.dry(from: Self.start, hours: 3)) == "Dry for the 3 hours the forecast has left.")
        #expect(Self.words(.dry(from: Self.start, hours: 1)) == "Dry for the 1 hour the forecast has left.")
        let spell = RainSpell(
            start: Self.start, end: Self.start.addingTimeInterval(7_200),
            heaviestStart: Self.start, heaviestEnd: Self.start.addingTimeInterval(3_600),
            heaviestMillimetres: 0.2, totalMillimetres: 0.3, lastsPastWindow: false, snow: true)
        #expect(Self.words(.rain(spell, now: Self.start)).hasPrefix("Snow now, heaviest"))
    }
}
