import WXBasics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Air quality at a place for one hour (Open-Meteo air-quality API).
package struct AirQuality: Hashable, Sendable {
    /// The hour the values are for.
    package var time: Date
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

    package init(time: Date) {
        self.time = time
        pollenGrainsPerCubicMetre = []
    }

    package static func == (a: AirQuality, b: AirQuality) -> Bool {
        a.time == b.time && a.europeanAQI == b.europeanAQI && a.usAQI == b.usAQI
            && a.pm25MicrogramsPerCubicMetre == b.pm25MicrogramsPerCubicMetre
            && a.pm10MicrogramsPerCubicMetre == b.pm10MicrogramsPerCubicMetre
            && a.ozoneMicrogramsPerCubicMetre == b.ozoneMicrogramsPerCubicMetre
            && a.nitrogenDioxideMicrogramsPerCubicMetre == b.nitrogenDioxideMicrogramsPerCubicMetre
            && a.uvIndex == b.uvIndex
            && a.pollenGrainsPerCubicMetre.map(\.plant) == b.pollenGrainsPerCubicMetre.map(\.plant)
            && a.pollenGrainsPerCubicMetre.map(\.value) == b.pollenGrainsPerCubicMetre.map(\.value)
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

/// Fetches air quality (`air`).
package protocol AirQualityProvider: Sendable {
    /// The service behind it, for messages and attribution.
    var service: Service { get }

    /// Air quality at `coordinate` for the hour containing `now`.
    ///
    /// - Throws: `ServiceError`; `.notNow` when the answer has no hour covering now.
    func airQuality(at coordinate: Coordinate, now: Date) async throws(ServiceError) -> Fetched<AirQuality>
}

/// Air quality from Open-Meteo (`/v1/air-quality`), base URL from
/// `WX_OPEN_METEO_AIR_QUALITY_URL`: the current hour, and the next day hourly.
package struct OpenMeteoAirQualityProvider: AirQualityProvider {
    package let service = Service.openMeteoAirQuality
    let baseURL: String
    let client: ServiceClient

    static let pollen = ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]
    static let variables =
        ["european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "uv_index"]
        + pollen.map { "\($0)_pollen" }

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    /// Air quality at `coordinate` for the hour containing `now`.
    ///
    /// - Throws: `ServiceError`; `.notNow` when the answer has no hour covering now.
    package func airQuality(at coordinate: Coordinate, now: Date) async throws(ServiceError) -> Fetched<AirQuality> {
        let rounded = coordinate.rounded
        let url = QueryString.url(
            base: baseURL, path: "/v1/air-quality",
            [
                ("latitude", DecimalText.shortest(rounded.latitude)),
                ("longitude", DecimalText.shortest(rounded.longitude)),
                ("current", Self.variables.joined(separator: ",")), ("hourly", Self.variables.joined(separator: ",")),
                ("forecast_days", "1"), ("timezone", "auto"), ("timeformat", "unixtime"),
            ])
        let fetched = try await client.json(
            ServiceRequest(service: service, url: url, cacheKey: url, staleFallback: true),
            validity: { _, now in now.addingTimeInterval(CacheLifetime.airQualitySeconds) })
        guard let air = try Self.airQuality(from: fetched.value, at: now) else {
            throw .notNow(service, detail: "no hour at or before it")
        }
        return Fetched(value: air, origin: fetched.origin)
    }

    /// The unit labels the air-quality API declares for the variables wx reads
    /// (open-meteo.com/en/docs/air-quality-api): `EAQI`, `USAQI`, `μg/m³` (written with the
    /// Greek mu; the micro sign is accepted too), `grains/m³`, and none for the UV index. An
    /// all-null variable is declared `"undefined"`; an empty label is no declaration.
    static func knownUnit(_ label: String, for variable: String) -> Bool {
        if label.isEmpty || label == "undefined" { return true }
        switch variable {
        case "european_aqi": return label == "EAQI"
        case "us_aqi": return label == "USAQI"
        case "pm2_5", "pm10", "ozone", "nitrogen_dioxide":
            return ["\u{3BC}g/m³", "\u{B5}g/m³", "ug/m3"].contains(label)
        case "uv_index": return false
        default: return label == "grains/m³"  // the pollen variables
        }
    }

    /// - Throws: `ServiceError.unknownUnit` for the first variable wx reads whose declared unit
    ///   it does not know: refused rather than shown in a unit it is not in.
    static func checkUnits(_ units: JSONValue) throws(ServiceError) {
        for variable in variables {
            guard let label = units[variable]?.string?.trimmed, !knownUnit(label, for: variable) else { continue }
            throw .unknownUnit(.openMeteoAirQuality, variable: variable, label: label)
        }
    }

    /// Maps an answer: its `current` block when present, else the hourly entry for the hour
    /// containing `now` (the last at or before it). Any value may be null or missing.
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`.
    package static func airQuality(from json: JSONValue, at now: Date) throws(ServiceError) -> AirQuality? {
        guard json.object != nil else { throw .malformedResponse(.openMeteoAirQuality, detail: "expected an object") }
        try OpenMeteoAnswer.checkRejection(json, service: .openMeteoAirQuality)
        let offset = json["utc_offset_seconds"]?.int ?? 0
        try checkUnits(json[json["current"] != nil ? "current_units" : "hourly_units"] ?? .null)
        func reading(_ value: (String) -> Double?, time: Date) -> AirQuality {
            var air = AirQuality(time: time)
            air.europeanAQI = value("european_aqi")
            air.usAQI = value("us_aqi")
            air.pm25MicrogramsPerCubicMetre = value("pm2_5")
            air.pm10MicrogramsPerCubicMetre = value("pm10")
            air.ozoneMicrogramsPerCubicMetre = value("ozone")
            air.nitrogenDioxideMicrogramsPerCubicMetre = value("nitrogen_dioxide")
            air.uvIndex = value("uv_index")
            air.pollenGrainsPerCubicMetre = pollen.compactMap { plant in value("\(plant)_pollen").map { (plant, $0) } }
            return air
        }
        if let current = json["current"],
            let time = current["time"].flatMap({ OpenMeteoAnswer.instant($0, offset: offset) })
        {
            return reading({ current[$0]?.double }, time: time)
        }
        guard let hourly = json["hourly"], let times = hourly["time"]?.array else { return nil }
        var index: Int?
        for (position, raw) in times.enumerated() {
            guard let time = OpenMeteoAnswer.instant(raw, offset: offset), time <= now else { continue }
            if now.timeIntervalSince(time) < 3_600 { index = position }
        }
        guard let index, let time = OpenMeteoAnswer.instant(times[index], offset: offset) else { return nil }
        return reading(
            { key in
                guard let values = hourly[key]?.array, index < values.count else { return nil }
                return values[index].double
            }, time: time)
    }
}
