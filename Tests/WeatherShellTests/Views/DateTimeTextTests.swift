import Testing
import WXBasics
import WeatherKit

@testable import WeatherShell

/// `ValueFormatter.dateTime`, written as 16 bytes at once for `saved`'s tens of thousands of
/// rows, says what the date's `iso` and the clock say, a space between: across years of every
/// length (a year beyond four digits takes the general way), every hour and minute, offsets
/// east and west, and the 12-hour clock.
@Suite(.tags(.unit)) struct DateTimeTextTests {
    @Test func aDateTimeIsTheDateAndTheClock() {
        let metric = ValueFormatter(units: .metric)
        var twelve = UnitPreferences.metric
        twelve.clock = .twelveHour
        let imperial = ValueFormatter(units: twelve)
        // From year 1 to past 9999, and every minute of two days.
        var instants = [
            -62_135_596_800, -62_135_596_800 + 86_399, -1, 0, 951_782_400, 253_402_300_799, 253_402_300_800,
        ]
        instants += stride(from: 1_770_414_000, to: 1_770_414_000 + 2 * 86_400, by: 60)
        for seconds in instants {
            for offset in [0, -34_200, 45_900, 3_600] {
                let time = LocalDateTime(seconds, utcOffsetSeconds: offset, abbreviation: nil)
                #expect(metric.dateTime(time) == "\(time.date.iso) \(metric.clock(time))", "\(seconds) \(offset)")
                #expect(imperial.dateTime(time) == "\(time.date.iso) \(imperial.clock(time))")
            }
        }
        #expect(
            metric.dateTime(LocalDateTime(1_770_414_000, utcOffsetSeconds: 0, abbreviation: nil)) == "2026-02-06 21:40")
    }
}
