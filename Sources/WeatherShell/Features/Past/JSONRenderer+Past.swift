import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `past` and `normal` as JSON.
extension JSONRenderer {
    /// `{"type":"past",…}`: the days (and a single day's hours) with units in the keys.
    ///
    /// `source` and `service` name the one service that gave the days, or `mixed` and both
    /// when both gave some; `sources` has each service with its days, and each day its `source`.
    static func past(_ report: PastReport) -> JSONOutput {
        let weather = report.weather
        let word = { (source: PastSource) in source == .archive ? "archive" : "forecast" }
        let services = Array(Set(weather.sources.map(\.source)))
        let sourceOf = { (date: LocalDate) in weather.sources.first { $0.days.contains(date) }?.source ?? weather.source
        }
        return .object([
            ("type", .string("past")), ("place", place(report.place, index: nil)),
            ("source", .string(services.count > 1 ? "mixed" : word(services.first ?? weather.source))),
            (
                "service",
                .string(
                    services.count > 1
                        ? "Open-Meteo’s archive (ERA5) and forecast API (recent days)"
                        : (services.first ?? weather.source).description)
            ),
            (
                "sources",
                .array(
                    weather.sources.map { part in
                        .object([
                            ("source", .string(word(part.source))), ("service", .string(part.source.description)),
                            ("start_date", .string(part.days.lowerBound.iso)),
                            ("end_date", .string(part.days.upperBound.iso)),
                        ])
                    })
            ),
            ("start_date", .string(weather.requested.lowerBound.iso)),
            ("end_date", .string(weather.requested.upperBound.iso)),
            ("time_zone", .optional(weather.zone.identifier)),
            ("utc_offset_seconds", .number(Double(weather.zone.utcOffsetSeconds))),
            ("data_end", .optional(weather.dataEnd.map(ISOTime.string))),
            (
                "days",
                .array(
                    weather.days.map { day in
                        .object([
                            ("date", .string(day.date.iso)),
                            ("source", .string(word(sourceOf(day.date)))),
                            ("weather_code", .optional(day.weatherCode)),
                            ("condition", .optional(day.weatherCode.map { WeatherCode($0).description })),
                            ("temperature_min_celsius", .optional(day.temperatureMinCelsius)),
                            ("temperature_max_celsius", .optional(day.temperatureMaxCelsius)),
                            ("temperature_mean_celsius", .optional(day.temperatureMeanCelsius)),
                            ("precipitation_sum_millimetres", .optional(day.precipitationSumMillimetres)),
                            ("wind_speed_max_kilometres_per_hour", .optional(day.windSpeedMaxKilometresPerHour)),
                            ("sunshine_duration_seconds", .optional(day.sunshineDurationSeconds)),
                        ])
                    })
            ),
            ("hours", .array(weather.hours.map { hour($0, clock: ZoneClock(weather.zone)) })),
        ])
    }

    /// `{"type":"normal",…}`: the normals of the days shown, each mean rounded once to 0.01 from
    /// the unrounded mean (the text rounds that same mean once to its 0.1: Wed 30 Jul's low,
    /// 12.3457 °C, is 12.35 here and 12.3 there — a reader should round the text's way from the
    /// unrounded figure, not 12.35 again).
    static func normal(_ report: NormalReport) -> JSONOutput {
        .object([
            ("type", .string("normal")), ("place", place(report.place, index: nil)),
            ("first_year", .number(Double(Climatology.firstYear))),
            ("last_year", .number(Double(Climatology.lastYear))),
            ("window_days", .number(Double(Climatology.windowDays))),
            ("wet_day_millimetres", .number(Climatology.wetDayMillimetres)),
            (
                "days",
                .array(
                    report.days.map { date in
                        let normal = report.climatology.normal(for: date)
                        return .object([
                            ("date", .string(date.iso)),
                            // 8 for 29 February (the leap years), else 30.
                            ("years", .number(Double(Climatology.years(of: date)))),
                            (
                                "temperature_min_mean_celsius",
                                .optional(normal.temperatureMinMeanCelsius.map(hundredths))
                            ),
                            (
                                "temperature_max_mean_celsius",
                                .optional(normal.temperatureMaxMeanCelsius.map(hundredths))
                            ),
                            (
                                "precipitation_mean_millimetres",
                                .optional(normal.precipitationMeanMillimetres.map(hundredths))
                            ),
                            ("wet_day_percent", .optional(normal.wetDayPercent.map(hundredths))),
                        ])
                    })
            ),
        ])
    }
}
