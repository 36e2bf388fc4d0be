import FoundationEssentials
import WXBasics
import WeatherKit

extension PastWeather {
    /// One answer for the days `requested` made of `parts`, the answers for consecutive parts
    /// of them in order (the demo's recordings, one request each: `DemoWorld.pastParts`), as
    /// the service's one answer for the whole would be: their days in order, their hours when
    /// `hours` were asked for, the series every part carries (one that a part lacks would read
    /// as a column of dashes for its days: Hamburg's 20–25 July have no condition, mean, wind
    /// or sunshine, which `past 2025-07-26` alone still shows; those are named in
    /// `partlyCarried` and `conditionPartly`, for the table to say so), where the data stops as the last
    /// part says, each part's service with its days (`sources`: trial 15 saw Hamburg's archive
    /// days credited to the forecast API), and the least fresh origin. A single part is
    /// returned as it is.
    static func joined(
        _ parts: [Fetched<PastWeather>], requested: ClosedRange<LocalDate>, hours: Bool
    ) -> Fetched<PastWeather> {
        guard parts.count > 1, var weather = parts.first?.value, let last = parts.last?.value else { return parts[0] }
        weather.requested = requested
        // Each part's service with its days; neighbours from one service are one run.
        weather.sources = []
        for part in parts.flatMap(\.value.sources) {
            if let last = weather.sources.last, last.source == part.source,
                last.days.upperBound.dayNumber + 1 >= part.days.lowerBound.dayNumber
            {
                weather.sources[weather.sources.count - 1].days = last.days.lowerBound...part.days.upperBound
            } else {
                weather.sources.append(part)
            }
        }
        weather.days = parts.flatMap(\.value.days)
        weather.hours = hours ? parts.flatMap(\.value.hours) : []
        let lacking = parts.map(\.value.uncarried)
        weather.uncarried = lacking.dropFirst().reduce(lacking[0]) { $0.union($1) }
        // Of the days' table only: a range's days have no hours.
        let daily: Set<ForecastSeries> = [.dailyTemperatureMean, .dailyPrecipitationSum, .dailyWind, .dailySunshine]
        weather.partlyCarried = weather.uncarried.subtracting(
            lacking.dropFirst().reduce(lacking[0]) { $0.intersection($1) }
        )
        .intersection(daily)
        // The days keep their conditions; the column is left out (and said to be) when a part
        // has none (trial 17: they were erased, and the JSON said null for a day that had one).
        let withoutCondition = parts.map { $0.value.days.allSatisfy { $0.condition == nil } }
        weather.conditionPartly = withoutCondition.contains(true) && withoutCondition.contains(false)
        if !weather.partlyCarried.isEmpty || weather.conditionPartly {
            weather.wholeDay =
                parts.first { part in
                    part.value.uncarried.isDisjoint(with: weather.partlyCarried)
                        && (!weather.conditionPartly || part.value.days.contains { $0.condition != nil })
                }?.value.days.first?.date
        }
        weather.dataEnd = last.dataEnd
        weather.lastDayWithData = last.lastDayWithData
        return Fetched(value: weather, origin: DataOrigin.leastFresh(parts.map(\.origin)))
    }
}
