import FoundationEssentials
import WXBasics
import WeatherKit

// `warnings`, `show`'s warning lines and `compare`'s marks as JSON. Times ISO 8601 UTC.
extension JSONRenderer {
    /// `{"type":"warnings","place":…,"service":"Bright Sky (DWD)"|null,"covered":bool,"match":…,"warnings":[…]}`.
    static func warningsDocument(_ report: WarningReport, context: RenderContext) -> JSONOutput {
        let shown =
            report.request.index.map { [report.warnings[$0 - 1]] } ?? report.warnings
        return .object([
            ("type", .string("warnings")), ("place", place(report.place, index: nil)),
            ("covered", .bool(report.service != nil)),
            ("service", .optional(report.service?.displayName)),
            ("service_url_variable", .optional(report.service?.baseURLVariable)),
            ("match", .optional(report.match)),
            ("set_aside", .number(Double(report.setAside))), ("set_aside_reason", .optional(report.setAsideReason)),
            (
                "warnings",
                .array(
                    shown.map { warning in
                        warningObject(
                            warning,
                            hazard: WarningsPresentation.hazardForecast(
                                warning, forecast: report.forecast, now: context.now))
                    })
            ),
        ])
    }

    /// One warning, every field; `forecast` is what wx forecasts for its hazard, or null.
    static func warningObject(_ warning: WeatherWarning, hazard: HazardForecast? = nil) -> JSONOutput {
        let severity: String =
            switch warning.severity {
            case .unknown: "unknown"
            default: warning.severity.word
            }
        var severityWord: JSONOutput = .null
        if case .unknown(let word) = warning.severity, !word.isEmpty { severityWord = .string(word) }
        return .object([
            ("id", .string(warning.id)), ("event", .string(warning.event)), ("severity", .string(severity)),
            ("severity_as_sent", severityWord),
            ("level", .optional(warning.level?.word)), ("onset", .optional(warning.onset.map(ISOTime.string))),
            ("expires", .optional(warning.expires.map(ISOTime.string))),
            ("ends", .optional(warning.ends.map(ISOTime.string))), ("issuer", .string(warning.issuer)),
            ("headline", .optional(warning.headline)), ("description", .optional(warning.description)),
            ("instruction", .optional(warning.instruction)), ("language", .optional(warning.language)),
            ("message_type", .string(warning.messageType.rawValue)),
            ("references", .array(warning.references.map { .string($0) })), ("area", .optional(warning.area)),
            ("hazard", .optional(warning.hazard?.rawValue)),
            (
                "forecast",
                hazard.map { hazard in
                    .object([
                        ("hazard", .string(hazard.hazard.rawValue)),
                        ("quantity", .string(hazard.quantity.rawValue)),
                        (hazardKey(hazard.quantity), .number(hazard.value)),
                        ("time", .optional(hazard.time.map(ISOTime.string))),
                        ("from", .string(ISOTime.string(hazard.from))),
                        ("until", .string(ISOTime.string(hazard.until))),
                    ])
                } ?? .null
            ),
        ])
    }

    /// The key naming a hazard value and its unit.
    static func hazardKey(_ quantity: HazardForecast.Quantity) -> String {
        switch quantity {
        case .gusts: "max_gusts_kilometres_per_hour"
        case .windSpeed: "max_wind_speed_kilometres_per_hour"
        case .lowTemperature: "min_temperature_celsius"
        case .highTemperature: "max_temperature_celsius"
        case .precipitation: "precipitation_millimetres"
        case .coldPrecipitation: "precipitation_at_or_below_1_celsius_millimetres"
        }
    }

    /// `{"type":"warnings_in_force","place":…,"service":…,"warnings":[…],"changes":[…],"failure":…}`.
    static func bannerDocument(_ banner: WarningBanner) -> JSONOutput {
        .object([
            ("type", .string("warnings_in_force")), ("place", place(banner.place, index: nil)),
            ("service", .string(banner.service.displayName)),
            ("warnings", .array(banner.warnings.map { warningObject($0) })),
            (
                "changes",
                .array(
                    banner.changes.map {
                        .object([("change", .string($0.kind.rawValue)), ("warning", warningObject($0.warning))])
                    })
            ),
            ("failure", .optional(banner.failure)),
        ])
    }

    /// `{"type":"warning_marks","favorites":[{"name":…,"count":…,"top":…,"failure":…}]}`.
    static func marksDocument(_ marks: WarningMarks) -> JSONOutput {
        .object([
            ("type", .string("warning_marks")),
            (
                "favorites",
                .array(
                    marks.marks.map { mark in
                        .object([
                            ("name", .string(mark.name)), ("count", .number(Double(mark.count))),
                            ("top", mark.top.map { warningObject($0) } ?? .null),
                            ("failure", .optional(mark.failure)),
                        ])
                    })
            ),
        ])
    }
}

extension JSONRenderer {
    /// A warning kept with a snapshot: `event`, `level`, `severity`, `onset`, `end`, `issuer`, `headline`.
    static func keptWarning(_ kept: KeptWarning) -> JSONOutput {
        .object([
            ("event", .string(kept.event)), ("level", .optional(kept.level)), ("severity", .string(kept.severity)),
            ("onset", .optional(kept.onset.map(ISOTime.string))), ("end", .optional(kept.end.map(ISOTime.string))),
            ("issuer", .string(kept.issuer)), ("headline", .optional(kept.headline)),
        ])
    }
}
