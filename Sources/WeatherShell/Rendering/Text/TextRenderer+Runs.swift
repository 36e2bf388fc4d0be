import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The change of a `drift` day's forecast from its oldest run with figures to its newest.
package struct DriftChange: Hashable, Sendable {
    /// The oldest row with a high that is a forecast of its own (not a repeat), and the newest.
    package var oldest: RunDay?
    package var newest: RunDay?
    /// The same for precipitation.
    package var oldestPrecipitation: RunDay?
    package var newestPrecipitation: RunDay?

    package init(_ report: DriftReport) {
        let own = report.rows.filter { !$0.repeatsNewerRun }.map(\.day)
        let highs = own.filter { $0.temperatureMaxCelsius != nil }
        oldest = highs.first
        newest = highs.count > 1 ? highs.last : nil
        let sums = own.filter { $0.precipitationSumMillimetres != nil }
        oldestPrecipitation = sums.first
        newestPrecipitation = sums.count > 1 ? sums.last : nil
    }

    /// Newest high − oldest high, °C; nil without two runs.
    package var highChangeCelsius: Double? {
        guard let old = oldest?.temperatureMaxCelsius, let new = newest?.temperatureMaxCelsius else { return nil }
        return ((new - old) * 100).rounded() / 100
    }

    /// Days between the two runs compared.
    package var days: Int? {
        guard let oldest, let newest else { return nil }
        return oldest.lead - newest.lead
    }
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
                TextLayout.truncate(
                    "\(report.place.label) · \(format.day(report.date))\(relative), run by run", to: context.width))
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        let unit = format.temperatureSymbol
        lines.append(
            "  " + TextLayout.pad("run made", to: 12) + TextLayout.pad("ahead", to: 6, right: true)
                + TextLayout.pad("high \(unit)", to: 9, right: true) + TextLayout.pad("low \(unit)", to: 8, right: true)
                + TextLayout.pad(context.units.precipitation.symbol, to: 7, right: true) + "  high")
        let highs = report.rows.compactMap(\.day.temperatureMaxCelsius)
        for row in report.rows {
            let day = row.day
            var line =
                "  " + TextLayout.pad(format.day(day.issued), to: 12)
                + TextLayout.pad("\(day.lead) d", to: 6, right: true)
            guard day.hasValues else {
                let why = day.issued > report.today ? "not made yet" : "no whole day from this run"
                lines.append(line + "   " + why)
                continue
            }
            line +=
                TextLayout.pad(format.temperatureValue(day.temperatureMaxCelsius), to: 9, right: true)
                + TextLayout.pad(format.temperatureValue(day.temperatureMinCelsius), to: 8, right: true)
                + TextLayout.pad(format.precipitationValue(day.precipitationSumMillimetres), to: 7, right: true)
            line += "  " + bar(day.temperatureMaxCelsius, among: highs, unicode: context.unicode)
            if row.repeatsNewerRun { line += "  same as \(day.lead - 1) d (repeated by the service)" }
            lines.append(line)
        }
        lines += wrap(driftPhrase(DriftChange(report), format: format), indent: 2, width: context.reportWidth)
        lines.append(style.dim("  from Open-Meteo’s previous runs; a run “made” about that many days before the day"))
        return lines
    }

    /// "cooling 6.0 °C in a week, precipitation 0.4 mm → 6.2 mm"; what can be said when fewer
    /// than two runs have figures.
    static func driftPhrase(_ change: DriftChange, format: ValueFormatter) -> String {
        var parts: [String] = []
        if let delta = change.highChangeCelsius, let days = change.days {
            let span = days == 7 ? "a week" : days == 1 ? "a day" : "\(days) days"
            let size = temperatureDifference(abs(delta), format: format, signed: false)
            if abs(delta) < 0.5 {
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

    /// A bar of `value` between the smallest and the largest of `values`: 1 to 10 blocks.
    static func bar(_ value: Double?, among values: [Double], unicode: Bool) -> String {
        guard let value, let low = values.min(), let high = values.max() else { return "" }
        let length = high > low ? 1 + Int(((value - low) / (high - low) * 9).rounded()) : 5
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
                TextLayout.truncate(
                    "\(report.place.label) · forecast skill over \(count(report.windowDays, "day"))", to: context.width)
            )
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        var about =
            "  \(window); what happened: Open-Meteo’s archive (ERA5), with values for \(report.observedDays) of \(count(report.windowDays, "day"))"
        if let last = report.archiveLastDay {
            about += last < report.window.lowerBound ? " (none yet)" : " (none after \(format.day(last)) yet)"
        }
        if report.askedDays > report.windowDays {
            about += "; the service keeps runs from \(format.dayWithYear(OpenMeteoPreviousRunsProvider.firstDay))"
        }
        lines += wrap(about, indent: 2, width: context.reportWidth)
        lines += leadTable(report.leads, format: format)
        return lines
    }

    /// The table of lead scores: error and bias of the high and the low, and rain right, each
    /// with its count of days; a lead without days says so.
    static func leadTable(_ leads: [LeadScore], format: ValueFormatter) -> [String] {
        let unit = format.temperatureSymbol
        func cell(_ text: String, _ width: Int) -> String { TextLayout.pad(text, to: width, right: true) }
        var lines = [
            "  " + TextLayout.pad("ahead", to: 7) + cell("high: error", 12) + cell("bias", 6) + cell("days", 6)
                + cell("low: error", 12) + cell("bias", 6) + cell("days", 6) + cell("rain right", 12) + cell("days", 6)
        ]
        for score in leads {
            let label = TextLayout.pad(score.lead == 1 ? "1 day" : "\(score.lead) days", to: 7)
            if let repeated = score.repeatsLead {
                lines.append(
                    "  \(label)  same values as \(repeated) \(repeated == 1 ? "day" : "days") (repeated by the service)"
                )
                continue
            }
            guard score.hasFigures else {
                lines.append("  \(label)  no days to score")
                continue
            }
            // A difference in the chosen unit, without it (the header names it).
            func error(_ celsius: Double?) -> String {
                guard let celsius else { return ValueFormatter.missing }
                return DecimalText.fixed(format.units.temperature == .fahrenheit ? celsius * 9 / 5 : celsius, digits: 1)
            }
            lines.append(
                "  " + label + cell(error(score.highMeanAbsoluteErrorCelsius), 12)
                    + cell(temperatureDifference(score.highMeanErrorCelsius, format: format), 6)
                    + cell(String(score.highDays), 6) + cell(error(score.lowMeanAbsoluteErrorCelsius), 12)
                    + cell(temperatureDifference(score.lowMeanErrorCelsius, format: format), 6)
                    + cell(String(score.lowDays), 6)
                    + cell(
                        score.rainRightPercent.map { "\(DecimalText.fixed($0, digits: 0)) %" }
                            ?? ValueFormatter.missing, 12)
                    + cell(String(score.rainDays), 6))
        }
        lines += wrap(
            "error: mean absolute error, \(unit); bias: forecast − observed on average; rain right: rain (≥ \(format.precipitation(RainRule.thresholdMillimetres))) or none, as forecast",
            indent: 2, width: reportWidth - 2)
        return lines
    }

    /// `saved verify`'s figures by days ahead of the snapshot (none when nothing was checked).
    static func verificationLeadLines(_ place: PlaceScore, format: ValueFormatter) -> [String] {
        let leads = place.leads.filter(\.hasFigures)
        guard !leads.isEmpty else { return [] }
        return ["  by days ahead of the snapshot (0: its own day):"]
            + leadTable(leads, format: format).map { "  " + $0 }
    }
}
