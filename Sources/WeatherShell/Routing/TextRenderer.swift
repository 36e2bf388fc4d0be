import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Renders results as text for a terminal or a pipe: lists fit the terminal's width (80 columns
/// when piped), the weather's tables 80 columns.
///
/// Each view lives in its own file, `TextRenderer+<View>.swift` beside this one, and `lines`
/// only chooses the view: its switch is exhaustive (no `default:`), so a new `CommandResult`
/// case does not compile until it has a view here.
///
/// The views to come — confidence and models from an ensemble, drift and skill from previous
/// model runs, official warnings — are each one new file here (`TextRenderer+Confidence.swift`,
/// say) plus one line in this switch, and the same in `JSONRenderer`: one file, one line in
/// `document`. (Their `CommandResult` cases also say whether they need units, in
/// `needsUnits`, which the compiler asks for too.) Shared pieces stay where they are:
/// `TextRenderer+Heading.swift` (the weather's heading and notes), `TextRenderer+Helpers.swift`
/// (wrapping, counts), `TextTable`, `Chart`, `ValueFormatter`, `Style`.
package enum TextRenderer {
    /// The width of the weather report.
    package static let reportWidth = 80

    /// The text for `result`, ending with a newline (empty for nothing to print); ASCII only
    /// when the locale is not UTF-8.
    package static func render(_ result: CommandResult, context: RenderContext) -> String {
        // Exported data is printed byte for byte (CSV keeps its CRLF line ends).
        if case .exportData(let kind, let format, let records) = result {
            return DataExchange.text(records.collected, kind: kind, format: format)
        }
        let lines = fittingFileNames(TextRenderer.lines(result, context: context), of: result, context: context)
        var text = lines.joinedText(separator: "\n")
        if !lines.isEmpty { text.append("\n") }
        return context.unicode ? text : ascii(text)
    }

    /// wx's own symbols in ASCII ("°C" → "C", "…" → "~", "·" → "|", “ ” → ", µg/m³ → ug/m3,
    /// "≥" → ">="), for a terminal that is not UTF-8: results here, error lines in
    /// `ShellRunner`. Every symbol wx writes has a form here, also those the views already
    /// write in ASCII themselves (a chart's blocks, a condition's symbol), so none reaches a
    /// terminal that cannot show it (trial: `check`'s "≥", `chance`'s "gusts ≥ 60 km/h").
    /// Letters — in names from services, and in help's examples of what can be typed — are
    /// left as they are.
    /// Each symbol `WeatherCode.symbol(unicode:)` writes (by day and at night), with what it
    /// writes for it in ASCII: taken from it, so the two cannot drift apart.
    private static let weatherSymbolsInASCII: [Character: String] = {
        var table: [Character: String] = [:]
        for code in 0...99 {
            for isNight in [false, true] {
                let weather = WeatherCode(code)
                let symbol = weather.symbol(unicode: true, isNight: isNight)
                if let character = symbol.first, symbol.count == 1, !character.isASCII {
                    table[character] = weather.symbol(unicode: false, isNight: isNight)
                }
            }
        }
        return table
    }()

    package static func ascii(_ text: String) -> String {
        // Most of a result is ASCII already: a list of 18,000 snapshots spent 7.6 G instructions
        // comparing every character with each symbol below.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                result.append(character)
                continue
            }
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
            case "≥": result += ">="
            case "≤": result += "<="
            case "≈": result += "~"
            case "→": result += "->"
            case "←": result += "<-"
            case "↑": result += "^"
            case "↓": result += "v"
            case "↗", "↙": result += "/"
            case "↖", "↘": result += "\\"
            case "×": result += "x"
            case "±": result += "+/-"
            case "⌊": result += "floor("
            case "⌋": result += ")"
            case "⚠", "⚑", "⚡": result += "!"
            case "✓": result += "ok"
            case "✗": result += "!!"
            // Charts and bars (`Chart`, `plume`, `drift`), as they draw in ASCII.
            case "█", "▇", "▆", "▅", "▄": result += "#"
            case "▃", "▂", "▁": result += " "
            case "━", "─": result += "-"
            case "░": result += ":"
            case "┤", "│": result += "|"
            case "└", "┬", "┼": result += "+"
            // wttr.in's presets (`line --format 2`): the thermometer and wind face say nothing
            // in ASCII, where the values follow anyway.
            case "🌡️", "🌬️", "🌡", "🌬": break
            default:
                // A condition's symbol, as `WeatherCode.symbol(unicode:)` writes it in ASCII.
                if let symbol = weatherSymbolsInASCII[character] {
                    result += symbol
                } else if let phase = MoonPhase.symbols.firstIndex(of: String(character)) {
                    // A moon phase (`line`'s %m): its name, as the status line writes it in ASCII.
                    result += MoonPhase.names[phase]
                } else {
                    result.append(character)
                }
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
        switch result {
        case .candidates(_, let places): return candidates(places, context: context)
        case .currentPlace(let place): return currentPlace(place, context: context)
        case .weather(let report): return weather(report, context: context, format: format, style: style)
        case .comparison(let reports, _): return comparison(reports, context: context, format: format, style: style)
        case .hourly(let report, let count):
            return hourly(report, hours: count, context: context, format: format, style: style)
        case .daily(let report, let count):
            return daily(report, days: count, context: context, format: format, style: style)
        case .rain(let report, let outlook):
            return rain(report, outlook, context: context, format: format, style: style)
        case .past(let report): return pastLines(report, context: context, format: format, style: style)
        case .normal(let report): return normalLines(report, context: context, format: format, style: style)
        case .warnings(let report): return warningLines(report, context: context, format: format, style: style)
        case .warningBanner(let banner): return bannerLines(banner, context: context, format: format, style: style)
        case .warningMarks(let marks): return markLines(marks, context: context, format: format, style: style)
        case .drift(let report): return driftLines(report, context: context, format: format, style: style)
        case .skill(let report): return skillLines(report, context: context, format: format, style: style)
        case .confidence(let report): return confidenceLines(report, context: context, format: format, style: style)
        case .models(let report): return modelsLines(report, context: context, format: format, style: style)
        case .best(let report): return bestLines(report, context: context, format: format, style: style)
        case .chance(let report): return chanceLines(report, context: context, format: format, style: style)
        case .plume(let report): return plumeLines(report, context: context, format: format, style: style)
        case .chanceAlert(let reading): return chanceAlertLines(reading, context: context, format: format)
        case .check(let report): return checkLines(report, context: context, format: format)
        case .doctor(let report): return doctorLines(report, context: context)
        case .brief(let report): return briefLines(report, context: context, format: format, style: style)
        case .changed(let comparison): return changedLines(comparison, context: context, format: format, style: style)
        case .statusLine(let line): return statusLine(line, context: context)
        case .air(let place, let air, let origin):
            return airLines(place, air, origin: origin, context: context, format: format, style: style)
        case .favoriteAdded(let favorite): return favoriteAdded(favorite, context: context)
        case .favoriteRemoved(let favorite): return favoriteRemoved(favorite, context: context)
        case .favoriteRenamed(let old, let favorite): return favoriteRenamed(from: old, to: favorite, context: context)
        case .favorites(let favorites, let unreadable):
            return self.favorites(favorites, unreadable: unreadable, context: context, style: style)
        case .snapshotSaved(let snapshot): return snapshotSaved(snapshot, context: context, format: format)
        case .snapshotRemoved(let snapshot): return snapshotRemoved(snapshot)
        case .snapshots(let snapshots): return self.snapshots(snapshots, context: context, format: format, style: style)
        case .snapshotList(let snapshots):
            return self.snapshots(snapshots.collected, context: context, format: format, style: style)
        case .snapshot(let snapshot, let outcome):
            return self.snapshot(snapshot, outcome, format: format, width: context.reportWidth)
                + keptWarningLines(snapshot, context: context)
        case .verification(let places, _): return verification(places, format: format, width: context.reportWidth)
        case .history(let entries): return history(entries, context: context)
        case .units(let setting): return units(setting, format: format, width: context.width)
        case .format(let outputFormat): return self.format(outputFormat)
        case .setting(let name, let value, let note): return setting(name: name, value: value, note: note)
        case .help(let specs): return help(specs, context: context)
        case .helpCommand(let spec): return helpCommand(spec, context: context)
        case .about(let info): return about(info, context: context)
        case .logStatistics(let stats, let tail): return logStatistics(stats, unterminatedBytes: tail)
        case .logCompacted(let compaction): return logCompacted(compaction)
        case .notice(let text): return notice(text, style: style)
        case .exported(let kind, let count, let exchangeFormat, let path):
            return exported(kind, count: count, format: exchangeFormat, path: path)
        case .exportData(let kind, let format, let records):
            return [DataExchange.text(records.collected, kind: kind, format: format)]
        case .imported(let added, let alreadySaved, let problems, let path):
            return imported(added, alreadySaved: alreadySaved, unreadable: problems.count, path: path)
        case .importedRecords(let summary): return imported(summary)
        case .notSaved(let error, let change):
            return [notSavedText(error, change: change.map { sessionOnly($0, unicode: context.unicode) })]
        }
    }
}
