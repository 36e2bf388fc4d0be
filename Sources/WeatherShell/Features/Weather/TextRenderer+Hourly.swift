import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `hourly` as text, and the table of hours `past` shares.
extension TextRenderer {
    /// `hourly`: the next `count` hours as a table and a temperature chart, and where the answer
    /// ends when it has fewer hours than asked.
    static func hourly(
        _ report: WeatherReport, hours count: Int, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let presentation = WeatherPresentation.hourly(report, hours: count, now: context.now)
        let clock = presentation.report.forecast.clock
        let hours = presentation.hours
        var lines = header(presentation, context: context, format: format, style: style)
        guard !hours.isEmpty else {
            lines += note("no forecast hours after now in this answer", context, style)
            return lines
        }
        let table = hourTable(
            hours, clock: clock, context: context, format: format, probability: true,
            uncarried: presentation.report.forecast.uncarried, isNight: { presentation.isNight($0) }
        ).layout(width: context.reportWidth)
        lines += table.lines + leftOutNote(table.leftOutHeaders, width: context.reportWidth, style: style)
        // What a row's rain chance and amount cover: the hour before its time (issue 37 item 10);
        // of the columns shown only (at 40 columns the note explained an "mm" left out).
        let symbol = context.units.precipitation.symbol
        lines +=
            coveredSpanText(
                presentation.report.forecast, hours: hours, chance: table.keptHeaders.contains("rain") ? "rain" : nil,
                amount: table.keptHeaders.contains(symbol) ? symbol : nil
            ).map { note($0, context, style) } ?? []
        // No "rain %" band for a chance the answer does not carry (a band of nothing says nothing),
        // nor for chances too small to draw: those are said in words under the chart.
        let carriesChance = !presentation.report.forecast.uncarried.contains(.hourlyPrecipitationProbability)
        var chart = TemperatureChart.lines(
            hours, clock: clock, format: format, unicode: context.unicode, width: context.reportWidth,
            probability: carriesChance)
        if !chart.isEmpty {
            lines.append("")
            if carriesChance, !TemperatureChart.drawsProbabilityBars(hours) {
                chart += note(noBarsText(hours, format: format), context, style)
            }
        }
        // Fewer hours than asked: say where the answer ends rather than leave it to be noticed.
        let short =
            presentation.hoursAfterNow < count
            ? note("the answer has \(Self.count(presentation.hoursAfterNow, "hour")) after now", context, style) : []
        return lines + short + chart + ensembleBandLines(presentation, context: context, format: format, style: style)
    }

    /// What the rain chance and amount of a row cover, by the labels of their columns or rows
    /// ("rain and mm: the hour up to each time"; `chance` and `amount` are those labels, nil for
    /// one not shown — left out for the width, or not asked for)
    /// (Open-Meteo's `precipitation` and `precipitation_probability` are the preceding hour's,
    /// OpenWeatherMap's `rain.3h` the preceding 3 hours'), so that a row at 13:00 with rain is
    /// read as rain from 12:00; nil when the rows show neither (not shown, or not carried). A
    /// column shown with every value unknown ("—", case OM-1's all-null chance) is named as
    /// any other shown: the note names the columns above it, as Berlin's "rain % and mm" does,
    /// never fewer (it read "mm: …" under a "rain %" row of dashes).
    static func coveredSpanText(_ forecast: Forecast, hours: [HourlyForecast], chance: String?, amount: String?)
        -> String?
    {
        guard !hours.isEmpty else { return nil }
        let chance = chance.flatMap { label in
            !forecast.uncarried.contains(.hourlyPrecipitationProbability) ? label : nil
        }
        let amount = amount.flatMap { label in
            !forecast.uncarried.contains(.hourlyPrecipitation) ? label : nil
        }
        // "in" alone reads as the English word ("rain and in: …", trial 62): the unit in words.
        let labels = [chance, amount == "in" ? "inches" : amount].compactMap { $0 }
        guard !labels.isEmpty else { return nil }
        let step = max(1, forecast.hourStepSeconds / 3_600)
        let span = step == 1 ? "the hour" : "the \(step) hours"
        return "\(labels.joined(separator: " and ")): \(span) up to each time"
    }

    /// Why the chart has no "rain %" band: "no rain expected in these hours (0 % each hour)",
    /// "rain unlikely in these hours (at most 3 %)", or that the answer gives no chance for them
    /// (every hour null). Trial 9 took the two empty rows of an all-0 % band for a broken chart.
    /// When the hours' amounts (`precipitation`, mm over the hour up to each time) add up to the
    /// data's 0.1 mm or more, the chance is not said to rule rain out: "rain chance 0 % each hour,
    /// yet about 0.9 mm forecast in these hours" (the chance and the amount can come from
    /// different models; a new user saw "no rain expected" under 0.3 and 0.6 mm rows).
    static func noBarsText(_ hours: [HourlyForecast], format: ValueFormatter) -> String {
        let total = hours.compactMap(\.precipitationMillimetres).reduce(0, +)
        let wet =
            total >= PrecipitationOutlook.hourThreshold
            ? "about \(format.precipitation(total)) forecast in these hours" : nil
        guard let top = hours.compactMap(\.precipitationProbabilityPercent).max() else {
            return wet.map { "no rain chance in the answer, yet \($0)" }
                ?? "no rain chance in the answer for these hours"
        }
        let shown = format.percent(top)
        let none = shown == format.percent(0)
        if let wet {
            return none ? "rain chance \(shown) each hour, yet \(wet)" : "rain chance at most \(shown), yet \(wet)"
        }
        return none
            ? "no rain expected in these hours (\(shown) each hour)" : "rain unlikely in these hours (at most \(shown))"
    }

    /// The hours as a table: time, condition, temperature, feels like, rain chance (with
    /// `probability`), amount, wind. `hourly` and `past` share it. At night clear skies read
    /// "clear night" under a moon, not a sun (`isNight`: is_day, else the sun times). A series
    /// the answer does not carry (`uncarried`) has no column. Columns left out for the width are
    /// named under the table.
    static func hourRows(
        _ hours: [HourlyForecast], clock: ZoneClock, context: RenderContext, format: ValueFormatter, style: Style,
        probability: Bool,
        uncarried: Set<ForecastSeries> = [], isNight: (HourlyForecast) -> Bool?
    ) -> [String] {
        let table = hourTable(
            hours, clock: clock, context: context, format: format, probability: probability, uncarried: uncarried,
            isNight: isNight)
        return tableLines(table, width: context.reportWidth, style: style)
    }

    /// The table of `hourRows`, not yet laid out: `hourly` reads which columns it kept.
    static func hourTable(
        _ hours: [HourlyForecast], clock: ZoneClock, context: RenderContext, format: ValueFormatter, probability: Bool,
        uncarried: Set<ForecastSeries>, isNight: (HourlyForecast) -> Bool?
    ) -> TextTable {
        let unit = format.temperatureSymbol
        var times: [String] = []
        var previousDay: LocalDate?
        for hour in hours {
            let local = clock.localTime(hour.time)
            // The hour repeated at the end of DST carries its zone: "02:00 CEST", "02:00 CET".
            times.append(
                (local.date != previousDay ? ValueFormatter.weekdays[local.weekday] + " " : "    ")
                    + format.clock(local, repeated: clock.isRepeated(hour.time)))
            previousDay = local.date
        }
        let winds = hours.map { hour in
            format.wind(hour.windSpeedKilometresPerHour, from: hour.windDirectionDegrees)
        }
        var columns: [TextTable.Column] = [
            .init(
                header: "time", cells: times,
                width: max(context.units.clock == .twelveHour ? 13 : 11, (times.map(TextLayout.columns).max() ?? 0) + 1)
            )
        ]
        // An answer without conditions for its hours has no condition column, nor a column for
        // a series it does not carry.
        columns += ifCarried(carriesCondition(hours.map(\.condition))) {
            conditionColumn(
                hours.map { conditionCell($0.condition, isNight: isNight($0), unicode: context.unicode) }, width: 22,
                shrinkable: 10)
        }
        columns.append(
            .init(
                header: unit, cells: hours.map { format.temperatureValue($0.temperatureCelsius) }, width: 6, right: true
            ))
        columns += ifCarried(!uncarried.contains(.hourlyApparentTemperature)) {
            .init(
                header: "feels", cells: hours.map { format.temperatureValue($0.apparentTemperatureCelsius) },
                width: 7, right: true, dropOrder: 1, name: "feels like")
        }
        columns += ifCarried(probability && !uncarried.contains(.hourlyPrecipitationProbability)) {
            .init(
                header: "rain", cells: hours.map { format.percent($0.precipitationProbabilityPercent) }, width: 6,
                right: true, dropOrder: 4, name: "rain chance")
        }
        columns += ifCarried(!uncarried.contains(.hourlyPrecipitation)) {
            .init(
                header: context.units.precipitation.symbol,
                cells: format.precipitationColumn(hours.map(\.precipitationMillimetres)), width: 6,
                right: true, dropOrder: 2, name: "precipitation")
        }
        columns += ifCarried(!uncarried.contains(.hourlyWind)) {
            .init(header: "wind", cells: winds, lead: 2, dropOrder: 3)
        }
        return TextTable(columns: columns)
    }
}
