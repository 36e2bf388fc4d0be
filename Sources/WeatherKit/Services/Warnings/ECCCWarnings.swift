import FoundationEssentials
import WXBasics

/// Canadian alerts from Environment and Climate Change Canada's MSC GeoMet OGC API
/// (`api.weather.gc.ca` `/collections/weather-alerts/items?bbox=…`; `WX_ECCC_URL`).
///
/// Asked with a box of ±`boxDegrees` around the point; each feature is one alert for one
/// forecast area, and only those whose polygon holds the point are kept (a feature without a
/// polygon is kept on the box alone). Texts in English and French. Data under the Open
/// Government Licence – Canada.
package struct ECCCWarnings: WarningFeed {
    package let service = Service.eccc
    let baseURL: String
    let client: ServiceClient

    /// Half the side of the box asked for, degrees.
    static let boxDegrees = 0.05

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    package func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        let point = place.coordinate.rounded
        let box = [
            point.longitude - Self.boxDegrees, point.latitude - Self.boxDegrees, point.longitude + Self.boxDegrees,
            point.latitude + Self.boxDegrees,
        ].map { DecimalText.fixed($0, digits: 4) }.joined(separator: ",")
        let url = QueryString.url(
            base: baseURL, path: "/collections/weather-alerts/items", [("f", "json"), ("bbox", box), ("limit", "100")])
        return try await client.warningAnswer(service, url: url) { value throws(ServiceError) in
            try Self.read(value, at: point, language: language)
        }
    }

    /// Reads the GeoJSON `FeatureCollection`, keeping the features whose area holds `point`.
    /// One alert covering several overlapping areas is kept once.
    ///
    /// - Throws: `ServiceError.malformedResponse` when there is no `features` array.
    static func read(_ value: JSONValue, at point: Coordinate, language: String) throws(ServiceError)
        -> WarningFeedAnswer
    {
        guard let features = value["features"]?.array else {
            throw .malformedResponse(.eccc, detail: "no list of alerts")
        }
        let french = WarningFields.base(language) == "fr"
        let suffixes = french ? ["_fr", "_en"] : ["_en", "_fr"]
        var warnings: [WeatherWarning] = []
        for feature in features {
            guard let properties = feature["properties"] else { continue }
            if let area = WarningFields.area(feature["geometry"]), !area.contains(point) { continue }
            func text(_ key: String) -> JSONValue? { properties[firstOf: suffixes.map { key + $0 }] }
            let featureID = feature["id"]?.nonEmptyString ?? properties["id"]?.nonEmptyString ?? ""
            // "<alert>_<area>": one alert for many areas; the alert part and the code name it.
            let alertID = featureID.split(separator: "_").first.map(String.init) ?? featureID
            let id = "\(alertID)/\(properties["alert_code"]?.string ?? "")"
            let level = WarningLevel(properties["risk_colour_en"]?.string)
            let severity: WarningSeverity =
                switch level {
                case .red: .extreme
                case .orange: .severe
                case .yellow: .moderate
                case .green, nil:
                    properties["alert_type"]?.string?.lowercased() == "warning" ? .moderate : .minor
                }
            let status = properties["status_en"]?.string?.lowercased() ?? ""
            let body = WarningFields.paragraphs(text("alert_text"))
            warnings.append(
                WeatherWarning(
                    id: id, event: WarningFields.line(text("alert_name")).map(BrightSkyWarnings.capitalised) ?? "Alert",
                    severity: severity, level: level, onset: WarningFields.time(properties["validity_datetime"]),
                    expires: WarningFields.time(properties["expiration_datetime"]),
                    ends: WarningFields.time(properties["event_end_datetime"]), issuer: "Environment Canada",
                    headline: body?.split(separator: "\n").first.map(String.init), description: body,
                    language: properties["alert_text" + suffixes[0]] != nil
                        ? String(suffixes[0].dropFirst()) : String(suffixes[1].dropFirst()),
                    messageType: status == "ended" || status == "cancelled" ? .cancel : .alert,
                    status: WarningStatus(properties["status"]?.string),
                    area: WarningFields.areaName(text("feature_name"))))
        }
        var seen = Set<String>()
        return WarningFeedAnswer(warnings: warnings.filter { seen.insert($0.id).inserted })
    }
}
