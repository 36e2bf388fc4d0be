import Testing
import WXBasics
import WeatherKit

@testable import WeatherShell

/// Trial 4, item 15: "this forecast covers Tue 15 Apr to Tue 15 Apr, not now" when now was later
/// on Tue 15 Apr. The hours are named when they end (or begin) today; one day is one day.
@Suite struct CoverageWordsTests {
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
}
