/// Temperature scale for display. Values are held in °C and converted when shown.
package enum TemperatureUnit: String, Sendable, Codable, CaseIterable {
    case celsius = "C"
    case fahrenheit = "F"
    case kelvin = "K"

    package var symbol: String {
        switch self {
        case .celsius: "°C"
        case .fahrenheit: "°F"
        case .kelvin: "K"
        }
    }

    package func convert(celsius value: Double) -> Double {
        switch self {
        case .celsius: value
        case .fahrenheit: value * 9 / 5 + 32
        case .kelvin: value + 273.15
        }
    }

    /// Converts a value given in this unit to °C (for services that answered in it).
    package func celsius(from value: Double) -> Double {
        switch self {
        case .celsius: value
        case .fahrenheit: (value - 32) * 5 / 9
        case .kelvin: value - 273.15
        }
    }
}

/// Wind-speed unit for display. Values are held in km/h.
package enum WindSpeedUnit: String, Sendable, Codable, CaseIterable {
    case kilometresPerHour = "kmh"
    case metresPerSecond = "ms"
    case milesPerHour = "mph"
    case knots = "kn"
    case beaufort = "bft"

    package var symbol: String {
        switch self {
        case .kilometresPerHour: "km/h"
        case .metresPerSecond: "m/s"
        case .milesPerHour: "mph"
        case .knots: "kn"
        case .beaufort: "Bft"
        }
    }

    /// The value in this unit; for Beaufort the force number 0…12.
    package func convert(kilometresPerHour value: Double) -> Double {
        switch self {
        case .kilometresPerHour: value
        case .metresPerSecond: value / 3.6
        case .milesPerHour: value / 1.609_344
        case .knots: value / 1.852
        case .beaufort: Double(Beaufort.force(kilometresPerHour: value))
        }
    }

    /// Converts a value given in this unit to km/h; nil for Beaufort (a range, not a value).
    package func kilometresPerHour(from value: Double) -> Double? {
        switch self {
        case .kilometresPerHour: value
        case .metresPerSecond: value * 3.6
        case .milesPerHour: value * 1.609_344
        case .knots: value * 1.852
        case .beaufort: nil
        }
    }
}

/// The Beaufort wind force scale (WMO), by mean wind speed at 10 m.
///
/// Source: the WMO Beaufort table with its equivalent speeds in m/s at 10 m (as in the WMO
/// Manual on Marine Meteorological Services, WMO-No. 558, and the WMO Guide to Instruments and
/// Methods of Observation, WMO-No. 8; README's "Scales" cites it): force 0 0–0.2,
/// 1 0.3–1.5, 2 1.6–3.3, 3 3.4–5.4, 4 5.5–7.9, 5 8.0–10.7, 6 10.8–13.8, 7 13.9–17.1,
/// 8 17.2–20.7, 9 20.8–24.4, 10 24.5–28.4, 11 28.5–32.6, 12 32.7 and above. Each force runs
/// from its lower bound up to the next force's (force 1 from 0.3 m/s up to 1.6 m/s, not
/// included): the table's bounds are the limits `force(kilometresPerHour:)` and a condition
/// such as `wind<2bft` use, so the force shown for a speed and the conditions agree. Its knot
/// table starts force 1 at 1 kn (0.5 m/s), which is not the m/s table's bound.
package enum Beaufort {
    /// Lower bounds of forces 1…12 in tenths of m/s, as the WMO table gives them (force 1 from
    /// 0.3 m/s, force 12 from 32.7 m/s): whole numbers, so the bounds are exact.
    static let lowerBoundsTenthsOfMetresPerSecond: [Int] = [
        3, 16, 34, 55, 80, 108, 139, 172, 208, 245, 285, 327,
    ]

    /// Lower bounds of forces 1…12 in m/s (0.3, 1.6, …, 32.7).
    package static let lowerBoundsMetresPerSecond: [Double] = lowerBoundsTenthsOfMetresPerSecond.map {
        Double($0) / 10
    }

    /// The lowest speed of a force 1…12 in km/h: the table's m/s bound × 3.6, exact to the
    /// 0.01 km/h it has (force 1 1.08 km/h, force 2 5.76, force 12 117.72), never
    /// 117.72000000000001.
    package static func lowerBoundKilometresPerHour(force: Int) -> Double {
        Double(lowerBoundsTenthsOfMetresPerSecond[max(1, min(12, force)) - 1] * 36) / 100
    }

    /// The WMO descriptive terms for forces 0…12.
    static let names = [
        "calm", "light air", "light breeze", "gentle breeze", "moderate breeze", "fresh breeze",
        "strong breeze", "near gale", "gale", "strong gale", "storm", "violent storm", "hurricane force",
    ]

    /// The force 0…12 for a speed in km/h: the highest force whose lower bound the speed
    /// reaches (1.08 km/h = 0.3 m/s is force 1, 1.07 km/h force 0). A speed within 1e-9 km/h
    /// below a bound counts as on it: 1.6 m/s × 3.6 is 5.760000000000001 or 5.759999999999999
    /// as doubles go.
    package static func force(kilometresPerHour value: Double) -> Int {
        var force = 0
        for candidate in 1...12 where value >= lowerBoundKilometresPerHour(force: candidate) - 1e-9 {
            force = candidate
        }
        return force
    }

    /// "gentle breeze" for force 3.
    package static func name(force: Int) -> String { names[max(0, min(12, force))] }
}

/// Precipitation unit for display. Values are held in mm.
package enum PrecipitationUnit: String, Sendable, Codable, CaseIterable {
    case millimetres = "mm"
    case inches = "inch"

    package var symbol: String { self == .millimetres ? "mm" : "in" }

    package func convert(millimetres value: Double) -> Double { self == .millimetres ? value : value / 25.4 }

    package func millimetres(from value: Double) -> Double { self == .millimetres ? value : value * 25.4 }
}

/// Pressure unit for display. Values are held in hPa.
package enum PressureUnit: String, Sendable, Codable, CaseIterable {
    case hectopascals = "hPa"
    case inchesOfMercury = "inHg"

    package var symbol: String { rawValue }

    /// 1 inHg = 33.8639 hPa (at 0 °C, standard gravity).
    package func convert(hectopascals value: Double) -> Double {
        self == .hectopascals ? value : value / 33.863_886_666_7
    }
}

/// Distance unit for visibility. Values are held in metres.
package enum DistanceUnit: String, Sendable, Codable, CaseIterable {
    case kilometres = "km"
    case miles = "mi"

    package var symbol: String { rawValue }

    package func convert(metres value: Double) -> Double { self == .kilometres ? value / 1000 : value / 1609.344 }
}

/// 24-hour ("14:05") or 12-hour ("2:05 pm") clock for display.
package enum ClockStyle: String, Sendable, Codable, CaseIterable {
    case twentyFourHour = "24h"
    case twelveHour = "12h"
}

/// The units wx shows values in: one preset (`metric`, `imperial`) with per-quantity overrides.
package struct UnitPreferences: Hashable, Sendable, Codable {
    package var temperature: TemperatureUnit
    package var windSpeed: WindSpeedUnit
    package var precipitation: PrecipitationUnit
    package var pressure: PressureUnit
    package var distance: DistanceUnit
    package var clock: ClockStyle

    package init(
        temperature: TemperatureUnit, windSpeed: WindSpeedUnit, precipitation: PrecipitationUnit,
        pressure: PressureUnit, distance: DistanceUnit, clock: ClockStyle
    ) {
        self.temperature = temperature
        self.windSpeed = windSpeed
        self.precipitation = precipitation
        self.pressure = pressure
        self.distance = distance
        self.clock = clock
    }

    /// °C, km/h, mm, hPa, km, 24 h.
    package static let metric = UnitPreferences(
        temperature: .celsius, windSpeed: .kilometresPerHour, precipitation: .millimetres,
        pressure: .hectopascals, distance: .kilometres, clock: .twentyFourHour)

    /// °F, mph, inch, inHg, miles, 12 h.
    package static let imperial = UnitPreferences(
        temperature: .fahrenheit, windSpeed: .milesPerHour, precipitation: .inches,
        pressure: .inchesOfMercury, distance: .miles, clock: .twelveHour)

    /// "metric" or "imperial" when the preferences equal a preset; nil when mixed.
    package var presetName: String? {
        if self == .metric { return "metric" }
        if self == .imperial { return "imperial" }
        return nil
    }
}

/// Compass points for a wind direction.
///
/// The 16-point compass rose: each point names a sector of 22.5° centred on it, so the sector
/// edges lie at 11.25° + k · 22.5° (N is 348.75° up to 11.25°, NNE 11.25° up to 33.75°, …).
/// A direction exactly on an edge belongs to the sector clockwise of it.
package enum CompassDirection {
    static let points = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]

    /// The 16-point compass name ("WSW") for a direction in degrees (any value; wrapped to 0…360).
    /// Half a sector rounds clockwise: 11.25° is NNE, 348.75° is N.
    package static func name(degrees: Double) -> String {
        guard degrees.isFinite else { return "—" }
        let wrapped = degrees.truncatingRemainder(dividingBy: 360) + (degrees < 0 ? 360 : 0)
        return points[Int((wrapped / 22.5).rounded()) % 16]
    }
}

/// The two unit presets.
package enum UnitPreset: String, Hashable, Sendable, Codable, CaseIterable {
    case metric, imperial

    package var preferences: UnitPreferences { self == .metric ? .metric : .imperial }
}

/// A quantity whose unit can be chosen on its own (`units temperature K`).
package enum UnitQuantity: String, Hashable, Sendable, CaseIterable {
    case temperature, wind, precipitation, pressure, distance, clock

    /// The words accepted for this quantity, as `units` prints them.
    package var choices: [String] {
        switch self {
        case .temperature: TemperatureUnit.allCases.map(\.rawValue)
        case .wind: WindSpeedUnit.allCases.map(\.rawValue)
        case .precipitation: PrecipitationUnit.allCases.map(\.rawValue)
        case .pressure: PressureUnit.allCases.map(\.rawValue)
        case .distance: DistanceUnit.allCases.map(\.rawValue)
        case .clock: ClockStyle.allCases.map(\.rawValue)
        }
    }

    /// The unit's word in `preferences` ("K", "kmh", "24h").
    package func value(in preferences: UnitPreferences) -> String {
        switch self {
        case .temperature: preferences.temperature.rawValue
        case .wind: preferences.windSpeed.rawValue
        case .precipitation: preferences.precipitation.rawValue
        case .pressure: preferences.pressure.rawValue
        case .distance: preferences.distance.rawValue
        case .clock: preferences.clock.rawValue
        }
    }

    /// The names people type for a unit besides its word and symbol, lower case, to the unit's
    /// word: `units wind knots` was refused as not one of “kmh, ms, mph, kn, bft” (trial 8).
    static let spokenNames: [UnitQuantity: [String: String]] = [
        .temperature: ["celsius": "C", "centigrade": "C", "fahrenheit": "F", "kelvin": "K"],
        .wind: [
            "kph": "kmh", "kmph": "kmh", "mps": "ms", "knot": "kn", "knots": "kn", "kt": "kn", "kts": "kn",
            "beaufort": "bft",
        ],
        .precipitation: [
            "millimetre": "mm", "millimetres": "mm", "millimeter": "mm", "millimeters": "mm", "inches": "inch",
        ],
        .pressure: [
            "hectopascal": "hPa", "hectopascals": "hPa", "mbar": "hPa", "mb": "hPa", "millibar": "hPa",
            "millibars": "hPa",
        ],
        .distance: [
            "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km", "mile": "mi", "miles": "mi",
        ],
        .clock: ["24": "24h", "12": "12h", "24-hour": "24h", "12-hour": "12h"],
    ]

    /// `preferences` with this quantity set to `word` (case-insensitive: its word, its symbol
    /// or a name in `spokenNames`); nil for a word that names no unit of it.
    package func setting(_ word: String, in preferences: UnitPreferences) -> UnitPreferences? {
        var result = preferences
        let lower = Self.spokenNames[self]?[word.lowercased()]?.lowercased() ?? word.lowercased()
        switch self {
        case .temperature:
            guard
                let unit = TemperatureUnit.allCases.first(where: {
                    $0.rawValue.lowercased() == lower || $0.symbol.lowercased() == lower
                })
            else { return nil }
            result.temperature = unit
        case .wind:
            guard
                let unit = WindSpeedUnit.allCases.first(where: {
                    $0.rawValue.lowercased() == lower || $0.symbol.lowercased() == lower
                })
            else { return nil }
            result.windSpeed = unit
        case .precipitation:
            guard
                let unit = PrecipitationUnit.allCases.first(where: {
                    $0.rawValue.lowercased() == lower || $0.symbol.lowercased() == lower
                })
            else { return nil }
            result.precipitation = unit
        case .pressure:
            guard let unit = PressureUnit.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
                return nil
            }
            result.pressure = unit
        case .distance:
            guard let unit = DistanceUnit.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
                return nil
            }
            result.distance = unit
        case .clock:
            guard let unit = ClockStyle.allCases.first(where: { $0.rawValue.lowercased() == lower }) else { return nil }
            result.clock = unit
        }
        return result
    }
}

/// The units setting: a preset, and the quantities set apart from it.
///
/// Stored this way (state.plist version 2) so that `units imperial` after `units temperature K`
/// starts clean, and so that a later preset change is not undone by stale copies of its values.
package struct UnitSetting: Hashable, Sendable {
    package var preset: UnitPreset
    /// Quantity → unit word, only where it differs from the preset.
    package var overrides: [UnitQuantity: String]

    package init(preset: UnitPreset = .metric, overrides: [UnitQuantity: String] = [:]) {
        self.preset = preset
        self.overrides = overrides
    }

    /// The units in effect.
    package var preferences: UnitPreferences {
        var result = preset.preferences
        for quantity in UnitQuantity.allCases {
            if let word = overrides[quantity], let changed = quantity.setting(word, in: result) { result = changed }
        }
        return result
    }

    /// The setting that yields `preferences`: the preset closest to them, with overrides for the
    /// rest (how a version 1 file's full unit list migrates).
    package init(approximating preferences: UnitPreferences) {
        func differences(_ preset: UnitPreset) -> [UnitQuantity] {
            UnitQuantity.allCases.filter { $0.value(in: preset.preferences) != $0.value(in: preferences) }
        }
        let preset = differences(.imperial).count < differences(.metric).count ? UnitPreset.imperial : .metric
        var overrides: [UnitQuantity: String] = [:]
        for quantity in differences(preset) { overrides[quantity] = quantity.value(in: preferences) }
        self.init(preset: preset, overrides: overrides)
    }

    /// `quantity` set to `word` (an override, dropped when it equals the preset's).
    ///
    /// - Returns: nil when `word` names no unit of `quantity`.
    package func setting(_ quantity: UnitQuantity, to word: String) -> UnitSetting? {
        guard let changed = quantity.setting(word, in: preferences) else { return nil }
        var result = self
        let value = quantity.value(in: changed)
        result.overrides[quantity] = value == quantity.value(in: preset.preferences) ? nil : value
        return result
    }
}
