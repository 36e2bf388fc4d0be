import FoundationEssentials
import WXBasics
import WeatherKit

// `confidence`, `models`, and the ensemble in `show` and `hourly`, as JSON.
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
            // Over the day (its amounts added), where `chance`'s `rain>=1` is in an hour.
            ("rain_window", .string("day")),
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
                            ("frost_of_members", .number(Double(day.temperatureMembers))),
                            ("frost_percent", .optional(day.frostPercent)),
                            ("agreement", .optional(day.agreement?.rawValue)),
                            (
                                "from",
                                day.date == report.restOfToday?.date
                                    ? report.restOfToday.map { .string(ISOTime.string($0.from)) } ?? .null : .null
                            ),
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
            // The answer's days left out as beyond the models' days ahead, as the text's note says.
            ("days_beyond_range", .number(Double(report.daysBeyondRange))),
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
                                                (
                                                    "precipitation_sum_millimetres",
                                                    .optional(value.precipitationSumMillimetres)
                                                ),
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

extension JSONRenderer {
    /// `show`'s `ensemble_tomorrow`: tomorrow's members over the rain threshold; null without a
    /// cached ensemble answer.
    static func ensembleTomorrow(_ presentation: WeatherPresentation) -> JSONOutput {
        guard let day = presentation.ensembleTomorrow, let chances = presentation.report.rainChances else {
            return .null
        }
        return .object([
            ("date", .string(day.date.iso)), ("model", .string(chances.model.rawValue)),
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
                    (
                        "utc_offset_seconds",
                        .number(Double(presentation.report.forecast.clock.localTime(hour.time).utcOffsetSeconds))
                    ),
                    ("temperature_p10_celsius", .number(hour.temperature.p10)),
                    ("temperature_median_celsius", .number(hour.temperature.median)),
                    ("temperature_p90_celsius", .number(hour.temperature.p90)),
                    ("members", .number(Double(hour.temperature.members))),
                ])
            })
    }
}

extension JSONRenderer {
    /// `{"type":"chance_alert",…}`: which chance crossed its threshold, up or down.
    static func chanceAlert(_ reading: ChanceReading) -> JSONOutput {
        .object([
            ("type", .string("chance_alert")), ("kind", .string(reading.alert.kind.rawValue)),
            ("date", .string(reading.date.iso)), ("model", .string(reading.model.rawValue)),
            ("members", .number(Double(reading.members))), ("of_members", .number(Double(reading.ofMembers))),
            ("percent", .number(reading.percent)), ("threshold_percent", .number(reading.alert.thresholdPercent)),
            ("above", .bool(reading.isAbove)),
        ])
    }
}

extension JSONRenderer {
    /// `about`'s `request_costs`: `[{"commands":…,"cost":…}]`.
    static func requestCosts() -> JSONOutput {
        .array(RequestCost.table.map { .object([("commands", .string($0.commands)), ("cost", .string($0.cost))]) })
    }
}
