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
    /// Columns available (at least 40): the terminal's width, `COLUMNS` when output is not a
    /// terminal, else 80. Every view fits it; the weather's views keep to 80 columns at most.
    package var width: Int
    /// Whether lines are fitted to `width` (a terminal, or `COLUMNS` given); false in scripts
    /// and pipes, where `find`'s candidates are printed whole, never cut.
    package var fitsWidth: Bool

    package init(
        units: UnitPreferences, now: Date, colour: Bool, unicode: Bool, width: Int = 80, fitsWidth: Bool = true
    ) {
        self.units = units
        self.now = now
        self.colour = colour
        self.unicode = unicode
        self.width = max(40, width)
        self.fitsWidth = fitsWidth
    }

    /// The width of the weather's views: the terminal's, at most 80 columns.
    package var reportWidth: Int { min(width, TextRenderer.reportWidth) }
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
        var text = lines.joined(separator: "\n")
        if !lines.isEmpty { text.append("\n") }
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

    /// The text of `result`, line by line. A long table (`favs`, `saved`) comes as one element
    /// holding its lines joined by "\n", made in one piece (`TextTable.text`): `render` joins
    /// the elements with "\n" all the same.
    static func lines(_ result: CommandResult, context: RenderContext) -> [String] {
        let format = ValueFormatter(units: context.units, unicode: context.unicode)
        let style = Style(colour: context.colour)
        let width = context.width
        switch result {
        case .candidates(_, let places):
            return candidates(places, context: context)
        case .currentPlace(let place):
            // The place's name gives way; its coordinates are whole, on a line of their own
            // when the name would keep fewer than 12 columns.
            let lead = "current location: "
            let coordinates = " (\(place.coordinate.latitudeLongitudeText))"
            let room = width - TextLayout.columns(lead) - TextLayout.columns(coordinates)
            if room >= 12 || TextLayout.columns(place.label) <= room {
                return [lead + TextLayout.truncate(place.label, to: room) + coordinates]
            }
            return [
                lead + TextLayout.truncate(place.label, to: width - TextLayout.columns(lead)), " " + coordinates,
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
                ? note("the answer has \(Self.count(presentation.daysFromToday, "day")) from today", context, style)
                : []
            return header(presentation, context: context, format: format, style: style)
                + dayTable(presentation.days, context: context, format: format, detailed: true)
                + short + daysNote(presentation.coverage, format: format, style: style, context: context)
                + comparisonLines(presentation, format: format, width: context.reportWidth)
        case .rain(let report, let outlook):
            return header(
                WeatherPresentation.heading(report, now: context.now), context: context, format: format, style: style)
                + wrap(
                    rainSentence(outlook, clock: report.forecast.clock, format: format, now: context.now), indent: 2,
                    width: context.reportWidth)
        case .past(let report):
            return pastLines(report, context: context, format: format, style: style)
        case .normal(let report):
            return normalLines(report, context: context, format: format, style: style)
        case .confidence(let report):
            return confidenceLines(report, context: context, format: format, style: style)
        case .models(let report):
            return modelsLines(report, context: context, format: format, style: style)
        case .air(let place, let air, let origin):
            return airLines(place, air, origin: origin, context: context, format: format, style: style)
        case .favoriteAdded(let favorite):
            return wrap("\(context.unicode ? "★" : "*") \(favorite.name) saved to favorites", indent: 0, width: width)
        case .favoriteRemoved(let favorite):
            return wrap(
                "\(context.unicode ? "☆" : "-") \(favorite.name) removed from favorites", indent: 0, width: width)
        case .favoriteRenamed(let old, let favorite):
            return wrap("favorite “\(old)” is now “\(favorite.name)”", indent: 0, width: width)
        case .favorites(let favorites):
            if favorites.isEmpty { return ["no favorites yet: “fav” saves the current location"] }
            // Name and region are words and give way (the region first); coordinates never do.
            let star = context.unicode ? "★" : "*"
            let table = TextTable(columns: [
                .init(header: "", cells: favorites.map { "\(star) \($0.name)" }, width: 24, shrinkable: 10),
                .init(
                    header: "", cells: favorites.map(\.region), lead: 1, width: max(1, width - 50), shrinkable: 12,
                    dropOrder: 1),
                .init(header: "", cells: favorites.map(\.coordinate.latitudeLongitudeText), lead: 2),
            ])
            return [table.text(width: width, header: false)]
        case .snapshotSaved(let snapshot):
            let reading = snapshot.reading
            let time = format.dateTime(snapshotClock(snapshot, reading.dataTime))
            return wrap(
                "snapshot \(snapshot.id) saved: \(snapshot.placeName) \(format.temperature(reading.temperatureCelsius)), \(format.percent(reading.precipitationProbabilityPercent)), \(format.precipitation(reading.precipitationMillimetres)) at \(time)",
                indent: 0, width: width)
        case .snapshotRemoved(let snapshot):
            return ["snapshot \(snapshot.id) deleted (\(snapshot.placeName))"]
        case .snapshots(let snapshots):
            if snapshots.isEmpty { return ["no snapshots yet: “save” keeps the last weather shown"] }
            // 65 columns before the condition at 80; narrower, the words give way, then the
            // amount, the chance and the condition are left out: a value is never cut.
            let readings = snapshots.map(\.reading)
            // "2025-07-27 12:00 pm" is three columns wider than "2025-07-27 12:00": the name
            // gives them up, so the 12-hour list keeps the same layout instead of closing up.
            let dateWidth = context.units.clock == .twelveHour ? 19 : 16
            let table = TextTable(
                columns: [
                    .init(
                        header: "", cells: snapshots.map { $0.id == 0 ? "new" : String($0.id) }, width: 5, right: true),
                    .init(
                        header: "", cells: snapshots.map { format.dateTime(snapshotClock($0, $0.reading.dataTime)) },
                        lead: 2, width: dateWidth),
                    .init(
                        header: "", cells: snapshots.map(\.placeName), lead: 2,
                        width: max(14, width - 66 - (dateWidth - 16)),
                        shrinkable: 8),
                    .init(
                        header: "", cells: readings.map { format.temperature($0.temperatureCelsius) }, lead: 1,
                        width: 8,
                        right: true),
                    .init(
                        header: "", cells: readings.map { format.percent($0.precipitationProbabilityPercent) }, lead: 1,
                        width: 5, right: true, dropOrder: 2),
                    .init(
                        header: "", cells: readings.map { format.precipitation($0.precipitationMillimetres) }, lead: 1,
                        width: 8, right: true, dropOrder: 1),
                    .init(
                        header: "", cells: readings.map { condition($0.weatherCode) }, lead: 2,
                        width: max(4, width - 65 - max(0, width - 80)), shrinkable: 8, dropOrder: 3),
                ], indent: 0)
            return [table.text(width: width, header: false)]
        case .snapshot(let snapshot, let outcome):
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
            ] + forecastCheck(outcome, format: format)
        case .verification(let places):
            return places.flatMap { verification($0, format: format) }
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
            lines.append("  \(TextLayout.pad("!! | !N | !-N | !prefix", to: 34)) run a line from the history again")
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
            // Each attribution once, with the endpoints of its services that are not the default
            // under it (the archive's under Open-Meteo's weather data).
            var attributions: [(text: String, first: Service, endpoints: [String])] = []
            for service in info.services {
                if !attributions.contains(where: { $0.text == service.attribution }) {
                    attributions.append((service.attribution, service, []))
                }
                let index = attributions.firstIndex { $0.text == service.attribution }!
                let base = info.endpoints[service]
                guard base != service.defaultBaseURL else { continue }
                attributions[index].endpoints.append(
                    service == attributions[index].first
                        ? "    endpoint: \(Redaction.displayURL(base))"
                        : "    \(service.displayName) endpoint: \(Redaction.displayURL(base))")
            }
            for attribution in attributions {
                lines.append(contentsOf: wrap(attribution.text, indent: 2, width: width))
                lines.append(contentsOf: attribution.endpoints)
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
            // A few names follow on the line; more than that would make one long wrapped line (or,
            // one a line, scroll the count away): the count, and `favs` lists them.
            let line = "\(Self.count(added.count, "favorite")) imported from \(path)"
            var lines: [String]
            if added.isEmpty {
                lines = [line]
            } else if added.count <= Self.importedNamesShown {
                lines = [line + ": " + added.map(\.name).joined(separator: ", ")]
            } else {
                lines = [line + " (“favs” lists them)"]
            }
            if alreadySaved > 0 { lines.append("\(alreadySaved) already saved (same coordinates), skipped") }
            return lines
        case .notSaved(let error):
            return ["not saved to disk, kept for this session only: \(error.description)"]
        }
    }

    /// How many imported names `import` lists after its count.
    static let importedNamesShown = 10

    // MARK: - find

    /// `find`'s numbered candidates with their coordinates. In scripts and pipes (`fitsWidth`
    /// false) every label is whole, padded to 52 columns or the longest label. At a terminal a label that does not
    /// fit keeps its locality, region and country — what tells candidates apart — and gives way
    /// in its own name (the street part, cut with "…"); a region too long for one line goes on
    /// lines of its own under the name, split between its parts. Coordinates are never cut:
    /// when the width leaves fewer than 24 columns beside them, they get a line of their own.
    static func candidates(_ places: [Place], context: RenderContext) -> [String] {
        let coordinates = places.map(\.coordinate.latitudeLongitudeText)
        let coordinateWidth = coordinates.map(TextLayout.columns).max() ?? 0
        let numbers = places.indices.map { TextLayout.pad(String($0 + 1), to: 3, right: true) + "  " }
        guard context.fitsWidth else {
            // Aligned as at 80 columns (52 for labels), further out for a longer label.
            let labelWidth = places.map { TextLayout.columns($0.label) }.reduce(52, max)
            return places.indices.map {
                numbers[$0] + TextLayout.pad(places[$0].label, to: labelWidth) + "  " + coordinates[$0]
            }
        }
        let width = context.width
        let margin = String(repeating: " ", count: 5)
        // Labels in 52 columns at 80, as wide as the coordinates leave on narrower terminals.
        var room = width - 7 - max(coordinateWidth, 21)
        if room < 24 { room = width - 7 - coordinateWidth }
        let beside = room >= 24
        if !beside { room = width - 5 }
        var lines: [String] = []
        for (index, place) in places.enumerated() {
            let label = labelLines(place, width: room, continuation: width - 5)
            lines.append(
                numbers[index] + (beside ? TextLayout.pad(label[0], to: room) + "  " + coordinates[index] : label[0]))
            lines += label.dropFirst().map { margin + $0 }
            if !beside { lines.append(margin + coordinates[index]) }
        }
        return lines
    }

    /// A place's label in a first line of at most `width` columns and further lines of at most
    /// `continuation`: whole when it fits; else its name cut (to no fewer than 10 columns) so
    /// that the region stays whole on the same line; else the name on the first line and the
    /// region's parts (locality, region, country) after it, as many to a line as fit — only a
    /// part longer than a whole line is cut.
    static func labelLines(_ place: Place, width: Int, continuation: Int) -> [String] {
        let label = place.label
        if TextLayout.columns(label) <= width || place.region.isEmpty { return [TextLayout.truncate(label, to: width)] }
        let region = ", " + place.region
        let nameRoom = width - TextLayout.columns(region)
        if nameRoom >= 10 { return [TextLayout.truncate(place.name, to: nameRoom) + region] }
        var lines = [TextLayout.truncate(place.name + ",", to: width)]
        let parts = place.region.split(separator: ", ").map(String.init)
        var line = ""
        for (index, part) in parts.enumerated() {
            let piece = part + (index < parts.count - 1 ? "," : "")
            let candidate = line.isEmpty ? piece : line + " " + piece
            if !line.isEmpty && TextLayout.columns(candidate) > continuation {
                lines.append(line)
                line = TextLayout.truncate(piece, to: continuation)
            } else {
                line = TextLayout.truncate(candidate, to: continuation)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    // MARK: - show

    /// "Hamburg, Deutschland · Sun 03:10 GMT": the place and its local time now, in at most
    /// `width` columns. A long place name is what gets shortened (ending in "…"); the time and
    /// its zone are always whole.
    static func heading(_ presentation: WeatherPresentation, format: ValueFormatter, width: Int = .max) -> String {
        let local = presentation.local
        let zone = local.abbreviation ?? "UTC\(offsetText(local.utcOffsetSeconds))"
        let time = " · \(ValueFormatter.weekdays[local.weekday]) \(format.clock(local)) \(zone)"
        return TextLayout.truncate(presentation.report.place.label, to: max(1, width - TextLayout.columns(time))) + time
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
        [style.bold(heading(presentation, format: format, width: context.width))]
            + offlineNote(presentation.report.origin, context: context, style: style)
            + coverageNote(presentation.coverage, format: format, style: style, context: context)
    }

    /// "this forecast covers Sun 27 Jul to Sat 02 Aug, not now" when now is outside its hours.
    /// Under it, "3-hour steps from OpenWeatherMap; days are built from them" for coarse steps.
    static func coverageNote(_ coverage: ForecastCoverage, format: ValueFormatter, style: Style, context: RenderContext)
        -> [String]
    {
        let steps = coverage.stepNote.map { note($0, context, style) } ?? []
        guard let days = coverage.hoursNotNow else { return steps }
        return note(
            "this forecast covers \(format.day(days.lowerBound)) to \(format.day(days.upperBound)), not now", context,
            style) + steps
    }

    /// A dim note under a weather view, indented and wrapped to the view's width.
    static func note(_ text: String, _ context: RenderContext, _ style: Style) -> [String] {
        wrap(text, indent: 2, width: context.reportWidth).map(style.dim)
    }

    /// "this forecast does not cover today: its days end on Sat 02 Aug", under a table of days
    /// that all lie before the place's today.
    static func daysNote(_ coverage: ForecastCoverage, format: ValueFormatter, style: Style, context: RenderContext)
        -> [String]
    {
        guard let last = coverage.lastDayBeforeToday else { return [] }
        return note("this forecast does not cover today: its days end on \(format.day(last))", context, style)
    }

    /// The line saying the data is old and why, when it came from the cache after a failure.
    static func offlineNote(_ origin: DataOrigin, context: RenderContext, style: Style) -> [String] {
        guard case .stale(let stored, let reason) = origin else { return [] }
        let why = reason.map { " (\($0.description))" } ?? ""
        // "offline" only when the network is out of reach (or --offline); a service that answered
        // with a refusal (rate limit, outage) was reached: its saved answer is shown instead.
        let offline: Bool
        switch reason {
        case nil, .transport?: offline = true
        default: offline = false
        }
        let age = ValueFormatter.age(seconds: context.now.timeIntervalSince(stored))
        return wrap(
            (offline ? "offline: data from \(age) ago" : "saved data from \(age) ago") + why,
            indent: 2, width: context.reportWidth
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
            let isNight = presentation.currentIsNight
            let symbol =
                current.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode, isNight: isNight) + " " }
                ?? ""
            first.append(symbol + (current.conditionText ?? condition(current.weatherCode, isNight: isNight)))
            var wind = "wind \(format.windSpeed(current.windSpeedKilometresPerHour))"
            if let direction = current.windDirectionDegrees, current.windSpeedKilometresPerHour != nil {
                wind += " \(CompassDirection.name(degrees: direction)) (\(DecimalText.fixed(direction, digits: 0))°)"
            }
            first.append(wind)
            if dataAge > 5_400 || dataAge < -5_400 {
                first.append("as of \(format.dateTime(clock.localTime(current.time)))")
            }
            lines.append(contentsOf: TextLayout.flow(first, indent: 2, width: context.reportWidth))
            // The other readings, those the service gave; what only the hourly data has comes
            // from the hour of these conditions (see WeatherPresentation.conditionsHour).
            var more = ["humidity \(format.percent(current.relativeHumidityPercent))"]
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
                        condition(reading.weatherCode, isNight: reading.isNight),
                    ], indent: 2, width: context.reportWidth))
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
            second += sunText(today, clock: clock, format: format)
        }
        lines.append(contentsOf: TextLayout.flow(second, indent: 2, width: context.reportWidth))
        if let comparison = presentation.todayComparison {
            lines += wrap(
                "today’s high \(format.comparedWithUsual(comparison)) (\(format.temperature(comparison.normalHighCelsius)) in 1991–2020)",
                indent: 2, width: context.reportWidth)
        }
        lines += ensembleShowLines(presentation, context: context, format: format)

        // The next hours, one column each (the header says when the forecast is not about now),
        // as many as the width holds.
        let next = presentation.hours.prefix(max(1, (context.reportWidth - 10) / 5))
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
            lines += note(presentation.coverage.noForecastText, context, style)
        }
        if !presentation.days.isEmpty {
            lines.append("")
            lines.append(contentsOf: dayTable(presentation.days, context: context, format: format, detailed: false))
            lines.append(contentsOf: daysNote(presentation.coverage, format: format, style: style, context: context))
        }
        return lines
    }

    /// Days as a table: day, condition, low, high, rain chance, amount; with `detailed`, the
    /// strongest wind too.
    static func dayTable(_ days: [DailyForecast], context: RenderContext, format: ValueFormatter, detailed: Bool)
        -> [String]
    {
        let unit = format.temperatureSymbol
        let winds = days.map { day in
            var wind = format.windSpeed(day.windSpeedMaxKilometresPerHour)
            if let direction = day.windDirectionDominantDegrees, day.windSpeedMaxKilometresPerHour != nil {
                wind += " " + CompassDirection.name(degrees: direction)
            }
            return wind
        }
        // Day codes describe the whole day: a day's words and symbols stay the day's.
        var columns: [TextTable.Column] = [
            .init(header: "day", cells: days.map { format.day($0.date) }, width: 12),
            .init(
                header: "condition",
                cells: days.map { day in
                    "\(day.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode) } ?? " ") \(condition(day.weatherCode))"
                }, width: detailed ? 20 : 24, shrinkable: 8),
            .init(
                header: "low \(unit)", cells: days.map { format.temperatureValue($0.temperatureMinCelsius) }, width: 8,
                right: true),
            .init(
                header: "high \(unit)", cells: days.map { format.temperatureValue($0.temperatureMaxCelsius) }, width: 9,
                right: true),
            .init(
                header: "rain", cells: days.map { format.percent($0.precipitationProbabilityMaxPercent) }, width: 7,
                right: true, dropOrder: 3),
            .init(
                header: context.units.precipitation.symbol,
                cells: days.map { format.precipitationValue($0.precipitationSumMillimetres) }, width: 8, right: true,
                dropOrder: 2),
        ]
        if detailed { columns.append(.init(header: "wind max", cells: winds, lead: 2, dropOrder: 1)) }
        return TextTable(columns: columns).lines(width: context.reportWidth)
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
                let minutes = Int((daylight / 60).rounded())
                parts.append("daylight \(minutes / 60) h \(minutes % 60) min")
            }
            return parts
        }
    }

    // MARK: - hourly

    static func hourly(
        _ presentation: WeatherPresentation, count: Int, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let clock = presentation.report.forecast.clock
        let hours = presentation.hours
        var lines = header(presentation, context: context, format: format, style: style)
        guard !hours.isEmpty else {
            lines += note("no forecast hours after now in this answer", context, style)
            return lines
        }
        lines += hourRows(
            hours, clock: clock, context: context, format: format, probability: true,
            isNight: { presentation.isNight($0) })
        let chart = TemperatureChart.lines(
            hours, clock: clock, format: format, unicode: context.unicode, width: context.reportWidth)
        if !chart.isEmpty { lines.append("") }
        // Fewer hours than asked: say where the answer ends rather than leave it to be noticed.
        let short =
            presentation.hoursAfterNow < count
            ? note("the answer has \(Self.count(presentation.hoursAfterNow, "hour")) after now", context, style) : []
        return lines + short + chart + ensembleBandLines(presentation, context: context, format: format, style: style)
    }

    /// The hours as a table: time, condition, temperature, feels like, rain chance (with
    /// `probability`), amount, wind. `hourly` and `past` share it. At night clear skies read
    /// "clear night" under a moon, not a sun (`isNight`: is_day, else the sun times).
    static func hourRows(
        _ hours: [HourlyForecast], clock: ZoneClock, context: RenderContext, format: ValueFormatter, probability: Bool,
        isNight: (HourlyForecast) -> Bool?
    ) -> [String] {
        let unit = format.temperatureSymbol
        var times: [String] = []
        var previousDay: LocalDate?
        for hour in hours {
            let local = clock.localTime(hour.time)
            times.append(
                (local.date != previousDay ? ValueFormatter.weekdays[local.weekday] + " " : "    ")
                    + format.clock(local))
            previousDay = local.date
        }
        let winds = hours.map { hour in
            var wind = format.windSpeed(hour.windSpeedKilometresPerHour)
            if let direction = hour.windDirectionDegrees, hour.windSpeedKilometresPerHour != nil {
                wind += " " + CompassDirection.name(degrees: direction)
            }
            return wind
        }
        let conditions = hours.map { hour in
            let night = isNight(hour)
            let symbol =
                hour.weatherCode.map { WeatherCode($0).symbol(unicode: context.unicode, isNight: night) } ?? " "
            return "\(symbol) \(condition(hour.weatherCode, isNight: night))"
        }
        var columns: [TextTable.Column] = [
            .init(header: "time", cells: times, width: context.units.clock == .twelveHour ? 13 : 11),
            .init(header: "condition", cells: conditions, width: 22, shrinkable: 10),
            .init(
                header: unit, cells: hours.map { format.temperatureValue($0.temperatureCelsius) }, width: 6, right: true
            ),
            .init(
                header: "feels", cells: hours.map { format.temperatureValue($0.apparentTemperatureCelsius) }, width: 7,
                right: true, dropOrder: 1),
        ]
        if probability {
            columns.append(
                .init(
                    header: "rain", cells: hours.map { format.percent($0.precipitationProbabilityPercent) }, width: 6,
                    right: true, dropOrder: 4))
        }
        columns += [
            .init(
                header: context.units.precipitation.symbol,
                cells: hours.map { format.precipitationValue($0.precipitationMillimetres) }, width: 6, right: true,
                dropOrder: 2),
            .init(header: "wind", cells: winds, lead: 2, dropOrder: 3),
        ]
        return TextTable(columns: columns).lines(width: context.reportWidth)
    }

    // MARK: - rain and air

    /// "rain from 15:30, about 2 mm, until 17:00" and the like.
    static func rainSentence(_ outlook: PrecipitationOutlook?, clock: ZoneClock, format: ValueFormatter, now: Date)
        -> String
    {
        guard let outlook else { return "no precipitation data for now in this forecast" }
        let source =
            switch outlook.resolution {
            case .quarterHours: "15-minute data"
            case .hours: "hourly data"
            case .steps(let hours): "\(hours)-hour steps"
            }
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
        var lines = [style.bold("air at \(TextLayout.truncate(place.label, to: context.width - 7))")]
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
            contentsOf: TextLayout.flow(
                indexes.isEmpty ? ["no air-quality index for this place"] : indexes, indent: 2,
                width: context.reportWidth))
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
                    "UV \(air.uvIndex.map { "\(DecimalText.fixed($0, digits: 1)) (\(UVIndex.category($0)))" } ?? ValueFormatter.missing)",
                ], indent: 2, width: context.reportWidth))
        if !air.pollenGrainsPerCubicMetre.isEmpty {
            lines.append(
                contentsOf: TextLayout.flow(
                    ["pollen (grains/m³)"]
                        + air.pollenGrainsPerCubicMetre.map { "\($0.plant) \(DecimalText.fixed($0.value, digits: 1))" },
                    indent: 2, width: context.reportWidth))
        }
        return lines
    }

    // MARK: - compare

    static func comparison(
        _ places: [WeatherPresentation], context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let unit = format.temperatureSymbol
        let winds = places.map { place in
            var wind = format.windSpeed(place.reading?.windSpeedKilometresPerHour)
            if let direction = place.reading?.windDirectionDegrees, wind != ValueFormatter.missing {
                wind += " " + CompassDirection.name(degrees: direction)
            }
            return wind
        }
        let ranges = places.map { place in
            place.today.map {
                "\(format.temperatureValue($0.temperatureMinCelsius)) … \(format.temperatureValue($0.temperatureMaxCelsius))"
            } ?? ValueFormatter.missing
        }
        let rains = places.map { place in
            format.percent(
                place.today?.precipitationProbabilityMaxPercent ?? place.reading?.precipitationProbabilityPercent)
        }
        // Names and conditions are words and give way; values stay whole, and whole columns
        // are left out (wind, then rain, then today's range) when the width cannot hold them.
        var lines = TextTable(columns: [
            .init(
                header: "place", cells: places.map(\.report.place.name), width: max(12, min(24, context.width - 62)),
                shrinkable: 14),
            .init(
                header: "now \(unit)", cells: places.map { format.temperatureValue($0.reading?.temperatureCelsius) },
                width: 7, right: true),
            .init(
                header: "condition",
                cells: places.map { condition($0.reading?.weatherCode, isNight: $0.reading?.isNight) }, lead: 2,
                width: 18, shrinkable: 13),
            .init(header: "today \(unit)", cells: ranges, width: 12, right: true, dropOrder: 3),
            .init(header: "rain", cells: rains, width: 6, right: true, dropOrder: 2),
            .init(header: "wind", cells: winds, lead: 2, dropOrder: 1),
        ]).lines(width: context.width)
        if let origin = places.first?.report.origin { lines += offlineNote(origin, context: context, style: style) }
        return lines
    }

    // MARK: - Snapshot forecasts against what happened

    /// The kept forecast of `saved N`, a row a day: forecast, observed and error (forecast −
    /// observed) of the high, the low and the precipitation.
    static func forecastCheck(_ outcome: ForecastOutcome, format: ValueFormatter) -> [String] {
        guard outcome.kept else { return ["  no forecast kept: this snapshot was saved before wx kept one"] }
        guard !outcome.days.isEmpty else { return ["  no forecast days were kept with it"] }
        let source = outcome.source.map { " (\($0))" } ?? ""
        let degrees = format.temperatureSymbol
        let amount = format.units.precipitation.symbol
        func cell(_ text: String, _ width: Int = 7) -> String { TextLayout.pad(text, to: width, right: true) }
        var lines = [
            "  forecast kept with it, next to what happened\(source); error = forecast − observed:",
            "  day         " + cell("high") + cell("was") + cell("error") + "  " + cell("low") + cell("was")
                + cell("error") + "  " + cell("rain") + cell("was") + cell("error") + "  (\(degrees), \(amount))",
        ]
        for day in outcome.days {
            let forecast = day.forecast
            var line =
                "  \(format.day(forecast.date))  "
                + cell(format.temperatureValue(forecast.temperatureMaxCelsius))
            guard day.hasPassed, let observed = day.observed else {
                line += "   " + (day.hasPassed ? "no observed values yet" : "not passed yet")
                lines.append(line)
                continue
            }
            line += cell(format.temperatureValue(observed.temperatureMaxCelsius))
            line += cell(temperatureDifference(day.highErrorCelsius, format: format)) + "  "
            line += cell(format.temperatureValue(forecast.temperatureMinCelsius))
            line += cell(format.temperatureValue(observed.temperatureMinCelsius))
            line += cell(temperatureDifference(day.lowErrorCelsius, format: format)) + "  "
            line += cell(format.precipitationValue(forecast.precipitationSumMillimetres))
            line += cell(format.precipitationValue(observed.precipitationSumMillimetres))
            line += cell(precipitationDifference(day.precipitationErrorMillimetres, format: format))
            lines.append(line)
        }
        if let problem = outcome.problem { lines.append("  " + problem) }
        return lines
    }

    /// One place's score for `saved verify`.
    static func verification(_ place: PlaceScore, format: ValueFormatter) -> [String] {
        let score = place.score
        var lines = [
            "\(place.placeName) (\(place.coordinate.latitudeLongitudeText)): \(count(score.snapshots, "snapshot")), \(count(score.checkedDays, "forecast day")) checked, \(score.pendingDays) to come"
                + (place.source.map { " (\($0))" } ?? "")
        ]
        if let high = score.highMeanAbsoluteErrorCelsius {
            var text = "  high: mean absolute error \(temperatureDifference(high, format: format, signed: false))"
            if let bias = score.highMeanErrorCelsius, bias != 0 {
                text +=
                    ", forecasts \(temperatureDifference(abs(bias), format: format, signed: false)) too \(bias > 0 ? "warm" : "cold") on average"
            }
            lines.append(text)
        }
        if let low = score.lowMeanAbsoluteErrorCelsius {
            lines.append("  low:  mean absolute error \(temperatureDifference(low, format: format, signed: false))")
        }
        if let rate = score.rainHitRatePercent {
            lines.append(
                "  rain / no rain (a rain day has ≥ \(format.precipitation(RainRule.thresholdMillimetres))): right on \(score.rainHits) of \(count(score.rainDays, "day")) (\(DecimalText.fixed(rate, digits: 0)) %)"
            )
        }
        if score.snapshotsWithoutForecast > 0 {
            lines.append(
                "  \(count(score.snapshotsWithoutForecast, "snapshot")) kept no forecast (saved before wx kept one)")
        }
        if let problem = place.problem { lines.append("  " + problem) }
        return lines
    }

    /// A temperature difference in the chosen unit ("+1.1", or "1.1 °C" unsigned): a kelvin is a
    /// degree Celsius, a degree Fahrenheit 5/9 of one.
    static func temperatureDifference(_ celsius: Double?, format: ValueFormatter, signed: Bool = true) -> String {
        guard let celsius else { return ValueFormatter.missing }
        let value = format.units.temperature == .fahrenheit ? celsius * 9 / 5 : celsius
        let text = DecimalText.fixed(value, digits: 1)
        if !signed { return "\(text) \(format.temperatureSymbol)" }
        return value > 0 && text != "0.0" ? "+" + text : (text == "-0.0" ? "0.0" : text)
    }

    /// A precipitation difference in the chosen unit ("+2.1", "-0.4", "0.0").
    static func precipitationDifference(_ millimetres: Double?, format: ValueFormatter) -> String {
        guard let millimetres else { return ValueFormatter.missing }
        let text = format.precipitationValue(millimetres)
        return millimetres > 0 && Double(text) != 0
            ? "+" + text : (text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text)
    }

    // MARK: - Helpers

    /// "12.3 MB", "4.0 KB", "512 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes < 1_024 { return "\(bytes) bytes" }
        if bytes < 1_048_576 { return "\(DecimalText.fixed(Double(bytes) / 1_024, digits: 1)) KB" }
        return "\(DecimalText.fixed(Double(bytes) / 1_048_576, digits: 1)) MB"
    }

    /// Words for a WMO code ("clear night" for code 0 when `isNight`); "unknown" when the
    /// service sent none.
    static func condition(_ code: Int?, isNight: Bool? = nil) -> String {
        code.map { WeatherCode($0).description(isNight: isNight) } ?? "unknown"
    }

    /// "+01:00", "-02:30", "+05:45".
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return "\(sign)\(ValueFormatter.two(minutes / 60)):\(ValueFormatter.two(minutes % 60))"
    }

    /// The snapshot's data time (`date`) at its place, under the UTC offset kept with it (which the
    /// service gave for that instant; for a record written before wx kept one, its zone's rules
    /// gave it when the record was read), as `--json` and `export` give it.
    static func snapshotClock(_ snapshot: Snapshot, _ date: Date) -> LocalDateTime {
        ZoneClock.fixed(
            Int(date.timeIntervalSince1970.rounded(.down)), offset: snapshot.utcOffsetSeconds, abbreviation: nil)
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
