import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Snapshots as JSON: `save`, `saved`, `saved N` with its forecast check, `saved verify`.
extension JSONRenderer {
    /// `{"type":"snapshot","action":"saved",…}`.
    static func snapshotSaved(_ value: Snapshot) -> JSONOutput {
        .object([("type", .string("snapshot")), ("action", .string("saved")), ("snapshot", snapshot(value))])
    }

    /// `{"type":"snapshot","action":"deleted",…}`.
    static func snapshotRemoved(_ value: Snapshot) -> JSONOutput {
        .object([
            ("type", .string("snapshot")), ("action", .string("deleted")), ("snapshot", snapshot(value)),
        ])
    }

    /// `{"type":"snapshots",…}`: `saved` (`StreamedText.snapshotList` writes the same, a
    /// snapshot at a time).
    static func snapshots(_ values: [Snapshot]) -> JSONOutput {
        .object([("type", .string("snapshots")), ("snapshots", .array(values.map(snapshot)))])
    }

    /// `{"type":"snapshot","action":"shown",…}`: `saved N` with its forecast check.
    static func snapshot(_ value: Snapshot, _ outcome: ForecastOutcome) -> JSONOutput {
        .object([
            ("type", .string("snapshot")), ("action", .string("shown")), ("snapshot", snapshot(value)),
            ("forecast_check", forecastCheck(outcome)),
        ])
    }

    /// `{"type":"verification",…}`: `saved verify`.
    static func verification(_ places: [PlaceScore]) -> JSONOutput {
        .object([("type", .string("verification")), ("places", .array(places.map(placeScore)))])
    }

    /// The document `verification(_:)` makes (with `schema_version` after `type`, and a newline),
    /// passed to `out` a place at a time: 5,000 places' document held whole took 224 MB.
    static func verification(_ places: [PlaceScore], to out: (String) -> Void) {
        out(#"{"type":"verification","schema_version":\#(schemaVersion),"places":["#)
        for (index, place) in places.enumerated() { out((index == 0 ? "" : ",") + placeScore(place).serialized) }
        out("]}\n")
    }

    /// A snapshot; `warnings_not_kept` only when the snapshot left warnings out (it keeps the
    /// most severe `KeptWarning.mostKept`); `forecast_days_utc` (true) only when its kept days
    /// are UTC days (`Snapshot.daysAreUTC`).
    static func snapshot(_ snapshot: Snapshot) -> JSONOutput {
        let notKept = snapshot.reading.warningsNotKept ?? 0
        return .object(
            [
                ("id", .number(Double(snapshot.id))), ("saved_at", .string(ISOTime.string(snapshot.savedAt))),
                (
                    "place",
                    .object([
                        ("name", .string(snapshot.placeName)), ("latitude", .number(snapshot.coordinate.latitude)),
                        ("longitude", .number(snapshot.coordinate.longitude)),
                    ])
                ),
                ("data_time", .string(ISOTime.string(snapshot.reading.dataTime))),
                ("utc_offset_seconds", .number(Double(snapshot.utcOffsetSeconds))),
                ("temperature_celsius", .optional(snapshot.reading.temperatureCelsius)),
                ("precipitation_probability_percent", .optional(snapshot.reading.precipitationProbabilityPercent)),
                ("precipitation_millimetres", .optional(snapshot.reading.precipitationMillimetres)),
                ("weather_code", .optional(snapshot.reading.weatherCode)),
                ("condition", .optional(snapshot.reading.weatherCode.map { WeatherCode($0).description })),
                ("forecast_days", snapshot.reading.forecastDays.map { .array($0.map(keptDay)) } ?? .null),
                ("warnings", snapshot.reading.warnings.map { .array($0.map(keptWarning)) } ?? .null),
            ] + (notKept > 0 ? [("warnings_not_kept", .number(Double(notKept)))] : [])
                + (snapshot.daysAreUTC ? [("forecast_days_utc", .bool(true))] : []))
    }

    /// A kept forecast day: `date` and the forecast values, units in the keys.
    static func keptDay(_ day: KeptForecastDay) -> JSONOutput {
        .object([
            ("date", .string(day.date.iso)),
            ("temperature_max_celsius", .optional(day.temperatureMaxCelsius)),
            ("temperature_min_celsius", .optional(day.temperatureMinCelsius)),
            ("precipitation_sum_millimetres", .optional(day.precipitationSumMillimetres)),
            ("precipitation_probability_max_percent", .optional(day.precipitationProbabilityMaxPercent)),
            ("weather_code", .optional(day.weatherCode)),
        ])
    }

    /// `saved N`'s check: each kept day with what happened (null until it has) and the errors,
    /// forecast − observed.
    static func forecastCheck(_ outcome: ForecastOutcome) -> JSONOutput {
        .object([
            ("forecast_kept", .bool(outcome.kept)), ("source", .optional(outcome.source)),
            ("problem", .optional(outcome.problem)), ("days_in_utc", .bool(outcome.daysAreUTC)),
            (
                "days",
                .array(
                    outcome.days.map { day in
                        .object([
                            ("date", .string(day.forecast.date.iso)), ("passed", .bool(day.hasPassed)),
                            ("forecast", keptDay(day.forecast)),
                            (
                                "observed",
                                day.observed.map { observed in
                                    .object([
                                        ("temperature_max_celsius", .optional(observed.temperatureMaxCelsius)),
                                        ("temperature_min_celsius", .optional(observed.temperatureMinCelsius)),
                                        (
                                            "precipitation_sum_millimetres",
                                            .optional(observed.precipitationSumMillimetres)
                                        ),
                                    ])
                                } ?? .null
                            ),
                            ("temperature_max_error_celsius", .optional(day.highErrorCelsius)),
                            ("temperature_min_error_celsius", .optional(day.lowErrorCelsius)),
                            ("precipitation_sum_error_millimetres", .optional(day.precipitationErrorMillimetres)),
                            ("rain_called_right", day.rainCalledRight.map { .bool($0) } ?? .null),
                        ])
                    })
            ),
        ])
    }

    /// One place's score for `saved verify`.
    static func placeScore(_ place: PlaceScore) -> JSONOutput {
        let score = place.score
        return .object([
            (
                "place",
                .object([
                    ("name", .string(place.placeName)), ("latitude", .number(place.coordinate.latitude)),
                    ("longitude", .number(place.coordinate.longitude)),
                ])
            ),
            ("snapshots", .number(Double(score.snapshots))),
            ("snapshots_without_forecast", .number(Double(score.snapshotsWithoutForecast))),
            ("snapshots_with_utc_days", .number(Double(place.utcDaySnapshots))),
            ("checked_days", .number(Double(score.checkedDays))), ("pending_days", .number(Double(score.pendingDays))),
            ("unobserved_days", .number(Double(score.unobservedDays))),
            (
                "temperature_max_mean_absolute_error_celsius",
                .optional(score.highMeanAbsoluteErrorCelsius.map(hundredths))
            ),
            ("temperature_max_mean_error_celsius", .optional(score.highMeanErrorCelsius.map(hundredths))),
            (
                "temperature_min_mean_absolute_error_celsius",
                .optional(score.lowMeanAbsoluteErrorCelsius.map(hundredths))
            ),
            ("rain_threshold_millimetres", .number(RainRule.thresholdMillimetres)),
            ("rain_hits", .number(Double(score.rainHits))), ("rain_days", .number(Double(score.rainDays))),
            ("rain_hit_rate_percent", .optional(score.rainHitRatePercent)),
            ("source", .optional(place.source)), ("problem", .optional(place.problem)),
            ("by_lead", .array(place.leads.map(leadScore))),
        ])
    }
}
