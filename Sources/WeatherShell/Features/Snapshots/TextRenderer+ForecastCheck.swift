import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Snapshot forecasts against what happened as text: `saved N`'s check and `saved verify`.
extension TextRenderer {
    /// `saved verify`: each place's snapshots scored.
    static func verification(_ places: [PlaceScore], format: ValueFormatter, width: Int) -> [String] {
        places.flatMap { verification($0, format: format, width: width) }
    }

    /// The text of `verification(_:format:width:)`, each line ending with a newline, passed to
    /// `out` a place at a time: 5,000 places' lines held whole took 100 MB.
    static func verification(
        _ places: [PlaceScore], format: ValueFormatter, width: Int, to out: (String) -> Void
    ) {
        for place in places {
            out(verification(place, format: format, width: width).map { $0 + "\n" }.joined())
        }
    }

    /// One place's score for `saved verify`, its sentences wrapped to `width`.
    static func verification(_ place: PlaceScore, format: ValueFormatter, width: Int) -> [String] {
        let score = place.score
        var lines = wrap(
            "\(place.placeName) (\(place.coordinate.latitudeLongitudeText)): \(count(score.snapshots, "snapshot")), \(count(score.checkedDays, "forecast day")) checked, \(score.pendingDays) to come"
                + (score.unobservedDays > 0
                    ? ", \(count(score.unobservedDays, "day")) passed without observed values" : "")
                + (place.source.map { " (\($0))" } ?? ""), indent: 0, width: width)
        if let high = score.highMeanAbsoluteErrorCelsius {
            var text = "high: mean absolute error \(temperatureDifference(high, format: format, signed: false))"
            if let bias = score.highMeanErrorCelsius, bias != 0 {
                text +=
                    ", forecasts \(temperatureDifference(abs(bias), format: format, signed: false)) too \(bias > 0 ? "warm" : "cold") on average"
            }
            lines += wrap(text, indent: 2, width: width)
        }
        if let low = score.lowMeanAbsoluteErrorCelsius {
            lines += wrap(
                "low:  mean absolute error \(temperatureDifference(low, format: format, signed: false))", indent: 2,
                width: width)
        }
        if let rate = score.rainHitRatePercent {
            lines += wrap(
                "rain / no rain (a rain day has ≥ \(format.precipitationThreshold(RainRule.thresholdMillimetres, nested: true))): right on \(score.rainHits) of \(count(score.rainDays, "day")) (\(DecimalText.fixed(rate, digits: 0)) %)",
                indent: 2, width: width)
        }
        if score.snapshotsWithoutForecast > 0 {
            lines += wrap(
                "\(count(score.snapshotsWithoutForecast, "snapshot")) kept no forecast (saved before wx kept one)",
                indent: 2, width: width)
        }
        // Only when a UTC day was set against what happened: no day checked, no such check made.
        if place.utcDaySnapshotsChecked > 0 {
            lines += wrap(utcDaysLine(snapshots: place.utcDaySnapshots), indent: 2, width: width)
        }
        if let problem = place.problem { lines += wrap(problem, indent: 2, width: width) }
        return lines + verificationLeadLines(place, format: format, width: width, style: Style(colour: false))
    }

    /// The kept forecast of `saved N`, a row a day: forecast, observed and error (forecast −
    /// observed) of the high, the low and the precipitation, in `width` columns: 75 columns
    /// (it took 93, and at 80 columns left out the precipitation: issue 40), the units in the
    /// header where there is room, else in the sentence above it; narrower, the precipitation's
    /// three columns are left out, then the low's (never a value cut; a line under the table
    /// says which).
    static func forecastCheck(_ outcome: ForecastOutcome, format: ValueFormatter, width: Int = .max) -> [String] {
        guard outcome.kept else {
            return TextLayout.wrap(
                "no forecast kept: this snapshot was saved before wx kept one", indent: 2, continuation: 4, width: width
            )
        }
        guard !outcome.days.isEmpty else { return ["  no forecast days were kept with it"] }
        let source = outcome.source.map { " (\($0))" } ?? ""
        let degrees = format.temperatureSymbol
        let amount = format.units.precipitation.symbol
        // A temperature takes 5 columns at most ("-12.3", "+10.8"), an amount 6 ("+123.4"): each
        // cell one more, right-aligned.
        func cell(_ text: String, _ width: Int = 6) -> String { TextLayout.pad(text, to: width, right: true) }
        func rainCell(_ text: String) -> String { cell(text, 7) }
        // "  Sun 27 Jul  " (14 columns), then a group of three cells for the high, the low and
        // the precipitation, two spaces between groups.
        let groupWidths = [18, 18, 21]
        var groups = 1
        while groups < 3, 14 + groupWidths.prefix(groups + 1).reduce(0, +) + 2 * groups <= width { groups += 1 }
        let units = groups == 3 ? "(\(degrees), \(amount))" : "(\(degrees))"
        var header = "  day         " + cell("high") + cell("was") + cell("error")
        if groups > 1 { header += "  " + cell("low") + cell("was") + cell("error") }
        if groups > 2 { header += "  " + rainCell("rain") + rainCell("was") + rainCell("error") }
        let unitsInHeader = TextLayout.columns(header + "  " + units) <= width
        if unitsInHeader { header += "  " + units }
        var lines = TextLayout.wrap(
            "forecast kept with it, next to what happened\(source); error = forecast − observed"
                + (unitsInHeader ? ":" : " \(units):"), indent: 2, continuation: 4, width: width,
            keeping: [units + ":"])
        lines.append(header)
        // One precision a rain column (`precipitationDecimals(column:)`, as every table of
        // amounts): the kept forecast's, what happened and the error, each over the amounts it shows.
        let observedDays = outcome.days.filter { $0.hasPassed && $0.observed != nil }
        let rainDigits = (
            forecast: format.precipitationDecimals(column: outcome.days.map(\.forecast.precipitationSumMillimetres)),
            observed: format.precipitationDecimals(
                column: observedDays.map { $0.observed?.precipitationSumMillimetres })
        )
        var toCome: [LocalDate] = []
        var unobserved: [LocalDate] = []
        for day in outcome.days {
            let forecast = day.forecast
            var line =
                "  \(format.day(forecast.date))  "
                + cell(format.temperatureValue(forecast.temperatureMaxCelsius))
            guard day.hasPassed, let observed = day.observed else {
                // A day to come shows its whole kept forecast in the forecast columns, "was" and
                // "error" empty, and is named under the table: the row held only the high and
                // "not passed yet" (trial 13).
                if groups > 1 {
                    line += cell("") + cell("") + "  " + cell(format.temperatureValue(forecast.temperatureMinCelsius))
                }
                if groups > 2 {
                    line +=
                        cell("") + cell("") + "  "
                        + rainCell(
                            format.precipitationValue(forecast.precipitationSumMillimetres, digits: rainDigits.forecast)
                        )
                }
                lines.append(line)
                if day.hasPassed { unobserved.append(forecast.date) } else { toCome.append(forecast.date) }
                continue
            }
            line += cell(format.temperatureValue(observed.temperatureMaxCelsius))
            line += cell(
                shownTemperatureError(forecast.temperatureMaxCelsius, observed.temperatureMaxCelsius, format: format))
            if groups > 1 {
                line += "  " + cell(format.temperatureValue(forecast.temperatureMinCelsius))
                line += cell(format.temperatureValue(observed.temperatureMinCelsius))
                line += cell(
                    shownTemperatureError(
                        forecast.temperatureMinCelsius, observed.temperatureMinCelsius, format: format))
            }
            if groups > 2 {
                line +=
                    "  "
                    + rainCell(
                        format.precipitationValue(forecast.precipitationSumMillimetres, digits: rainDigits.forecast))
                line += rainCell(
                    format.precipitationValue(observed.precipitationSumMillimetres, digits: rainDigits.observed))
                line += rainCell(
                    shownPrecipitationError(
                        forecast.precipitationSumMillimetres, observed.precipitationSumMillimetres, format: format,
                        digits: rainDigits))
            }
            lines.append(line)
        }
        // "yet" only when nothing failed: when the archive could not be asked, the line under the
        // table says why, and days long past read as if they were still to be observed (trial 18).
        let noValues = outcome.problem == nil ? "no observed values yet" : "no observed values"
        for (days, what) in [(unobserved, noValues), (toCome, "not passed yet")] where !days.isEmpty {
            lines += TextLayout.wrap(
                "\(what): \(dayList(days, format: format))", indent: 2, continuation: 4, width: width,
                keeping: days.map { format.day($0) })
        }
        // As every table that gives up columns says which (trial 12: `saved 1` at 40 columns).
        lines += leftOutNote(
            Array(["the low", "precipitation"].suffix(3 - groups)), width: width, style: Style(colour: false))
        // As `saved verify` says it: only once a UTC day was set against what happened.
        if outcome.utcDaysChecked {
            lines += TextLayout.wrap(utcDaysLine(snapshots: nil), indent: 2, continuation: 4, width: width)
        }
        if let problem = outcome.problem { lines += TextLayout.wrap(problem, indent: 2, continuation: 4, width: width) }
        return lines
    }

    /// Why a snapshot's days are checked as UTC days (`Snapshot.daysAreUTC`): `saved N`'s line
    /// (`snapshots` nil), or `saved verify`'s with how many of the place's snapshots kept them.
    static func utcDaysLine(snapshots: Int?) -> String {
        let what = snapshots.map { "\(count($0, "snapshot")) kept UTC days" } ?? "these are UTC days"
        return
            "\(what) (00:00–24:00 UTC: the forecast came in GMT), checked against what happened over the same UTC days (asked in GMT)"
    }

    /// "Fri 01 Aug", "Fri 01 Aug and Sat 02 Aug", "Sun 27 Jul to Sat 02 Aug" (three or more one
    /// after another), else each named.
    static func dayList(_ days: [LocalDate], format: ValueFormatter) -> String {
        let named = days.map { format.day($0) }
        let consecutive = zip(days, days.dropFirst()).allSatisfy { $1.dayNumber == $0.dayNumber + 1 }
        if named.count > 2 && consecutive { return "\(named[0]) to \(named[named.count - 1])" }
        return named.count == 2 ? "\(named[0]) and \(named[1])" : named.joined(separator: ", ")
    }

    /// A temperature difference in the chosen unit ("+1.1", or "1.1 °C" unsigned): a kelvin is a
    /// degree Celsius, a degree Fahrenheit 5/9 of one (`ValueFormatter.temperatureDifference`:
    /// a difference converts by scale, no offset), rounded once here.
    static func temperatureDifference(_ celsius: Double?, format: ValueFormatter, signed: Bool = true) -> String {
        guard let celsius else { return ValueFormatter.missing }
        let value = format.temperatureDifference(celsius)
        if !signed { return "\(DecimalText.fixed(value, digits: 1)) \(format.temperatureSymbol)" }
        return signedTenths(value)
    }

    /// A day's error beside its two figures: forecast − observed of the exact values, converted
    /// to the unit shown and rounded once (`temperatureDifference`, the rule `saved verify` and
    /// the man page give), signed. From the rounded °F figures a 0.9 °C error (+1.62 °F) read
    /// "+1.7" beside `saved verify`'s "+1.6" (trial 62). Both °C; "—" without either.
    static func shownTemperatureError(_ forecast: Double?, _ observed: Double?, format: ValueFormatter) -> String {
        guard let forecast, let observed else { return ValueFormatter.missing }
        return temperatureDifference(forecast - observed, format: format)
    }

    /// "+1.1", "-0.4", "0.0": a difference in the unit shown, to a tenth.
    private static func signedTenths(_ value: Double) -> String {
        let text = DecimalText.fixed(value, digits: 1)
        return value > 0 && text != "0.0" ? "+" + text : (text == "-0.0" ? "0.0" : text)
    }

    /// A day's precipitation error beside its two figures: forecast − observed as the table shows
    /// them, each at its column's decimals in the unit shown
    /// (`ValueFormatter.shownPrecipitationChange`, as the temperatures' errors), written at the
    /// larger of the two, where that difference is exact ("+2.1", "-0.035", "0.00") — 0.11 and
    /// 0.075 in are "+0.035" apart, whatever the unrounded amounts' difference rounds to. Both
    /// mm; "—" without either.
    static func shownPrecipitationError(
        _ forecast: Double?, _ observed: Double?, format: ValueFormatter, digits: (forecast: Int, observed: Int)
    ) -> String {
        guard let forecast, let observed else { return ValueFormatter.missing }
        let change = format.shownPrecipitationChange(
            from: observed, digits: digits.observed, to: forecast, digits: digits.forecast)
        let text = DecimalText.fixed(change, digits: max(digits.forecast, digits.observed))
        return change > 0 && Double(text) != 0
            ? "+" + text : (text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text)
    }
}
