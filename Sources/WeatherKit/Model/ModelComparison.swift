import FoundationEssentials
import WXBasics

/// A deterministic weather model of Open-Meteo's forecast API (`models=` of `/v1/forecast`;
/// with several, every variable's key gets the model as a suffix: `temperature_2m_max_gfs_seamless`).
package enum ForecastModel: String, Hashable, Sendable, CaseIterable {
    /// ECMWF's IFS at 0.25°.
    case ecmwfIFS025 = "ecmwf_ifs025"
    /// NOAA's GFS (with HRRR over the US: "seamless").
    case gfsSeamless = "gfs_seamless"
    /// DWD's ICON (global, EU and D2 nests: "seamless").
    case iconSeamless = "icon_seamless"
    /// Environment Canada's GEM (global and regional: "seamless").
    case gemSeamless = "gem_seamless"

    /// "ECMWF IFS", "NOAA GFS", "DWD ICON", "CMC GEM".
    package var displayName: String {
        switch self {
        case .ecmwfIFS025: "ECMWF IFS"
        case .gfsSeamless: "NOAA GFS"
        case .iconSeamless: "DWD ICON"
        case .gemSeamless: "CMC GEM"
        }
    }
}

/// One model's day: its high and low (°C), precipitation (mm) and WMO code; nil where the
/// model has no value (outside its area or range).
package struct ModelDayValues: Hashable, Sendable {
    package var temperatureMaxCelsius: Double?
    package var temperatureMinCelsius: Double?
    package var precipitationSumMillimetres: Double?
    package var weatherCode: Int?

    package init(
        temperatureMaxCelsius: Double? = nil, temperatureMinCelsius: Double? = nil,
        precipitationSumMillimetres: Double? = nil, weatherCode: Int? = nil
    ) {
        self.temperatureMaxCelsius = temperatureMaxCelsius
        self.temperatureMinCelsius = temperatureMinCelsius
        self.precipitationSumMillimetres = precipitationSumMillimetres
        self.weatherCode = weatherCode
    }

    package var isEmpty: Bool {
        temperatureMaxCelsius == nil && temperatureMinCelsius == nil && precipitationSumMillimetres == nil
            && weatherCode == nil
    }
}

/// A day of several models side by side, and whether they disagree.
package struct ModelDay: Hashable, Sendable {
    package var date: LocalDate
    /// One entry per model of the comparison, in its order.
    package var values: [ModelDayValues]

    package init(date: LocalDate, values: [ModelDayValues]) {
        self.date = date
        self.values = values
    }

    /// Below this a model's day is dry (mm).
    package static let dryBelowMillimetres = 0.2
    /// From this a model's day is wet (mm), as the ensemble's threshold.
    package static let wetFromMillimetres = 1.0
    /// Highs further apart than this disagree (°C).
    package static let highDisagreementCelsius = 3.0

    /// Whether one model has the day dry (< 0.2 mm) and another wet (≥ 1 mm).
    package var disagreesOnRain: Bool {
        let sums = values.compactMap(\.precipitationSumMillimetres)
        return sums.contains { $0 < Self.dryBelowMillimetres } && sums.contains { $0 >= Self.wetFromMillimetres }
    }

    /// The highest high minus the lowest, over the models that have one; nil with fewer than two.
    package var highRangeCelsius: Double? {
        let highs = values.compactMap(\.temperatureMaxCelsius)
        guard highs.count >= 2, let top = highs.max(), let bottom = highs.min() else { return nil }
        return top - bottom
    }

    /// Whether the highs are more than 3 °C apart.
    package var disagreesOnHigh: Bool { (highRangeCelsius ?? 0) > Self.highDisagreementCelsius + 1e-9 }
}

/// Several deterministic models' days at a place, from one forecast-API request.
package struct ModelComparison: Hashable, Sendable {
    package var coordinate: Coordinate
    package var zone: ZoneInfo
    package var models: [ForecastModel]
    package var days: [ModelDay]
    /// Models of `models` with no value on any day (outside their area, or not in the answer).
    package var modelsWithoutValues: [ForecastModel]
    /// The suffixed variables ("temperature_2m_max_gfs_seamless") declared in a unit wx does
    /// not know: their cells are blank, the views say so (case OM-1's rule); empty when none.
    package var unknownUnits: [UnknownUnit]

    package init(
        coordinate: Coordinate, zone: ZoneInfo, models: [ForecastModel], days: [ModelDay],
        modelsWithoutValues: [ForecastModel] = [], unknownUnits: [UnknownUnit] = []
    ) {
        self.unknownUnits = unknownUnits
        self.coordinate = coordinate
        self.zone = zone
        self.models = models
        self.days = days
        self.modelsWithoutValues = modelsWithoutValues
    }
}
