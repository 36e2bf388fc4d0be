import FoundationEssentials
import WXBasics
import WeatherKit

// `drift` and `skill` as JSON documents: metric values, the unit in each key.
extension JSONRenderer {
    static func drift(_ report: DriftReport) -> JSONOutput {
        let change = DriftChange(report)
        return .object([
            ("type", .string("drift")), ("place", place(report.place, index: nil)),
            ("date", .string(report.date.iso)), ("today", .string(report.today.iso)),
            (
                "runs",
                .array(
                    report.rows.map { row in
                        .object([
                            ("lead_days", .number(Double(row.day.lead))), ("issued", .optional(row.issued?.iso)),
                            ("temperature_max_celsius", .optional(row.day.temperatureMaxCelsius)),
                            ("temperature_min_celsius", .optional(row.day.temperatureMinCelsius)),
                            ("precipitation_sum_millimetres", .optional(row.day.precipitationSumMillimetres)),
                            ("repeats_newer_run", .bool(row.repeatsNewerRun)),
                            ("no_run_that_old", .bool(row.noRunThatOld)),
                        ])
                    })
            ),
            ("temperature_max_change_celsius", .optional(change.highChangeCelsius)),
            ("change_over_days", .optional(change.days)),
            ("source", .string("open-meteo previous runs")),
        ])
    }

    static func skill(_ report: SkillReport) -> JSONOutput {
        .object([
            ("type", .string("skill")), ("place", place(report.place, index: nil)),
            ("start_date", .string(report.window.lowerBound.iso)), ("end_date", .string(report.window.upperBound.iso)),
            ("days", .number(Double(report.windowDays))), ("asked_days", .number(Double(report.askedDays))),
            ("observed_days", .number(Double(report.observedDays))),
            ("archive_last_day", .optional(report.archiveLastDay?.iso)),
            ("observed_source", .string("archive")),
            ("rain_threshold_millimetres", .number(RainRule.thresholdMillimetres)),
            ("leads", .array(report.leads.map(leadScore))),
        ])
    }

    /// One lead's figures (temperatures in °C to 0.01); each `null` when its day count is 0.
    static func leadScore(_ score: LeadScore) -> JSONOutput {
        .object([
            ("lead_days", .number(Double(score.lead))),
            (
                "temperature_max_mean_absolute_error_celsius",
                .optional(score.highMeanAbsoluteErrorCelsius.map(hundredths))
            ),
            ("temperature_max_mean_error_celsius", .optional(score.highMeanErrorCelsius.map(hundredths))),
            ("temperature_max_days", .number(Double(score.highDays))),
            (
                "temperature_min_mean_absolute_error_celsius",
                .optional(score.lowMeanAbsoluteErrorCelsius.map(hundredths))
            ),
            ("temperature_min_mean_error_celsius", .optional(score.lowMeanErrorCelsius.map(hundredths))),
            ("temperature_min_days", .number(Double(score.lowDays))),
            ("rain_right_percent", .optional(score.rainRightPercent)),
            ("rain_hits", .number(Double(score.rainHits))), ("rain_days", .number(Double(score.rainDays))),
            ("repeats_lead_days", .optional(score.repeatsLead)),
        ])
    }
}
