import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Wording and layout that the text views share.
extension TextRenderer {
    /// "left out for the width: bias, days, rain right" (dimmed, wrapped at `width`) under a view
    /// that left out whole columns or models to fit; nothing when it left out none. The one
    /// wording of every view that drops columns (`models`, `skill`, `drift`, `normal`): trial 8
    /// found `skill` leaving columns out without a word.
    static func leftOutNote(_ names: [String], width: Int, style: Style) -> [String] {
        guard !names.isEmpty else { return [] }
        return wrap("left out for the width: \(names.joined(separator: ", "))", indent: 2, width: width).map(style.dim)
    }

    /// `table`'s lines in `width` columns, then the note naming the columns it left out for the
    /// width, if any: every table view that gives up columns says which (trial 9: `saved` and
    /// `hourly` at 40 columns dropped theirs without a word).
    static func tableLines(_ table: TextTable, width: Int, style: Style) -> [String] {
        let laid = table.layout(width: width)
        return laid.lines + leftOutNote(laid.leftOutHeaders, width: width, style: style)
    }

    /// What `brief` and `changed` say when the earlier look showed this same answer of the
    /// service (`Look.showsSameAnswer`) and nothing differs: "You looked at this same forecast at
    /// 11:20: nothing is new since." — not "nothing changed that matters", which reads as two
    /// forecasts compared (`when`: the look's time as the view words it).
    static func sameAnswerText(when: String) -> String {
        "You looked at this same forecast at \(when): nothing is new since."
    }

    /// "1 snapshot", "2 snapshots".
    static func count(_ number: Int, _ noun: String) -> String { Counting.count(number, noun) }

    /// Words for a condition: its WMO code's ("clear night" for code 0 when `isNight`, "unknown
    /// (42)" for a code outside the table), "unknown" when the answer's code was null (case OM-2
    /// asks for the word: a null code is not known). A condition the answer does not carry at
    /// all is no `Condition`: views leave it out, or show "—" in a table.
    static func condition(_ condition: Condition, isNight: Bool? = nil) -> String {
        switch condition {
        case .code(let code): WeatherCode(code).description(isNight: isNight)
        case .unknown: "unknown"
        }
    }

    /// A table's condition cell: the code's symbol and words, "☂ slight rain showers"; a blank
    /// symbol and "unknown" for a null code; "—" when the answer carries no condition.
    static func conditionCell(_ condition: Condition?, isNight: Bool? = nil, unicode: Bool) -> String {
        guard let condition else { return ValueFormatter.missing }
        let symbol = condition.code.map { WeatherCode($0).symbol(unicode: unicode, isNight: isNight) } ?? " "
        return "\(symbol) \(self.condition(condition, isNight: isNight))"
    }

    /// The words of a code kept without telling a null code from none (a snapshot's log record
    /// has no `weather_code` for either): "—" when there is none — the forecast it was saved
    /// from may not have carried a condition at all, so "unknown" would say more than is known.
    static func keptCondition(_ code: Int?) -> String {
        code.map { condition(.code($0)) } ?? ValueFormatter.missing
    }

    /// The condition column of `daily`, `show`, `hourly` and `past`: each condition whole when
    /// the table has room for it, else its symbol alone, never words cut (`TextTable.CellCut`).
    static func conditionColumn(_ cells: [String], width: Int, shrinkable: Int) -> TextTable.Column {
        .init(header: "condition", cells: cells, width: width, shrinkable: shrinkable, cut: .symbolAlone)
    }

    /// A column only when its rows carry what it shows: none (no column of "—") when the answer
    /// has no such variable at all — a series in `uncarried`, or conditions all nil. The one
    /// rule of the hour, day, past and compare tables.
    static func ifCarried(_ carried: Bool, _ column: () -> TextTable.Column) -> [TextTable.Column] {
        carried ? [column()] : []
    }

    /// The low and high columns of a table of days (`daily`, `show`, `past`), in the unit of
    /// temperature, `widths` wide.
    static func lowHighColumns(
        lows: [Double?], highs: [Double?], format: ValueFormatter, widths: (low: Int, high: Int)
    ) -> [TextTable.Column] {
        let unit = format.temperatureSymbol
        return [
            .init(
                header: "low \(unit)", cells: lows.map { format.temperatureValue($0) }, width: widths.low, right: true),
            .init(
                header: "high \(unit)", cells: highs.map { format.temperatureValue($0) }, width: widths.high,
                right: true),
        ]
    }

    /// The amount column of a table of days (`daily`, `show`, `past`): each day's sum in the
    /// unit of precipitation; none when the answer does not carry the sum (`ifCarried`).
    static func daySumColumn(
        _ sums: [Double?], carried: Bool, context: RenderContext, format: ValueFormatter, width: Int, dropOrder: Int
    ) -> [TextTable.Column] {
        ifCarried(carried) {
            .init(
                header: context.units.precipitation.symbol, cells: format.precipitationColumn(sums),
                width: width, right: true, dropOrder: dropOrder, name: "precipitation")
        }
    }

    /// Whether any row carries a condition (nil: the answer has no `weather_code` for it).
    static func carriesCondition(_ conditions: [Condition?]) -> Bool { conditions.contains { $0 != nil } }

    /// Under a compact row of hours ("  hour  01 02 02 03"), the zone of each hour whose wall
    /// clock happens twice (the end of DST: "CEST" under the first 02, "CET" under the second);
    /// no row when none of `times` is repeated.
    static func repeatedZoneRow(_ times: [Date], clock: ZoneClock, label: Int, cell: Int) -> [String] {
        // The zone's own abbreviation, short enough for the cell ("CEST", Lord Howe's "+1030").
        let zones = times.map { time -> String in
            guard clock.isRepeated(time) else { return "" }
            let local = clock.localTime(time)
            return local.abbreviation ?? TimeWords.utcOffset(local.utcOffsetSeconds)
        }
        guard zones.contains(where: { !$0.isEmpty }) else { return [] }
        var line = TextLayout.pad("  zone", to: label)
        for zone in zones { line += TextLayout.pad(zone, to: max(cell, TextLayout.columns(zone) + 1), right: true) }
        while line.last == " " { line.removeLast() }
        return [line]
    }

    /// Words wrapped to `width`, each line indented (`TextLayout.wrap`).
    static func wrap(_ text: String, indent: Int, width: Int) -> [String] {
        TextLayout.wrap(text, indent: indent, width: width)
    }

    /// Words wrapped as `wrap` does, a number never parted from the unit after it (“0.4 mm”,
    /// “by 2.3 °C”): at 40 columns `models` put “0.4” at a line's end and “mm” on the next
    /// (trial 6). `units` are the symbols to keep with their numbers; `phrases` are kept whole
    /// too (`TextLayout.wrap(_:…keeping:)`, which lays the lines out).
    static func wrap(
        _ text: String, keeping units: [String], phrases: [String] = [], indent: Int, width: Int
    ) -> [String] {
        // The space between a number and its unit becomes a no-break space while wrapping.
        let glue = TextLayout.noBreakSpace
        var glued = ""
        var rest = Substring(text)
        while let space = rest.firstIndex(of: " ") {
            let before = rest[..<space]
            let after = rest[rest.index(after: space)...]
            let unitFollows = units.contains { unit in
                after.hasPrefix(unit) && after.dropFirst(unit.count).first.map { !$0.isLetter } != false
            }
            glued += before
            glued.append(before.last?.isNumber == true && unitFollows ? glue : " ")
            rest = after
        }
        glued += rest
        return TextLayout.wrap(glued, indent: indent, width: width, keeping: phrases)
    }
}
