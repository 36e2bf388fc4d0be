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
    package var unitSetting = UnitSetting() { didSet { unreadableKept[CodingKeys.units.rawValue] = nil } }

    /// The units values are shown in.
    package var units: UnitPreferences {
        get { unitSetting.preferences }
        set { unitSetting = UnitSetting(approximating: newValue) }
    }
    /// Language for place names (`Accept-Language`); nil follows the locale.
    package var language: String? { didSet { unreadableKept[CodingKeys.language.rawValue] = nil } }
    /// The geocoder `find` uses: "nominatim" (default) or "open-meteo".
    package var geocoder: String? { didSet { unreadableKept[CodingKeys.geocoder.rawValue] = nil } }
    /// The weather provider `show` uses: "open-meteo" (default) or "openweathermap".
    package var provider: String? { didSet { unreadableKept[CodingKeys.provider.rawValue] = nil } }

    package init() {}

    enum CodingKeys: String, CodingKey, CaseIterable { case units, language, geocoder, provider }

    /// Settings in state.plist that this wx does not know, kept as they were and written back.
    package var otherEntries: [String: PlistValue] = [:]

    /// Settings in state.plist that could not be read (they keep their defaults), as the file
    /// held them: written back in their place until the setting is changed, as `otherEntries` are.
    package private(set) var unreadableKept: [String: PlistValue] = [:]

    /// Reads leniently: a setting that does not decode keeps its default instead of making the
    /// whole file unreadable.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func read<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            guard container.contains(key) else { return nil }
            if let value = try? container.decode(T.self, forKey: key) { return value }
            unreadableEntries += 1
            if let raw = try? container.decode(PlistValue.self, forKey: key) {
                unreadableKept[key.rawValue] = raw
            } else {
                unkeptEntries += 1
            }
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
        if let kept = unreadableKept[CodingKeys.units.rawValue] {
            try container.encode(kept, forKey: .units)
        } else {
            try container.encode(StoredUnits(unitSetting), forKey: .units)
        }
        for (key, value) in [(CodingKeys.language, language), (.geocoder, geocoder), (.provider, provider)] {
            try container.encodeIfPresent(unreadableKept[key.rawValue] ?? value.map(PlistValue.string), forKey: key)
        }
        try PlistValue.encode(otherEntries, to: encoder)
    }

    /// Settings in the file that could not be read (they keep their defaults).
    var unreadableEntries = 0
    /// Of `unreadableEntries`, those not kept in `unreadableKept`.
    var unkeptEntries = 0

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
