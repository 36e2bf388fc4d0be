import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONOutput {
    static func optional(_ value: Double?) -> JSONOutput { value.map { .number($0) } ?? .null }
    static func optional(_ value: Int?) -> JSONOutput { value.map { .number(Double($0)) } ?? .null }
    static func optional(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }
}

/// Renders results as JSON documents, one per result, for scripts (`--json`, `format json`).
///
/// Every document has `"type"`. Values are in SI/metric units named in the keys
/// (`temperature_celsius`, `wind_speed_kilometres_per_hour`), whatever `units` says; times are
/// ISO 8601 UTC; a missing reading is `null`. The keys are listed in README.md.
package enum JSONRenderer {
    /// One line of JSON for `result`.
    package static func render(_ result: CommandResult, context: RenderContext) -> String {
        document(result, context: context).serialized + "\n"
    }

    /// The error document: `{"type":"error","message":…}`.
    package static func render(error: ShellError) -> String {
        var members: [(String, JSONOutput)] = [("type", .string("error")), ("message", .string(error.description))]
        if case .service(let failure) = error { members.append(("service", .string(failure.service.displayName))) }
        return JSONOutput.object(members).serialized + "\n"
    }

    static func document(_ result: CommandResult, context: RenderContext) -> JSONOutput {
        switch result {
        case .candidates(let query, let places):
            return .object([
                ("type", .string("candidates")), ("query", .string(query)),
                ("candidates", .array(places.enumerated().map { place($1, index: $0 + 1) })),
            ])
        case .currentPlace(let value):
            return .object([("type", .string("current_place")), ("place", place(value, index: nil))])
        case .weather(let report):
            return weather(WeatherPresentation.show(report, now: context.now))
        case .favoriteAdded(let value):
            return .object([("type", .string("favorite")), ("action", .string("added")), ("favorite", favorite(value))])
        case .favoriteRemoved(let value):
            return .object([
                ("type", .string("favorite")), ("action", .string("removed")), ("favorite", favorite(value)),
            ])
        case .favoriteRenamed(let old, let value):
            return .object([
                ("type", .string("favorite")), ("action", .string("renamed")), ("old_name", .string(old)),
                ("favorite", favorite(value)),
            ])
        case .hourly(let report, let count):
            let presentation = WeatherPresentation.hourly(report, hours: count, now: context.now)
            return .object([
                ("type", .string("hourly")), ("place", place(report.place, index: nil)),
                ("hours", .array(presentation.hours.map(hour))),
                ("ensemble_hours", ensembleHours(presentation)),
            ])
        case .daily(let report, let count):
            let presentation = WeatherPresentation.daily(report, days: count, now: context.now)
            return .object([
                ("type", .string("daily")), ("place", place(report.place, index: nil)),
                ("days", .array(presentation.days.map { day($0, report.climatology) })),
                ("days_before_today", .bool(presentation.coverage.lastDayBeforeToday != nil)),
            ])
        case .rain(let report, let outlook):
            return .object([
                ("type", .string("rain")), ("place", place(report.place, index: nil)),
                (
                    "outlook",
                    outlook.map { outlook in
                        .object([
                            ("kind", .string(outlook.kind == .dry ? "dry" : outlook.kind == .now ? "now" : "later")),
                            ("resolution", .string(outlook.resolution.jsonName)),
                            ("start", .optional(outlook.start.map(ISOTime.string))),
                            ("end", .optional(outlook.end.map(ISOTime.string))),
                            ("total_millimetres", .number(outlook.totalMillimetres)),
                            ("probability_percent", .optional(outlook.probabilityPercent)),
                            ("horizon_hours", .number(outlook.horizonSeconds / 3_600)),
                        ])
                    } ?? .null
                ),
            ])
        case .past(let report):
            return past(report)
        case .confidence(let report):
            return confidence(report)
        case .models(let report):
            return models(report)
        case .normal(let report):
            return normal(report)
        case .air(let value, let air, _):
            return .object([
                ("type", .string("air")), ("place", place(value, index: nil)),
                ("time", .string(ISOTime.string(air.time))),
                ("european_aqi", .optional(air.europeanAQI)), ("us_aqi", .optional(air.usAQI)),
                ("pm2_5_micrograms_per_cubic_metre", .optional(air.pm25MicrogramsPerCubicMetre)),
                ("pm10_micrograms_per_cubic_metre", .optional(air.pm10MicrogramsPerCubicMetre)),
                ("ozone_micrograms_per_cubic_metre", .optional(air.ozoneMicrogramsPerCubicMetre)),
                ("nitrogen_dioxide_micrograms_per_cubic_metre", .optional(air.nitrogenDioxideMicrogramsPerCubicMetre)),
                ("uv_index", .optional(air.uvIndex)),
                (
                    "pollen_grains_per_cubic_metre",
                    .object(air.pollenGrainsPerCubicMetre.map { ($0.plant, .number($0.value)) })
                ),
            ])
        case .comparison(let reports, let missing):
            return .object([
                ("type", .string("comparison")),
                ("places", .array(reports.map { weather(WeatherPresentation.show($0, now: context.now)) })),
                (
                    "missing",
                    .array(missing.map { .object([("name", .string($0.name)), ("reason", .string($0.reason))]) })
                ),
            ])
        case .favorites(let values):
            return .object([("type", .string("favorites")), ("favorites", .array(values.map(favorite)))])
        case .snapshotSaved(let value):
            return .object([("type", .string("snapshot")), ("action", .string("saved")), ("snapshot", snapshot(value))])
        case .snapshotRemoved(let value):
            return .object([
                ("type", .string("snapshot")), ("action", .string("deleted")), ("snapshot", snapshot(value)),
            ])
        case .snapshot(let value, let outcome):
            return .object([
                ("type", .string("snapshot")), ("action", .string("shown")), ("snapshot", snapshot(value)),
                ("forecast_check", forecastCheck(outcome)),
            ])
        case .verification(let places):
            return .object([("type", .string("verification")), ("places", .array(places.map(placeScore)))])
        case .snapshots(let values):
            return .object([("type", .string("snapshots")), ("snapshots", .array(values.map(snapshot)))])
        case .history(let entries):
            return .object([
                ("type", .string("history")),
                ("commands", .array(entries.map(historyEntry))),
            ])
        case .units(let setting):
            let units = setting.preferences
            return .object([
                ("type", .string("units")), ("preset", .string(setting.preset.rawValue)),
                (
                    "overrides",
                    .object(
                        UnitQuantity.allCases.compactMap { quantity in
                            setting.overrides[quantity].map { (quantity.rawValue, .string($0)) }
                        })
                ),
                ("temperature", .string(units.temperature.symbol)), ("wind_speed", .string(units.windSpeed.symbol)),
                ("precipitation", .string(units.precipitation.symbol)), ("pressure", .string(units.pressure.symbol)),
                ("distance", .string(units.distance.symbol)), ("clock", .string(units.clock.rawValue)),
            ])
        case .format(let format):
            return .object([("type", .string("format")), ("format", .string(format.rawValue))])
        case .setting(let name, let value, let note):
            return .object(
                [("type", .string("setting")), ("name", .string(name)), ("value", .string(value))]
                    + (note.map { [("note", .string($0))] } ?? []))
        case .help(let specs):
            return .object([("type", .string("help")), ("commands", .array(specs.map(command)))])
        case .helpCommand(let spec):
            return .object([("type", .string("help")), ("commands", .array([command(spec)]))])
        case .about(let info):
            return .object([
                ("type", .string("about")), ("version", .string(info.version)),
                (
                    "attribution",
                    .array(
                        info.services.map(\.attribution).reduce(into: [String]()) {
                            if !$0.contains($1) { $0.append($1) }
                        }.map { .string($0) })
                ),
                ("state_plist", .string(info.configFolder + "/state.plist")),
                ("log_jsonl", .string(info.stateFolder + "/log.jsonl")), ("cache", .string(info.cacheFolder)),
            ])
        case .logStatistics(let stats):
            return .object([("type", .string("log"))] + statistics(stats))
        case .logCompacted(let compaction):
            return .object([
                ("type", .string("log_compacted")), ("before", .object(statistics(compaction.before))),
                ("after", .object(statistics(compaction.after))),
                ("unreadable_lines_file", compaction.unreadableLinesFile.map { .string($0) } ?? .null),
            ])
        case .notice(let text):
            return .object([("type", .string("notice")), ("message", .string(text))])
        case .exported(let kind, let count, let format, let path):
            return .object([
                ("type", .string("export")), ("what", .string(kind.rawValue)), ("format", .string(format.rawValue)),
                ("count", .number(Double(count))), ("path", .string(path)),
            ])
        case .exportData(let kind, let format, let records, let text):
            return .object(
                [
                    ("type", .string("export")), ("what", .string(kind.rawValue)), ("format", .string(format.rawValue)),
                    ("count", .number(Double(records.count))), ("records", .array(records)),
                ] + (format == .csv ? [("csv", .string(text))] : []))
        case .imported(let added, let alreadySaved, let problems, let path):
            return .object([
                ("type", .string("import")), ("path", .string(path)), ("added", .array(added.map(favorite))),
                ("already_saved", .number(Double(alreadySaved))), ("skipped", .array(problems.map { .string($0) })),
            ])
        case .notSaved(let error):
            return .object([
                ("type", .string("error")),
                ("message", .string("not saved to disk, kept for this session only: \(error.description)")),
            ])
        }
    }

    static func statistics(_ stats: EventLog.Statistics) -> [(String, JSONOutput)] {
        [
            ("path", .string(stats.path)), ("bytes", .number(Double(stats.bytes))),
            ("commands", .number(Double(stats.commands))),
            ("snapshots", .number(Double(stats.snapshots))),
            ("deleted_snapshots", .number(Double(stats.deletedSnapshots))),
            ("unreadable_lines", .number(Double(stats.unreadableLines))),
            ("other_records", .number(Double(stats.otherRecords))),
        ]
    }

    static func place(_ place: Place, index: Int?) -> JSONOutput {
        var members: [(String, JSONOutput)] = []
        if let index { members.append(("index", .number(Double(index)))) }
        members += [
            ("name", .string(place.name)), ("region", .string(place.region)),
            ("country_code", .optional(place.countryCode)),
            ("latitude", .number(place.coordinate.latitude)), ("longitude", .number(place.coordinate.longitude)),
            ("display_name", .string(place.displayName)),
        ]
        return .object(members)
    }

    static func favorite(_ favorite: Favorite) -> JSONOutput {
        .object([
            ("name", .string(favorite.name)), ("latitude", .number(favorite.latitude)),
            ("longitude", .number(favorite.longitude)),
            ("display_name", .string(favorite.displayName)), ("country_code", .optional(favorite.countryCode)),
        ])
    }

    static func snapshot(_ snapshot: Snapshot) -> JSONOutput {
        .object([
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
        ])
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
            ("problem", .optional(outcome.problem)),
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
            ("checked_days", .number(Double(score.checkedDays))), ("pending_days", .number(Double(score.pendingDays))),
            ("temperature_max_mean_absolute_error_celsius", .optional(score.highMeanAbsoluteErrorCelsius)),
            ("temperature_max_mean_error_celsius", .optional(score.highMeanErrorCelsius)),
            ("temperature_min_mean_absolute_error_celsius", .optional(score.lowMeanAbsoluteErrorCelsius)),
            ("rain_threshold_millimetres", .number(RainRule.thresholdMillimetres)),
            ("rain_hits", .number(Double(score.rainHits))), ("rain_days", .number(Double(score.rainDays))),
            ("rain_hit_rate_percent", .optional(score.rainHitRatePercent)),
            ("source", .optional(place.source)), ("problem", .optional(place.problem)),
        ])
    }

    static func historyEntry(_ entry: HistoryEntry) -> JSONOutput {
        .object([
            ("number", .number(Double(entry.number))), ("line", .string(entry.line)),
            ("time", .string(ISOTime.string(entry.time))),
        ])
    }

    static func command(_ spec: CommandSpec) -> JSONOutput {
        .object([
            ("name", .string(spec.name)), ("synopsis", .string(spec.synopsis)), ("summary", .string(spec.summary)),
        ])
    }

    static func weather(_ presentation: WeatherPresentation) -> JSONOutput {
        let report = presentation.report
        let forecast = report.forecast
        let origin: JSONOutput
        switch report.origin {
        case .network: origin = .object([("source", .string("network"))])
        case .cache(let stored):
            origin = .object([("source", .string("cache")), ("stored_at", .string(ISOTime.string(stored)))])
        case .stale(let stored, let reason):
            origin = .object([
                ("source", .string("stale_cache")), ("stored_at", .string(ISOTime.string(stored))),
                ("reason", .optional(reason?.description)),
            ])
        }
        return .object([
            ("type", .string("weather")),
            ("place", place(report.place, index: nil)),
            ("provider", .string(forecast.source)),
            ("origin", origin),
            ("time_zone", .optional(forecast.zone.identifier)),
            ("utc_offset_seconds", .number(Double(presentation.local.utcOffsetSeconds))),
            ("current", presentation.current.map { current($0, presentation) } ?? .null),
            ("current_hour", presentation.currentHour.map(hour) ?? .null),
            ("today", presentation.today.map { day($0, report.climatology) } ?? .null),
            ("hourly", .array(presentation.hours.map(hour))),
            ("daily", .array(presentation.days.map { day($0, report.climatology) })),
            ("days_before_today", .bool(presentation.coverage.lastDayBeforeToday != nil)),
            ("ensemble_tomorrow", ensembleTomorrow(presentation)),
        ])
    }

    /// The current conditions; visibility and UV as the text shows them (their hour's when the
    /// conditions lack them: `WeatherPresentation.visibilityMetres`).
    static func current(_ current: CurrentConditions, _ presentation: WeatherPresentation) -> JSONOutput {
        .object([
            ("time", .string(ISOTime.string(current.time))),
            ("temperature_celsius", .optional(current.temperatureCelsius)),
            ("apparent_temperature_celsius", .optional(current.apparentTemperatureCelsius)),
            ("weather_code", .optional(current.weatherCode)),
            ("condition", .optional(current.conditionText ?? current.weatherCode.map { WeatherCode($0).description })),
            ("relative_humidity_percent", .optional(current.relativeHumidityPercent)),
            ("dew_point_celsius", .optional(current.dewPointCelsius)),
            ("pressure_hectopascals", .optional(current.pressureHectopascals)),
            ("cloud_cover_percent", .optional(current.cloudCoverPercent)),
            ("visibility_metres", .optional(presentation.visibilityMetres)),
            ("uv_index", .optional(presentation.uvIndex)),
            ("wind_speed_kilometres_per_hour", .optional(current.windSpeedKilometresPerHour)),
            ("wind_gusts_kilometres_per_hour", .optional(current.windGustsKilometresPerHour)),
            ("wind_direction_degrees", .optional(current.windDirectionDegrees)),
            ("precipitation_millimetres", .optional(current.precipitationMillimetres)),
            ("snowfall_millimetres", .optional(current.snowfallMillimetres)),
        ])
    }

    static func hour(_ hour: HourlyForecast) -> JSONOutput {
        .object([
            ("time", .string(ISOTime.string(hour.time))),
            ("temperature_celsius", .optional(hour.temperatureCelsius)),
            ("apparent_temperature_celsius", .optional(hour.apparentTemperatureCelsius)),
            ("precipitation_probability_percent", .optional(hour.precipitationProbabilityPercent)),
            ("precipitation_millimetres", .optional(hour.precipitationMillimetres)),
            ("weather_code", .optional(hour.weatherCode)),
            ("wind_speed_kilometres_per_hour", .optional(hour.windSpeedKilometresPerHour)),
            ("wind_direction_degrees", .optional(hour.windDirectionDegrees)),
            ("relative_humidity_percent", .optional(hour.relativeHumidityPercent)),
        ])
    }

    /// A forecast day; with the place's normals, its high against the normal high
    /// (`temperature_max_anomaly_celsius`, null when the normals are not cached).
    static func day(_ day: DailyForecast, _ climatology: Climatology?) -> JSONOutput {
        let comparison = NormalComparison(day, climatology)
        return .object([
            ("date", .string(day.date.iso)),
            ("weather_code", .optional(day.weatherCode)),
            ("condition", .optional(day.weatherCode.map { WeatherCode($0).description })),
            ("temperature_min_celsius", .optional(day.temperatureMinCelsius)),
            ("temperature_max_celsius", .optional(day.temperatureMaxCelsius)),
            ("precipitation_sum_millimetres", .optional(day.precipitationSumMillimetres)),
            ("precipitation_probability_max_percent", .optional(day.precipitationProbabilityMaxPercent)),
            ("sunrise", .optional(day.sunrise.map(ISOTime.string))),
            ("sunset", .optional(day.sunset.map(ISOTime.string))),
            ("sun", .optional(sunState(day.sun))),
            ("wind_speed_max_kilometres_per_hour", .optional(day.windSpeedMaxKilometresPerHour)),
            ("temperature_max_normal_celsius", .optional(comparison?.normalHighCelsius)),
            ("temperature_max_anomaly_celsius", .optional(comparison?.highAnomalyCelsius)),
        ])
    }

    /// `"polar_night"`, `"midnight_sun"`, `"rises_and_sets"`; nil when unknown.
    static func sunState(_ sun: SunEvents) -> String? {
        switch sun {
        case .times: "rises_and_sets"
        case .polarNight: "polar_night"
        case .midnightSun: "midnight_sun"
        case .unknown: nil
        }
    }
}

extension PrecipitationOutlook.Resolution {
    /// `15_minutes`, `hourly`, `3_hours`.
    fileprivate var jsonName: String {
        switch self {
        case .quarterHours: "15_minutes"
        case .hours: "hourly"
        case .steps(let hours): "\(hours)_hours"
        }
    }
}
