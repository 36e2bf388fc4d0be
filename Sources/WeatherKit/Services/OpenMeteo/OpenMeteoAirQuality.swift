import FoundationEssentials
import WXBasics

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
        return try await client.answer(
            ServiceRequest(service: service, url: url, cacheKey: url, staleFallback: true, storedOnlyWithValues: true),
            read: { json throws(ServiceError) in
                guard let air = try Self.airQuality(from: json, requested: coordinate, at: now) else {
                    throw .notNow(service, detail: "no hour at or before it")
                }
                return air
            },
            validity: { _, _, now in now.addingTimeInterval(CacheLifetime.airQualitySeconds) })
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

    /// The variables wx reads whose declared unit in `units` (the `block`'s units, "current" or
    /// "hourly") it does not know, in the order wx reads them: case OM-1's rule — those alone
    /// are left out, never shown in a unit they are not in.
    static func unknownUnits(_ units: JSONValue, block: String) -> [UnknownUnit] {
        variables.compactMap { variable in
            guard let label = units[variable]?.string?.trimmed, !knownUnit(label, for: variable) else { return nil }
            return UnknownUnit(block: block, variable: variable, label: label)
        }
    }

    /// Maps an answer: its `current` block when present, else the hourly entry for the hour
    /// containing `now` (the last at or before it). Any value may be null or missing; a variable
    /// declared in a unit wx does not know is nil, named in `AirQuality.unknownUnits` (case
    /// OM-1's rule: the rest of the answer is used).
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`; `.otherPlace` for an
    ///   answer about another place than `requested` (`OpenMeteoAnswer.checkAnswer`);
    ///   `.malformedResponse` for hourly times out of order (`OpenMeteoAnswer.checkOrder`).
    package static func airQuality(
        from json: JSONValue, requested: Coordinate, at now: Date
    ) throws(ServiceError) -> AirQuality? {
        guard json.object != nil else { throw .malformedResponse(.openMeteoAirQuality, detail: "expected an object") }
        try OpenMeteoAnswer.checkAnswer(json, requested: requested, service: .openMeteoAirQuality)
        let offset = json["utc_offset_seconds"]?.int ?? 0
        let block = json["current"] != nil ? "current" : "hourly"
        let unknown = unknownUnits(json[block + "_units"] ?? .null, block: block)
        let leftOut = Set(unknown.map(\.variable))
        func reading(_ given: (String) -> Double?, time: Date) -> AirQuality {
            func value(_ variable: String) -> Double? { leftOut.contains(variable) ? nil : given(variable) }
            var air = AirQuality(time: time)
            air.unknownUnits = unknown
            air.zone = OpenMeteoAnswer.zone(json)
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
        // The hour containing now is found by its time: times out of order could name another.
        try OpenMeteoAnswer.checkOrder(
            times.map { OpenMeteoAnswer.instant($0, offset: offset) }, raw: times, block: "hourly",
            service: .openMeteoAirQuality)
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
