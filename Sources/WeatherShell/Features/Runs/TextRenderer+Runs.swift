import FoundationEssentials
import WXBasics
import WeatherKit

/// The change of a `drift` day's forecast from its oldest run with figures to its newest.
package struct DriftChange: Hashable, Sendable {
    /// The oldest row with a high that is a forecast of its own (not a repeat), and the newest.
    package var oldest: RunDay?
    package var newest: RunDay?
    /// The same for precipitation.
    package var oldestPrecipitation: RunDay?
    package var newestPrecipitation: RunDay?

    /// Days between the runs of `oldest` and `newest` (their `DriftRow.issued`).
    private var span: Int?

    package init(_ report: DriftReport) {
        // Rows of the newest run again (no run that old yet) or repeating a newer one are no
        // forecasts of their own.
        let own = report.rows.filter { !$0.repeatsNewerRun && !$0.noRunThatOld }
        let highs = own.filter { $0.day.temperatureMaxCelsius != nil }
        oldest = highs.first?.day
        newest = highs.count > 1 ? highs.last?.day : nil
        if highs.count > 1, let first = highs.first?.issued, let last = highs.last?.issued {
            span = last.dayNumber - first.dayNumber
        }
        let sums = own.filter { $0.day.precipitationSumMillimetres != nil }.map(\.day)
        oldestPrecipitation = sums.first
        newestPrecipitation = sums.count > 1 ? sums.last : nil
    }

    /// Newest high − oldest high, °C; nil without two runs.
    package var highChangeCelsius: Double? {
        guard let old = oldest?.temperatureMaxCelsius, let new = newest?.temperatureMaxCelsius else { return nil }
        return ((new - old) * 100).rounded() / 100
    }

    /// Days between the two runs compared, by the days they were made (Fri 3 → Thu 9 is 6):
    /// a day ahead, lead 0 and lead 1 are both runs of today.
    package var days: Int? { span }
}

// `drift` and `skill` as text, and `saved verify`'s figures per lead time.
extension TextRenderer {
    /// `drift`: a row per run (oldest first) with a bar of its high, then the change in a phrase.
    static func driftLines(_ report: DriftReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let offset = report.date.dayNumber - report.today.dayNumber
        let relative = offset == 0 ? " (today)" : offset == 1 ? " (tomorrow)" : offset == -1 ? " (yesterday)" : ""
        var lines = [
            style.bold(
                placeHeading(
                    report.place.label, "\(format.day(report.date))\(relative)", decoration: ", run by run",
                    width: context.width))
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        let unit = format.temperatureSymbol
        let highs = report.rows.compactMap(\.day.temperatureMaxCelsius)
        let valued = report.rows.map(\.day.hasValues)
        // One precision for the precipitation column (`precipitationDecimals(column:)`).
        let rainDigits = format.precipitationDecimals(
            column: report.rows.filter(\.day.hasValues).map(\.day.precipitationSumMillimetres))
        func column(_ value: (RunDay) -> String) -> [String] {
            report.rows.map { $0.day.hasValues ? value($0.day) : "" }
        }
        // The bar goes first when the width runs out, then the precipitation; no value is cut.
        let driftTable = TextTable(columns: [
            .init(
                header: "run made", cells: report.rows.map { $0.issued.map(format.day) ?? ValueFormatter.missing },
                width: 12),
            .init(
                header: "ahead", cells: report.rows.map { "\(aheadDays($0, of: report.date)) d" }, width: 6,
                right: true),
            .init(
                header: "high \(unit)", cells: column { format.temperatureValue($0.temperatureMaxCelsius) },
                width: 9, right: true),
            .init(
                header: "low \(unit)", cells: column { format.temperatureValue($0.temperatureMinCelsius) },
                width: 8, right: true),
            .init(
                header: context.units.precipitation.symbol,
                cells: column { format.precipitationValue($0.precipitationSumMillimetres, digits: rainDigits) },
                width: 7,
                right: true, dropOrder: 2),
            .init(
                header: "high",
                cells: column { bar($0.temperatureMaxCelsius, among: highs, unicode: context.unicode) },
                lead: 2, dropOrder: 1),
        ])
        let layout = driftTable.layout(width: context.reportWidth)
        let table = layout.lines
        lines.append(table[0])
        for (index, row) in report.rows.enumerated() {
            let day = row.day
            if row.noRunThatOld {
                // The day is further ahead than the lead: no run that old exists yet.
                let why = valued[index] ? "the newest run’s values again" : "no run \(day.lead) d ahead yet"
                lines += rowWithNote(table[index + 1], why, gap: valued[index] ? 2 : 3, width: context.reportWidth)
            } else if !valued[index] {
                // The newest run of a day ahead exists (made today) even when the answer has
                // none of its values for the day (trial 60: it read "no run 0 d ahead yet").
                let why =
                    day.lead != 0
                    ? "no whole day from this run"
                    : day.hasValues ? "newest run: no whole day from it" : "newest run: no values for this day"
                lines += rowWithNote(table[index + 1], why, gap: 3, width: context.reportWidth)
            } else if row.repeatsNewerRun {
                let newer = day.lead == 1 ? "the newest run" : "\(day.lead - 1) d"
                lines += rowWithNote(
                    table[index + 1], "same as \(newer) (repeated by the service)", gap: 2, width: context.reportWidth)
            } else if day.lead == 0 {
                // `_previous_day0`, the current run: for a day ahead its lead is the days to
                // the day (2 d for Saturday on Thursday), not 0 (trial 59); named as what it is.
                lines += rowWithNote(table[index + 1], "newest run", gap: 2, width: context.reportWidth)
            } else {
                lines.append(table[index + 1])
            }
        }
        lines += wrap(driftPhrase(DriftChange(report), format: format), indent: 2, width: context.reportWidth)
        lines += partialPrecipitationNote(
            report, symbol: context.units.precipitation.symbol, width: context.reportWidth
        )
        .map(style.dim)
        // "day" never left alone on the last line (trial 11, at 80 and 100 columns).
        let source = "from Open-Meteo’s previous runs; a run “made” about that many days before the day"
        lines += TextLayout.wrap(source, indent: 2, width: context.reportWidth, keeping: ["the day"])
            .map(style.dim)
        // The bar's header is "high", as the high's column is "high °C": each named as what it is.
        let names = layout.leftOutHeaders.map {
            $0 == "high" ? "the high’s bar" : $0 == context.units.precipitation.symbol ? "precipitation" : $0
        }
        lines += leftOutNote(names, width: context.reportWidth, style: style)
        return lines
    }

    /// A `drift` row's "ahead": the days from the day its run was made to `date` (a run made
    /// Thu 14 for Sat 16 is 2 d ahead, the newest run's too), by Open-Meteo's rule that
    /// `_previous_dayN` is the value predicted N × 24 h before the valid time; a row with no run
    /// that old keeps the lead it stands for ("no run 1 d ahead yet").
    static func aheadDays(_ row: DriftRow, of date: LocalDate) -> Int {
        guard !row.noRunThatOld, let issued = row.issued else { return row.day.lead }
        return date.dayNumber - issued.dayNumber
    }

    /// Why a run's row shows "—" for precipitation beside a high and a low: it gives part of the
    /// day's hours only ("— mm: 1 d and 2 d give 23 of the day’s 24 hours, too few for a sum");
    /// nothing when no shown row does.
    static func partialPrecipitationNote(_ report: DriftReport, symbol: String, width: Int) -> [String] {
        let partial = report.rows.filter { !$0.noRunThatOld && $0.day.hasValues }.compactMap { row in
            row.day.precipitationHours.map {
                (lead: row.day.lead == 0 ? "the newest run" : "\(aheadDays(row, of: report.date)) d", hours: $0)
            }
        }
        guard !partial.isEmpty else { return [] }
        // Runs alike in their hours named together, the newest last as in the table.
        var groups: [(leads: [String], given: Int, of: Int)] = []
        for item in partial {
            if let index = groups.firstIndex(where: { $0.given == item.hours.given && $0.of == item.hours.of }) {
                groups[index].leads.append(item.lead)
            } else {
                groups.append(([item.lead], item.hours.given, item.hours.of))
            }
        }
        let parts = groups.map { group in
            let leads = group.leads
            let named = leads.count == 1 ? leads[0] : leads.dropLast().joined(separator: ", ") + " and " + leads.last!
            return "\(named) \(group.leads.count == 1 ? "gives" : "give") \(group.given) of the day’s \(group.of) hours"
        }
        return TextLayout.wrap(
            "— \(symbol): \(parts.joined(separator: "; ")), too few for a sum", indent: 2, width: width,
            keeping: ["of the day’s"])
    }

    /// A table row with a remark after it, `gap` spaces on, when the two fit `width`; else the
    /// remark wrapped on lines of its own under the row, at column 4.
    static func rowWithNote(_ row: String, _ remark: String, gap: Int, width: Int) -> [String] {
        let line = row + String(repeating: " ", count: gap) + remark
        if TextLayout.columns(line) <= width { return [line] }
        return [row] + TextLayout.wrap(remark, indent: 4, continuation: 4, width: width)
    }

    /// "cooling 6.0 °C in a week, precipitation 0.4 mm → 6.2 mm"; what can be said when fewer
    /// than two runs have figures.
    static func driftPhrase(_ change: DriftChange, format: ValueFormatter) -> String {
        var parts: [String] = []
        if let old = change.oldest?.temperatureMaxCelsius, let new = change.newest?.temperatureMaxCelsius,
            let days = change.days
        {
            let span = days == 7 ? "a week" : days == 1 ? "a day" : days == 0 ? "today’s runs" : "\(days) days"
            // The difference of the two highs as the table shows them (to a tenth in your unit),
            // as `changed` and `brief` say theirs; steady when that is under 0.5 °C in your unit.
            let delta = format.shownTemperatureChange(from: old, to: new, digits: 1)
            let steady = format.units.temperature.convert(celsius: 0.5) - format.units.temperature.convert(celsius: 0)
            let size = "\(DecimalText.fixed(abs(delta), digits: 1)) \(format.temperatureSymbol)"
            if abs(delta) < steady - 1e-9 {
                parts.append(
                    "high steady (within \(temperatureDifference(0.5, format: format, signed: false))) over \(span)")
            } else {
                parts.append("\(delta > 0 ? "warming" : "cooling") \(size) in \(span)")
            }
        }
        if let old = change.oldestPrecipitation?.precipitationSumMillimetres,
            let new = change.newestPrecipitation?.precipitationSumMillimetres
        {
            parts.append("precipitation \(format.precipitation(old)) → \(format.precipitation(new))")
        }
        if parts.isEmpty {
            return change.oldest == nil
                ? "no run has forecast this whole day yet" : "only one run has forecast this day so far"
        }
        return parts.joined(separator: ", ")
    }

    /// The fewest degrees Celsius a `drift` bar's scale spans: highs closer together than this
    /// draw bars of about the same length (trial 5: 21.4 and 21.9 °C were 1 and 10 blocks while
    /// the sentence said "steady").
    static let barMinimumSpanCelsius = 5.0

    /// A bar of `value` (°C) on a scale from the smallest to the largest of `values`, widened
    /// about their middle to at least `barMinimumSpanCelsius`: 1 to 10 blocks. Total: a value
    /// that is not finite, or a scale too wide for a `Double` (±1e308), draws no bar rather
    /// than trap (issue 38: `Int(NaN)` here killed the session).
    static func bar(_ value: Double?, among values: [Double], unicode: Bool) -> String {
        let finite = values.filter(\.isFinite)
        guard let value, value.isFinite, var low = finite.min(), var high = finite.max() else { return "" }
        if high - low < barMinimumSpanCelsius {
            let middle = low / 2 + high / 2
            (low, high) = (middle - barMinimumSpanCelsius / 2, middle + barMinimumSpanCelsius / 2)
        }
        let fraction = (value - low) / (high - low)
        guard fraction.isFinite else { return "" }
        let length = 1 + Int.saturating((fraction * 9).rounded(), in: 0...9)
        return String(repeating: unicode ? "█" : "#", count: length)
    }

    /// `skill`: the window, what happened came from, and a row per lead.
    static func skillLines(_ report: SkillReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let window =
            "\(format.dayWithYear(report.window.lowerBound)) to \(format.dayWithYear(report.window.upperBound))"
        var lines = [
            style.bold(
                placeHeading(
                    report.place.label, "forecast skill over \(count(report.windowDays, "day"))", width: context.width))
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        if let start = report.utcDayStart {
            lines += note(utcDaysText(start, sourceName: "Open-Meteo", format: format), context, style)
        }
        // The window's end is counted from today in UTC, not at the place's clock (a place at
        // UTC+13 just after its midnight is a day ahead): said, as issue 37 item 4 asks.
        var about =
            "  \(window), ending \(PastSource.archiveLagDays) days before today (UTC); what happened: Open-Meteo’s archive (ERA5), with values for \(report.observedDays) of \(count(report.windowDays, "day"))"
        if let last = report.archiveLastDay {
            about += last < report.window.lowerBound ? " (none yet)" : " (none after \(format.day(last)) yet)"
        }
        if report.askedDays > report.windowDays {
            about += "; the service keeps runs from \(format.dayWithYear(OpenMeteoPreviousRunsProvider.firstDay))"
        }
        lines += wrap(about, indent: 2, width: context.reportWidth)
        lines += leadTable(report.leads, format: format, width: context.reportWidth, style: style)
        return lines
    }

    /// The table of lead scores in `width` columns: error and bias of the high and the low, and
    /// rain right, each with its count of days; a lead without days says so. When the width runs
    /// out the counts of days go first, then the biases, then rain right: whole columns, never a
    /// value cut.
    static func leadTable(_ leads: [LeadScore], format: ValueFormatter, width: Int, style: Style) -> [String] {
        let unit = format.temperatureSymbol
        // A difference in the chosen unit, without it (the header names it).
        func error(_ celsius: Double?) -> String {
            guard let celsius else { return ValueFormatter.missing }
            return DecimalText.fixed(format.units.temperature == .fahrenheit ? celsius * 9 / 5 : celsius, digits: 1)
        }
        func cells(_ value: (LeadScore) -> String) -> [String] {
            leads.map { $0.repeatsLead == nil && $0.hasFigures ? value($0) : "" }
        }
        func figures(_ header: String, _ width: Int, drop: Int?, _ value: (LeadScore) -> String) -> TextTable.Column {
            .init(header: header, cells: cells(value), width: width, right: true, dropOrder: drop)
        }
        let columns = TextTable(columns: [
            .init(header: "ahead", cells: leads.map { $0.lead == 1 ? "1 day" : "\($0.lead) days" }, width: 7),
            figures("high: error", 12, drop: nil) { error($0.highMeanAbsoluteErrorCelsius) },
            figures("bias", 6, drop: 5) { temperatureDifference($0.highMeanErrorCelsius, format: format) },
            figures("days", 6, drop: 3) { String($0.highDays) },
            figures("low: error", 12, drop: 7) { error($0.lowMeanAbsoluteErrorCelsius) },
            figures("bias", 6, drop: 4) { temperatureDifference($0.lowMeanErrorCelsius, format: format) },
            figures("days", 6, drop: 2) { String($0.lowDays) },
            figures("rain right", 12, drop: 6) {
                $0.rainRightPercent.map { "\(DecimalText.fixed($0, digits: 0)) %" } ?? ValueFormatter.missing
            },
            figures("days", 6, drop: 1) { String($0.rainDays) },
        ])
        let layout = columns.layout(width: width)
        let kept = Set(layout.keptHeaders)
        let table = layout.lines
        var lines = [table[0]]
        for (index, score) in leads.enumerated() {
            if let repeated = score.repeatsLead {
                lines += rowWithNote(
                    table[index + 1],
                    "same values as \(repeated) \(repeated == 1 ? "day" : "days") (repeated by the service)",
                    gap: max(2, 11 - TextLayout.columns(table[index + 1])), width: width)
            } else if !score.hasFigures {
                lines += rowWithNote(
                    table[index + 1], "no days to score", gap: max(2, 11 - TextLayout.columns(table[index + 1])),
                    width: width)
            } else {
                lines.append(table[index + 1])
            }
        }
        // Each column explained only when it is shown: a footnote goes with its column.
        // Each names its column in quotes: a line starting "error: …" read as one of wx's
        // errors (trial 11).
        var footnotes = ["“error”: mean absolute error, \(unit)"]
        if kept.contains("bias") { footnotes.append("“bias”: forecast − observed on average") }
        if kept.contains("rain right") {
            footnotes.append(
                "“rain right”: rain (≥ \(format.precipitationThreshold(RainRule.thresholdMillimetres, nested: true))) or none, as forecast"
            )
        }
        lines += wrap(footnotes.joined(separator: "; "), indent: 2, width: width)
        lines += leftOutNote(layout.leftOutHeaders, width: width, style: style)
        return lines
    }

    /// `saved verify`'s figures by days ahead of the snapshot (none when nothing was checked),
    /// in `width` columns.
    static func verificationLeadLines(_ place: PlaceScore, format: ValueFormatter, width: Int, style: Style)
        -> [String]
    {
        let leads = place.leads.filter(\.hasFigures)
        guard !leads.isEmpty else { return [] }
        return wrap("by days ahead of the snapshot (0: its own day):", indent: 2, width: width)
            + leadTable(leads, format: format, width: width - 2, style: style).map { "  " + $0 }
    }
}
