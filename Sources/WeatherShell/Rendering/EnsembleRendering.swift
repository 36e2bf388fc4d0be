import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `confidence` as text.
extension TextRenderer {
    /// `confidence`: the place, which ensemble and how many members, then two lines a day —
    /// the median high and low with their 10th–90th percentile range and a word for the spread,
    /// and the chance of rain as members — then what was odd about the answer.
    static func confidenceLines(
        _ report: ConfidenceReport, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let ensemble = report.ensemble
        var lines = [style.bold(TextLayout.truncate("\(report.place.label) · how sure the forecast is", to: context.width))]
        lines += offlineNote(report.origin, context: context, style: style)
        lines += note(
            "\(ensemble.model.displayName) ensemble, \(report.memberCount) members (Open-Meteo); ranges are the 10th to 90th percentile of the members",
            context, style)
        for day in report.days {
            func spread(_ word: String, _ spread: EnsembleSpread?) -> String {
                guard let spread else { return "\(word) \(ValueFormatter.missing)" }
                return "\(word) \(format.temperature(spread.median)) (\(format.temperatureValue(spread.p10)) to \(format.temperatureValue(spread.p90)))"
            }
            lines.append(
                "  " + TextLayout.pad(format.day(day.date), to: 12) + TextLayout.pad(spread("high", day.high), to: 30)
                    + TextLayout.pad(spread("low", day.low), to: 30) + day.agreement.rawValue)
            var second = [day.rainSentence(format: format) ?? "rain: no member covers the whole day"]
            if let members = day.high?.members, members != day.precipitationMembers {
                second.append("temperature from \(members) members")
            }
            lines.append(String(repeating: " ", count: 14) + second.joined(separator: " · "))
        }
        for text in report.notes(format: format) { lines += note(text, context, style) }
        return lines
    }
}

// `confidence` as JSON.
extension JSONRenderer {
    /// `{"type":"confidence",…}`: per day the members' percentiles (°C, mm) with the number of
    /// members each comes from, and the members over the rain threshold.
    static func confidence(_ report: ConfidenceReport) -> JSONOutput {
        let ensemble = report.ensemble
        func spread(_ spread: EnsembleSpread?) -> JSONOutput {
            guard let spread else { return .null }
            return .object([
                ("p10", .number(spread.p10)), ("median", .number(spread.median)), ("p90", .number(spread.p90)),
                ("members", .number(Double(spread.members))),
            ])
        }
        return .object([
            ("type", .string("confidence")), ("place", place(report.place, index: nil)),
            ("model", .string(ensemble.model.rawValue)), ("model_name", .string(ensemble.model.displayName)),
            ("model_members", .number(Double(ensemble.model.memberCount))),
            ("temperature_members", .number(Double(ensemble.temperatureMembers.count))),
            ("precipitation_members", .number(Double(ensemble.precipitationMembers.count))),
            ("percentile_method", .string("linear")),
            ("rain_threshold_millimetres", .number(EnsembleDay.wetThresholdMillimetres)),
            ("origin", origin(report.origin)),
            ("time_zone", .optional(ensemble.zone.identifier)),
            (
                "days",
                .array(
                    report.days.map { day in
                        .object([
                            ("date", .string(day.date.iso)),
                            ("temperature_max_celsius", spread(day.high)),
                            ("temperature_min_celsius", spread(day.low)),
                            ("precipitation_sum_millimetres", spread(day.precipitation)),
                            ("rain_members", .number(Double(day.wetMembers))),
                            ("rain_of_members", .number(Double(day.precipitationMembers))),
                            ("rain_percent", .optional(day.rainPercent)),
                            ("frost_members", .number(Double(day.frostMembers))),
                            ("frost_percent", .optional(day.frostPercent)),
                            ("agreement", .string(day.agreement.rawValue)),
                        ])
                    })
            ),
            ("notes", .array(report.notes(format: ValueFormatter(units: .metric, unicode: true)).map { .string($0) })),
        ])
    }

    /// Where an answer came from: `{"source":"network"|"cache"|"stale_cache",…}`.
    static func origin(_ origin: DataOrigin) -> JSONOutput {
        switch origin {
        case .network: .object([("source", .string("network"))])
        case .cache(let stored):
            .object([("source", .string("cache")), ("stored_at", .string(ISOTime.string(stored)))])
        case .stale(let stored, let reason):
            .object([
                ("source", .string("stale_cache")), ("stored_at", .string(ISOTime.string(stored))),
                ("reason", .optional(reason?.description)),
            ])
        }
    }
}

// `models` as text and JSON.
extension TextRenderer {
    /// `models`: a column per model (low/high and precipitation) and a row per day, with a line
    /// under each day the models disagree on.
    static func modelsLines(_ report: ModelsReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let models = report.comparison.models
        var lines = [style.bold(TextLayout.truncate("\(report.place.label) · \(models.count) models side by side", to: context.width))]
        lines += offlineNote(report.origin, context: context, style: style)
        lines += note(
            "low/high \(format.temperatureSymbol) and precipitation \(context.units.precipitation.symbol) per model, from Open-Meteo’s forecast API",
            context, style)
        lines.append(
            ("  " + TextLayout.pad("day", to: 10)
                + models.map { TextLayout.pad($0.displayName, to: 15, right: true) + " " }.joined()).withoutTrailingSpaces)
        for day in report.days {
            let cells = day.values.map { value -> String in
                let temperatures =
                    value.temperatureMinCelsius == nil && value.temperatureMaxCelsius == nil
                    ? ValueFormatter.missing
                    : "\(format.temperatureValue(value.temperatureMinCelsius))/\(format.temperatureValue(value.temperatureMaxCelsius))"
                return TextLayout.pad(temperatures, to: 10, right: true)
                    + TextLayout.pad(format.precipitationValue(value.precipitationSumMillimetres), to: 5, right: true) + " "
            }
            lines.append(
                TextLayout.truncate(
                    ("  " + TextLayout.pad(format.day(day.date), to: 10) + cells.joined()).withoutTrailingSpaces,
                    to: context.reportWidth))
            let disagreements = day.disagreements(models: models, format: format)
            if !disagreements.isEmpty {
                let mark = context.unicode ? "⚑" : "!"
                lines += wrap("\(mark) disagree on " + disagreements.joined(separator: "; "), indent: 14, width: context.reportWidth)
            }
        }
        for model in report.comparison.modelsWithoutValues {
            lines += note("\(model.displayName) has no values here (outside its area or range)", context, style)
        }
        return lines
    }
}

extension JSONRenderer {
    /// `{"type":"models",…}`: per day each model's values and whether they disagree.
    static func models(_ report: ModelsReport) -> JSONOutput {
        let models = report.comparison.models
        return .object([
            ("type", .string("models")), ("place", place(report.place, index: nil)),
            (
                "models",
                .array(models.map { .object([("id", .string($0.rawValue)), ("name", .string($0.displayName))]) })
            ),
            ("models_without_values", .array(report.comparison.modelsWithoutValues.map { .string($0.rawValue) })),
            ("origin", origin(report.origin)),
            (
                "days",
                .array(
                    report.days.map { day in
                        .object([
                            ("date", .string(day.date.iso)),
                            (
                                "models",
                                .object(
                                    zip(models, day.values).map { model, value in
                                        (
                                            model.rawValue,
                                            .object([
                                                ("temperature_max_celsius", .optional(value.temperatureMaxCelsius)),
                                                ("temperature_min_celsius", .optional(value.temperatureMinCelsius)),
                                                ("precipitation_sum_millimetres", .optional(value.precipitationSumMillimetres)),
                                                ("weather_code", .optional(value.weatherCode)),
                                            ])
                                        )
                                    })
                            ),
                            ("disagree_rain", .bool(day.disagreesOnRain)),
                            ("disagree_high", .bool(day.disagreesOnHigh)),
                            ("high_range_celsius", .optional(day.highRangeCelsius)),
                        ])
                    })
            ),
        ])
    }
}

extension String {
    /// The text without the spaces at its end (a table row's empty last cells).
    fileprivate var withoutTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

// The ensemble in `show` and `hourly`, when its answer is cached.
extension TextRenderer {
    /// `show`'s line: "rain tomorrow 37 % (19 of 51 ensemble members)"; nothing without a
    /// cached ensemble answer.
    static func ensembleShowLines(_ presentation: WeatherPresentation, context: RenderContext, format: ValueFormatter)
        -> [String]
    {
        guard let day = presentation.ensembleTomorrow, let percent = day.rainPercent else { return [] }
        return wrap(
            "rain tomorrow \(Int(percent.rounded())) % (\(day.wetMembers) of \(day.precipitationMembers) ensemble members)",
            indent: 2, width: context.reportWidth)
    }

    /// `hourly`'s band: the ensemble's 10th percentile, median and 90th percentile of the
    /// temperature for the hours shown, in rows of as many hours as the width holds.
    static func ensembleBandLines(
        _ presentation: WeatherPresentation, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let hours = presentation.ensembleHours
        guard let ensemble = presentation.report.ensemble, !hours.isEmpty else { return [] }
        let clock = presentation.report.forecast.clock
        let members = hours.map(\.temperature.members).max() ?? 0
        var lines = [""]
        lines += note(
            "ensemble band, \(ensemble.model.displayName), \(members) members (\(format.temperatureSymbol): 90th percentile, median, 10th)",
            context, style)
        let label = 10
        let cell = 5
        let perRow = max(1, (context.reportWidth - label) / cell)
        var start = 0
        while start < hours.count {
            let part = hours[start..<min(start + perRow, hours.count)]
            func row(_ title: String, _ values: [String]) -> String {
                TextLayout.pad(title, to: label) + values.map { TextLayout.pad($0, to: cell, right: true) }.joined()
            }
            if start > 0 { lines.append("") }
            lines.append(row("  hour", part.map { format.hourLabel(clock.localTime($0.time)) }))
            lines.append(row("  p90", part.map { format.temperatureValue($0.temperature.p90, digits: 0) }))
            lines.append(row("  median", part.map { format.temperatureValue($0.temperature.median, digits: 0) }))
            lines.append(row("  p10", part.map { format.temperatureValue($0.temperature.p10, digits: 0) }))
            start += perRow
        }
        return lines
    }
}

extension JSONRenderer {
    /// `show`'s `ensemble_tomorrow`: tomorrow's members over the rain threshold; null without a
    /// cached ensemble answer.
    static func ensembleTomorrow(_ presentation: WeatherPresentation) -> JSONOutput {
        guard let day = presentation.ensembleTomorrow, let ensemble = presentation.report.ensemble else { return .null }
        return .object([
            ("date", .string(day.date.iso)), ("model", .string(ensemble.model.rawValue)),
            ("rain_threshold_millimetres", .number(EnsembleDay.wetThresholdMillimetres)),
            ("rain_members", .number(Double(day.wetMembers))),
            ("rain_of_members", .number(Double(day.precipitationMembers))),
            ("rain_percent", .optional(day.rainPercent)),
        ])
    }

    /// `hourly`'s `ensemble_hours`: the temperature percentiles of the hours shown (°C); empty
    /// without a cached ensemble answer.
    static func ensembleHours(_ presentation: WeatherPresentation) -> JSONOutput {
        .array(
            presentation.ensembleHours.map { hour in
                .object([
                    ("time", .string(ISOTime.string(hour.time))),
                    ("temperature_p10_celsius", .number(hour.temperature.p10)),
                    ("temperature_median_celsius", .number(hour.temperature.median)),
                    ("temperature_p90_celsius", .number(hour.temperature.p90)),
                    ("members", .number(Double(hour.temperature.members))),
                ])
            })
    }
}
