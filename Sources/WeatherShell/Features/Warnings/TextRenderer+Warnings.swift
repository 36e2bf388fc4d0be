import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `warnings`, the warning lines of `show` and `watch`, and `compare`'s marks, as text.
extension TextRenderer {
    /// `warnings`: the place and feed, then each warning (numbered), or why there is none.
    static func warningLines(_ report: WarningReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let width = context.reportWidth
        let zone = WarningsPresentation.zone(report, now: context.now)
        let clock = ZoneClock(zone ?? WarningsPresentation.utc)
        guard let service = report.service else {
            let country = report.place.countryCode.map { " (\($0.uppercased()))" } ?? ""
            return wrap(
                "no keyless warning feed covers \(report.place.label)\(country): wx cannot say whether warnings are in force there; ask the national weather service",
                indent: 0, width: width)
        }
        // Where the place and the feed do not fit one line, the feed moves under it before any of
        // the place is cut: at 40 columns the heading read "Hambur… · warnings from Bright Sky (DWD)".
        // Where even "place · warnings" does not fit, the place has its line whole (cut only when
        // wider than the line) and "warnings from …" goes under it: at 40 columns
        // "Elbphilharmonie, Hamburg, De… · warnings" cut a 37-column name that fits alone.
        let feed = "from \(service.displayName)"
        let label = report.place.label
        var lines: [String]
        if TextLayout.columns("\(label) · warnings \(feed)") <= width {
            lines = [style.bold("\(label) · warnings \(feed)")]
        } else if TextLayout.columns("\(label) · warnings") <= width {
            lines = [style.bold("\(label) · warnings")] + note(feed, context, style)
        } else {
            lines = [style.bold(TextLayout.truncate(label, to: width))] + note("warnings \(feed)", context, style)
        }
        if let origin = report.origin { lines += offlineNote(origin, context: context, style: style) }
        if let match = report.match { lines += note(match, context, style) }
        if zone == nil { lines += note("times in UTC (the place’s time zone is not known)", context, style) }
        // Messages the feed carried that wx could not read: counted, never passed over as none.
        let setAside =
            report.setAside > 0
            ? "the feed carried \(count(report.setAside, "message")) wx could not read as a warning (\(report.setAsideReason ?? "unreadable")); check \(service.displayName) itself"
            : nil
        if report.warnings.isEmpty {
            guard let setAside else {
                return lines + wrap("no warnings in force or announced", indent: 2, width: width)
            }
            return lines + wrap("no other warnings in force or announced; \(setAside)", indent: 2, width: width)
        }
        let shown: [(Int, WeatherWarning)] =
            report.request.index.map { [($0, report.warnings[$0 - 1])] }
            ?? Array(zip(1..., report.warnings))
        let full = report.request.verbose || report.request.index != nil
        for (number, warning) in shown {
            let mark = context.unicode ? "⚠" : "!"
            let head =
                "\(number). \(mark) \(warning.event) (\(WarningsPresentation.grade(warning))) · \(warning.issuer)"
            lines.append(style.bold("  " + fitted(head, to: width - 2, context)))
            lines += wrap(span(warning, clock: clock, format: format, now: context.now), indent: 5, width: width)
            if let headline = warning.headline { lines += wrap(headline, indent: 5, width: width) }
            if let hazard = WarningsPresentation.hazardForecast(warning, forecast: report.forecast, now: context.now) {
                lines += wrap(
                    "wx’s forecast: " + hazardText(hazard, clock: clock, format: format), indent: 5, width: width
                ).map(style.dim)
            }
            if full {
                if let area = warning.area { lines += wrap("area: \(area)", indent: 5, width: width) }
                for (title, text) in [("description", warning.description), ("instruction", warning.instruction)] {
                    guard let text else { continue }
                    lines.append("     \(title):")
                    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                        lines += paragraph.isEmpty ? [""] : wrap(String(paragraph), indent: 7, width: width)
                    }
                }
            }
        }
        if !full {
            // What the longer form adds, as the feed gave it: "what to do" only where a warning
            // carries an instruction (trial 8: the hint promised one the feed had not written).
            let adds = [
                shown.contains { $0.1.description != nil } ? "the description" : nil,
                shown.contains { $0.1.area != nil } ? "the area" : nil,
                shown.contains { $0.1.instruction != nil } ? "what to do" : nil,
            ].compactMap { $0 }
            if !adds.isEmpty {
                lines += note("“warnings N” or “warnings -v” for \(Counting.list(adds))", context, style)
            }
        }
        if let setAside { lines += wrap(setAside, indent: 2, width: width) }
        return lines
    }

    /// "from Sat 01:00 until Sat 09:00", "since Fri 22:00, no end given", "from 2026-03-07 00:00
    /// (no time zone given), no end given" (an onset the feed wrote without a zone, as written).
    /// A time the feed wrote without a zone is said as written ("until 2026-03-08 00:00 (no time
    /// zone given)"); which warnings are in force reads it at its widest (`WarningFields.bounds`).
    static func span(_ warning: WeatherWarning, clock: ZoneClock, format: ValueFormatter, now: Date) -> String {
        var start: String?
        if let written = warning.onsetWithoutZone {
            start = "from \(written) (no time zone given)"
        } else if let onset = warning.onset {
            start = (onset > now ? "from " : "since ") + when(onset, clock: clock, format: format, now: now)
        }
        if warning.ends == nil, let written = warning.expiresWithoutZone {
            return (start.map { $0 + " " } ?? "") + "until \(written) (no time zone given)"
        }
        guard let end = warning.end else { return (start.map { $0 + ", " } ?? "") + "no end given" }
        return (start.map { $0 + " " } ?? "") + "until " + when(end, clock: clock, format: format, now: now)
    }

    /// "Sat 09:00" within six days of now, else "2026-03-07 09:00"; in the place's time, with its
    /// zone when the reading happens twice ("Sun 02:00 CET", `ZoneClock.isRepeated`).
    static func when(_ date: Date, clock: ZoneClock, format: ValueFormatter, now: Date) -> String {
        let local = clock.localTime(date)
        let repeated = clock.isRepeated(date)
        if abs(date.timeIntervalSince(now)) < 6 * 86_400 {
            return "\(ValueFormatter.weekdays[local.weekday]) \(format.clock(local, repeated: repeated))"
        }
        return format.dateTime(local) + (repeated ? " " + ValueFormatter.zone(local) : "")
    }

    /// "gusts up to 95 km/h Sun 02:00 in the forecast" ("Sun 02:00 CET" when the hour repeats).
    static func hazardText(_ hazard: HazardForecast, clock: ZoneClock, format: ValueFormatter) -> String {
        let at =
            hazard.time.map { time -> String in
                let local = clock.localTime(time)
                let repeated = clock.isRepeated(time)
                return " \(ValueFormatter.weekdays[local.weekday]) \(format.clock(local, repeated: repeated))"
            } ?? ""
        switch hazard.quantity {
        case .gusts: return "gusts up to \(format.windSpeed(hazard.value))\(at) in the forecast"
        case .windSpeed: return "wind up to \(format.windSpeed(hazard.value))\(at) in the forecast"
        case .lowTemperature: return "low of \(format.temperature(hazard.value))\(at) in the forecast"
        case .highTemperature: return "high of \(format.temperature(hazard.value))\(at) in the forecast"
        case .precipitation:
            return "\(format.precipitation(hazard.value)) of precipitation over those hours in the forecast"
        case .coldPrecipitation:
            return
                "\(format.precipitation(hazard.value)) of precipitation at or below \(format.temperature(1, digits: 0)) over those hours in the forecast"
        }
    }

    /// `show`: "⚠ Frost (yellow) until Sat 09:00 — DWD" ("⚠ Frost (yellow) since Sat 01:00, no
    /// end given — DWD" without an end), one line each; or one line saying the
    /// feed failed; and `watch`'s changes (no bell: `watch` rings it, `ShellRunner.ringBell`).
    static func bannerLines(_ banner: WarningBanner, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let mark = context.unicode ? "⚠" : "!"
        let clock = ZoneClock(banner.zone)
        if let failure = banner.failure {
            // Whole, on one line: the reason is the point of it.
            return [style.dim(CommandResult.warningLead + "warnings could not be fetched: \(failure)")]
        }
        // With an end, the end alone; without one, the span as `warnings` and `check` say it
        // (`span`): "since Sat 01:00, no end given" — "(no end given)" alone read as in force for
        // good, the onset unsaid — or an end the feed wrote without a zone, as written.
        func line(_ warning: WeatherWarning) -> String {
            let times =
                warning.end.map { "until " + when($0, clock: clock, format: format, now: context.now) }
                ?? span(warning, clock: clock, format: format, now: context.now)
            return "\(warning.event) (\(WarningsPresentation.grade(warning))) \(times) — \(warning.issuer)"
        }
        var lines: [String] = []
        for change in banner.changes {
            let what =
                switch change.kind {
                case .appeared: "new warning"
                case .upgraded: "warning upgraded"
                case .ended: "warning ended"
                }
            lines.append(fitted("\(mark) \(what): \(line(change.warning))", to: context.reportWidth, context))
        }
        // The most severe few (the list is most severe first), and a count of the rest: 8,094
        // warnings printed 8,094 lines before the weather (issue 38).
        lines += banner.warnings.prefix(Self.mostWarningLines).map {
            style.red(fitted("\(mark) \(line($0))", to: context.reportWidth, context))
        }
        if banner.warnings.count > Self.mostWarningLines {
            let more = Counting.grouped(banner.warnings.count - Self.mostWarningLines)
            lines.append(
                fitted("\(mark) and \(more) more: “warnings” lists them all", to: context.reportWidth, context))
        }
        return lines
    }

    /// The most warnings `show` lists above the weather, one line each; a count says the rest.
    static let mostWarningLines = 10

    /// A warning's one line, cut to `width` on a terminal; whole in a file or pipe (`fitsWidth`
    /// false), where `compare` cut “MeteoAlarm rejected the request (HT…” at 80 (trial 8).
    static func fitted(_ line: String, to width: Int, _ context: RenderContext) -> String {
        context.fitsWidth ? TextLayout.truncate(line, to: width) : line
    }

    /// `compare`: one line per favorite with a warning in force (or whose feed failed).
    static func markLines(_ marks: WarningMarks, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let mark = context.unicode ? "⚠" : "!"
        return marks.marks.map { item in
            guard let top = item.top else {
                return style.dim(
                    fitted(
                        "\(mark) \(item.name): warnings could not be fetched: \(item.failure ?? "")", to: context.width,
                        context))
            }
            let clock = ZoneClock(item.zone ?? ZoneInfo(identifier: nil, abbreviation: "UTC", utcOffsetSeconds: 0))
            let until = top.end.map { " until " + when($0, clock: clock, format: format, now: context.now) } ?? ""
            let more = item.count > 1 ? " (+\(item.count - 1) more)" : ""
            return fitted(
                "\(mark) \(item.name): \(top.event) (\(WarningsPresentation.grade(top)))\(until) — \(top.issuer)\(more)",
                to: context.width, context)
        }
    }
}

extension TextRenderer {
    /// `saved N`: the warnings in force when the snapshot was saved, in the place's time then.
    static func keptWarningLines(_ snapshot: Snapshot, context: RenderContext) -> [String] {
        // None in force (or none asked) adds nothing: `--json` tells the two apart.
        guard let warnings = snapshot.reading.warnings, !warnings.isEmpty else { return [] }
        let format = ValueFormatter(units: context.units, unicode: context.unicode)
        let clock = ZoneClock(
            ZoneInfo(identifier: snapshot.timeZone, abbreviation: nil, utcOffsetSeconds: snapshot.utcOffsetSeconds))
        let mark = context.unicode ? "⚠" : "!"
        return ["  official warnings in force when it was saved:"]
            + warnings.map { kept in
                let until = kept.end.map { " until " + format.dateTime(clock.localTime($0)) } ?? " (no end given)"
                return fitted(
                    "  \(mark) \(kept.event) (\(kept.level ?? kept.severity))\(until) — \(kept.issuer)",
                    to: context.width, context)
            }
            + (snapshot.reading.warningsNotKept.map { $0 > 0 ? ["  \(mark) and \(Counting.grouped($0)) more"] : [] }
                ?? [])
    }
}
