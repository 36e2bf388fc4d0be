import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Settings (`units`, `format`, `provider`, `geocoder`, `language`) as JSON.
extension JSONRenderer {
    /// `{"type":"units",…}`: the preset, its overrides and each unit's symbol.
    static func units(_ setting: UnitSetting) -> JSONOutput {
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
    }

    /// `{"type":"format",…}`.
    static func format(_ format: OutputFormat) -> JSONOutput {
        .object([("type", .string("format")), ("format", .string(format.rawValue))])
    }

    /// `{"type":"setting",…}`: `note` only when there is one.
    static func setting(name: String, value: String, note: String?) -> JSONOutput {
        .object(
            [("type", .string("setting")), ("name", .string(name)), ("value", .string(value))]
                + (note.map { [("note", .string($0))] } ?? []))
    }
}
