import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `rain` and `air` as JSON.
extension JSONRenderer {
    /// `{"type":"rain",…}`: when precipitation next starts and stops, and what falls (`falls`:
    /// "rain", "snow" or "precipitation" when mixed or unknown; null when dry); `outlook` null without data.
    /// `heaviest_later`: the heaviest spell after it within the horizon (`HeaviestLaterSpell`),
    /// its start and end (UTC), amount (mm, to the hundredth), what falls, whether it is still
    /// wet where the data end, and how many spells follow the first; null when none does.
    static func rain(_ report: WeatherReport, _ outlook: PrecipitationOutlook?, context: RenderContext) -> JSONOutput {
        let later = outlook.flatMap { HeaviestLaterSpell(report.forecast, $0, now: context.now) }
        return .object([
            ("type", .string("rain")), ("place", place(report.place, index: nil)),
            (
                "outlook",
                outlook.map { outlook in
                    .object([
                        ("kind", .string(outlook.kind == .dry ? "dry" : outlook.kind == .now ? "now" : "later")),
                        ("resolution", .string(outlook.resolution.jsonName)),
                        ("falls", outlook.kind == .dry ? .null : .string(outlook.falls.jsonName)),
                        ("start", .optional(outlook.start.map(ISOTime.string))),
                        ("end", .optional(outlook.end.map(ISOTime.string))),
                        ("total_millimetres", .number(outlook.totalMillimetres)),
                        ("probability_percent", .optional(outlook.probabilityPercent)),
                        ("horizon_hours", .number(outlook.horizonSeconds / 3_600)),
                    ])
                } ?? .null
            ),
            (
                "heaviest_later",
                later.map { found in
                    .object([
                        ("start", .string(ISOTime.string(found.spell.start))),
                        ("end", .string(ISOTime.string(found.spell.end))),
                        ("precipitation_millimetres", .number(hundredths(found.spell.totalMillimetres))),
                        ("falls", .string(found.spell.snow ? "snow" : "rain")),
                        ("still_raining_at_end", .bool(found.spell.lastsPastData)),
                        ("later_spells", .number(Double(found.count))),
                    ])
                } ?? .null
            ),
        ])
    }

    /// `{"type":"air",…}`: indexes, pollutants (µg/m³ in the keys), UV and pollen.
    static func air(_ value: Place, _ air: AirQuality) -> JSONOutput {
        .object([
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

extension PrecipitationOutlook.Falls {
    /// The JSON `falls` value: "rain", "snow", or "precipitation" when mixed or unknown.
    var jsonName: String {
        switch self {
        case .rain: "rain"
        case .snow: "snow"
        case .unknown: "precipitation"
        }
    }
}
