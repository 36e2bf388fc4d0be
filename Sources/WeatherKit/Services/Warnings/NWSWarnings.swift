import FoundationEssentials
import WXBasics

/// United States warnings, watches and advisories from the National Weather Service
/// (`api.weather.gov` `/alerts/active?point=LAT,LON`, GeoJSON; `WX_NWS_URL`).
///
/// The service refuses clients without a User-Agent that identifies them; wx sends its own with
/// a contact URL (and `WX_CONTACT`). Texts are English. Public domain (US government work).
package struct NWSWarnings: WarningFeed {
    package let service = Service.nws
    let baseURL: String
    let client: ServiceClient

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    package func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        let point = place.coordinate.rounded
        let url = QueryString.url(
            base: baseURL, path: "/alerts/active",
            [("point", "\(DecimalText.shortest(point.latitude)),\(DecimalText.shortest(point.longitude))")])
        return try await client.warningAnswer(service, url: url) { value throws(ServiceError) in
            try Self.read(value)
        }
    }

    /// Reads a GeoJSON `FeatureCollection` of alerts.
    ///
    /// An alert without an `id` (in its properties or the feature) is still a warning: it is
    /// identified by its fields (`identity`). One without even those (no event, no time and no
    /// area) cannot be told apart or placed in time: it is counted as set aside, never dropped
    /// in silence.
    ///
    /// - Throws: `ServiceError.malformedResponse` when it has no `features` array.
    static func read(_ value: JSONValue) throws(ServiceError) -> WarningFeedAnswer {
        guard let features = value["features"]?.array else {
            throw .malformedResponse(.nws, detail: "no list of alerts")
        }
        var setAside = 0
        let warnings = features.compactMap { feature -> WeatherWarning? in
            guard let properties = feature["properties"], properties.object != nil,
                let id = properties[firstOf: ["id", "@id"]]?.nonEmptyString ?? feature["id"]?.nonEmptyString
                    ?? identity(properties)
            else {
                setAside += 1
                return nil
            }
            let references = (properties["references"]?.array ?? []).compactMap {
                $0["identifier"]?.nonEmptyString ?? $0["@id"]?.nonEmptyString
            }
            return WeatherWarning(
                id: id, event: WarningFields.line(properties["event"]) ?? "Alert",
                severity: WarningSeverity(properties["severity"]?.string),
                onset: WarningFields.time(properties["onset"]) ?? WarningFields.time(properties["effective"]),
                expires: WarningFields.time(properties["expires"]), ends: WarningFields.time(properties["ends"]),
                issuer: WarningFields.line(properties["senderName"]) ?? "NWS",
                headline: WarningFields.line(properties["headline"]),
                description: WarningFields.paragraphs(properties["description"]),
                instruction: WarningFields.paragraphs(properties["instruction"]), language: "en",
                messageType: WarningMessageType(properties["messageType"]?.string),
                status: WarningStatus(properties["status"]?.string), references: references,
                area: WarningFields.areaName(properties["areaDesc"]),
                localOffsetSeconds: ["onset", "effective", "ends", "expires"].lazy.compactMap {
                    WarningFields.offset(properties[$0])
                }.first)
        }
        return WarningFeedAnswer(
            warnings: warnings, setAside: setAside, setAsideReason: "no identifier, event, times or area")
    }

    /// An identifier for an alert the feed gave none: its sender, event, times and area
    /// ("nws:NWS Boston MA|Wind Advisory|2026-01-10T04:00:00-05:00||…"); an update of it has other
    /// times and so another identity, as an update with an `id` has another `id`. Nil when it
    /// has neither an event nor a time nor an area to tell it by.
    static func identity(_ properties: JSONValue) -> String? {
        let fields = ["senderName", "event", "sent", "effective", "onset", "expires", "ends", "areaDesc"].map {
            properties[$0]?.nonEmptyString ?? ""
        }
        guard !fields[1].isEmpty || !fields[2...6].allSatisfy(\.isEmpty) || !fields[7].isEmpty else { return nil }
        return "nws:" + fields.joined(separator: "|")
    }
}
