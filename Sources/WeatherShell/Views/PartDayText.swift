import FoundationEssentials
import WXBasics
import WeatherKit

/// The hours of a day the ensemble covers only in part, in words, by one phrase for `check
/// --rain`, `watch --rain`, `brief` and `chance` (`EnsembleForecast.partHours(of:from:covering:)`
/// decides which hours they are).
enum PartDayText {
    /// "23 hours the ensemble covers (of 24, to 23:00)": `covered` hours of the day's
    /// `hoursInDay`, the last ending at `until` (the place's clock, in `format`'s clock).
    static func hours(_ covered: Int, of hoursInDay: Int, until: LocalDateTime, format: ValueFormatter) -> String {
        "\(Counting.count(covered, "hour")) the ensemble covers (of \(hoursInDay), to \(format.clock(until)))"
    }
}
