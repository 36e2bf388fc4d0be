import WXBasics
import WeatherKit

// How a day compares with its 1991–2020 normal, decided once for the text and JSON renderers.

/// A forecast or past day's high against the normal high of its calendar day.
package struct NormalComparison: Hashable, Sendable {
    /// The day's high, °C.
    package var highCelsius: Double
    /// The normal high of the day (mean of 1991–2020's highs near that date), °C.
    package var normalHighCelsius: Double
    /// The day's high minus the normal high, °C, unrounded: each view converts it to its
    /// unit first and rounds once (rounded to 0.1 °C and then converted, −8.35 °F showed as
    /// −8.3 where −8.4 is right).
    package var highAnomalyCelsius: Double

    /// The comparison of `day`'s high with `climatology`; nil when either is unknown.
    package init?(_ day: DailyForecast?, _ climatology: Climatology?) {
        guard let day, let high = day.temperatureMaxCelsius,
            let normal = climatology?.normal(for: day.date).temperatureMaxMeanCelsius
        else { return nil }
        highCelsius = high
        normalHighCelsius = normal
        highAnomalyCelsius = high - normal
    }
}

extension WeatherPresentation {
    /// Each listed day's high against its normal (nil where unknown), when normals are cached.
    package var dayComparisons: [NormalComparison?] { days.map { NormalComparison($0, report.climatology) } }
}

extension ValueFormatter {
    /// "+3.2", "−0.4", "0.0": a signed difference in the user's unit, for lists.
    package func signedTemperatureDifference(_ celsius: Double) -> String {
        Self.signedTenths(units.temperature == .fahrenheit ? celsius * 1.8 : celsius)
    }

    /// "+3.2", "−0.4", "0.0": a difference already in the user's unit, signed, to a tenth.
    package static func signedTenths(_ value: Double) -> String {
        let text = DecimalText.fixed(abs(value), digits: 1)
        guard text != DecimalText.fixed(0, digits: 1) else { return text }
        return value > 0 ? "+" + text : "−" + text
    }

    /// The day's high minus its normal high as the two are shown — each to a tenth in your unit,
    /// as `daily`'s table and `normal`'s show them (`shownTemperatureChange`) — in your unit:
    /// a high of 20.04 °C ("20.0") against a normal of 16.96 ("17.0") is +3.0, not +3.1.
    package func shownAnomaly(_ comparison: NormalComparison) -> Double {
        shownTemperatureChange(from: comparison.normalHighCelsius, to: comparison.highCelsius, digits: 1)
    }

    /// "3.2 °C warmer than usual", "0.4 °C colder than usual", "as warm as usual": the
    /// difference of the two highs as shown (`shownAnomaly`).
    package func comparedWithUsual(_ comparison: NormalComparison) -> String {
        let anomaly = shownAnomaly(comparison)
        // "As usual" when the difference shows as 0.0 in the user's unit.
        let text = Self.signedTenths(anomaly)
        if text == DecimalText.fixed(0, digits: 1) { return "as warm as usual" }
        return "\(text.dropFirst()) \(temperatureSymbol) \(anomaly > 0 ? "warmer" : "colder") than usual"
    }

    /// "6 h 12 min" of sunshine, "—".
    package func duration(_ seconds: Double?) -> String {
        guard let seconds else { return Self.missing }
        let minutes = Int.saturating((seconds / 60).rounded())
        return "\(minutes / 60) h \(TimeWords.twoDigits(minutes % 60)) min"
    }

    /// "Sun 14 Jul 2024".
    package func dayWithYear(_ date: LocalDate) -> String { "\(day(date)) \(date.year)" }

    /// A range of days in few columns, without weekdays: "20–23 Jul 2025", "28 Jun–3 Jul 2025",
    /// "30 Dec 2024–2 Jan 2025" ("-" for "–" without Unicode); one day as "20 Jul 2025".
    package func shortDayRange(_ first: LocalDate, _ last: LocalDate) -> String {
        let dash = unicode ? "–" : "-"
        func dayMonth(_ date: LocalDate) -> String { "\(date.day) \(Self.months[date.month - 1])" }
        if first == last { return "\(dayMonth(first)) \(first.year)" }
        if first.year != last.year { return "\(dayMonth(first)) \(first.year)\(dash)\(dayMonth(last)) \(last.year)" }
        if first.month != last.month { return "\(dayMonth(first))\(dash)\(dayMonth(last)) \(last.year)" }
        return "\(first.day)\(dash)\(dayMonth(last)) \(last.year)"
    }
}
