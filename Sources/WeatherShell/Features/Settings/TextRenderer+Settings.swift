import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Settings (`units`, `format`, `provider`, `geocoder`, `language`) as text.
extension TextRenderer {
    /// `units`: the preset, the quantities set apart from it, and each unit, wrapped to `width`.
    static func units(_ setting: UnitSetting, format: ValueFormatter, width: Int) -> [String] {
        let units = setting.preferences
        let apart = UnitQuantity.allCases.filter { setting.overrides[$0] != nil }.map(\.rawValue)
        let name =
            setting.preset.rawValue + (apart.isEmpty ? "" : " (\(Counting.list(apart)) changed)")
        // "24h clock" is one phrase: "24h" never ends a line with "clock" on the next (trial 10,
        // at 40 columns).
        let clock = "\(units.clock.rawValue) clock"
        return TextLayout.wrap(
            "units \(name): \(format.temperatureSymbol), \(units.windSpeed.symbol), \(units.precipitation.symbol), \(units.pressure.symbol), \(units.distance.symbol), \(clock)",
            indent: 0, width: width, keeping: [clock])
    }

    /// `format`: the output format now.
    static func format(_ format: OutputFormat) -> [String] {
        ["output format: \(format.rawValue)"]
    }

    /// `provider`, `geocoder`, `language`: the setting's value and where it comes from.
    static func setting(name: String, value: String, note: String?) -> [String] {
        ["\(name): \(value)" + (note.map { " (\($0))" } ?? "")]
    }
}
