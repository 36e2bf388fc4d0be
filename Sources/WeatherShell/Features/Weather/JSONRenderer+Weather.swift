import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `show`, `hourly`, `daily` and `compare` as JSON, and the hour and day objects they share.
extension JSONRenderer {
    /// `{"type":"weather",…}`: `show`.
    static func weather(_ report: WeatherReport, context: RenderContext) -> JSONOutput {
        weather(WeatherPresentation.show(report, now: context.now))
    }

    /// `{"type":"hourly",…}`: the next `count` hours.
    static func hourly(_ report: WeatherReport, hours count: Int, context: RenderContext) -> JSONOutput {
        let presentation = WeatherPresentation.hourly(report, hours: count, now: context.now)
        return .object([
            ("type", .string("hourly")), ("place", place(report.place, index: nil)),
            ("hours", .array(presentation.hours.map { hour($0, clock: report.forecast.clock) })),
            ("ensemble_hours", ensembleHours(presentation)),
        ])
    }

    /// `{"type":"daily",…}`: up to `count` days, each with its normal high when cached.
    static func daily(_ report: WeatherReport, days count: Int, context: RenderContext) -> JSONOutput {
        let presentation = WeatherPresentation.daily(report, days: count, now: context.now)
        return .object([
            ("type", .string("daily")), ("place", place(report.place, index: nil)),
            ("days", .array(presentation.days.map { day($0, report.climatology) })),
            ("days_before_today", .bool(presentation.coverage.lastDayBeforeToday != nil)),
            ("days_in_utc", .bool(report.forecast.daysAreUTC)),
        ])
    }

    /// `{"type":"comparison",…}`: a weather document per place, and the places without weather.
    static func comparison(_ reports: [WeatherReport], missing: [ComparisonGap], context: RenderContext) -> JSONOutput {
        .object([
            ("type", .string("comparison")),
            (
                "places",
                .array(reports.map { weather(WeatherPresentation.show($0, now: context.now(at: $0.place.coordinate))) })
            ),
            (
                "missing",
                .array(missing.map { .object([("name", .string($0.name)), ("reason", .string($0.reason))]) })
            ),
        ])
    }

    /// The weather document of `show` and of each place of `compare`.
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
            ("provider", .string(forecast.source.displayName)),
            ("origin", origin),
            ("time_zone", .optional(forecast.zone.identifier)),
            ("utc_offset_seconds", .number(Double(presentation.local.utcOffsetSeconds))),
            ("time_zone_guessed", .bool(forecast.zoneGuessed)),
            ("current", presentation.current.map { current($0, presentation) } ?? .null),
            ("current_hour", presentation.currentHour.map { hour($0, clock: forecast.clock) } ?? .null),
            ("precipitation_hour", precipitationHour(presentation)),
            ("today", presentation.today.map { day($0, report.climatology) } ?? .null),
            ("hourly", .array(presentation.hours.map { hour($0, clock: forecast.clock) })),
            ("daily", .array(presentation.days.map { day($0, report.climatology) })),
            ("days_before_today", .bool(presentation.coverage.lastDayBeforeToday != nil)),
            ("days_in_utc", .bool(forecast.daysAreUTC)),
            ("ensemble_tomorrow", ensembleTomorrow(presentation)),
            // The parts of the answer that did not come, and why: the rest above is what came.
            (
                "missing_parts",
                .array(
                    forecast.missingParts.map { missing in
                        .object([
                            (
                                "part",
                                .string(missing.part == .currentConditions ? "current_conditions" : "forecast_steps")
                            ),
                            ("reason", .string(missing.reason.description)),
                        ])
                    })
            ),
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
            ("precipitation_period_seconds", .optional(current.precipitationPeriodSeconds)),
            ("age_seconds", .number(presentation.now.timeIntervalSince(current.time).rounded())),
            ("not_now", .bool(presentation.conditionsAreNotNow)),
        ])
    }

    /// The chance and amount of the hour in progress (`WeatherPresentation.amountHour`): the
    /// interval they cover, `from` a step before the entry's label to `to`, its label (UTC);
    /// null when the answer has no entry covering now.
    static func precipitationHour(_ presentation: WeatherPresentation) -> JSONOutput {
        guard let hour = presentation.amountHour else { return .null }
        let step = Double(presentation.report.forecast.hourStepSeconds)
        return .object([
            ("from", .string(ISOTime.string(hour.time.addingTimeInterval(-step)))),
            ("to", .string(ISOTime.string(hour.time))),
            ("precipitation_probability_percent", .optional(hour.precipitationProbabilityPercent)),
            ("precipitation_millimetres", .optional(hour.precipitationMillimetres)),
        ])
    }

    /// An hour: its instant in UTC, and the UTC offset of the place's clock then (seconds
    /// east), which tells apart the two hours that read the same at the end of DST.
    static func hour(_ hour: HourlyForecast, clock: ZoneClock) -> JSONOutput {
        .object([
            ("time", .string(ISOTime.string(hour.time))),
            ("utc_offset_seconds", .number(Double(clock.localTime(hour.time).utcOffsetSeconds))),
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

    /// Figures in °C as the text shows them with metric units: `temperature_max_anomaly_celsius`
    /// is the difference `daily` shows — of the high and the normal high each to a tenth
    /// (`ValueFormatter.shownAnomaly`): a high of 24.4 against 22.65 is 1.7, as `daily` says, not
    /// the unrounded 1.75 rounded to 1.8.
    static let celsius = ValueFormatter(units: .metric)

    /// A forecast day; with the place's normals, its high against the normal high
    /// (`temperature_max_anomaly_celsius`, null when the normals are not cached), in °C as the
    /// text shows it (`celsius`).
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
            // Where the wind mostly comes from, degrees from north, as the text's arrow shows it.
            ("wind_direction_dominant_degrees", .optional(day.windDirectionDominantDegrees)),
            ("temperature_max_normal_celsius", .optional(comparison.map { hundredths($0.normalHighCelsius) })),
            (
                "temperature_max_anomaly_celsius",
                .optional(comparison.map { (Self.celsius.shownAnomaly($0) * 10).rounded() / 10 })
            ),
            ("partial", .bool(day.isPartial)),
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
