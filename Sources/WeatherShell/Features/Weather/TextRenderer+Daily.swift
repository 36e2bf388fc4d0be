import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `daily` as text, and the table of days `show` shares.
extension TextRenderer {
    /// `daily`: the days as a table with the strongest wind, where the answer ends when it has
    /// fewer days than asked, and each day's high against its normal when the normals are cached.
    static func daily(
        _ report: WeatherReport, days count: Int, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let presentation = WeatherPresentation.daily(report, days: count, now: context.now)
        let short =
            presentation.daysFromToday > 0 && presentation.daysFromToday < count
            ? note("the answer has \(Self.count(presentation.daysFromToday, "day")) from today", context, style)
            : []
        return header(presentation, context: context, format: format, style: style)
            + dayTable(
                presentation.days, context: context, format: format, style: style, detailed: true,
                uncarried: presentation.report.forecast.uncarried)
            + short + daysNote(presentation.coverage, format: format, style: style, context: context)
            + comparisonLines(presentation, format: format, width: context.reportWidth)
    }

    /// Days as a table: day, condition, low, high, rain chance, amount; with `detailed`, the
    /// strongest wind too. A series the answer does not carry (`uncarried`) has no column;
    /// columns left out for the width are named under the table.
    static func dayTable(
        _ days: [DailyForecast], context: RenderContext, format: ValueFormatter, style: Style, detailed: Bool,
        uncarried: Set<ForecastSeries> = []
    ) -> [String] {
        let winds = days.map { day in
            format.wind(day.windSpeedMaxKilometresPerHour, from: day.windDirectionDominantDegrees)
        }
        var columns: [TextTable.Column] = [
            // A day built from part of its hours is marked, and the mark explained below.
            .init(header: "day", cells: days.map { format.day($0.date) + ($0.isPartial ? "*" : "") }, width: 12)
        ]
        // Day codes describe the whole day: a day's words and symbols stay the day's. An answer
        // without conditions for its days has no condition column, nor one for a series it
        // does not carry.
        columns += ifCarried(carriesCondition(days.map(\.condition))) {
            conditionColumn(
                days.map { conditionCell($0.condition, unicode: context.unicode) }, width: detailed ? 20 : 24,
                shrinkable: 8)
        }
        columns += lowHighColumns(
            lows: days.map(\.temperatureMinCelsius), highs: days.map(\.temperatureMaxCelsius), format: format,
            widths: (8, 9))
        columns += ifCarried(!uncarried.contains(.dailyPrecipitationProbability)) {
            .init(
                header: "rain", cells: days.map { format.percent($0.precipitationProbabilityMaxPercent) },
                width: 7, right: true, dropOrder: 3, name: "rain chance")
        }
        columns += daySumColumn(
            days.map(\.precipitationSumMillimetres), carried: !uncarried.contains(.dailyPrecipitationSum),
            context: context, format: format, width: 8, dropOrder: 2)
        columns += ifCarried(detailed && !uncarried.contains(.dailyWind)) {
            .init(header: "wind max", cells: winds, lead: 2, dropOrder: 1)
        }
        let partial = days.contains(where: \.isPartial) ? ["  * from part of the day’s hours"] : []
        return tableLines(TextTable(columns: columns), width: context.reportWidth, style: style) + partial
    }
}
