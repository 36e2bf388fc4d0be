import WXBasics

/// The normal weather of one calendar day at a place: means over 1991–2020 of the days within
/// `Climatology.windowDays` of it (so that one odd year does not make a bump), in °C and mm,
/// unrounded: a view rounds once, in the unit it shows (JSON to 0.01).
package struct ClimateNormal: Hashable, Sendable {
    /// Mean of the daily highs (`temperature_2m_max`), °C; nil when no year had one.
    package var temperatureMaxMeanCelsius: Double?
    /// Mean of the daily lows (`temperature_2m_min`), °C.
    package var temperatureMinMeanCelsius: Double?
    /// Mean daily precipitation (`precipitation_sum`), mm.
    package var precipitationMeanMillimetres: Double?
    /// How often it rained: the share of those days with at least 1 mm
    /// (`Climatology.wetDayMillimetres`), %.
    package var wetDayPercent: Double?

    package init(
        temperatureMaxMeanCelsius: Double?, temperatureMinMeanCelsius: Double?, precipitationMeanMillimetres: Double?,
        wetDayPercent: Double?
    ) {
        self.temperatureMaxMeanCelsius = temperatureMaxMeanCelsius
        self.temperatureMinMeanCelsius = temperatureMinMeanCelsius
        self.precipitationMeanMillimetres = precipitationMeanMillimetres
        self.wetDayPercent = wetDayPercent
    }
}

/// The 1991–2020 normals of a place for every calendar day (29 February included), reduced on
/// the client from one archive answer of daily values (about 11,000 days).
///
/// Each calendar day's normal is the mean over every year that has the day of the days within
/// ±`windowDays` of it in that year (7 days × 30 years = 210 values, fewer where the archive
/// left values `null`). 29 February is a day of its own: it rests on the 8 leap years of
/// 1991–2020 (`years(of:)`), 7 days each; 28 February and 1 March reach 3 real days either
/// side in every year, leap or not.
package struct Climatology: Hashable, Sendable {
    /// The years the normals are of.
    package static let firstYear = 1991
    package static let lastYear = 2020
    /// Days either side of a date that count towards its normal.
    package static let windowDays = 3
    /// The least precipitation that makes a day count as wet, mm.
    package static let wetDayMillimetres = 1.0

    /// 366 normals, by `slot(month:day:)` (1 January is 0, 29 February 59, 31 December 365).
    package var days: [ClimateNormal]
    /// The variables the archive declared in a unit wx does not know (`temperature_2m_max` in
    /// "°X"): their normals are nil in every day, the rest made — case OM-1's rule.
    package var unknownUnits: [UnknownUnit]

    package init(days: [ClimateNormal], unknownUnits: [UnknownUnit] = []) {
        precondition(days.count == 366, "a climatology has 366 days")
        self.days = days
        self.unknownUnits = unknownUnits
    }

    /// The normal of `date`'s calendar day (any year).
    package func normal(for date: LocalDate) -> ClimateNormal { days[Self.slot(month: date.month, day: date.day)] }

    /// How many years of 1991–2020 a calendar day's normal rests on: 8 for 29 February (the
    /// leap years 1992…2020), 30 for every other day.
    package static func years(of date: LocalDate) -> Int {
        guard date.month == 2, date.day == 29 else { return lastYear - firstYear + 1 }
        return (firstYear...lastYear).filter { ($0 % 4 == 0 && $0 % 100 != 0) || $0 % 400 == 0 }.count
    }

    /// The day's index in a leap year, 0…365.
    package static func slot(month: Int, day: Int) -> Int {
        let cumulative = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335]
        return cumulative[max(1, min(12, month)) - 1] + max(1, min(31, day)) - 1
    }

    /// Reduces daily values to normals for every calendar day.
    ///
    /// - Parameters:
    ///   - dates: the days, in any order (ISO dates as the archive gives them).
    ///   - maximum: `temperature_2m_max` per day, °C; nil for `null`.
    ///   - minimum: `temperature_2m_min` per day, °C.
    ///   - precipitation: `precipitation_sum` per day, mm.
    /// - Returns: the normals; a calendar day no value reaches has nil means.
    package static func reduce(
        dates: [LocalDate], maximum: [Double?], minimum: [Double?], precipitation: [Double?]
    ) -> Climatology {
        // Each day's value counts towards the calendar days within the window of it in real
        // days (so 29 February gathers only leap years, and 28 February reaches 3 March in a
        // common year): sums and counts per calendar day, one pass over flat arrays.
        var maxSum = [Double](repeating: 0, count: 366)
        var maxCount = [Int](repeating: 0, count: 366)
        var minSum = maxSum
        var minCount = maxCount
        var rainSum = maxSum
        var rainCount = maxCount
        var wetCount = maxCount
        for index in dates.indices {
            let day = dates[index].dayNumber
            let high = index < maximum.count ? maximum[index] : nil
            let low = index < minimum.count ? minimum[index] : nil
            let rain = index < precipitation.count ? precipitation[index] : nil
            for offset in -windowDays...windowDays {
                let date = CivilCalendar.date(fromDays: day + offset)
                let slot = slot(month: date.month, day: date.day)
                if let high {
                    maxSum[slot] += high
                    maxCount[slot] += 1
                }
                if let low {
                    minSum[slot] += low
                    minCount[slot] += 1
                }
                if let rain {
                    rainSum[slot] += rain
                    rainCount[slot] += 1
                    if rain >= wetDayMillimetres { wetCount[slot] += 1 }
                }
            }
        }
        var days: [ClimateNormal] = []
        days.reserveCapacity(366)
        // Unrounded: each view rounds once, in its unit (12.3457 °C rounded to 12.35 first was
        // shown as 12.4); JSON gives 0.01.
        func mean(_ sum: Double, _ count: Int) -> Double? { count > 0 ? sum / Double(count) : nil }
        for slot in 0..<366 {
            days.append(
                ClimateNormal(
                    temperatureMaxMeanCelsius: mean(maxSum[slot], maxCount[slot]),
                    temperatureMinMeanCelsius: mean(minSum[slot], minCount[slot]),
                    precipitationMeanMillimetres: mean(rainSum[slot], rainCount[slot]),
                    wetDayPercent: mean(Double(wetCount[slot]) * 100, rainCount[slot])))
        }
        return Climatology(days: days)
    }
}
