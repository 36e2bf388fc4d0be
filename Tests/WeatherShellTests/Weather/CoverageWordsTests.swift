import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial 4, item 15: "this forecast covers Tue 15 Apr to Tue 15 Apr, not now" when now was later
/// on Tue 15 Apr. The hours are named when they end (or begin) today; one day is one day.
@Suite(.tags(.unit)) struct CoverageWordsTests {
    static let format = ValueFormatter(units: .metric)
    static let tuesday = LocalDate(year: 2025, month: 4, day: 15)

    static func at(_ date: LocalDate, _ hour: Int) -> LocalDateTime {
        LocalDateTime(date: date, hour: hour, minute: 0, utcOffsetSeconds: 0, abbreviation: "GMT")
    }

    @Test func hoursThatEndedEarlierTodayAreNamed() {
        let hours = HoursNotNow(
            first: Self.at(Self.tuesday, 1), last: Self.at(Self.tuesday, 2), today: Self.tuesday, ended: true)
        #expect(
            TextRenderer.notNowText(hours, format: Self.format)
                == "this forecast’s last hour is 02:00 today, before now")
    }

    @Test func hoursThatBeginLaterTodayAreNamed() {
        let hours = HoursNotNow(
            first: Self.at(Self.tuesday, 14), last: Self.at(Self.tuesday, 23), today: Self.tuesday, ended: false)
        #expect(
            TextRenderer.notNowText(hours, format: Self.format)
                == "this forecast’s first hour is 14:00 today, after now")
    }

    @Test func aSpanOfOneOtherDayIsOneDay() {
        let monday = LocalDate(year: 2025, month: 4, day: 14)
        let one = HoursNotNow(first: Self.at(monday, 1), last: Self.at(monday, 2), today: Self.tuesday, ended: true)
        #expect(TextRenderer.notNowText(one, format: Self.format) == "this forecast covers Mon 14 Apr, not now")
        let sunday = LocalDate(year: 2025, month: 4, day: 13)
        let two = HoursNotNow(first: Self.at(sunday, 1), last: Self.at(monday, 2), today: Self.tuesday, ended: true)
        #expect(
            TextRenderer.notNowText(two, format: Self.format)
                == "this forecast covers Sun 13 Apr to Mon 14 Apr, not now")
    }

    /// Trial 9: "this forecast covers Thu 18 Dec, not now" gave no year for a forecast of last
    /// December; the year is added only when the hours lie in another year than today.
    @Test func hoursInAnotherYearSayTheYear() {
        let december = LocalDate(year: 2025, month: 12, day: 18)
        let today = LocalDate(year: 2026, month: 12, day: 1)
        let one = HoursNotNow(first: Self.at(december, 1), last: Self.at(december, 5), today: today, ended: true)
        #expect(TextRenderer.notNowText(one, format: Self.format) == "this forecast covers Thu 18 Dec 2025, not now")
        // Across new year, each end with its year.
        let newYear = LocalDate(year: 2026, month: 1, day: 2)
        let span = HoursNotNow(first: Self.at(december, 1), last: Self.at(newYear, 5), today: today, ended: true)
        #expect(
            TextRenderer.notNowText(span, format: Self.format)
                == "this forecast covers Thu 18 Dec 2025 to Fri 02 Jan 2026, not now")
        // The same year as today: no year.
        let earlier = HoursNotNow(
            first: Self.at(LocalDate(year: 2026, month: 11, day: 20), 1),
            last: Self.at(LocalDate(year: 2026, month: 11, day: 21), 5), today: today, ended: true)
        #expect(
            TextRenderer.notNowText(earlier, format: Self.format)
                == "this forecast covers Fri 20 Nov to Sat 21 Nov, not now")
    }
}
