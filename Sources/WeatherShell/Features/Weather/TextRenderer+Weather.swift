import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `show` as text.
extension TextRenderer {
    /// The narrowest the titles' column of `show`'s hours can be: its longest title, "  rain %".
    static let stripTitleWidth = 8
}

extension TextRenderer {
    /// `show`: the current conditions, the next hours in columns and the days as a table.
    static func weather(_ report: WeatherReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let presentation = WeatherPresentation.show(report, now: context.now)
        let clock = presentation.report.forecast.clock
        var lines = header(presentation, context: context, format: format, style: style)
        if let current = presentation.current, presentation.conditionsAreNotNow {
            lines += wrap(
                conditionsNotNowText(current, presentation, format: format), indent: 2, width: context.reportWidth)
        }

        // The hour in progress for its chance and amount: the entry labelled at its end.
        let hour = presentation.amountHour
        let today = presentation.today
        if let current = presentation.current {
            let dataAge = context.now.timeIntervalSince(current.time)
            // A reading the answer does not have is left out, not shown as "—": a line of
            // dashes says nothing (recordings that carry the temperature alone).
            var temperature = format.temperature(current.temperatureCelsius)
            if let apparent = current.apparentTemperatureCelsius {
                temperature += ", feels like \(format.temperature(apparent))"
            }
            var first = [temperature]
            let isNight = presentation.currentIsNight
            let symbol =
                current.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode, isNight: isNight) + " " }
                ?? ""
            if let words = current.conditionText ?? current.condition.map({ condition($0, isNight: isNight) }) {
                first.append(symbol + words)
            }
            if let speed = current.windSpeedKilometresPerHour {
                first.append("wind \(format.wind(speed, from: current.windDirectionDegrees, degrees: true))")
            }
            // Past 90 minutes their time is said beside them; past the bound, under the heading.
            if abs(dataAge) > 5_400, !presentation.conditionsAreNotNow {
                let local = clock.localTime(current.time)
                let zone = clock.isRepeated(current.time) ? " " + ValueFormatter.zone(local) : ""
                first.append("as of \(format.dateTime(local))\(zone)")
            }
            lines.append(contentsOf: TextLayout.flow(first, indent: 2, width: context.reportWidth))
            // The other readings, those the service gave; what only the hourly data has comes
            // from the hour of these conditions (see WeatherPresentation.conditionsHour).
            var more: [String] = []
            if let value = current.relativeHumidityPercent { more.append("humidity \(format.percent(value))") }
            if let value = current.dewPointCelsius { more.append("dew point \(format.temperature(value))") }
            if let value = current.pressureHectopascals { more.append("pressure \(format.pressure(value))") }
            if let value = current.cloudCoverPercent { more.append("clouds \(format.percent(value))") }
            if let value = presentation.visibilityMetres {
                more.append("visibility \(format.distance(value))")
            }
            if let value = presentation.uvIndex {
                more.append("UV \(DecimalText.fixed(value, digits: 1)) (\(UVIndex.category(value)))")
            }
            if let value = current.windGustsKilometresPerHour { more.append("gusts \(format.windSpeed(value))") }
            lines.append(contentsOf: TextLayout.flow(more, indent: 2, width: context.reportWidth))
        } else if let reading = presentation.reading {
            lines.append(
                contentsOf: TextLayout.flow(
                    [
                        "\(format.temperature(reading.temperatureCelsius)) (hourly forecast)",
                        reading.condition.map { condition($0, isNight: reading.isNight) } ?? "",
                    ], indent: 2, width: context.reportWidth))
        } else if presentation.coverage.missingNote == nil {
            // (When they did not come, the note under the heading says so and why.)
            lines.append("  no current conditions in this forecast")
        }
        var second: [String] = []
        // The hour's chance and amount, else the conditions' amount over the period the
        // service names; left out when the answer has neither (a part of dashes says nothing).
        let current = presentation.current
        let uncarried = presentation.report.forecast.uncarried
        let chance = hour?.precipitationProbabilityPercent
        let amount = hour?.precipitationMillimetres ?? current?.precipitationMillimetres
        // The conditions' own period ("in the last hour"), for their amount and their snow.
        let measured: String? =
            switch current?.precipitationPeriodSeconds {
            case nil: nil
            case 3_600?: "in the last hour"
            case let seconds?: "in the last \(seconds / 3_600) h"
            }
        // Whether the amount shown is the conditions' (no hour carries one), so their snow is part of it.
        let amountIsMeasured = hour?.precipitationMillimetres == nil && current?.precipitationMillimetres != nil
        if chance != nil || amount != nil {
            // A chance only with the hour it belongs to: beside the conditions' measured amount,
            // "rain —" (OpenWeatherMap's current weather gives no chance) read as a
            // contradiction (trial 9, case W-7).
            if chance != nil || (hour != nil && !uncarried.contains(.hourlyPrecipitationProbability)) {
                second.append("rain \(format.percent(chance))")
            }
            second.append(
                amountIsMeasured
                    ? measuredAmountText(amount, snow: current?.snowfallMillimetres, period: measured, format: format)
                    : "\(format.precipitation(amount)) \(stepText(hour, presentation, format: format))")
        }
        if !amountIsMeasured, let snow = current?.snowfallMillimetres {
            second.append(["\(format.precipitation(snow)) snow", measured].compactMap { $0 }.joined(separator: " "))
        }
        if let today {
            if today.temperatureMinCelsius != nil || today.temperatureMaxCelsius != nil {
                second.append(
                    "today \(format.temperatureValue(today.temperatureMinCelsius)) … \(format.temperature(today.temperatureMaxCelsius))"
                        + (today.isPartial ? " (part of the day)" : "")
                        + (presentation.report.forecast.daysAreUTC ? " (UTC day)" : "")
                )
            }
            second += sunText(today, clock: clock, format: format)
        }
        lines.append(contentsOf: TextLayout.flow(second, indent: 2, width: context.reportWidth))

        // The next hours, one column each (the header says when the forecast is not about now),
        // as many as the width holds.
        // A cell is 5 columns, or wider when the amounts need more decimals (0.1 mm is "0.004"
        // in inches: a space between cells still).
        var cell = 5
        var label = 10
        var next = presentation.hours.prefix(max(1, (context.reportWidth - label) / cell))
        let amountWidth =
            format.precipitationColumn(next.map(\.precipitationMillimetres)).map(TextLayout.columns).max() ?? 0
        if amountWidth >= cell {
            cell = amountWidth + 1
            // Wider cells: the titles' column as narrow as its longest title ("  rain %"), so
            // that inches' "0.004" still fit the hours metric shows (trial: 11 hours under
            // imperial at 80 columns, 12 in metric); every cell starts with a space.
            let fits = (context.reportWidth - label) / cell
            if fits < presentation.hours.count { label = Self.stripTitleWidth }
            next = presentation.hours.prefix(max(1, (context.reportWidth - label) / cell))
        }
        if !next.isEmpty {
            lines.append("")
            func row(_ title: String, _ values: [String]) -> String {
                TextLayout.pad(title, to: label) + values.map { TextLayout.pad($0, to: cell, right: true) }.joined()
            }
            lines.append(row("  hour", next.map { format.hourLabel(clock.localTime($0.time)) }))
            lines += repeatedZoneRow(next.map(\.time), clock: clock, label: label, cell: cell)
            lines.append(
                row(
                    "  \(format.temperatureSymbol)",
                    next.map { format.temperatureValue($0.temperatureCelsius, digits: 0) }))
            // A series the answer does not carry has no row (a row of dashes says nothing).
            if !uncarried.contains(.hourlyPrecipitationProbability) {
                lines.append(
                    row(
                        "  rain %",
                        next.map {
                            $0.precipitationProbabilityPercent.map { DecimalText.fixed($0, digits: 0) }
                                ?? ValueFormatter.missing
                        }))
            }
            if !uncarried.contains(.hourlyPrecipitation) {
                lines.append(
                    row(
                        "  \(context.units.precipitation.symbol)",
                        format.precipitationColumn(next.map(\.precipitationMillimetres))))
            }
            // What the rows' chance and amount cover, as `hourly` says it: the hour before.
            lines +=
                coveredSpanText(
                    presentation.report.forecast, hours: Array(next), chance: "rain %",
                    amount: context.units.precipitation.symbol
                ).map { note($0, context, style) } ?? []
        }

        // A provider of current conditions only (OpenWeatherMap) has a today with nothing but
        // sunrise and sunset: no table then. Otherwise every day shows, unknown values as such,
        // and days that all lie before today are said to.
        if presentation.coverage.isCurrentConditionsOnly {
            lines += note(presentation.coverage.noForecastText, context, style)
        }
        if !presentation.days.isEmpty {
            lines.append("")
            lines.append(
                contentsOf: dayTable(
                    presentation.days, context: context, format: format, style: style, detailed: false,
                    uncarried: presentation.report.forecast.uncarried))
            lines.append(contentsOf: daysNote(presentation.coverage, format: format, style: style, context: context))
        }
        // The normals and the ensemble are their commands' own: `show` gives the same lines
        // whether or not they ran before (trial 9 saw two lines come from their caches). They
        // say more of a forecast: after an answer without one (no hours, no days' readings) the
        // line read as if there were one to say more of (the last clean-clone run).
        if !presentation.coverage.isCurrentConditionsOnly, let hint = seeAlso(presentation.report.furtherViews) {
            lines += note(hint, context, style)
        }
        return lines
    }

    /// "conditions from 2021-01-08 13:46, 5 years ago — not now" (for a time after now: "conditions
    /// for 2026-03-01 12:00, 3 days after now — not now"), the time at the place, with its zone
    /// when that is not the zone of now (CEST in a CET winter) or the hour is one that repeats.
    static func conditionsNotNowText(
        _ current: CurrentConditions, _ presentation: WeatherPresentation, format: ValueFormatter
    ) -> String {
        let clock = presentation.report.forecast.clock
        let local = clock.localTime(current.time)
        let zoned =
            clock.isRepeated(current.time) || local.utcOffsetSeconds != presentation.local.utcOffsetSeconds
            || local.abbreviation != presentation.local.abbreviation
        let when = format.dateTime(local) + (zoned ? " " + ValueFormatter.zone(local) : "")
        let age = presentation.now.timeIntervalSince(current.time)
        let span = TimeWords.roughSpan(seconds: age)
        return age >= 0
            ? "conditions from \(when), \(span) ago — not now" : "conditions for \(when), \(span) after now — not now"
    }

    /// The span a forecast amount beside the conditions covers: "this hour" for hourly data,
    /// else the step that holds now, "in the 3 h to 17:00" — OpenWeatherMap's 3-hour step
    /// (`rain.3h`) read as "5.2 mm this hour" was three hours' rain (trial 50).
    static func stepText(_ hour: HourlyForecast?, _ presentation: WeatherPresentation, format: ValueFormatter) -> String
    {
        let step = presentation.report.forecast.hourStepSeconds
        guard let hour, step != 3_600 else { return "this hour" }
        let end = format.clock(presentation.report.forecast.clock.localTime(hour.time))
        return step % 3_600 == 0 ? "in the \(step / 3_600) h to \(end)" : "in the \(step / 60) min to \(end)"
    }

    /// The current conditions' measured amount over their `period` ("this hour" when they name
    /// none), saying what of it is snow: "0.3 mm snow in the last hour" when all of it is, "0.8 mm in
    /// the last hour, 0.3 mm of it snow" when part is. OpenWeatherMap gives rain and snow
    /// (`rain.1h`, `snow.1h`); the amount is their sum, so "… · snow 0.3 mm" beside "0.3 mm"
    /// read as 0.3 mm twice (trial 9, case W-7).
    static func measuredAmountText(_ amount: Double?, snow: Double?, period: String?, format: ValueFormatter)
        -> String
    {
        let total = format.precipitation(amount)
        let period = period ?? "this hour"
        guard let snow, format.precipitation(snow) != format.precipitation(0) else { return "\(total) \(period)" }
        let snowText = format.precipitation(snow)
        return snowText == total ? "\(total) snow \(period)" : "\(total) \(period), \(snowText) of it snow"
    }

    /// `show`'s last line: the commands that say how usual the day is and how sure the forecast
    /// is, those of `views` ("see also: “normal” (usual for the date), “confidence” (how
    /// sure)"); nil for none.
    static func seeAlso(_ views: [FurtherView]) -> String? {
        guard !views.isEmpty else { return nil }
        let named = views.map { view in
            switch view {
            case .normal: "“normal” (usual for the date)"
            case .confidence: "“confidence” (how sure)"
            }
        }
        return "see also: " + named.joinedText(separator: ", ")
    }

    /// "sunrise 03:18 sunset 19:06", "daylight 15 h 48 min"; "polar night — the sun does not
    /// rise", "midnight sun — the sun does not set"; nothing when the sun is unknown.
    ///
    /// Times given to the second are shown to the nearest minute, as almanacs do (07:32:58 is
    /// 07:33), and the daylight shown is the difference of the times shown beside it, so the
    /// three always agree; without both times, the service's daylight to the nearest minute.
    static func sunText(_ day: DailyForecast, clock: ZoneClock, format: ValueFormatter) -> [String] {
        switch day.sun {
        case .polarNight: return ["polar night — the sun does not rise"]
        case .midnightSun: return ["midnight sun — the sun does not set"]
        case .unknown: return []
        case .times(let sunrise, let sunset):
            let rise = sunrise.map(ValueFormatter.nearestMinute)
            let set = sunset.map(ValueFormatter.nearestMinute)
            var parts: [String] = []
            let times = [
                rise.map { "sunrise \(format.clock(clock.localTime($0)))" },
                set.map { "sunset \(format.clock(clock.localTime($0)))" },
            ].compactMap { $0 }
            if !times.isEmpty { parts.append(times.joined(separator: " ")) }
            let daylight =
                rise.flatMap { rise in set.map { $0.timeIntervalSince(rise) } } ?? day.daylightDurationSeconds
            if let daylight, daylight > 0 {
                let minutes = Int.saturating((daylight / 60).rounded())
                parts.append("daylight \(minutes / 60) h \(minutes % 60) min")
            }
            return parts
        }
    }
}
