import FoundationEssentials
import WXBasics

/// Air quality at a place for one hour (Open-Meteo air-quality API).
package struct AirQuality: Hashable, Sendable {
    /// The hour the values are for.
    package var time: Date
    /// The place's zone as the answer gives it (`timezone`, `timezone_abbreviation`,
    /// `utc_offset_seconds`), for writing `time` as the place's local time; nil when unknown.
    package var zone: ZoneInfo?
    /// European Air Quality Index (0…, "EAQI"; `european_aqi`).
    package var europeanAQI: Double?
    /// United States Air Quality Index (0…500, "USAQI"; `us_aqi`).
    package var usAQI: Double?
    /// Particulate matter under 2.5 µm, µg/m³ (`pm2_5`).
    package var pm25MicrogramsPerCubicMetre: Double?
    /// Particulate matter under 10 µm, µg/m³ (`pm10`).
    package var pm10MicrogramsPerCubicMetre: Double?
    /// Ozone, µg/m³ (`ozone`).
    package var ozoneMicrogramsPerCubicMetre: Double?
    /// Nitrogen dioxide, µg/m³ (`nitrogen_dioxide`).
    package var nitrogenDioxideMicrogramsPerCubicMetre: Double?
    package var uvIndex: Double?
    /// Pollen by plant ("birch"…), grains/m³, only those the service gave (Europe only).
    package var pollenGrainsPerCubicMetre: [(plant: String, value: Double)]
    /// The variables the answer declared in a unit wx does not know (`european_aqi` in "ppb"):
    /// each left out (nil above), the rest read — case OM-1's rule.
    package var unknownUnits: [UnknownUnit] = []

    package init(time: Date) {
        self.time = time
        pollenGrainsPerCubicMetre = []
    }

    package static func == (a: AirQuality, b: AirQuality) -> Bool {
        a.time == b.time && a.zone == b.zone && a.europeanAQI == b.europeanAQI && a.usAQI == b.usAQI
            && a.pm25MicrogramsPerCubicMetre == b.pm25MicrogramsPerCubicMetre
            && a.pm10MicrogramsPerCubicMetre == b.pm10MicrogramsPerCubicMetre
            && a.ozoneMicrogramsPerCubicMetre == b.ozoneMicrogramsPerCubicMetre
            && a.nitrogenDioxideMicrogramsPerCubicMetre == b.nitrogenDioxideMicrogramsPerCubicMetre
            && a.uvIndex == b.uvIndex
            && a.pollenGrainsPerCubicMetre.map(\.plant) == b.pollenGrainsPerCubicMetre.map(\.plant)
            && a.pollenGrainsPerCubicMetre.map(\.value) == b.pollenGrainsPerCubicMetre.map(\.value)
            && a.unknownUnits == b.unknownUnits
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(europeanAQI)
        hasher.combine(usAQI)
    }

    /// The European index's band ("good" … "extremely poor").
    ///
    /// Source: Open-Meteo's air-quality documentation (open-meteo.com/en/docs/air-quality-api,
    /// `european_aqi`): 0–20 good, 20–40 fair, 40–60 moderate, 60–80 poor, 80–100 very poor,
    /// above 100 extremely poor — each band up to and including its upper bound, so exactly 20
    /// is good and exactly 100 very poor. The index is an integer: a value is classed as it is
    /// shown, rounded to the nearest whole number.
    package static func europeanCategory(_ index: Double) -> String {
        switch index.rounded() {
        case ...20: "good"
        case ...40: "fair"
        case ...60: "moderate"
        case ...80: "poor"
        case ...100: "very poor"
        default: "extremely poor"
        }
    }

    /// The US index's category ("good" … "hazardous").
    ///
    /// Source: the US EPA's AQI categories (Technical Assistance Document for the Reporting of
    /// Daily Air Quality — the Air Quality Index; airnow.gov "AQI Basics"), as Open-Meteo
    /// documents `us_aqi`: 0–50 good, 51–100 moderate, 101–150 unhealthy for sensitive groups,
    /// 151–200 unhealthy, 201–300 very unhealthy, 301 and above hazardous. The index is an
    /// integer: a value is classed as it is shown, rounded to the nearest whole number.
    package static func usCategory(_ index: Double) -> String {
        switch index.rounded() {
        case ...50: "good"
        case ...100: "moderate"
        case ...150: "unhealthy for sensitive groups"
        case ...200: "unhealthy"
        case ...300: "very unhealthy"
        default: "hazardous"
        }
    }
}

/// The UV index's exposure categories.
///
/// Source: WHO, *Global Solar UV Index: A Practical Guide* (2002), the categories also used by
/// WMO, UNEP and ICNIRP: 0–2 low, 3–5 moderate, 6–7 high, 8–10 very high, 11 and above
/// extreme. The index is reported as a whole number: a value is classed as rounded to the
/// nearest one (2.5 is moderate).
package enum UVIndex {
    /// "low", "moderate", "high", "very high" or "extreme" for a UV index (≥ 0).
    package static func category(_ index: Double) -> String {
        switch index.rounded() {
        case ...2: "low"
        case ...5: "moderate"
        case ...7: "high"
        case ...10: "very high"
        default: "extreme"
        }
    }
}
