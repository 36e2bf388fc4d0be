import FoundationEssentials
import WXBasics
import WeatherKit

// `confidence`, `models`, and the ensemble in `show` and `hourly`, as text.
extension TextRenderer {
    /// `confidence`: the place, which ensemble and how many members, then two lines a day —
    /// the median high and low with their 10th–90th percentile range and a word for the spread,
    /// and the chance of rain as members — then what was odd about the answer.
    static func confidenceLines(
        _ report: ConfidenceReport, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let ensemble = report.ensemble
        var lines = [
            style.bold(placeHeading(report.place.label, "how sure the forecast is", width: context.width))
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        lines += note(
            "\(ensemble.model.displayName) ensemble, \(count(report.memberCount, "member")) (Open-Meteo); ranges are the 10th to 90th percentile of the members",
            context, style)
        let rest = report.restOfToday.map { (date: $0.date, from: report.ensemble.clock.localTime($0.from)) }
        // The first hour with its zone in the hour the clocks go back (trial59).
        let repeated = report.restOfToday.map { report.ensemble.clock.isRepeated($0.from) } ?? false
        lines += confidenceDayLines(
            report.days, width: context.reportWidth, format: format, restOfToday: rest, restOfTodayRepeated: repeated,
            rainLeftOut: ChanceReading.unitLeftOut(.rain, in: report.ensemble))
        for text in report.notes(format: format) { lines += note(text, context, style) }
        return lines
    }
}

extension TextRenderer {
    /// `confidence`'s days in `width` columns, the high and low aligned in columns:
    /// "  Sun 27 Jul  high 24.1 °C (23.7 to 24.5)  low 16.3 °C (16.0 to 16.5)  confident" with
    /// the chance of rain under the high; when that row is too wide the word for the spread
    /// starts the line under it ("confident · rain ≥ 1 mm over the day: …"); when even the high and low
    /// are, the day stands alone and the rest goes under it at column 4. Sentences wrap between
    /// words (trial 5: 84 columns at 80, words broken at 40).
    /// Today's row (`restOfToday`: its date and first hour counted) says it is the rest of
    /// today from that hour, as `chance` counts it; `restOfTodayRepeated`: that hour's reading
    /// happens twice (the night the clocks go back), so it carries its zone ("02:00 CET").
    /// `rainLeftOut`: why no day has a chance of rain when the precipitation was left out for
    /// its unit (`ChanceReading.unitLeftOut`), said on each row in place of "no member covers
    /// the whole day".
    static func confidenceDayLines(
        _ days: [EnsembleDay], width: Int, format: ValueFormatter,
        restOfToday: (date: LocalDate, from: LocalDateTime)? = nil, restOfTodayRepeated: Bool = false,
        rainLeftOut: String? = nil
    ) -> [String] {
        let restText = restOfToday.map { "rest of today from \(format.clock($0.from, repeated: restOfTodayRepeated))" }
        func spread(_ word: String, _ spread: EnsembleSpread?, limits: [Double] = []) -> String {
            guard let spread else { return "\(word) \(ValueFormatter.missing)" }
            // The high's range as shown, against the word's limits (3 and 6 °C, in the unit in
            // use), on the side the exact range is (`NearLimit`).
            let scale = format.units.temperature
            let digits = NearLimit.rangeDecimals(
                low: scale.convert(celsius: spread.p10), high: scale.convert(celsius: spread.p90), base: 1,
                limits: limits.map { scale.convert(celsius: $0) - scale.convert(celsius: 0) })
            return
                "\(word) \(format.temperature(spread.median)) (\(format.temperatureValue(spread.p10, digits: digits)) to \(format.temperatureValue(spread.p90, digits: digits)))"
        }
        let highs = days.map {
            spread(
                "high", $0.high,
                limits: [EnsembleAgreement.confidentHighWidthCelsius, EnsembleAgreement.uncertainHighWidthCelsius])
        }
        let lows = days.map { spread("low", $0.low) }
        let highWidth = highs.map(TextLayout.columns).max() ?? 0
        let lowWidth = lows.map(TextLayout.columns).max() ?? 0
        // A day without the figures its word rests on (no member's high) has none: "unknown".
        let words = days.map { $0.agreement?.rawValue ?? "unknown" }
        let row = 14 + highWidth + 2 + lowWidth
        let wordOnRow = row + 2 + (words.map(TextLayout.columns).max() ?? 0) <= width
        let margin = row <= width ? 14 : 4
        var lines: [String] = []
        for (index, day) in days.enumerated() {
            var second = [
                day.rainSentence(format: format) ?? "rain: \(rainLeftOut ?? "no member covers the whole day")"
            ]
            if let members = day.high?.members, members != day.precipitationMembers {
                second.append("temperature from \(members) members")
            }
            if let restOfToday, restOfToday.date == day.date {
                second.insert(restText ?? "", at: 0)
            }
            let date = "  " + format.day(day.date)
            if margin == 14 {
                let values = TextLayout.pad(highs[index], to: highWidth) + "  " + lows[index]
                if wordOnRow {
                    lines.append(
                        TextLayout.pad(date, to: 14) + TextLayout.pad(values, to: highWidth + 2 + lowWidth) + "  "
                            + words[index])
                } else {
                    lines.append(TextLayout.pad(date, to: 14) + values)
                    second.insert(words[index], at: 0)
                }
            } else {
                lines.append(date)
                lines += TextLayout.flow([highs[index], lows[index]], separator: "  ", indent: 4, width: width)
                second.insert(words[index], at: 0)
            }
            // "7 of 51 members" is one count: at 40 columns "7" ended a line (trial 11); "(4 %)"
            // one share, "rest of today from 13:00" one span, and "rain ≥ 1 mm over the day:"
            // one threshold with its window.
            let sentence = day.rainSentence(format: format) ?? ""
            let share = sentence.lastIndex(of: "(").map { String(sentence[$0...]) }
            lines += TextLayout.wrap(
                second.joined(separator: " · "), indent: margin, continuation: margin, width: width,
                keeping: [
                    "\(EnsembleDay.rainWindowText(format)):",
                    "\(day.wetMembers) of \(day.precipitationMembers) members",
                ]
                    + (share.map { [$0] } ?? [])
                    + (restText.map { [$0] } ?? []))
        }
        return lines
    }
}

extension TextRenderer {
    /// `models`: a column per model (low/high and precipitation) and a row per day, with a line
    /// under each day the models disagree on.
    static func modelsLines(_ report: ModelsReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let models = report.comparison.models
        var lines = [
            style.bold(
                placeHeading(report.place.label, "\(count(models.count, "model")) side by side", width: context.width))
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        lines += note(
            "low/high (\(format.temperatureSymbol)) and precipitation (\(context.units.precipitation.symbol)) per model, from Open-Meteo’s forecast API",
            context, style)
        // A column per model, its name over its cells ("16.3/24.1  0.0"); when the width runs out,
        // whole models are left out from the last, never a value cut (trial 5).
        let temperatures = report.days.map { day in
            day.values.map { value -> String in
                value.temperatureMinCelsius == nil && value.temperatureMaxCelsius == nil
                    ? ValueFormatter.missing
                    : "\(format.temperatureValue(value.temperatureMinCelsius))/\(format.temperatureValue(value.temperatureMaxCelsius))"
            }
        }
        // An amount near the dry or wet limit keeps the decimals that put it on its side
        // (`NearLimit`: 0.19, not 0.2, beside "dry: under 0.2 mm").
        // One precision for the whole table, the most any amount needs: with one a model's
        // column, GFS's "0.004" stood beside "0.00" in the next (a daily user), and a reader
        // compares across the row.
        let tableDecimals = report.days.flatMap { day in
            day.values.compactMap { modelAmountDecimals($0.precipitationSumMillimetres, format: format) }
        }.max()
        let columnDecimals = models.map { _ in tableDecimals }
        let sums = report.days.map {
            $0.values.enumerated().map { index, value in
                modelAmountValue(
                    value.precipitationSumMillimetres, format: format,
                    digits: columnDecimals.indices.contains(index) ? columnDecimals[index] : nil)
            }
        }
        let temperatureWidth = temperatures.joined().map(TextLayout.columns).max() ?? 0
        let sumWidth = sums.joined().map(TextLayout.columns).max() ?? 0
        let days = report.days.map { format.day($0.date) }
        // The spaces inside a model's cell and between models: the roomiest that keeps every
        // model in the width, closing up before a model is left out (trial 58: one amount at
        // 0.199 mm gave every cell more decimals and pushed CMC GEM out at 80 columns).
        let dayWidth = days.map(TextLayout.columns).max() ?? 0
        let cellWidth = { (inner: Int) in
            max(temperatureWidth + inner + sumWidth, models.map { TextLayout.columns($0.displayName) }.max() ?? 0)
        }
        let choices: [(inner: Int, lead: Int)] = [(2, 3), (2, 2), (1, 2), (1, 1)]
        let spacing =
            choices.first { choice in
                2 + max(3, dayWidth) + min(2, choice.lead) + (models.count - 1) * choice.lead
                    + models.count * cellWidth(choice.inner) <= context.reportWidth
            } ?? choices[0]
        let cells = zip(temperatures, sums).map { temperatures, sums in
            zip(temperatures, sums).map {
                TextLayout.pad($0, to: temperatureWidth, right: true) + String(repeating: " ", count: spacing.inner)
                    + TextLayout.pad($1, to: sumWidth, right: true)
            }
        }
        var columns = [TextTable.Column(header: "day", cells: days)]
        for (index, model) in models.enumerated() {
            columns.append(
                .init(
                    header: model.displayName, cells: cells.map { $0.indices.contains(index) ? $0[index] : "" },
                    lead: index == 0 ? min(2, spacing.lead) : spacing.lead, right: true,
                    dropOrder: models.count - index))
        }
        let table = TextTable(columns: columns).lines(width: context.reportWidth)
        let header = table.first ?? ""
        lines.append(table[0])
        for (index, day) in report.days.enumerated() {
            lines.append(table[index + 1])
            let disagreements = day.disagreements(models: models, format: format, digits: columnDecimals)
            if !disagreements.isEmpty {
                let mark = context.unicode ? "⚑" : "!"
                // A model's name stays on one line ("DWD" at a line's end and "ICON" on the next
                // read as two names).
                lines += wrap(
                    "\(mark) disagree on " + disagreements.joined(separator: "; "),
                    keeping: [format.temperatureSymbol, format.units.precipitation.symbol],
                    phrases: models.map(\.displayName), indent: 14, width: context.reportWidth)
            }
        }
        // Both rules behind the marks, on screen where they are used (trial 10: "0.5 mm" between
        // dry and wet got no word, and nothing said why; issue 37: the high's rule was unsaid).
        if report.days.contains(where: { $0.disagreesOnRain || $0.disagreesOnHigh }) {
            lines += wrap(
                disagreementRules(format), keeping: [format.units.precipitation.symbol, format.temperatureSymbol],
                indent: 2, width: context.reportWidth
            ).map(style.dim)
        }
        let left = models.map(\.displayName).filter { !header.contains($0) }
        lines += leftOutNote(left, width: context.reportWidth, style: style)
        if report.daysBeyondRange > 0 {
            let text = DaysAhead<ModelDay>.leftOutNote(
                report.daysBeyondRange, covered: OpenMeteoModelsProvider.forecastDays, what: "the models’ forecast")
            lines += note(text, context, style)
        }
        if report.days.count < report.requestedDays {
            lines += note("the models’ answer has \(Self.count(report.days.count, "day")) from today", context, style)
        }
        for model in report.comparison.modelsWithoutValues {
            lines += note("\(model.displayName) has no values here (outside its area or range)", context, style)
        }
        return lines
    }
}

extension TextRenderer {
    /// "dry: under 0.2 mm · wet: 1 mm or more" (`help models`' rule), in the precipitation unit
    /// in use as every threshold is said (`ValueFormatter.precipitationThreshold`): "dry: under
    /// 0.2 mm (about 0.008 in) · wet: 1 mm (about 0.039 in) or more" — not "0.04 in", which is
    /// 1.016 mm, nor a dry limit shown as 0.01 (an amount shown as 0.01 in may be dry or not).
    static func rainWordsRule(_ format: ValueFormatter) -> String {
        "dry: under \(format.precipitationThreshold(ModelDay.dryBelowMillimetres)) · wet: \(format.precipitationThreshold(ModelDay.wetFromMillimetres)) or more"
    }

    /// `models`' two rules, under its table when a day is marked: "dry: under 0.2 mm · wet: 1 mm
    /// or more · the high: more than 3.0 °C apart" (`ModelDay.disagreesOnRain`,
    /// `.disagreesOnHigh`), in the units in use.
    static func disagreementRules(_ format: ValueFormatter) -> String {
        let apart = temperatureDifference(ModelDay.highDisagreementCelsius, format: format, signed: false)
        return "\(rainWordsRule(format)) · the high: more than \(apart) apart"
    }

    /// The dry and wet limits of `models` in the unit in use, exact (1 mm is 0.0393700… in): an
    /// amount is set against what the limit is, not against the figure the rule rounds it to
    /// ("about 0.039 in").
    static func modelRainLimits(_ format: ValueFormatter) -> [Double] {
        [ModelDay.dryBelowMillimetres, ModelDay.wetFromMillimetres].map {
            format.units.precipitation.convert(millimetres: $0)
        }
    }

    /// A model's day's amount by `NearLimit`'s rule against the dry and wet limits: "0.19"
    /// beside "dry: under 0.2 mm", "0.99" where "1.0" would read as wet; "—" for none.
    /// With `digits`, that many decimals (a column's, `modelAmountDecimals`).
    static func modelAmountValue(_ millimetres: Double?, format: ValueFormatter, digits: Int? = nil) -> String {
        guard let millimetres else { return ValueFormatter.missing }
        let value = format.units.precipitation.convert(millimetres: millimetres)
        return DecimalText.fixed(value, digits: digits ?? modelAmountDecimals(millimetres, format: format) ?? 1)
    }

    /// The decimals a model's day's amount needs (nil for none): `NearLimit`'s against the
    /// exact dry and wet limits converted to the unit shown — both read "limit or more" (wet:
    /// 1 mm or more; not dry: 0.2 mm or more) — and enough that an amount above 0 is not shown
    /// as 0 (0.1 mm is 0.0039 in: "0.004", not "0.00"), up to `NearLimit`'s most. So 0.999 mm
    /// is "0.0393" in and 1 mm "0.0394" (trial 58: both were "0.039", capped at the rule's
    /// three decimals), 0.199 mm "0.0078" beside "under 0.2 mm (about 0.008 in)", and 1.0001 mm
    /// "1.0" (wet, as 1.0 is). The table takes the most its amounts need, so that its figures
    /// have one precision (trial: "0.008" over "0.00"; a daily user: "0.004" in one model's
    /// column beside "0.00" in the next).
    static func modelAmountDecimals(_ millimetres: Double?, format: ValueFormatter) -> Int? {
        guard let millimetres else { return nil }
        let unit = format.units.precipitation
        let value = unit.convert(millimetres: millimetres)
        let base = unit == .millimetres ? 1 : 2
        let near = NearLimit.decimals(value, base: base, atLeast: modelRainLimits(format))
        // NearLimit's, then the one rule for any amount (`precipitationDecimals`).
        return format.precipitationDecimals(millimetres, from: near)
    }

    /// `hourly`'s band: the ensemble's 10th percentile, median and 90th percentile of the
    /// temperature for the hours shown, in rows of as many hours as the width holds.
    static func ensembleBandLines(
        _ presentation: WeatherPresentation, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let hours = presentation.ensembleHours
        guard let ensemble = presentation.report.ensemble, !hours.isEmpty else { return [] }
        let clock = presentation.report.forecast.clock
        let members = hours.map(\.temperature.members).max() ?? 0
        var lines = [""]
        lines += note(
            "ensemble band from “confidence”: \(ensemble.model.displayName), \(members) members, \(format.temperatureSymbol) by percentile",
            context, style)
        let label = 10
        let cell = 5
        let perRow = max(1, (context.reportWidth - label) / cell)
        var start = 0
        while start < hours.count {
            let part = hours[start..<min(start + perRow, hours.count)]
            func row(_ title: String, _ values: [String]) -> String {
                TextLayout.pad(title, to: label) + values.map { TextLayout.pad($0, to: cell, right: true) }.joined()
            }
            if start > 0 { lines.append("") }
            lines.append(row("  hour", part.map { format.hourLabel(clock.localTime($0.time)) }))
            lines += repeatedZoneRow(part.map(\.time), clock: clock, label: label, cell: cell)
            lines.append(row("  p90", part.map { format.temperatureValue($0.temperature.p90, digits: 0) }))
            lines.append(row("  median", part.map { format.temperatureValue($0.temperature.median, digits: 0) }))
            lines.append(row("  p10", part.map { format.temperatureValue($0.temperature.p10, digits: 0) }))
            start += perRow
        }
        return lines
    }
}

extension TextRenderer {
    /// `watch`'s line: "⚑ rain ≥ 1 mm over tomorrow: 19 of 51 members (37 %), at or above 30 %",
    /// or "… now below 30 %" (members of the ensemble `confidence` shows).
    static func chanceAlertLines(_ reading: ChanceReading, context: RenderContext, format: ValueFormatter) -> [String] {
        let rain = reading.alert.kind == .rain
        let when = reading.isToday ? "rest of today" : "tomorrow"
        let what =
            rain
            ? EnsembleDay.rainWindowText(
                format, day: reading.partWindow(format) ?? (reading.isToday ? "the rest of today" : "tomorrow"))
            : "frost (low < \(format.temperature(0, digits: 0))) \(when)"
        let threshold = "\(DecimalText.shortest(reading.alert.thresholdPercent)) %"
        let mark = reading.isAbove ? (context.unicode ? "⚑ " : "! ") : ""
        return wrap(
            "\(mark)\(what): \(reading.members) of \(reading.ofMembers) members (\(NearLimit.text(reading.percent, base: 0, limits: [reading.alert.thresholdPercent])) %)"
                + (reading.isAbove ? ", at or above \(threshold)" : ", now below \(threshold)"),
            indent: 0, width: context.reportWidth)
    }
}

extension TextRenderer {
    /// `about`'s list of what each command costs in requests.
    static func requestCostLines(context: RenderContext) -> [String] {
        var lines = ["  what each command costs in requests:"]
        for row in RequestCost.table {
            lines += wrap("\(row.commands): \(row.cost)", indent: 4, width: context.width)
        }
        return lines
    }
}
