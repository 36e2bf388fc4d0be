/// Spans of time and UTC offsets in words, as every part of wx says them (views, the view
/// model's errors and notes alike).
package enum TimeWords {
    /// A span of time in the one unit that says how far it is, rounded down: "45 min", "5 hours",
    /// "12 days", "13 months", "5 years" (months of 30 days below two years, years of 365.25
    /// days from there); the sign of `seconds` is ignored. For how far the current conditions
    /// are from now.
    package static func roughSpan(seconds: Double) -> String {
        let minutes = Int.saturating(abs(seconds) / 60)
        let days = minutes / 1_440
        if minutes < 120 { return Counting.count(minutes, "min", plural: "min") }
        if minutes < 2 * 1_440 { return Counting.count(minutes / 60, "hour") }
        if days < 60 { return Counting.count(days, "day") }
        if days < 730 { return Counting.count(days / 30, "month") }
        return Counting.count(Int.saturating(Double(days) / 365.25), "year")
    }

    /// A distance in time in one whole unit, rounded to the nearest: "10 s" under 90 seconds,
    /// "5 min" under 90 minutes, "2 h" under 48 hours, then "3 d"; the sign is ignored. For how
    /// far apart a forecast's entries are, where a fraction of an hour printed as a Double
    /// ("0.002777777777777778 hours", nu61) said nothing.
    package static func spacing(seconds: Int) -> String {
        let seconds = seconds.magnitude
        if seconds < 90 { return "\(seconds) s" }
        if seconds < 90 * 60 { return "\((seconds + 30) / 60) min" }
        if seconds < 48 * 3_600 { return "\((seconds + 1_800) / 3_600) h" }
        return "\((seconds + 43_200) / 86_400) d"
    }

    /// A UTC offset in seconds as ISO 8601 writes it after "UTC": "+02:00", "-09:30", "+00:00".
    package static func utcOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return "\(sign)\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60))"
    }

    /// How old data is: "5 min", "2 h 14 min", "1 d 2 h" under two days; then in plain words,
    /// "45 days", "1,122 days" — from two years on "3 years" (of 365.25 days, whole ones
    /// passed). Negative: "0 min".
    package static func age(seconds: Double) -> String {
        let minutes = max(0, Int.saturating(seconds / 60))
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 1_440 { return "\(minutes / 60) h \(minutes % 60) min" }
        let days = minutes / 1_440
        if days < 2 { return "\(days) d \((minutes % 1_440) / 60) h" }
        if days < 730 { return "\(Counting.grouped(days)) days" }
        return "\(Counting.grouped(Int(Double(days) / 365.25))) years"
    }

    /// 0–9 with a leading zero: "07".
    package static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
