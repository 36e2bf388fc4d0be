/// A WMO 4677 present-weather code as Open-Meteo uses it, with words for every code the service
/// documents and a clear label for any other value.
package struct WeatherCode: Hashable, Sendable {
    package var rawValue: Int

    package init(_ rawValue: Int) { self.rawValue = rawValue }

    /// Whether the code is one Open-Meteo documents (0, 1–3, 45, 48, 51–57, 61–67, 71–77, 80–86, 95–99).
    package var isKnown: Bool { Self.words[rawValue] != nil }

    /// Lower-case words ("overcast", "slight rain showers"); "unknown (42)" outside the table.
    package var description: String { Self.words[rawValue] ?? "unknown (\(rawValue))" }

    /// The words for the code at night: "clear night", "mainly clear night", "partly cloudy
    /// night" for codes 0–2, whose day words speak of the sun's sky; every other code's words
    /// hold by day and night alike.
    package var nightDescription: String { Self.nightWords[rawValue] ?? description }

    /// The words for the code by day (`isNight` false or unknown) or at night.
    package func description(isNight: Bool?) -> String { isNight == true ? nightDescription : description }

    /// A one-column symbol for tables, degrading to ASCII when `unicode` is false; at night
    /// (`isNight` true) codes 0–2 show a moon ("☾", ASCII ")") rather than a sun.
    package func symbol(unicode: Bool, isNight: Bool? = nil) -> String {
        let pair: (String, String)
        switch rawValue {
        case 0...2 where isNight == true: pair = ("☾", ")")
        case 0: pair = ("☀", "*")
        case 1, 2: pair = ("⛅", "~")
        case 3: pair = ("☁", "=")
        case 45, 48: pair = ("≡", "-")
        // Drizzle's fine drops: "∴", one column; the low comma "‚" read as stray punctuation (trial 9).
        case 51...57: pair = ("∴", ",")
        case 61...67, 80...82: pair = ("☂", "/")
        case 71...77, 85, 86: pair = ("❄", "+")
        case 95...99: pair = ("⚡", "!")
        default: pair = ("?", "?")
        }
        return unicode ? pair.0 : pair.1
    }

    /// Whether the code means precipitation of any kind.
    package var isPrecipitation: Bool { (51...99).contains(rawValue) && rawValue != 45 && rawValue != 48 }

    private static let nightWords: [Int: String] = [
        0: "clear night", 1: "mainly clear night", 2: "partly cloudy night",
    ]

    private static let words: [Int: String] = [
        0: "clear sky", 1: "mainly clear", 2: "partly cloudy", 3: "overcast",
        45: "fog", 48: "depositing rime fog",
        51: "light drizzle", 53: "moderate drizzle", 55: "dense drizzle",
        56: "light freezing drizzle", 57: "dense freezing drizzle",
        61: "slight rain", 63: "moderate rain", 65: "heavy rain",
        66: "light freezing rain", 67: "heavy freezing rain",
        71: "slight snowfall", 73: "moderate snowfall", 75: "heavy snowfall", 77: "snow grains",
        80: "slight rain showers", 81: "moderate rain showers", 82: "violent rain showers",
        85: "slight snow showers", 86: "heavy snow showers",
        95: "thunderstorm", 96: "thunderstorm with slight hail", 99: "thunderstorm with heavy hail",
    ]
}

/// The condition at one time where an answer carries a condition at all: a WMO code, or
/// `unknown` — the answer has the variable but no code for this time (Open-Meteo `null`, case
/// OM-2). Where the answer does not carry the variable (it was not asked for, as in older
/// recordings without `weather_code`), the model holds nil instead of a `Condition`: nothing is
/// known to be unknown, and views leave the condition out (or show "—" in a table cell).
package enum Condition: Hashable, Sendable {
    /// A WMO 4677 code (0…99 as Open-Meteo reports it; may be outside the table).
    case code(Int)
    /// The variable was there, its value null (or not a whole number below 1000).
    case unknown

    /// The WMO code; nil when unknown.
    package var code: Int? {
        if case .code(let code) = self { code } else { nil }
    }

    /// Of two conditions for the same time (the current conditions', then their hour's), the
    /// first that has a code, else the first that is unknown; nil when neither is carried.
    package static func preferring(_ first: Condition?, _ second: Condition?) -> Condition? {
        if first?.code != nil { return first }
        if second?.code != nil { return second }
        return first ?? second
    }
}
