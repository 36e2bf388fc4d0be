import Dispatch
import FoundationEssentials
import Synchronization
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// User settings kept in `state.plist`.
package struct Settings: Hashable, Sendable, Codable {
    /// The units setting: a preset with per-quantity overrides.
    package var unitSetting = UnitSetting()

    /// The units values are shown in.
    package var units: UnitPreferences {
        get { unitSetting.preferences }
        set { unitSetting = UnitSetting(approximating: newValue) }
    }
    /// Language for place names (`Accept-Language`); nil follows the locale.
    package var language: String?
    /// The geocoder `find` uses: "nominatim" (default) or "open-meteo".
    package var geocoder: String?
    /// The weather provider `show` uses: "open-meteo" (default) or "openweathermap".
    package var provider: String?

    package init() {}

    enum CodingKeys: String, CodingKey, CaseIterable { case units, language, geocoder, provider }

    /// Settings in state.plist that this wx does not know, kept as they were and written back.
    package var otherEntries: [String: PlistValue] = [:]

    /// Reads leniently: a setting that does not decode keeps its default instead of making the
    /// whole file unreadable.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func read<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            guard container.contains(key) else { return nil }
            if let value = try? container.decode(T.self, forKey: key) { return value }
            unreadableEntries += 1
            return nil
        }
        // Version 2: {preset, temperature?, wind?, …}. Version 1: every unit spelled out, which
        // becomes the nearest preset with overrides.
        if let stored = read(StoredUnits.self, .units) { unitSetting = stored.setting }
        language = read(String.self, .language)
        geocoder = read(String.self, .geocoder)
        provider = read(String.self, .provider)
        otherEntries = PlistValue.otherEntries(in: decoder, known: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(StoredUnits(unitSetting), forKey: .units)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(geocoder, forKey: .geocoder)
        try container.encodeIfPresent(provider, forKey: .provider)
        try PlistValue.encode(otherEntries, to: encoder)
    }

    /// Settings in the file that could not be read (they keep their defaults).
    var unreadableEntries = 0

    package static func == (a: Settings, b: Settings) -> Bool {
        a.unitSetting == b.unitSetting && a.language == b.language && a.geocoder == b.geocoder
            && a.provider == b.provider
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(unitSetting)
        hasher.combine(language)
        hasher.combine(geocoder)
        hasher.combine(provider)
    }
}

/// The `units` entry of `state.plist`, in either format version.
///
/// - Version 2: `{preset: "metric", temperature: "K"}`, overrides only where they differ.
/// - Version 1: `{temperature: "C", windSpeed: "kmh", precipitation: "mm", pressure: "hPa",
///   distance: "km", clock: "24h"}`, read and migrated to the nearest preset with overrides.
struct StoredUnits: Codable {
    let setting: UnitSetting

    init(_ setting: UnitSetting) { self.setting = setting }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let preset = try container.decodeIfPresent(String.self, forKey: Key("preset")) {
            guard let value = UnitPreset(rawValue: preset) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "preset"))
            }
            var setting = UnitSetting(preset: value)
            for quantity in UnitQuantity.allCases {
                guard let word = try container.decodeIfPresent(String.self, forKey: Key(quantity.rawValue)) else {
                    continue
                }
                guard let changed = setting.setting(quantity, to: word) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: quantity.rawValue))
                }
                setting = changed
            }
            self.setting = setting
        } else {
            self.setting = UnitSetting(approximating: try UnitPreferences(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(setting.preset.rawValue, forKey: Key("preset"))
        for quantity in UnitQuantity.allCases {
            if let word = setting.overrides[quantity] { try container.encode(word, forKey: Key(quantity.rawValue)) }
        }
    }
}
