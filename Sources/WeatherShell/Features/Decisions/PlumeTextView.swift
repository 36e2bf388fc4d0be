import FoundationEssentials
import WXBasics
import WeatherKit

// `plume` as text: a chart at a terminal with colour, a table otherwise (piped, NO_COLOR,
// TERM=dumb), so that what a script reads holds every number.
extension TextRenderer {
    /// `plume`: the heading and the members, then the chart or the table.
    static func plumeLines(_ report: PlumeReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let what = "\(plumeName(report.variable)), median and 10–90 % of the members"
        // Narrow, the variable stays ("plume of gusts") and the place gives way.
        var lines = [
            style.bold(
                placeHeading(
                    report.place.label, what, shorter: "plume of \(plumeName(report.variable))", width: context.width))
        ]
        lines += offlineNote(report.origin, context: context, style: style)
        lines += note(DecisionText.members(report.model, report.counted), context, style)
        lines +=
            context.colour
            ? plumeChart(report, context: context, format: format)
            : plumeTable(report, format: format, width: context.width)
        if report.hours.count < report.requestedHours, let last = report.hours.last {
            // Said as `best` says the members' reach: by the last hour, at the place's clock —
            // the end of what the data covers: an amount's row covers the hour from its time
            // (trial59: "end Fri 30 Oct 22:00" where the last value covers 22:00–23:00).
            let clock = ZoneClock(report.zone)
            let end = report.variable.coversPrecedingHour ? last.time.addingTimeInterval(3_600) : last.time
            let covered =
                report.variable.coversPrecedingHour
                ? " (the last value covers \(DecisionText.hours(last.time, end, clock, format)))" : ""
            lines += note(
                "the members end \(DecisionText.dateTime(end, clock, format))\(covered): \(report.hours.count) of the \(report.requestedHours) hours asked",
                context, style)
        }
        if let start = report.membersStartLate {
            lines += note(
                "the members’ hours start \(DecisionText.dateTime(start, ZoneClock(report.zone), format)), after the next hour",
                context, style)
        }
        if report.hours.contains(where: { $0.spread == nil }) {
            lines += note("—: no member has a value at that hour", context, style)
        }
        if report.variable.coversPrecedingHour {
            lines += note("each value covers the hour from its time (the answer’s hour before)", context, style)
        }
        return lines
    }

    /// "temperature", "precipitation", "gusts".
    static func plumeName(_ variable: EnsembleVariable) -> String {
        switch variable {
        case .temperature: "temperature"
        case .precipitation: "precipitation"
        case .windGusts: "gusts"
        case .windSpeed: "wind"
        case .snowfall: "snowfall"
        case .cloudCover: "cloud cover"
        }
    }

    /// A value in the user's unit, the number only ("12.5", "40", "0.3").
    static func plumeValue(_ variable: EnsembleVariable, _ value: Double, _ format: ValueFormatter) -> String {
        switch variable {
        case .temperature: format.temperatureValue(value)
        case .precipitation: format.precipitationValue(value)
        case .windGusts, .windSpeed:
            // Under `units wind bft` the force, as best and chance speak it.
            format.units.windSpeed == .beaufort
                ? String(Beaufort.force(kilometresPerHour: value))
                : DecimalText.fixed(format.units.windSpeed.convert(kilometresPerHour: value), digits: 1)
        case .snowfall, .cloudCover: DecisionText.number(value)
        }
    }

    /// The unit of `plumeValue` ("°C", "mm", "km/h").
    static func plumeUnit(_ variable: EnsembleVariable, _ format: ValueFormatter) -> String {
        switch variable {
        case .temperature: format.temperatureSymbol
        case .precipitation: format.units.precipitation.symbol
        case .windGusts, .windSpeed: format.units.windSpeed == .beaufort ? "Bft" : format.units.windSpeed.symbol
        case .snowfall: "mm"
        case .cloudCover: "%"
        }
    }

    /// A row per hour: its time at the place's clock (the weekday where a day starts), the
    /// 10th, 50th and 90th percentile in the user's unit, and the members they come from —
    /// 37 columns, so that it fits 40.
    ///
    /// When an hour carries its zone (the hour the clocks go back: "02:00 CEST") and the rows
    /// would pass `width`, each day is a row of its own above its hours instead of a prefix.
    static func plumeTable(_ report: PlumeReport, format: ValueFormatter, width: Int) -> [String] {
        let prefixed = plumeTable(report, format: format, width: width, daysApart: false)
        guard prefixed.contains(where: { TextLayout.columns($0) > width }) else { return prefixed }
        return plumeTable(report, format: format, width: width, daysApart: true)
    }

    /// The table, each day's weekday before its first hour or, `daysApart`, on a row of its own.
    static func plumeTable(_ report: PlumeReport, format: ValueFormatter, width: Int, daysApart: Bool) -> [String] {
        let clock = ZoneClock(report.zone)
        var previous: LocalDate?
        var dayRows: [Int: String] = [:]
        let times = report.hours.enumerated().map { index, hour -> String in
            let local = clock.localTime(hour.time)
            defer { previous = local.date }
            let time = format.clock(local, repeated: clock.isRepeated(hour.time))
            if daysApart {
                if local.date != previous { dayRows[index] = format.day(local.date) }
                return time
            }
            return (local.date == previous ? "    " : String(format.day(local.date).prefix(3)) + " ") + time
        }
        let unit = plumeUnit(report.variable, format)
        // An hour no member has a value for is unknown: "—", from 0 members.
        func cell(_ value: KeyPath<EnsembleSpread, Double>) -> [String] {
            report.hours.map { hour in
                hour.spread.map { plumeValue(report.variable, $0[keyPath: value], format) } ?? "—"
            }
        }
        let cells = [
            ["p10"] + cell(\.p10), ["median"] + cell(\.median), ["p90"] + cell(\.p90),
            ["members"] + report.hours.map { String($0.spread?.members ?? 0) },
        ]
        let first = ["hour"] + times
        let firstWidth = first.map(TextLayout.columns).max() ?? 0
        let widths = cells.map { $0.map(TextLayout.columns).max() ?? 0 }
        var lines = TextLayout.wrap(
            "\(plumeName(report.variable)) (\(unit)); percentiles of the members", indent: 2, width: width)
        for row in first.indices {
            // Row 0 is the heading; hour `row - 1` follows its day's row when days are apart.
            if let day = dayRows[row - 1] { lines.append("  " + day) }
            var line = "  " + TextLayout.pad(first[row], to: firstWidth)
            for (column, width) in zip(cells, widths) {
                line += "  " + TextLayout.pad(column[row], to: width, right: true)
            }
            lines.append(line)
        }
        return lines
    }

    /// The chart: value rows (10) over columns of hours (one an hour when they fit, else
    /// several an hour, whole hours each), the band from the 10th to the 90th percentile shaded
    /// and the median drawn over it, the values at the left and the days and hours under it.
    static func plumeChart(_ report: PlumeReport, context: RenderContext, format: ValueFormatter) -> [String] {
        let clock = ZoneClock(report.zone)
        let rows = 10
        let values = report.hours.compactMap(\.spread).flatMap { [$0.p10, $0.p90] }
        var low = values.min() ?? 0
        var high = values.max() ?? 1
        if high - low < 1e-6 {
            low -= 0.5
            high += 0.5
        }
        let labels = [high, (high + low) / 2, low].map { plumeValue(report.variable, $0, format) }
        let margin = (labels.map(TextLayout.columns).max() ?? 1) + 3
        let room = max(10, min(context.width, 200) - margin - 1)
        let perColumn = max(1, (report.hours.count + room - 1) / room)
        let groups = stride(from: 0, to: report.hours.count, by: perColumn).map {
            Array(report.hours[$0..<min($0 + perColumn, report.hours.count)])
        }
        let step = (high - low) / Double(rows)
        let band = "\u{1B}[36m"
        let bold = "\u{1B}[1;33m"
        let reset = "\u{1B}[0m"
        var lines: [String] = []
        for row in 0..<rows {
            let bottom = high - Double(row + 1) * step
            let top = bottom + step
            let label: String =
                switch row {
                case 0: labels[0]
                case rows / 2: labels[1]
                case rows - 1: labels[2]
                default: ""
                }
            var text = TextLayout.pad(label, to: margin - 2, right: true) + (context.unicode ? " ┤" : " |")
            for group in groups {
                // A column of unknown hours stays empty.
                let spreads = group.compactMap(\.spread)
                guard let p10 = spreads.map(\.p10).min(), let p90 = spreads.map(\.p90).max() else {
                    text += " "
                    continue
                }
                let median = spreads.map(\.median).reduce(0, +) / Double(spreads.count)
                let inRow = median >= bottom && (median < top || (row == 0 && median <= top))
                if inRow {
                    text += bold + (context.unicode ? "━" : "-") + reset
                } else if p90 >= bottom && p10 <= top {
                    text += band + (context.unicode ? "░" : ":") + reset
                } else {
                    text += " "
                }
            }
            lines.append(text)
        }
        // The axis: a tick at each local midnight, and at 6 or 12 hours when there is room.
        var axis = String(repeating: " ", count: margin - 1) + (context.unicode ? "└" : "+")
        var marks = Array(repeating: " ", count: groups.count)
        let hoursPerLabel = perColumn == 1 ? 6 : (perColumn <= 2 ? 12 : 24)
        var labelled: [(column: Int, text: String)] = []
        var offset = groups.first.map { clock.localTime($0[0].time).utcOffsetSeconds }
        for (column, group) in groups.enumerated() {
            let local = clock.localTime(group[0].time)
            guard local.minute == 0, local.hour % hoursPerLabel < perColumn else { continue }
            marks[column] = context.unicode ? "┬" : "+"
            var text = local.hour < perColumn ? String(format.day(local.date).prefix(3)) : format.hourLabel(local)
            // The first mark after a change of the clocks carries its zone ("06 CET").
            if local.utcOffsetSeconds != offset { text += " " + ValueFormatter.zone(local) }
            offset = local.utcOffsetSeconds
            labelled.append((column, text))
        }
        // A plume of a few hours with no such mark (`plume 2` at 16:00) has its first hour
        // marked and labelled, as the hourly chart does: no chart without a time.
        if labelled.isEmpty, let first = groups.first {
            marks[0] = context.unicode ? "┬" : "+"
            labelled.append((0, format.hourLabel(clock.localTime(first[0].time))))
        }
        axis += marks.map { $0 == " " ? (context.unicode ? "─" : "-") : $0 }.joined()
        lines.append(axis)
        var under = Array(
            repeating: Character(" "), count: margin + max(groups.count + 4, labelled.first?.text.count ?? 0))
        var free = 0
        for (column, text) in labelled where margin + column >= free && margin + column + text.count <= under.count {
            for (offset, character) in text.enumerated() { under[margin + column + offset] = character }
            free = margin + column + text.count + 1
        }
        while under.last == " " { under.removeLast() }
        lines.append(String(under))
        // The legend, its parts flowed within the width (escapes count no columns).
        let parts = [
            "\(context.unicode ? "░" : ":") 10–90 % of members", "\(context.unicode ? "━" : "-") median",
            "\(plumeUnit(report.variable, format)), a column \(perColumn == 1 ? "an hour" : "\(perColumn) hours")",
        ]
        let shade = context.unicode ? "░" : ":"
        let stroke = context.unicode ? "━" : "-"
        lines += TextLayout.flow(parts, separator: "  ", indent: 2, width: context.width).map { text in
            text.replacing(shade + " 10", with: band + shade + reset + " 10")
                .replacing(stroke + " median", with: bold + stroke + reset + " median")
        }
        return lines
    }
}
