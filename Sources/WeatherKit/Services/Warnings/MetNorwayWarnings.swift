import FoundationEssentials
import WXBasics

/// Norwegian warnings from MET Norway's MetAlerts 2.0 (`api.met.no`
/// `/weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=`; `WX_METNO_URL`), GeoJSON.
///
/// MET Norway's terms ask every client to identify itself in the User-Agent (wx sends its name,
/// version and a contact URL) and to cache. Only features whose polygon holds the point are
/// kept, whatever the server sent. Texts in Norwegian or English (`lang=en`). Data under
/// CC BY 4.0 and the Norwegian Licence for Open Government Data (NLOD).
package struct MetNorwayWarnings: WarningFeed {
    package let service = Service.metNorway
    let baseURL: String
    let client: ServiceClient

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    package func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        let point = place.coordinate.rounded
        let norwegian = ["no", "nb", "nn"].contains(WarningFields.base(language))
        let url = QueryString.url(
            base: baseURL, path: "/weatherapi/metalerts/2.0/current.json",
            [
                ("lat", DecimalText.shortest(point.latitude)), ("lon", DecimalText.shortest(point.longitude)),
                ("lang", norwegian ? "no" : "en"),
            ])
        return try await client.warningAnswer(service, url: url) { value throws(ServiceError) in
            try Self.read(value, at: point)
        }
    }

    /// Reads the `FeatureCollection`, keeping features whose area holds `point`.
    ///
    /// - Throws: `ServiceError.malformedResponse` when there is no `features` array.
    static func read(_ value: JSONValue, at point: Coordinate) throws(ServiceError) -> WarningFeedAnswer {
        guard let features = value["features"]?.array else {
            throw .malformedResponse(.metNorway, detail: "no list of alerts")
        }
        let language = value["lang"]?.nonEmptyString
        let warnings = features.compactMap { feature -> WeatherWarning? in
            guard let properties = feature["properties"], let id = properties["id"]?.nonEmptyString else { return nil }
            if let area = WarningFields.area(feature["geometry"]), !area.contains(point) { return nil }
            let interval = feature["when"]?["interval"]?.array ?? []
            var description = WarningFields.paragraphs(properties["description"])
            if let consequences = WarningFields.paragraphs(properties["consequences"]) {
                description = [description, consequences].compactMap { $0 }.joined(separator: "\n")
            }
            return WeatherWarning(
                id: id,
                event: WarningFields.line(properties["eventAwarenessName"]) ?? WarningFields.line(properties["event"])
                    ?? "Warning",
                severity: WarningSeverity(properties["severity"]?.string),
                level: WarningLevel(properties["awareness_level"]?.string)
                    ?? WarningLevel(properties["riskMatrixColor"]?.string),
                onset: interval.first.flatMap { WarningFields.time($0) },
                ends: interval.count > 1 ? WarningFields.time(interval[1]) : nil, issuer: "MET Norway",
                headline: WarningFields.line(properties["title"]), description: description,
                instruction: WarningFields.paragraphs(properties["instruction"]), language: language,
                messageType: WarningMessageType(properties["type"]?.string),
                status: WarningStatus(properties["status"]?.string), area: WarningFields.areaName(properties["area"]))
        }
        return WarningFeedAnswer(warnings: warnings)
    }
}
