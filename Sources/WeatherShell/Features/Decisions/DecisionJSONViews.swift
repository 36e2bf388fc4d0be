import FoundationEssentials
import WXBasics
import WeatherKit

// `best`, `chance` and `plume` as JSON: values in the variables' own units named in the keys
// (°C, km/h, mm, %), times ISO 8601 UTC, every window and day with its member counts.
extension JSONRenderer {
    /// `{"type":"condition",…}` pieces: the variable, the comparison and the limit in the
    /// variable's unit, and the number as typed with the unit it was read in (the user's for a
    /// bare number: "mph", "c", "bft").
    static func decisionCondition(_ condition: AppliedCondition) -> JSONOutput {
        guard let variable = condition.variable, let typed = condition.typed else {
            return .object([("variable", .string("daylight"))])
        }
        return .object([
            ("variable", .string(variable.rawValue)), ("comparison", .string(condition.comparison.rawValue)),
            ("limit", .number(condition.limit)), ("unit", .string(decisionUnit(variable))),
            ("typed_amount", .number(typed.amount)),
            ("typed_unit", .optional(condition.typedUnit ?? typed.unit?.rawValue)),
        ])
    }

    /// The unit of a variable's values in JSON: "celsius", "kilometres_per_hour", "millimetres",
    /// "percent".
    static func decisionUnit(_ variable: EnsembleVariable) -> String {
        switch variable {
        case .temperature: "celsius"
        case .windSpeed, .windGusts: "kilometres_per_hour"
        case .precipitation, .snowfall: "millimetres"
        case .cloudCover: "percent"
        }
    }

    /// `{"type":"best",…}`: the conditions as parsed, the span, every window with its member
    /// count and total, and the top windows' starts.
    static func best(_ report: BestReport) -> JSONOutput {
        func window(_ window: BestWindow) -> JSONOutput {
            var members: [(String, JSONOutput)] = [
                ("start", .string(ISOTime.string(window.start))), ("end", .string(ISOTime.string(window.end))),
                ("members_holding", .number(Double(window.holding))), ("members", .number(Double(window.members))),
                ("percent", .optional(window.percent)),
                ("member_hours_holding", .number(Double(window.memberHoursHolding))),
                ("member_hours", .number(Double(window.memberHours))),
            ]
            let forecast = window.forecast
            members += [
                ("forecast_temperature_min_celsius", .optional(forecast?.temperatureRange?.lowerBound)),
                ("forecast_temperature_max_celsius", .optional(forecast?.temperatureRange?.upperBound)),
                ("forecast_wind_speed_min_kilometres_per_hour", .optional(forecast?.windRange?.lowerBound)),
                ("forecast_wind_speed_max_kilometres_per_hour", .optional(forecast?.windRange?.upperBound)),
                ("forecast_wind_gusts_max_kilometres_per_hour", .optional(forecast?.gustsMaximum)),
                ("forecast_precipitation_sum_millimetres", .optional(forecast?.precipitationSum)),
                (
                    "misses",
                    window.misses.map { misses in
                        .array(
                            zip(misses, report.conditions).map { miss, condition in
                                .object([
                                    ("variable", .string(condition.variable?.rawValue ?? "daylight")),
                                    ("by", .number(miss)),
                                    ("unit", .string(condition.variable.map(decisionUnit) ?? "hours")),
                                ])
                            })
                    } ?? .null
                ),
            ]
            return .object(members)
        }
        return .object([
            ("type", .string("best")), ("place", place(report.place, index: nil)),
            ("model", .string(report.model.rawValue)), ("model_members", .number(Double(report.model.memberCount))),
            ("control_counts_as_member", .bool(true)),
            ("members_with_variables", .number(Double(report.membersWithVariables))),
            ("hours", .number(Double(report.hours))), ("words", .array(report.words.map { .string($0) })),
            ("conditions", .array(report.conditions.map(decisionCondition))),
            ("span_start", .string(ISOTime.string(report.spanStart))),
            ("span_end", .string(ISOTime.string(report.spanEnd))), ("qualified", .bool(report.qualified)),
            ("top", .array(report.top.map { .string(ISOTime.string($0.start)) })),
            ("windows", .array(report.windows.map(window))), ("origin", origin(report.origin)),
            ("time_zone", .optional(report.zone.identifier)),
            ("forecast_end", .optional(report.forecastEnd.map { ISOTime.string($0) })),
            ("forecast_missing", .optional(report.forecastMissing)),
        ])
    }

    /// `{"type":"chance",…}`: per threshold its days with the members reaching it, of how many,
    /// and where it concentrates (`most`: every span of busy hours, `{from, until}`, oldest first).
    static func chance(_ report: ChanceReport) -> JSONOutput {
        .object([
            ("type", .string("chance")), ("place", place(report.place, index: nil)),
            ("model", .string(report.model.rawValue)), ("model_members", .number(Double(report.model.memberCount))),
            ("control_counts_as_member", .bool(true)),
            (
                "thresholds",
                .array(
                    report.rows.map { row in
                        let word: String
                        switch row.threshold {
                        case .frost: word = "frost"
                        case .limit(_, _, let typed): word = typed
                        }
                        return .object([
                            ("threshold", .string(word)), ("variable", .string(row.variable.rawValue)),
                            ("comparison", .string(row.comparison.rawValue)), ("limit", .number(row.limit)),
                            ("unit", .string(decisionUnit(row.variable))), ("per_day", .bool(row.perDay)),
                            // The window an amount is counted over, as the text says it.
                            ("window", .string(row.perDay ? "day" : "hour")),
                            ("variable_missing", .bool(row.variableMissing)),
                            // Why, as the text says it, when the members were in a unit wx does not know.
                            ("variable_missing_reason", .optional(row.unknownUnit)),
                            (
                                "days",
                                .array(
                                    row.days.map { day in
                                        .object([
                                            ("date", .string(day.date.iso)),
                                            ("members_reaching", .number(Double(day.reaching))),
                                            ("members", .number(Double(day.members))),
                                            ("percent", .optional(day.percent)),
                                            ("most_from", .optional(day.busiest.map { ISOTime.string($0.from) })),
                                            ("most_until", .optional(day.busiest.map { ISOTime.string($0.until) })),
                                            (
                                                "most",
                                                .array(
                                                    day.most.map {
                                                        .object([
                                                            ("from", .string(ISOTime.string($0.from))),
                                                            ("until", .string(ISOTime.string($0.until))),
                                                        ])
                                                    })
                                            ),
                                            ("from_next_hour", .bool(day.fromNextHour)),
                                            // A day the answer stops within: the hours counted.
                                            ("hours_covered", .optional(day.part?.slots.count)),
                                            ("hours_in_day", .optional(day.part?.hoursInDay)),
                                            ("covered_until", .optional(day.part.map { ISOTime.string($0.end) })),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            ("origin", origin(report.origin)), ("time_zone", .optional(report.zone.identifier)),
        ])
    }

    /// `{"type":"plume",…}`: per hour the members' 10th, 50th and 90th percentile in the
    /// variable's unit and the members they come from. `time` is the answer's own time of the
    /// value: for a value covering the preceding hour (`covers_preceding_hour`) the hour's end
    /// (07:00Z for 06:00–07:00Z), as the flag says; the text's rows are labelled by the start.
    static func plume(_ report: PlumeReport) -> JSONOutput {
        .object([
            ("type", .string("plume")), ("place", place(report.place, index: nil)),
            ("model", .string(report.model.rawValue)), ("model_members", .number(Double(report.model.memberCount))),
            ("control_counts_as_member", .bool(true)), ("variable", .string(report.variable.rawValue)),
            ("unit", .string(decisionUnit(report.variable))),
            ("covers_preceding_hour", .bool(report.variable.coversPrecedingHour)),
            ("percentile_method", .string("linear")),
            (
                "hours",
                .array(
                    report.hours.map { hour in
                        .object([
                            (
                                "time",
                                .string(
                                    ISOTime.string(
                                        report.variable.coversPrecedingHour
                                            ? hour.time.addingTimeInterval(3_600) : hour.time))
                            ), ("p10", .optional(hour.spread?.p10)),
                            ("median", .optional(hour.spread?.median)), ("p90", .optional(hour.spread?.p90)),
                            ("members", .number(Double(hour.spread?.members ?? 0))),
                        ])
                    })
            ),
            ("origin", origin(report.origin)), ("time_zone", .optional(report.zone.identifier)),
        ])
    }
}
