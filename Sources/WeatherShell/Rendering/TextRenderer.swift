import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a renderer needs besides the result: units, the clock and the terminal's abilities.
package struct RenderContext: Sendable {
    package var units: UnitPreferences
    package var now: Date
    /// ANSI colour allowed (a terminal, `NO_COLOR` unset, `TERM` not dumb).
    package var colour: Bool
    /// UTF-8 output allowed (symbols, "★", "…"); ASCII otherwise.
    package var unicode: Bool
    /// Columns available: the terminal's width, or 80 when output is not a terminal. Lists use
    /// it; the weather's tables keep to 80 columns.
    package var width: Int

    package init(units: UnitPreferences, now: Date, colour: Bool, unicode: Bool, width: Int = 80) {
        self.units = units
        self.now = now
        self.colour = colour
        self.unicode = unicode
        self.width = max(40, width)
    }
}

/// Renders results as text for a terminal or a pipe: lists fit the terminal's width (80 columns
/// when piped), the weather's tables 80 columns.
package enum TextRenderer {
    /// The width of the weather report.
    package static let reportWidth = 80

    /// The text for `result`, ending with a newline (empty for nothing to print); ASCII only
    /// when the locale is not UTF-8.
    package static func render(_ result: CommandResult, context: RenderContext) -> String {
        // Exported data is printed byte for byte (CSV keeps its CRLF line ends).
        if case .exportData(_, _, _, let text) = result { return text }
        let lines = TextRenderer.lines(result, context: context)
        let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        return context.unicode ? text : ascii(text)
    }

    /// wx's own symbols in ASCII ("°C" → "C", "…" → "~", "·" → "|", “ ” → ", µg/m³ → ug/m3),
    /// for a terminal that is not UTF-8: results here, error lines in `ShellRunner`. Letters
    /// in names from services are left as they are.
    package static func ascii(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "°": break  // only in running text: ValueFormatter writes "C" in ASCII before padding
            case "…": result += "~"  // one column, as "…" was: layouts stay aligned
            case "·": result += "|"
            case "—", "–": result += "-"
            case "“", "”", "„": result += "\""
            case "‘", "’": result += "'"
            case "−": result += "-"
            case "µ": result += "u"
            case "²", "₂": result += "2"
            case "³", "₃": result += "3"
            case "©": result += "(c)"
            case "★": result += "*"
            case "☆": result += "-"
            case "»": result += ">"
            default: result.append(character)
            }
        }
        return result
    }

    static func lines(_ result: CommandResult, context: RenderContext) -> [String] {
        let format = ValueFormatter(units: context.units, unicode: context.unicode)
        let style = Style(colour: context.colour)
        let width = context.width
        switch result {
        case .candidates(_, let places):
            return places.enumerated().map { index, place in
                let number = TextLayout.pad(String(index + 1), to: 3, right: true)
                return
                    "\(number)  \(TextLayout.pad(place.label, to: width - 28))  \(place.coordinate.latitudeLongitudeText)"
            }
        case .currentPlace(let place):
            return [
                TextLayout.truncate(
                    "current location: \(place.label) (\(place.coordinate.latitudeLongitudeText))", to: width)
            ]
        case .weather(let report):
            return weather(
                WeatherPresentation.show(report, now: context.now), context: context, format: format, style: style)
        case .comparison(let reports, _):
            // Places without weather are reported as errors (`problems`), not as rows.
            return reports.isEmpty
                ? []
                : comparison(
                    reports.map { WeatherPresentation.show($0, now: context.now) }, context: context, format: format,
                    style: style)
        case .hourly(let report, let count):
            let presentation = WeatherPresentation.hourly(report, hours: count, now: context.now)
            return hourly(presentation, count: count, context: context, format: format, style: style)
        case .daily(let report, let count):
            let presentation = WeatherPresentation.daily(report, days: count, now: context.now)
            let short =
                presentation.daysFromToday > 0 && presentation.daysFromToday < count
                ? [style.dim("  the answer has \(Self.count(presentation.daysFromToday, "day")) from today")] : []
            return header(presentation, context: context, format: format, style: style)
                + dayTable(presentation.days, context: context, format: format, detailed: true)
                + short + daysNote(presentation.coverage, format: format, style: style)
        case .rain(let report, let outlook):
            return header(
                WeatherPresentation.heading(report, now: context.now), context: context, format: format, style: style)
                + ["  " + rainSentence(outlook, clock: report.forecast.clock, format: format, now: context.now)]
        case .air(let place, let air, let origin):
            return airLines(place, air, origin: origin, context: context, format: format, style: style)
        case .favoriteAdded(let favorite):
            return ["\(context.unicode ? "★" : "*") \(favorite.name) saved to favorites"]
        case .favoriteRemoved(let favorite):
            return ["\(context.unicode ? "☆" : "-") \(favorite.name) removed from favorites"]
        case .favoriteRenamed(let old, let favorite):
            return ["favorite “\(old)” is now “\(favorite.name)”"]
        case .favorites(let favorites):
            if favorites.isEmpty { return ["no favorites yet: “fav” saves the current location"] }
            return favorites.map { favorite in
                let star = context.unicode ? "★" : "*"
                let region = favorite.region
                return
                    "  \(star) \(TextLayout.pad(favorite.name, to: 22)) \(TextLayout.pad(region, to: width - 50))  \(favorite.coordinate.latitudeLongitudeText)"
            }
        case .snapshotSaved(let snapshot):
            let reading = snapshot.reading
            let time = format.dateTime(snapshotClock(snapshot, reading.dataTime))
            return [
                "snapshot \(snapshot.id) saved: \(snapshot.placeName) \(format.temperature(reading.temperatureCelsius)), \(format.percent(reading.precipitationProbabilityPercent)), \(format.precipitation(reading.precipitationMillimetres)) at \(time)"
            ]
        case .snapshotRemoved(let snapshot):
            return ["snapshot \(snapshot.id) deleted (\(snapshot.placeName))"]
        case .snapshots(let snapshots):
            if snapshots.isEmpty { return ["no snapshots yet: “save” keeps the last weather shown"] }
            return snapshots.map { snapshot in
                let reading = snapshot.reading
                let fixed =
                    "\(TextLayout.pad(snapshot.id == 0 ? "new" : String(snapshot.id), to: 5, right: true))  \(format.dateTime(snapshotClock(snapshot, reading.dataTime)))  \(TextLayout.pad(snapshot.placeName, to: max(14, width - 66))) \(TextLayout.pad(format.temperature(reading.temperatureCelsius), to: 8, right: true)) \(TextLayout.pad(format.percent(reading.precipitationProbabilityPercent), to: 5, right: true)) \(TextLayout.pad(format.precipitation(reading.precipitationMillimetres), to: 8, right: true))  "
                return fixed
                    + TextLayout.truncate(condition(reading.weatherCode), to: max(4, width - TextLayout.columns(fixed)))
            }
        case .snapshot(let snapshot):
            let reading = snapshot.reading
            let clock = snapshotClock(snapshot, reading.dataTime)
            return [
                "snapshot \(snapshot.id): \(snapshot.placeName) (\(snapshot.coordinate.latitudeLongitudeText))",
                "  data time     \(format.dateTime(clock)) (UTC\(offsetText(clock.utcOffsetSeconds)))",
                "  temperature   \(format.temperature(reading.temperatureCelsius))",
                "  condition     \(condition(reading.weatherCode))",
                "  rain chance   \(format.percent(reading.precipitationProbabilityPercent))",
                "  precipitation \(format.precipitation(reading.precipitationMillimetres))",
                "  saved at      \(ISOTime.string(snapshot.savedAt))",
            ]
        case .history(let entries):
            if entries.isEmpty { return ["no commands in the history yet"] }
            // The number column fits the widest number (six columns at least): a number is never
            // cut, so that every one shown can be given to `!N`.
            let column = max(6, entries.map { String($0.number).count }.max() ?? 0)
            return entries.map {
                "\(TextLayout.pad(String($0.number), to: column, right: true))  \(TextLayout.truncate(TerminalText.sanitized($0.line), to: width - column - 2))"
            }
        case .units(let setting):
            let units = setting.preferences
            let apart = UnitQuantity.allCases.filter { setting.overrides[$0] != nil }.map(\.rawValue)
            let name =
                setting.preset.rawValue + (apart.isEmpty ? "" : " with \(apart.joined(separator: ", ")) set apart")
            return [
                "units \(name): \(format.temperatureSymbol), \(units.windSpeed.symbol), \(units.precipitation.symbol), \(units.pressure.symbol), \(units.distance.symbol), \(units.clock.rawValue) clock"
            ]
        case .format(let format):
            return ["output format: \(format.rawValue)"]
        case .setting(let name, let value, let note):
            return ["\(name): \(value)" + (note.map { " (\($0))" } ?? "")]
        case .help(let specs):
            var lines = commandList(specs, width: width)
            lines.append("  \(TextLayout.pad("!N", to: 34)) run history command N again")
            lines.append("")
            lines += wrap(
                "Tab completes commands and favorite names; Ctrl-C cancels; Ctrl-D quits.", indent: 0, width: width)
            lines += wrap(
                "Data: Open-Meteo.com (CC BY 4.0); © OpenStreetMap contributors (ODbL). See “about”.", indent: 0,
                width: width)
            return lines
        case .helpCommand(let spec):
            var lines = ["\(spec.synopsis)", "  \(spec.summary)"]
            if !spec.aliases.isEmpty { lines.append("  also: \(spec.aliases.joined(separator: ", "))") }
            for paragraph in spec.details { lines.append(contentsOf: wrap(paragraph, indent: 2, width: width)) }
            return lines
        case .about(let info):
            var lines = ["wx \(info.version) — weather at the prompt"]
            var attributions: [String] = []
            for service in info.services where !attributions.contains(service.attribution) {
                attributions.append(service.attribution)
                lines.append(contentsOf: wrap(service.attribution, indent: 2, width: width))
                let base = info.endpoints[service]
                if base != service.defaultBaseURL { lines.append("    endpoint: \(Redaction.displayURL(base))") }
            }
            lines.append("  favorites and settings: \(info.configFolder)/state.plist")
            lines.append("  history and snapshots:  \(info.stateFolder)/log.jsonl")
            lines.append("  cache:                  \(info.cacheFolder)")
            return lines
        case .logStatistics(let stats):
            var lines = [
                stats.path,
                "  \(size(stats.bytes)) · \(count(stats.commands, "command")) · \(count(stats.snapshots, "snapshot"))",
            ]
            if stats.deletedSnapshots > 0 || stats.unreadableLines > 0 {
                lines.append(
                    "  \(count(stats.deletedSnapshots, "deleted snapshot")) and \(count(stats.unreadableLines, "unreadable line")): “log compact” drops the deleted and moves the unreadable to a file of their own"
                )
            }
            if stats.otherRecords > 0 {
                lines.append("  \(count(stats.otherRecords, "record")) of kinds this wx does not know (kept)")
            }
            return lines
        case .logCompacted(let compaction):
            let (before, after) = (compaction.before, compaction.after)
            var lines = [
                "log.jsonl compacted: \(size(before.bytes)) → \(size(after.bytes)); \(count(after.commands, "command")) and \(count(after.snapshots, "snapshot")) kept, \(count(before.deletedSnapshots, "deleted snapshot")) dropped"
            ]
            if let file = compaction.unreadableLinesFile {
                lines.append("\(count(before.unreadableLines, "unreadable line")) moved to \(file)")
            }
            return lines
        case .notice(let text):
            return [style.dim(text)]
        case .exported(let kind, let count, let format, let path):
            return ["\(Self.count(count, kind.noun)) exported to \(path) (\(format.rawValue.uppercased()))"]
        case .exportData(_, _, _, let text):
            return [text]
        case .imported(let added, let alreadySaved, _, let path):
            var line = "\(Self.count(added.count, "favorite")) imported from \(path)"
            if !added.isEmpty { line += ": " + added.map(\.name).joined(separator: ", ") }
            var lines = [line]
            if alreadySaved > 0 { lines.append("\(alreadySaved) already saved (same coordinates), skipped") }
            return lines
        case .notSaved(let error):
            return ["not saved to disk, kept for this session only: \(error.description)"]
        }
    }

    // MARK: - show

    /// "Hamburg, Deutschland · Sun 03:10 GMT": the place and its local time now.
    static func heading(_ presentation: WeatherPresentation, format: ValueFormatter) -> String {
        let local = presentation.local
        let zone = local.abbreviation ?? "UTC\(offsetText(local.utcOffsetSeconds))"
        return
            "\(presentation.report.place.label) · \(ValueFormatter.weekdays[local.weekday]) \(format.clock(local)) \(zone)"
    }

    /// "1 snapshot", "2 snapshots".
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// The heading line, and the offline line under it when the data is old.
    /// The place and its local time (cut to the terminal's width: a full address can be
    /// 150 columns), then what makes the data below less than current: its age when it came
    /// from the cache after a failure, and a forecast whose hours do not include now.
    static func header(
        _ presentation: WeatherPresentation, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        [style.bold(TextLayout.truncate(heading(presentation, format: format), to: context.width))]
            + offlineNote(presentation.report.origin, context: context, style: style)
            + coverageNote(presentation.coverage, format: format, style: style)
    }

    /// "this forecast covers Sun 27 Jul to Sat 02 Aug, not now" when now is outside its hours.
    static func coverageNote(_ coverage: ForecastCoverage, format: ValueFormatter, style: Style) -> [String] {
        guard let days = coverage.hoursNotNow else { return [] }
        return [
            style.dim(
                "  this forecast covers \(format.day(days.lowerBound)) to \(format.day(days.upperBound)), not now")
        ]
    }

    /// "this forecast does not cover today: its days end on Sat 02 Aug", under a table of days
    /// that all lie before the place's today.
    static func daysNote(_ coverage: ForecastCoverage, format: ValueFormatter, style: Style) -> [String] {
        guard let last = coverage.lastDayBeforeToday else { return [] }
        return [style.dim("  this forecast does not cover today: its days end on \(format.day(last))")]
    }

    /// The line saying the data is old and why, when it came from the cache after a failure.
    static func offlineNote(_ origin: DataOrigin, context: RenderContext, style: Style) -> [String] {
        guard case .stale(let stored, let reason) = origin else { return [] }
        let why = reason.map { " (\($0.description))" } ?? ""
        return wrap(
            "offline: data from \(ValueFormatter.age(seconds: context.now.timeIntervalSince(stored))) ago\(why)",
            indent: 2, width: reportWidth
        )
        .map(style.dim)
    }

    static func weather(
        _ presentation: WeatherPresentation, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let clock = presentation.report.forecast.clock
        var lines = header(presentation, context: context, format: format, style: style)

        let hour = presentation.currentHour
        let today = presentation.today
        if let current = presentation.current {
            let dataAge = context.now.timeIntervalSince(current.time)
            var first = [
                "\(format.temperature(current.temperatureCelsius)), feels like \(format.temperature(current.apparentTemperatureCelsius))"
            ]
            let symbol = current.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode) + " " } ?? ""
            first.append(symbol + (current.conditionText ?? condition(current.weatherCode)))
            var wind = "wind \(format.windSpeed(current.windSpeedKilometresPerHour))"
            if let direction = current.windDirectionDegrees, current.windSpeedKilometresPerHour != nil {
                wind += " \(CompassDirection.name(degrees: direction)) (\(DecimalText.fixed(direction, digits: 0))°)"
            }
            first.append(wind)
            if dataAge > 5_400 || dataAge < -5_400 {
                first.append("as of \(format.dateTime(clock.localTime(current.time)))")
            }
            lines.append(contentsOf: TextLayout.flow(first, indent: 2))
            // The other readings, those the service gave; what only the hourly data has comes
            // from the hour of these conditions (see WeatherPresentation.conditionsHour).
            let hour = presentation.conditionsHour
            var more = ["humidity \(format.percent(current.relativeHumidityPercent))"]
            if let value = current.dewPointCelsius { more.append("dew point \(format.temperature(value))") }
            if let value = current.pressureHectopascals { more.append("pressure \(format.pressure(value))") }
            if let value = current.cloudCoverPercent { more.append("clouds \(format.percent(value))") }
            if let value = current.visibilityMetres ?? hour?.visibilityMetres {
                more.append("visibility \(format.distance(value))")
            }
            if let value = current.uvIndex ?? hour?.uvIndex { more.append("UV \(DecimalText.fixed(value, digits: 1))") }
            if let value = current.windGustsKilometresPerHour { more.append("gusts \(format.windSpeed(value))") }
            lines.append(contentsOf: TextLayout.flow(more, indent: 2))
        } else if let reading = presentation.reading {
            lines.append(
                contentsOf: TextLayout.flow(
                    [
                        "\(format.temperature(reading.temperatureCelsius)) (hourly forecast)",
                        condition(reading.weatherCode),
                    ], indent: 2))
        } else {
            lines.append("  no current conditions in this forecast")
        }
        var second: [String] = []
        if hour != nil || presentation.current != nil {
            second.append("rain \(format.percent(hour?.precipitationProbabilityPercent))")
            second.append(
                "\(format.precipitation(hour?.precipitationMillimetres ?? presentation.current?.precipitationMillimetres)) this hour"
            )
            if let snow = presentation.current?.snowfallMillimetres {
                second.append("snow \(format.precipitation(snow))")
            }
        }
        if let today {
            if today.temperatureMinCelsius != nil || today.temperatureMaxCelsius != nil {
                second.append(
                    "today \(format.temperatureValue(today.temperatureMinCelsius)) … \(format.temperature(today.temperatureMaxCelsius))"
                )
            }
            let sun = [
                today.sunrise.map { "sunrise \(format.clock(clock.localTime($0)))" },
                today.sunset.map { "sunset \(format.clock(clock.localTime($0)))" },
            ].compactMap { $0 }
            if !sun.isEmpty { second.append(sun.joined(separator: " ")) }
            let daylight =
                today.daylightDurationSeconds
                ?? today.sunrise.flatMap { rise in today.sunset.map { $0.timeIntervalSince(rise) } }
            if let daylight, daylight > 0 {
                second.append("daylight \(Int(daylight) / 3_600) h \(Int(daylight) % 3_600 / 60) min")
            }
        }
        lines.append(contentsOf: TextLayout.flow(second, indent: 2))

        // The next hours, one column each (the header says when the forecast is not about now).
        let next = presentation.hours
        if !next.isEmpty {
            lines.append("")
            let label = 10
            let cell = 5
            func row(_ title: String, _ values: [String]) -> String {
                TextLayout.pad(title, to: label) + values.map { TextLayout.pad($0, to: cell, right: true) }.joined()
            }
            lines.append(row("  hour", next.map { format.hourLabel(clock.localTime($0.time)) }))
            lines.append(
                row(
                    "  \(format.temperatureSymbol)",
                    next.map { format.temperatureValue($0.temperatureCelsius, digits: 0) }))
            lines.append(
                row(
                    "  rain %",
                    next.map {
                        $0.precipitationProbabilityPercent.map { DecimalText.fixed($0, digits: 0) }
                            ?? ValueFormatter.missing
                    }))
            lines.append(
                row(
                    "  \(context.units.precipitation.symbol)",
                    next.map { format.precipitationValue($0.precipitationMillimetres) }))
        }

        // A provider of current conditions only (OpenWeatherMap) has a today with nothing but
        // sunrise and sunset: no table then. Otherwise every day shows, unknown values as such,
        // and days that all lie before today are said to.
        if presentation.coverage.isCurrentConditionsOnly {
            lines.append(style.dim("  " + presentation.coverage.noForecastText))
        }
        if !presentation.days.isEmpty {
            lines.append("")
            lines.append(contentsOf: dayTable(presentation.days, context: context, format: format, detailed: false))
            lines.append(contentsOf: daysNote(presentation.coverage, format: format, style: style))
        }
        return lines
    }

    /// Days as a table: day, condition, low, high, rain chance, amount; with `detailed`, the
    /// strongest wind too.
    static func dayTable(_ days: [DailyForecast], context: RenderContext, format: ValueFormatter, detailed: Bool)
        -> [String]
    {
        let unit = format.temperatureSymbol
        let conditionWidth = detailed ? 20 : 24
        var header =
            "  " + TextLayout.pad("day", to: 12) + TextLayout.pad("condition", to: conditionWidth)
            + TextLayout.pad("low \(unit)", to: 8, right: true) + TextLayout.pad("high \(unit)", to: 9, right: true)
            + TextLayout.pad("rain", to: 7, right: true)
            + TextLayout.pad(context.units.precipitation.symbol, to: 8, right: true)
        if detailed { header += "  wind max" }
        var lines = [header]
        for day in days {
            let symbol = day.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode) } ?? " "
            var line =
                "  " + TextLayout.pad(format.day(day.date), to: 12)
                + TextLayout.pad("\(symbol) \(condition(day.weatherCode))", to: conditionWidth)
                + TextLayout.pad(format.temperatureValue(day.temperatureMinCelsius), to: 8, right: true)
                + TextLayout.pad(format.temperatureValue(day.temperatureMaxCelsius), to: 9, right: true)
                + TextLayout.pad(format.percent(day.precipitationProbabilityMaxPercent), to: 7, right: true)
                + TextLayout.pad(format.precipitationValue(day.precipitationSumMillimetres), to: 8, right: true)
            if detailed {
                var wind = format.windSpeed(day.windSpeedMaxKilometresPerHour)
                if let direction = day.windDirectionDominantDegrees, day.windSpeedMaxKilometresPerHour != nil {
                    wind += " " + CompassDirection.name(degrees: direction)
                }
                line += "  " + wind
            }
            lines.append(TextLayout.truncate(line.trimmedTrailing, to: reportWidth))
        }
        return lines
    }

    // MARK: - hourly

    static func hourly(
        _ presentation: WeatherPresentation, count: Int, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let clock = presentation.report.forecast.clock
        let hours = presentation.hours
        var lines = header(presentation, context: context, format: format, style: style)
        guard !hours.isEmpty else {
            lines.append(style.dim("  no forecast hours after now in this answer"))
            return lines
        }
        let unit = format.temperatureSymbol
        let timeWidth = context.units.clock == .twelveHour ? 13 : 11
        lines.append(
            "  " + TextLayout.pad("time", to: timeWidth) + TextLayout.pad("condition", to: 20)
                + TextLayout.pad(unit, to: 6, right: true) + TextLayout.pad("feels", to: 7, right: true)
                + TextLayout.pad("rain", to: 6, right: true)
                + TextLayout.pad(context.units.precipitation.symbol, to: 6, right: true) + "  wind")
        var previousDay: LocalDate?
        for hour in hours {
            let local = clock.localTime(hour.time)
            let time =
                (local.date != previousDay ? ValueFormatter.weekdays[local.weekday] + " " : "    ")
                + format.clock(local)
            previousDay = local.date
            let symbol = hour.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode) } ?? " "
            var wind = format.windSpeed(hour.windSpeedKilometresPerHour)
            if let direction = hour.windDirectionDegrees, hour.windSpeedKilometresPerHour != nil {
                wind += " " + CompassDirection.name(degrees: direction)
            }
            lines.append(
                ("  " + TextLayout.pad(time, to: timeWidth)
                    + TextLayout.pad("\(symbol) \(condition(hour.weatherCode))", to: 20)
                    + TextLayout.pad(format.temperatureValue(hour.temperatureCelsius), to: 6, right: true)
                    + TextLayout.pad(format.temperatureValue(hour.apparentTemperatureCelsius), to: 7, right: true)
                    + TextLayout.pad(format.percent(hour.precipitationProbabilityPercent), to: 6, right: true)
                    + TextLayout.pad(format.precipitationValue(hour.precipitationMillimetres), to: 6, right: true)
                    + "  " + wind).trimmedTrailing)
        }
        let chart = TemperatureChart.lines(hours, clock: clock, format: format, unicode: context.unicode)
        if !chart.isEmpty { lines.append("") }
        // Fewer hours than asked: say where the answer ends rather than leave it to be noticed.
        let short =
            presentation.hoursAfterNow < count
            ? [style.dim("  the answer has \(Self.count(presentation.hoursAfterNow, "hour")) after now")] : []
        return lines + short + chart
    }

    // MARK: - rain and air

    /// "rain from 15:30, about 2 mm, until 17:00" and the like.
    static func rainSentence(_ outlook: PrecipitationOutlook?, clock: ZoneClock, format: ValueFormatter, now: Date)
        -> String
    {
        guard let outlook else { return "no precipitation data for now in this forecast" }
        let source = outlook.resolution == .quarterHours ? "15-minute data" : "hourly data"
        let horizon = Int((outlook.horizonSeconds / 3_600).rounded(.down))
        func time(_ date: Date) -> String {
            let local = clock.localTime(date)
            let today = clock.localTime(now).date
            return local.date == today
                ? format.clock(local) : "\(ValueFormatter.weekdays[local.weekday]) \(format.clock(local))"
        }
        let amount = "about \(format.precipitation(outlook.totalMillimetres))"
        let chance = outlook.probabilityPercent.map { " (\(DecimalText.fixed($0, digits: 0)) % likely)" } ?? ""
        let until = outlook.end.map { "until \(time($0))" } ?? "past the end of the forecast"
        switch outlook.kind {
        case .dry: return "no rain expected in the next \(horizon) h (\(source))"
        case .now: return "raining now, \(amount)\(chance), \(until) (\(source))"
        case .later: return "rain from \(time(outlook.start!)), \(amount)\(chance), \(until) (\(source))"
        }
    }

    static func airLines(
        _ place: Place, _ air: AirQuality, origin: DataOrigin, context: RenderContext, format: ValueFormatter,
        style: Style
    ) -> [String] {
        var lines = [style.bold("air at \(place.label)")]
        lines += offlineNote(origin, context: context, style: style)
        var indexes: [String] = []
        if let value = air.europeanAQI {
            indexes.append(
                "European AQI \(DecimalText.fixed(value, digits: 0)) (\(AirQuality.europeanCategory(value)))")
        }
        if let value = air.usAQI {
            indexes.append("US AQI \(DecimalText.fixed(value, digits: 0)) (\(AirQuality.usCategory(value)))")
        }
        lines.append(
            contentsOf: TextLayout.flow(indexes.isEmpty ? ["no air-quality index for this place"] : indexes, indent: 2))
        func micrograms(_ value: Double?) -> String {
            value.map { "\(DecimalText.fixed($0, digits: 1)) µg/m³" } ?? ValueFormatter.missing
        }
        lines.append(
            contentsOf: TextLayout.flow(
                [
                    "PM2.5 \(micrograms(air.pm25MicrogramsPerCubicMetre))",
                    "PM10 \(micrograms(air.pm10MicrogramsPerCubicMetre))",
                    "ozone \(micrograms(air.ozoneMicrogramsPerCubicMetre))",
                    "NO₂ \(micrograms(air.nitrogenDioxideMicrogramsPerCubicMetre))",
                    "UV \(air.uvIndex.map { DecimalText.fixed($0, digits: 1) } ?? ValueFormatter.missing)",
                ], indent: 2))
        if !air.pollenGrainsPerCubicMetre.isEmpty {
            lines.append(
                contentsOf: TextLayout.flow(
                    ["pollen (grains/m³)"]
                        + air.pollenGrainsPerCubicMetre.map { "\($0.plant) \(DecimalText.fixed($0.value, digits: 1))" },
                    indent: 2))
        }
        return lines
    }

    // MARK: - compare

    static func comparison(
        _ places: [WeatherPresentation], context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let unit = format.temperatureSymbol
        // 2 + name + 7 + 2 + 18 + 12 + 6 + 2 columns before the wind, which gets the rest (13 at 80).
        let nameWidth = max(12, min(24, context.width - 62))
        let windWidth = max(8, context.width - 49 - nameWidth)
        var lines = [
            "  " + TextLayout.pad("place", to: nameWidth) + TextLayout.pad("now \(unit)", to: 7, right: true)
                + "  " + TextLayout.pad("condition", to: 18) + TextLayout.pad("today \(unit)", to: 12, right: true)
                + TextLayout.pad("rain", to: 6, right: true) + "  wind"
        ]
        for place in places {
            let reading = place.reading
            let today = place.today
            var wind = format.windSpeed(reading?.windSpeedKilometresPerHour)
            if let direction = reading?.windDirectionDegrees, wind != ValueFormatter.missing {
                wind += " " + CompassDirection.name(degrees: direction)
            }
            let range =
                today.map {
                    "\(format.temperatureValue($0.temperatureMinCelsius)) … \(format.temperatureValue($0.temperatureMaxCelsius))"
                }
                ?? ValueFormatter.missing
            lines.append(
                "  " + TextLayout.pad(place.report.place.name, to: nameWidth)
                    + TextLayout.pad(format.temperatureValue(reading?.temperatureCelsius), to: 7, right: true)
                    + "  " + TextLayout.pad(condition(reading?.weatherCode), to: 18)
                    + TextLayout.pad(range, to: 12, right: true)
                    + TextLayout.pad(
                        format.percent(
                            today?.precipitationProbabilityMaxPercent ?? reading?.precipitationProbabilityPercent),
                        to: 6, right: true)
                    + "  " + TextLayout.truncate(wind, to: windWidth))
        }
        if let origin = places.first?.report.origin { lines += offlineNote(origin, context: context, style: style) }
        return lines
    }

    // MARK: - Helpers

    /// "12.3 MB", "4.0 KB", "512 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes < 1_024 { return "\(bytes) bytes" }
        if bytes < 1_048_576 { return "\(DecimalText.fixed(Double(bytes) / 1_024, digits: 1)) KB" }
        return "\(DecimalText.fixed(Double(bytes) / 1_048_576, digits: 1)) MB"
    }

    /// Words for a WMO code; "unknown" when the service sent none.
    static func condition(_ code: Int?) -> String { code.map { WeatherCode($0).description } ?? "unknown" }

    /// "+01:00", "-02:30", "+05:45".
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return "\(sign)\(ValueFormatter.two(minutes / 60)):\(ValueFormatter.two(minutes % 60))"
    }

    static func snapshotClock(_ snapshot: Snapshot, _ date: Date) -> LocalDateTime {
        ZoneClock(
            ZoneInfo(identifier: snapshot.timeZone, abbreviation: nil, utcOffsetSeconds: snapshot.utcOffsetSeconds)
        ).localTime(date)
    }

    /// Words wrapped to `width`, each line indented.
    /// Commands and their summaries in two columns, a summary wrapped under itself when it does
    /// not fit `width` (for `help` and `wx --help`).
    package static func commandList(_ specs: [CommandSpec], width: Int) -> [String] {
        let column = 37
        var lines: [String] = []
        for spec in specs {
            let summary = wrap(spec.summary, indent: column, width: max(width, column + 20))
            if spec.synopsis.count > column - 3 {
                lines.append("  \(spec.synopsis)")
                lines += summary
            } else {
                let first = summary.first.map { String($0.dropFirst(column)) } ?? ""
                lines.append("  \(TextLayout.pad(spec.synopsis, to: column - 3)) \(first)")
                lines += summary.dropFirst()
            }
        }
        return lines
    }

    static func wrap(_ text: String, indent: Int, width: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && indent + TextLayout.columns(candidate) > width {
                lines.append(margin + line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(margin + line) }
        return lines
    }
}

extension Coordinate {
    /// "53.5507, 9.9930": how coordinates are listed.
    package var latitudeLongitudeText: String {
        "\(DecimalText.fixed(latitude, digits: 4)), \(DecimalText.fixed(longitude, digits: 4))"
    }
}

/// ANSI styling, or none.
struct Style {
    let colour: Bool
    func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { colour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}
