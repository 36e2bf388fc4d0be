import FoundationEssentials
import WXBasics
import WeatherKit

// `best` and `chance` as text, fitted to the width (40 columns and up; the weather's views keep
// to 80).
extension TextRenderer {
    /// `best`: the place and the windows' length, the conditions in the user's units and where
    /// they were looked for, the members, then a line per window (its span and the members it
    /// holds in) with the control run's values under it, and what was left out.
    static func bestLines(_ report: BestReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let clock = ZoneClock(report.zone)
        let width = context.reportWidth
        var lines = [
            style.bold(placeHeading(report.place.label, "best \(report.hours)-hour windows", width: context.width))
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        let conditions =
            DecisionText.conditions(report, format) + (report.defaultedToDry ? " (no condition given)" : "")
        let span = DecisionText.spanLine(report, clock, format)
        // The span on the conditions' line when both fit, else on a line of its own.
        if 2 + TextLayout.columns(conditions + " · " + span) <= width {
            lines.append("  \(conditions) · \(span)")
        } else {
            // A value stays with its unit ("60 km/h"): at 40 columns "km/h" went on a line of its
            // own (trial 58).
            lines += wrap(conditions, keeping: DecisionText.unitSymbols, indent: 2, width: width)
            lines += TextLayout.wrap(span, indent: 2, width: width, keeping: [span])
        }
        lines += note(DecisionText.members(report.model, report.counted), context, style)
        if !report.qualified {
            let none = "no \(report.hours)-hour window holds in any member"
            lines += TextLayout.wrap(
                report.top.isEmpty
                    ? "\(none), nor any hour of one"
                    : report.closestByMiss
                        ? "\(none), nor any hour of one; the closest, by how far the median member misses:"
                        : "\(none); the closest, by the share of member-hours that hold:",
                indent: 2, width: width)
        }
        for window in report.top {
            let span = DecisionText.window(window.start, window.end, clock, format)
            let odds =
                report.qualified
                ? "holds in " + DecisionText.odds(window.holding, of: window.members)
                : window.misses.map { DecisionText.misses($0, report.conditions, format) }
                    ?? "\(window.memberHoursHolding) of \(window.memberHours) member-hours"
            if 2 + TextLayout.columns(span) + 2 + TextLayout.columns(odds) <= width {
                lines.append("  " + style.bold(span) + "  " + odds)
            } else {
                lines.append("  " + style.bold(span))
                lines += TextLayout.wrap(odds, indent: 4, width: width, keeping: [odds])
            }
            if let values = window.forecast {
                lines += TextLayout.flow(
                    ["forecast"] + forecastParts(values, format), separator: " · ", indent: 4, width: width)
            }
        }
        var notes: [String] = []
        let lacking = report.model.memberCount - report.membersWithVariables
        if lacking > 0 {
            notes.append(
                "from \(Counting.count(report.membersWithVariables, "member")): \(lacking) of the model’s \(report.model.memberCount) \(lacking == 1 ? "has" : "have") no values of a variable the conditions read"
            )
        }
        if let fewest = report.top.map(\.members).min(), fewest < report.membersWithVariables {
            notes.append("members whose values stop before a window ends are left out of it")
        }
        if let missing = report.forecastMissing {
            notes.append("the forecast’s values are left out: \(missing)")
        } else if let end = report.forecastEnd, case let now = context.now(at: report.place.coordinate), end <= now {
            // Every hour of the forecast is past (a cache from long ago, a clock moved on): not a
            // forecast that ends early, one that is old.
            let last = ZoneClock(report.zone).localTime(end)
            let age = TimeWords.age(seconds: now.timeIntervalSince(end))
            notes.append(
                "the forecast is old: its last hour, \(format.dayWithYear(last.date)) \(format.clock(last)), was \(age) ago, so no window has its values, only the members’ odds"
            )
        } else if let end = report.forecastEnd, report.top.contains(where: { $0.end > end }) {
            notes.append(
                "the forecast’s hours end \(DecisionText.dateTime(end, ZoneClock(report.zone), format)): later windows have the members’ odds only"
            )
        }
        if let end = report.answerEnd, report.spanEnd > end {
            let clock = ZoneClock(report.zone)
            notes.append(
                "the members’ hours end \(DecisionText.dateTime(end, clock, format)), before the end of \(DecisionText.spanName(report.span))"
            )
        }
        if let unjudged = DecisionText.unjudged(report, ZoneClock(report.zone), format) { notes.append(unjudged) }
        notes.append(
            "precipitation and gusts cover the hour before their time; a window reads those of its own hours, and temperature, wind and cloud at both its ends and each hour between"
        )
        for text in notes { lines += note(text, context, style) }
        return lines
    }

    /// "16–18 °C", "−3–−2 °C", "wind 8–12 km/h" ("wind 2–3 Bft (light to gentle breeze)"),
    /// "gusts 20 km/h", "0.0 mm".
    static func forecastParts(_ values: WindowValues, _ format: ValueFormatter) -> [String] {
        var parts: [String] = []
        if let range = values.temperatureRange {
            // A negative end with a minus sign: "−3–−2 °C", not "-3–-2 °C".
            let low = ValueFormatter.minusSigned(format.temperatureValue(range.lowerBound, digits: 0))
            let high = ValueFormatter.minusSigned(format.temperature(range.upperBound, digits: 0))
            parts.append(high.hasPrefix(low + " ") ? high : "\(low)–\(high)")
        }
        if let range = values.windRange {
            parts.append("wind " + format.windSpeedRange(range.lowerBound, range.upperBound))
        }
        if let gusts = values.gustsMaximum { parts.append("gusts \(format.windSpeed(gusts))") }
        if let sum = values.precipitationSum { parts.append(format.precipitation(sum)) }
        return parts
    }

    /// `chance`: the place, the members, then per threshold a line saying it and a line per day
    /// with the members that reach it and the hours it concentrates in.
    static func chanceLines(_ report: ChanceReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let clock = ZoneClock(report.zone)
        let width = context.reportWidth
        var lines = [style.bold(placeHeading(report.place.label, "chance from the ensemble", width: context.width))]
        lines += offlineNote(report.origin, context: context, style: style)
        lines += note(DecisionText.members(report.model, report.counted), context, style)
        var partial: Set<Int> = []
        var tonightPartial = false
        // One width for the counts of every threshold, so that the blocks of one output line up
        // (trial 58: a block of one-digit counts stood a column left of one with "21 of 51").
        let widest =
            report.rows.flatMap { $0.variableMissing ? [] : $0.days }.map { "\($0.reaching) of \($0.members)" }
            .map(TextLayout.columns).max() ?? 0
        for row in report.rows {
            lines += TextLayout.wrap(chanceTitle(row, format), indent: 2, width: width).map(style.bold)
            if row.variableMissing {
                lines += TextLayout.wrap(
                    "the \(report.model.displayName) answer has no \(EnsembleLackingText.longName(row.variable)) (\(row.variable.rawValue))"
                        + (row.unknownUnit.map { " wx can read — \($0)" } ?? ""),
                    indent: 4, width: width)
                continue
            }
            for day in row.days {
                let head = format.day(day.date) + (day.fromNextHour ? "*" : " ") + " "
                // Not "0 of 0 members": nothing can be counted on a day no member has values of.
                guard day.members > 0 else {
                    if day.fromNextHour { partial.insert(day.date.dayNumber) }
                    lines += TextLayout.wrap(
                        head + "no member has values that day", indent: 4, continuation: 16, width: width)
                    continue
                }
                var text = DecisionText.odds(day.reaching, of: day.members)
                let count = "\(day.reaching) of \(day.members)"
                text = String(repeating: " ", count: max(0, widest - TextLayout.columns(count))) + text
                if day.fromNextHour {
                    if row.nightsFrom != nil { tonightPartial = true } else { partial.insert(day.date.dayNumber) }
                }
                // A day the members cover only in part names the hours it was counted over.
                let window = day.part.map {
                    "over the "
                        + PartDayText.hours($0, coversPrecedingHour: row.variable.coversPrecedingHour, format: format)
                }
                if let window { text += " " + window }
                if !day.most.isEmpty { text += ", most " + DecisionText.spans(day.most, of: day.date, clock, format) }
                // The day, the count's padding and the odds as one phrase: wrapped, the spaces that
                // align the counts stay (they were folded into one).
                let padding = String(repeating: " ", count: max(0, widest - TextLayout.columns(count)))
                // A time stays with its zone ("06:00 CET"): at 40 columns "CET" went on a line
                // of its own (trial 58).
                lines += TextLayout.wrap(
                    head + text, indent: 4, continuation: 16, width: width,
                    keeping: [
                        head + padding + DecisionText.odds(day.reaching, of: day.members),
                        "\(Counting.count(day.members, "member"))", DecisionText.odds(day.reaching, of: day.members),
                    ] + DecisionText.timePhrases(day.most, clock, format) + (window.map { [$0] } ?? []))
            }
            if row.days.isEmpty { lines += TextLayout.wrap("no day of the answer from today", indent: 4, width: width) }
        }
        // Each row against what it was asked: the nights move on past a morning that is over
        // (all of them asked), the days from today lose a today without hours.
        let counted = report.rows.filter { !$0.variableMissing }
        let short = counted.compactMap { row -> Int? in
            let asked = report.requestedDays
            let shown = Set(row.days.map(\.date)).count
            return shown < asked ? shown : nil
        }
        let partShown = counted.contains { $0.days.contains { $0.part != nil } }
        if let shown = short.min(), report.lateStart == nil, let last = report.lastTime {
            let local = clock.localTime(last)
            let rule =
                partShown
                ? "the last counted over the hours they cover" : "a day is shown only when the members cover all of it"
            lines += note(
                "the members’ hours end \(format.day(local.date)) \(format.clock(local)) \(ValueFormatter.zone(local)): \(Counting.count(shown, "day")) of \(report.requestedDays) asked; \(rule)",
                context, style)
        }
        // As `check --rain` reads a day covered in part: the count is a floor, never the day's.
        // Frost's nights by the same rule, named as nights.
        if partShown {
            let nights = counted.contains { $0.threshold == .frost && $0.days.contains { $0.part != nil } }
            let days = counted.contains { $0.threshold != .frost && $0.days.contains { $0.part != nil } }
            let span = nights ? (days ? "day or night" : "night") : "day"
            lines += note(
                "a \(span) the members cover only in part is counted over the hours they cover: a member that reaches a threshold in them reaches it that \(span), and the hours missing may add more",
                context, style)
        }
        if let today = report.todayWithoutHours {
            lines += note(
                "today, \(format.day(today)), has no hours left from the next hour: the days start tomorrow", context,
                style)
        }
        if let start = report.lateStart {
            lines += note(
                "the members’ hours start \(DecisionText.dateTime(start, clock, format)), after the next hour: a day or night they do not cover whole is not counted",
                context, style)
        }
        // Said only beside days that start today: alone, frost's nights need no excuse.
        if let nights = counted.compactMap(\.nightsFrom).first,
            counted.contains(where: { $0.nightsFrom == nil && $0.days.contains { $0.date < nights } })
        {
            lines += note(
                "frost: this morning’s night (to \(format.clock(hour: ChanceCounts.nightEndHour))) is over; the nights shown start with the one ending \(format.day(nights))",
                context, style)
        }
        if !partial.isEmpty {
            lines += note("* today from the next hour", context, style)
        }
        if tonightPartial {
            lines += note("* tonight from the next hour", context, style)
        }
        if report.rows.contains(where: { row in row.days.contains { $0.members < report.model.memberCount } }) {
            lines += note(
                "members without a value for every hour of a day are left out of it unless those they have already reach the threshold: the count says of how many",
                context, style)
        }
        return lines
    }

    /// "gusts ≥ 60 km/h in any hour", "rain ≥ 1 mm in an hour", "rain ≥ 20 mm over the day",
    /// "frost: the night’s low below 0 °C (18:00–09:00), under the morning it ends". An amount
    /// says its window in words — an hour's, or the day's added — since `confidence`, `check`
    /// and `watch` count "≥ 1 mm over the day": "1 mm" alone read as the same count.
    static func chanceTitle(_ row: ChanceRow, _ format: ValueFormatter) -> String {
        if case .frost = row.threshold {
            return
                "frost: the night’s low below \(DecisionText.usedLimit(.temperature, 0, format)) (\(format.clock(hour: ChanceCounts.nightStartHour)) to \(format.clock(hour: ChanceCounts.nightEndHour))), under the morning it ends"
        }
        let sums = row.variable == .precipitation || row.variable == .snowfall
        let over = sums ? (row.perDay ? "over the day" : "in an hour") : "in any hour"
        if case .limit(let typed, _, _) = row.threshold, typed.isBeaufort(format.units) {
            return
                "\(DecisionText.name(row.variable)) \(typed.comparison.symbol) \(DecisionText.number(typed.amount)) Bft \(over)"
        }
        var typed: TypedLimit?
        if case .limit(let limit, _, _) = row.threshold { typed = limit }
        let limit = DecisionText.usedLimit(row.variable, row.limit, format, typed: typed)
        return "\(DecisionText.name(row.variable)) \(row.comparison.symbol) \(limit) \(over)"
    }
}
