import WXBasics
import WeatherKit

/// A terminal chart of temperature over the place's local time, with precipitation probability
/// as bars under it, at most `width` (≤ 80) columns wide: eighth-block characters (▁▂…█), or #
/// and : in ASCII. The scale's labels ("-11.2 °C", as wx writes a temperature everywhere) are
/// never cut: the label column is as wide as the longest of them, two spaces in from the margin
/// as every other line of a view (trial 9 saw "-2.1 °C ┤█" at column 0).
enum TemperatureChart {
    /// Rows for the temperature area and for the probability bars.
    static let temperatureRows = 6
    static let probabilityRows = 2
    /// Columns left of the chart for labels, at least: labels of up to six columns, " ┤".
    static let margin = 8
    /// Spaces before the longest label.
    static let indent = 2

    /// Whether the precipitation-probability bars would show anything: a chance under 1/16 of
    /// 100 % rounds to no height, and a band of two empty rows read as a broken chart (trial 9:
    /// every hour 0 %).
    static func drawsProbabilityBars(_ hours: [HourlyForecast]) -> Bool {
        hours.contains { hour in
            hour.precipitationProbabilityPercent.map {
                Int.saturating(($0 / 100 * Double(probabilityRows * 8)).rounded()) > 0
            }
                ?? false
        }
    }
    /// At most this many data columns (one hour each, or the warmest of several beyond it).
    static let maximumColumns = 72

    /// A label of the scale: "22 °C", "-11.2 °C" (a space before the unit, as in every
    /// temperature wx writes).
    static func label(_ value: Double, digits: Int, _ unit: String) -> String {
        "\(DecimalText.fixed(value, digits: digits)) \(unit)"
    }

    /// The chart's lines, none longer than `width` columns. Leading hours with nothing to draw
    /// (no temperature, nor a chance when the bars are drawn: hours no model covers) are left
    /// out, and a line under the chart says where it starts; a null hour after the first drawn
    /// one is a gap.
    ///
    /// - Parameter probability: whether to draw the precipitation-probability bars (false for
    ///   past hours, which have none); they are left out anyway when they would be empty
    ///   (`drawsProbabilityBars`).
    static func lines(
        _ hours: [HourlyForecast], clock: ZoneClock, format: ValueFormatter, unicode: Bool, width: Int = 80,
        probability: Bool = true
    ) -> [String] {
        var temperatures = hours.map { $0.temperatureCelsius.map(format.units.temperature.convert) }
        guard temperatures.contains(where: { $0 != nil }) else { return [] }
        let probability = probability && drawsProbabilityBars(hours)
        // Hours a model does not cover come first as nulls (Open-Meteo answers null for them):
        // the chart starts at the first hour it has something to draw for — a temperature, or a
        // chance when the bars are drawn — and says so under it, rather than give its width to
        // blank columns (30 of 48 hours: the values squeezed into the last 18 columns, or into
        // columns of several hours each).
        let first =
            hours.indices.first { index in
                temperatures[index] != nil || (probability && hours[index].precipitationProbabilityPercent != nil)
            } ?? 0
        let hours = Array(hours[first...])
        temperatures.removeFirst(first)
        let known = temperatures.compactMap { $0 }
        // The scale's two labels are hours' values (a column shows the warmest of its hours):
        // the longest such number, with or without a decimal, decides the label column, a space
        // and "┤" after it.
        let unit = format.temperatureSymbol
        let (lowest, highest) = (known.min()!, known.max()!)
        let widest = [lowest, highest].flatMap { value in
            [0, 1].map { TextLayout.columns(label(value, digits: $0, unit)) }
        }
        // An estimate (the labels are of the columns' values, known below), the indent included.
        var margin = max(Self.margin, widest.max()! + 2) + indent
        let maximumColumns = max(8, min(Self.maximumColumns, width - margin))
        // Hours per column when there are more hours than columns.
        let step = max(1, (hours.count + maximumColumns - 1) / maximumColumns)
        let columns = stride(from: 0, to: hours.count, by: step).map { start in
            Array(start..<min(hours.count, start + step))
        }
        // A column of several hours shows the warmest of them, so that the top of the scale is
        // the warmest hour the table lists (trial: columns averaged, the scale topped at 3.9 °C
        // and an hour showed 4.1) and every label is a value shown.
        let columnTemperature: [Double?] = columns.map { indices in indices.compactMap { temperatures[$0] }.max() }
        let columnProbability: [Double?] = columns.map { indices in
            indices.compactMap { hours[$0].precipitationProbabilityPercent }.max()
        }
        let columnKnown = columnTemperature.compactMap { $0 }
        let low = columnKnown.min()!
        let high = columnKnown.max()!
        // The rows span at least a degree, so that hours within a degree of each other draw
        // flat rather than as swings.
        let span = max(high - low, 1)
        // Height in eighths of a row; the lowest value still shows one eighth.
        func eighths(_ value: Double) -> Int {
            Int.saturating(
                ((value - low) / span * Double(temperatureRows * 8 - 1)).rounded(), in: 0...(temperatureRows * 8))
                + 1
        }

        var lines: [String] = []
        // A narrow span gets a decimal so the two labels differ.
        let digits = span < 5 ? 1 : 0
        // The labels are the values shown, each on the row it reaches: the lowest on the bottom
        // row, the highest on the row its column's top is in — never a temperature no hour has
        // (OM-1's hours of 3.6 and 3.9 °C were labelled 4.6 °C at the top of a one-degree
        // scale). Values all in the bottom row, or all alike, label the bottom row alone.
        let topRow = high > low ? (eighths(high) - 1) / 8 : 0
        // The label column as wide as the labels shown (never wider than the estimate), after the indent.
        let shown = [low, high].map { TextLayout.columns(Self.label($0, digits: digits, unit)) }
        margin = min(margin, indent + max(shown.max()!, probability ? 6 : 0) + 2)
        for row in (0..<temperatureRows).reversed() {
            let label =
                row == 0
                ? Self.label(low, digits: digits, unit) : row == topRow ? Self.label(high, digits: digits, unit) : ""
            var line = TextLayout.pad(label, to: margin - 2, right: true) + (unicode ? " ┤" : " |")
            for value in columnTemperature {
                line += cell(value.map(eighths), row: row, unicode: unicode, ascii: "#")
            }
            lines.append(line.trimmedTrailing)
        }
        for row in (0..<probabilityRows).reversed() where probability {
            var line =
                TextLayout.pad(row == probabilityRows - 1 ? "rain %" : "", to: margin - 2, right: true)
                + (unicode ? " ┤" : " |")
            for value in columnProbability {
                let eighths = value.map {
                    Int.saturating(($0 / 100 * Double(probabilityRows * 8)).rounded(), in: 0...(probabilityRows * 8))
                }
                line += cell(eighths, row: row, unicode: unicode, ascii: ":")
            }
            lines.append(line.trimmedTrailing)
        }
        // The time axis: under the column holding each 6-hour mark (each midnight, with the
        // weekday, when columns hold several hours), where it does not run into the last label
        // (none: the first column's hour);
        // an hour that happens twice (Havana's midnight at the end of DST) with its zone, "00 CDT".
        var axis = Array(repeating: Character(" "), count: max(columns.count, min(columns.count + 3, width - margin)))
        var free = 0
        for (index, indices) in columns.enumerated() {
            guard
                let time = indices.map({ hours[$0].time }).first(where: {
                    let local = clock.localTime($0)
                    return local.minute == 0 && local.hour % (step > 2 ? 24 : 6) == 0
                }), index >= free
            else { continue }
            let mark = clock.localTime(time)
            let zone = clock.isRepeated(time) ? " " + ValueFormatter.zone(mark) : ""
            let label = step > 2 ? ValueFormatter.weekdays[mark.weekday] : format.hourLabel(mark) + zone
            for (offset, character) in label.enumerated() where index + offset < axis.count {
                axis[index + offset] = character
            }
            free = index + label.count + 1
        }
        // A chart of a few hours that holds no such mark (`hourly 1`, `hourly 2` at 16:00) has
        // its first hour labelled, as a mark would be, so that no chart stands without a time.
        if free == 0, let time = columns.first.map({ hours[$0[0]].time }) {
            let mark = clock.localTime(time)
            let zone = clock.isRepeated(time) ? " " + ValueFormatter.zone(mark) : ""
            let label = Array(step > 2 ? ValueFormatter.weekdays[mark.weekday] : format.hourLabel(mark) + zone)
            if axis.count < label.count { axis += Array(repeating: " ", count: label.count - axis.count) }
            axis.replaceSubrange(0..<label.count, with: label)
        }
        lines.append(String(repeating: " ", count: margin) + String(axis).trimmedTrailing)
        if step > 1 {
            lines.append(String(repeating: " ", count: indent) + "each column: the warmest of \(step) hours")
        }
        if first > 0 {
            let start = clock.localTime(hours[0].time)
            let when =
                "\(ValueFormatter.weekdays[start.weekday]) \(format.clock(start, repeated: clock.isRepeated(hours[0].time)))"
            lines += TextLayout.wrap(
                "the chart starts at \(when): no hour before it has a value to draw", indent: indent, width: width)
        }
        return lines
    }

    /// The character for `eighths` of height at `row`.
    static func cell(_ eighths: Int?, row: Int, unicode: Bool, ascii: Character) -> String {
        guard let eighths else { return " " }
        let filled = eighths - row * 8
        if filled >= 8 { return unicode ? "█" : String(ascii) }
        if filled <= 0 { return " " }
        return unicode ? String(Array("▁▂▃▄▅▆▇")[filled - 1]) : (filled >= 4 ? String(ascii) : " ")
    }
}

extension String {
    /// Without trailing spaces.
    var trimmedTrailing: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
