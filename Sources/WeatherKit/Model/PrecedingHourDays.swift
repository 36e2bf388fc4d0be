import FoundationEssentials
import WXBasics

/// Which hours of an hourly series make up a calendar day when each value covers the hour
/// *before* its time — Open-Meteo's `precipitation`, `snowfall` and `precipitation_probability`
/// (open-meteo.com/en/docs, "preceding hour sum"). The one place wx states the rule; every day
/// or window summed from such hours (the ensemble's days, `drift`, `skill`) follows it.
///
/// A day D takes the values whose covered hour starts within D: the hours labelled 01:00 … 23:00
/// of D and 00:00 of the day after (24:00 of D). Open-Meteo's own daily `precipitation_sum` adds
/// the values labelled 00:00–23:00 instead — the span from 23:00 the evening before to 23:00 —
/// so where wx compares a day of its own with the service's, it asks the hours and sums the
/// same ones on both sides.
package enum PrecedingHourDays {
    /// The positions in `times` (hour starts, oldest first) whose covered hour lies within
    /// `date` in `clock`'s calendar, or nil when the covered hours do not run from 00:00 to the
    /// end of the day (the series starts late or stops before the next day's 00:00).
    ///
    /// - Parameters:
    ///   - date: the calendar day, in the place's zone.
    ///   - times: the time of each value (the end of the hour it covers).
    ///   - clock: the place's clock.
    /// - Returns: at least 23 positions (a day that springs forward has 23 hours), or nil.
    package static func indices(of date: LocalDate, times: [Date], clock: ZoneClock) -> [Int]? {
        let covered = times.indices.filter { clock.localTime(times[$0].addingTimeInterval(-3_600)).date == date }
        guard let first = covered.first, let last = covered.last, covered.count >= 23,
            clock.localTime(times[first].addingTimeInterval(-3_600)).hour == 0,
            clock.localTime(times[last].addingTimeInterval(-3_600)).hour == 23
        else { return nil }
        return covered
    }

    /// The sum of `series` over `indices`, or nil when any of those values is missing.
    ///
    /// - Parameters:
    ///   - series: one value per time, nil where the service gave `null`.
    ///   - indices: positions from `indices(of:times:clock:)`.
    package static func sum(_ series: [Double?], over indices: [Int]) -> Double? {
        var values: [Double] = []
        values.reserveCapacity(indices.count)
        for index in indices {
            guard index < series.count, let value = series[index] else { return nil }
            values.append(value)
        }
        return amount(values)
    }

    /// The amount of a day or a window from its hours' amounts (mm, or cm of snow): their sum
    /// as the decimals the service writes them, not in binary floating point. Open-Meteo gives
    /// amounts to 0.1 mm (wx's own conversions round to 0.01); added as Doubles, 0.3 + 0.3 +
    /// 0.3 + 0.1 is 0.9999999999999999, which misses a limit of 1 mm that the day reaches. Each
    /// value is taken in hundredths (rounded), those are added exactly (whole numbers far below
    /// 2⁵³), and the total is the Double nearest to the decimal sum — so it compares with a
    /// limit as the decimals do. Every count of a day's amount (`confidence`, `chance`, `check`,
    /// `brief --sure`) goes through here.
    ///
    /// - Parameter values: the hours' amounts, in order; any number of them.
    /// - Returns: the sum, 0 for none.
    package static func amount(_ values: some Sequence<Double>) -> Double {
        var hundredths = 0.0
        for value in values { hundredths += (value * 100).rounded() }
        return hundredths / 100
    }
}
