import FoundationEssentials
import WXBasics
import WeatherKit

// `past` and `normal` as text, and the comparison of forecast days with their normals.
extension TextRenderer {
    /// Where past days came from: "from Open-Meteo’s archive (ERA5)" for one service; each
    /// service with its days when both gave some, "Sun 20 Jul to Fri 25 Jul from Open-Meteo’s
    /// archive (ERA5), Sat 26 Jul from Open-Meteo’s forecast API (recent days)" (trial 15: the
    /// archive's days were credited to the forecast API).
    static func sourcesText(_ weather: PastWeather, format: ValueFormatter) -> String {
        guard weather.sources.count > 1 else {
            return "from \((weather.sources.first?.source ?? weather.source).description)"
        }
        return weather.sources.map { part in
            let days =
                part.days.lowerBound == part.days.upperBound
                ? format.day(part.days.lowerBound)
                : "\(format.day(part.days.lowerBound)) to \(format.day(part.days.upperBound))"
            return "\(days) from \(part.source.description)"
        }.joined(separator: ", ")
    }

    /// `past`: the place and the day (or range), where the data came from, the day's values
    /// (one day: a summary, its hours and a chart; a range: a table), and where the data ends
    /// when it stops early.
    static func pastLines(_ report: PastReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let weather = report.weather
        let range = weather.requested
        let when =
            range.lowerBound == range.upperBound
            ? format.dayWithYear(range.lowerBound)
            : "\(format.dayWithYear(range.lowerBound)) to \(format.dayWithYear(range.upperBound))"
        // A range gives up its weekdays before the place is cut; one day keeps its own.
        let shorter =
            range.lowerBound == range.upperBound ? nil : format.shortDayRange(range.lowerBound, range.upperBound)
        var lines = [style.bold(placeHeading(report.place.label, when, shorter: shorter, width: context.width))]
        lines += offlineNote(report.origin, context: context, style: style)
        lines += note(sourcesText(weather, format: format), context, style)
        // An answer in GMT for a place whose clock is not UTC's: its days are UTC days, said as
        // `daily` says them (the place's zone from the tz database, at the first day's start).
        let firstMidnight = Date(timeIntervalSince1970: Double(range.lowerBound.dayNumber) * 86_400)
        if weather.zone.isUTC,
            let own = ZoneInfo.nearest(
                to: report.place.coordinate, at: firstMidnight, countryCode: report.place.countryCode),
            own.utcOffsetSeconds != 0
        {
            let start = ZoneClock(own).localTime(firstMidnight)
            lines += note(utcDaysText(start, sourceName: "Open-Meteo", format: format), context, style)
        }
        if let end = weather.dataEnd {
            let local = weather.clock.localTime(end)
            let what =
                weather.hours.isEmpty && weather.requestedDayCount > 1
                ? "no days after it" : "no values after it, nor that day’s low, high and sums"
            let time = format.clock(local, repeated: weather.clock.isRepeated(end))
            // Wrapped as every line of the view is (trial 55: 88 columns, at any width).
            lines += wrap(
                "the data ends at \(format.day(local.date)) \(time): \(what)", indent: 2, width: context.reportWidth)
        }
        if weather.requestedDayCount == 1 {
            if let day = weather.days.first, !day.isEmpty {
                let symbol = day.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode) + " " } ?? ""
                // A part the answer does not carry is left out, not shown as "—".
                let carried = { (series: ForecastSeries) in !weather.uncarried.contains(series) }
                let parts: [String?] = [
                    "low \(format.temperature(day.temperatureMinCelsius))",
                    "high \(format.temperature(day.temperatureMaxCelsius))",
                    carried(.dailyTemperatureMean) ? "mean \(format.temperature(day.temperatureMeanCelsius))" : nil,
                    carried(.dailyPrecipitationSum)
                        ? "precipitation \(format.precipitation(day.precipitationSumMillimetres))" : nil,
                    carried(.dailyWind) ? "wind max \(format.windSpeed(day.windSpeedMaxKilometresPerHour))" : nil,
                    carried(.dailySunshine) ? "sunshine \(format.duration(day.sunshineDurationSeconds))" : nil,
                    day.condition.map { symbol + condition($0) },
                ]
                lines += TextLayout.flow(parts.compactMap { $0 }, indent: 2, width: context.reportWidth)
            }
            guard !weather.hours.isEmpty else {
                // "A single day shows its hours too" (help past): an answer without them says so
                // rather than leave the hours out unremarked (trial 11).
                lines += wrap(
                    weather.days.isEmpty
                        ? "no data for this day in the answer" : "no hourly values for this day in the answer",
                    indent: 2, width: context.reportWidth)
                return lines
            }
            lines.append("")
            lines += hourRows(
                weather.hours, clock: weather.clock, context: context, format: format, style: style, probability: false,
                uncarried: weather.uncarried,
                isNight: { hour in
                    hour.isDay.map { !$0 }
                        ?? !SolarPosition.isDaylight(
                            at: Int(hour.time.timeIntervalSince1970.rounded(.down)), weather.coordinate)
                })
            let chart = TemperatureChart.lines(
                weather.hours, clock: weather.clock, format: format, unicode: context.unicode,
                width: context.reportWidth,
                probability: false)
            if !chart.isEmpty { lines += [""] + chart }
            return lines
        }
        guard !weather.days.isEmpty else {
            lines.append("  no data for these days in the answer")
            return lines
        }
        let unit = format.temperatureSymbol
        let days = weather.days
        lines.append("")
        // Narrower than its 79 columns, the table closes up, shows conditions as symbols, then
        // leaves out the sunshine, the wind, the mean and the amount: a value is never cut.
        // A condition or series the answer does not carry has no column.
        let uncarried = weather.uncarried
        var columns: [TextTable.Column] = [.init(header: "day", cells: days.map { format.day($0.date) }, width: 12)]
        columns += ifCarried(!weather.conditionPartly && carriesCondition(days.map(\.condition))) {
            conditionColumn(
                days.map { conditionCell($0.condition, unicode: context.unicode) }, width: 18, shrinkable: 9)
        }
        columns += lowHighColumns(
            lows: days.map(\.temperatureMinCelsius), highs: days.map(\.temperatureMaxCelsius), format: format,
            widths: (7, 8))
        columns += ifCarried(!uncarried.contains(.dailyTemperatureMean)) {
            .init(
                header: "mean \(unit)", cells: days.map { format.temperatureValue($0.temperatureMeanCelsius) },
                width: 8, right: true, dropOrder: 3, name: "mean")
        }
        columns += daySumColumn(
            days.map(\.precipitationSumMillimetres), carried: !uncarried.contains(.dailyPrecipitationSum),
            context: context, format: format, width: 7, dropOrder: 4)
        columns += ifCarried(!uncarried.contains(.dailyWind)) {
            .init(
                header: "wind", cells: days.map { format.windSpeed($0.windSpeedMaxKilometresPerHour) }, width: 10,
                right: true, dropOrder: 2)
        }
        columns += ifCarried(!uncarried.contains(.dailySunshine)) {
            .init(
                header: "sun h",
                cells: days.map { day in
                    day.sunshineDurationSeconds.map { DecimalText.fixed($0 / 3_600, digits: 1) }
                        ?? ValueFormatter.missing
                }, width: 7, right: true, dropOrder: 1, name: "sunshine")
        }
        lines += tableLines(TextTable(columns: columns), width: context.reportWidth, style: style)
        lines += partlyCarriedNote(weather, format: format, width: context.reportWidth, style: style)
        return lines
    }

    /// Under a range joined from answers that do not all carry the same series: what was left
    /// out and which day shows it (trial 17: Hamburg's 20–26 July lost condition, mean, wind
    /// and sunshine without a word, though 26 July has them).
    static func partlyCarriedNote(_ weather: PastWeather, format: ValueFormatter, width: Int, style: Style) -> [String]
    {
        let series: [(ForecastSeries, String)] = [
            (.dailyTemperatureMean, "mean"), (.dailyPrecipitationSum, "precipitation"), (.dailyWind, "wind"),
            (.dailySunshine, "sunshine"),
        ]
        let names =
            (weather.conditionPartly ? ["condition"] : [])
            + series.filter { weather.partlyCarried.contains($0.0) }.map(\.1)
        guard !names.isEmpty else { return [] }
        let list = Counting.list(names)
        let shows = weather.wholeDay.map { "; “past \($0.iso)” shows \(format.day($0)) whole" } ?? ""
        return wrap("\(list) left out: only some of these days have them\(shows)", indent: 2, width: width).map(
            style.dim)
    }

    /// `normal`: the normals of the next days as a table, and the rule they follow.
    static func normalLines(_ report: NormalReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let unit = format.temperatureSymbol
        var lines = [
            style.bold(placeHeading(report.place.label, "normals 1991–2020", width: context.width))
        ]
        // Narrower than its 50 columns, the table closes up, then leaves out how often it rained
        // and then the amount: a value is never cut.
        let normals = report.days.map { report.climatology.normal(for: $0) }
        let table = TextTable(columns: [
            .init(header: "day", cells: report.days.map(format.day), width: 12),
            .init(
                header: "low \(unit)", cells: normals.map { format.temperatureValue($0.temperatureMinMeanCelsius) },
                width: 8, right: true),
            .init(
                header: "high \(unit)", cells: normals.map { format.temperatureValue($0.temperatureMaxMeanCelsius) },
                width: 9, right: true),
            .init(
                header: context.units.precipitation.symbol,
                cells: format.precipitationColumn(normals.map(\.precipitationMeanMillimetres)), width: 8,
                right: true,
                dropOrder: 2),
            .init(
                header: "rain days", cells: normals.map { format.percent($0.wetDayPercent) }, width: 11, right: true,
                dropOrder: 1),
        ]).layout(width: context.reportWidth)
        lines += table.lines
        // “rain days” explained only when that column is shown (trial 6: at 40 columns it was not).
        let rainDays =
            table.keptHeaders.contains("rain days")
            ? "; rain days: the share of those days with at least \(format.precipitationThreshold(Climatology.wetDayMillimetres))"
            : ""
        lines += wrap(
            "means over 1991–2020 of the days within \(Climatology.windowDays) days of each date, from Open-Meteo’s archive (ERA5)"
                + rainDays,
            indent: 2, width: context.reportWidth
        ).map(style.dim)
        // 29 February has a normal of its own, from the years that have one.
        if let leapDay = report.days.first(where: { $0.month == 2 && $0.day == 29 }) {
            lines += wrap(
                "\(format.day(leapDay)): from the \(Climatology.years(of: leapDay)) leap years of 1991–2020",
                indent: 2, width: context.reportWidth
            ).map(style.dim)
        }
        let precipitation = context.units.precipitation.symbol
        lines += leftOutNote(
            table.leftOutHeaders.map { $0 == precipitation ? "precipitation" : $0 },
            width: context.reportWidth, style: style)
        return lines
    }

    /// Under `daily`'s table, when the place's normals are cached: each day's high against
    /// its normal ("Sun +3.2 · Mon −0.4 °C"); when the normal highs were left out for their
    /// unit, why there is none.
    static func comparisonLines(_ presentation: WeatherPresentation, format: ValueFormatter, width: Int) -> [String] {
        let comparisons = presentation.dayComparisons
        guard comparisons.contains(where: { $0 != nil }) else {
            let variable = "temperature_2m_max"  // the archive's daily high, as it names it
            guard let climatology = presentation.report.climatology,
                let reason = UnknownUnitsText.reason(variable, in: climatology.unknownUnits)
            else { return [] }
            return TextLayout.wrap(
                "no high against 1991–2020 (from “normal”): its normal highs (\(variable)) were \(reason)", indent: 2,
                width: width)
        }
        var parts = zip(presentation.days, comparisons).map { day, comparison in
            "\(ValueFormatter.weekdays[day.date.weekday]) "
                + (comparison.map { ValueFormatter.signedTenths(format.shownAnomaly($0)) }
                    ?? ValueFormatter.missing)
        }
        parts[parts.count - 1] += " \(format.temperatureSymbol)"
        let lead = "high against 1991–2020 (from “normal”):"
        let first = lead + " " + parts[0]
        // The lead and the first day on one line where they fit; at 40 columns the lead is
        // wrapped on its own, between words (flow cut it with "…" and lost Sunday; trial 10).
        if 2 + TextLayout.columns(first) <= width {
            return TextLayout.flow([first] + parts.dropFirst(), indent: 2, width: width)
        }
        // "(from “normal”):" kept whole: "“normal”):" alone on a line read as a stray (trial 13).
        return TextLayout.wrap(lead, indent: 2, width: width, keeping: ["(from “normal”):"])
            + TextLayout.flow(parts, indent: 2, width: width)
    }
}
