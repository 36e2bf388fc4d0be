import FoundationEssentials
import WXBasics

/// German warnings of the Deutscher Wetterdienst (DWD) through Bright Sky
/// (`api.brightsky.dev` `/alerts?lat=&lon=`; `WX_BRIGHTSKY_URL`): the warnings in force or
/// announced for the DWD warn cell holding the point, in German and English.
///
/// DWD's levels map to CAP severity: Minor is level 1 (yellow), Moderate level 2 (orange),
/// Severe level 3 (red), Extreme level 4 (dark red, shown as red). Data © DWD (Geodatenzugangsgesetz,
/// attribution required); Bright Sky is free and keyless.
package struct BrightSkyWarnings: WarningFeed {
    package let service = Service.brightSky
    let baseURL: String
    let client: ServiceClient

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    package func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        let point = place.coordinate.rounded
        let url = QueryString.url(
            base: baseURL, path: "/alerts",
            [("lat", DecimalText.shortest(point.latitude)), ("lon", DecimalText.shortest(point.longitude))])
        return try await client.warningAnswer(service, url: url) { value throws(ServiceError) in
            try Self.read(value, language: language)
        }
    }

    /// Reads `{"alerts": [...], "location": {...}}`; texts in German when `language` is German,
    /// else English (falling back to the other when one is missing).
    ///
    /// - Throws: `ServiceError.malformedResponse` when there is no `alerts` array.
    static func read(_ value: JSONValue, language: String) throws(ServiceError) -> WarningFeedAnswer {
        guard let alerts = value["alerts"]?.array else {
            throw .malformedResponse(.brightSky, detail: "no list of alerts")
        }
        let german = WarningFields.base(language) == "de"
        let suffixes = german ? ["_de", "_en"] : ["_en", "_de"]
        let area = WarningFields.areaName(value["location"]?["name"])
        let warnings = alerts.compactMap { alert -> WeatherWarning? in
            guard let id = alert["alert_id"]?.nonEmptyString ?? alert["id"]?.nonEmptyString else { return nil }
            func text(_ key: String) -> JSONValue? { alert[firstOf: suffixes.map { key + $0 }] }
            let severity = WarningSeverity(alert["severity"]?.string)
            let level: WarningLevel? =
                switch severity {
                case .minor: .yellow
                case .moderate: .orange
                case .severe, .extreme: .red
                case .unknown: nil
                }
            let primary = alert["headline" + suffixes[0]]?.nonEmptyString != nil
            var warning = WeatherWarning(
                id: id, event: WarningFields.line(text("event")).map(Self.capitalised) ?? "Warning",
                severity: severity, level: level, onset: WarningFields.time(alert["onset"]),
                expires: WarningFields.time(alert["expires"]), issuer: "DWD",
                headline: WarningFields.line(text("headline")),
                description: WarningFields.paragraphs(text("description")),
                instruction: WarningFields.paragraphs(text("instruction")),
                language: String((primary ? suffixes[0] : suffixes[1]).dropFirst()),
                status: WarningStatus(alert["status"]?.string), area: area)
            // A time without a zone, said as written, and bounded: the onset at the earliest it
            // may be, the end at the latest (`WarningFields.bounds`).
            warning.onsetWithoutZone = WarningFields.timeWithoutZone(alert["onset"])
            warning.expiresWithoutZone = WarningFields.timeWithoutZone(alert["expires"])
            if warning.onset == nil, let bounds = warning.onsetWithoutZone.flatMap(WarningFields.bounds(written:)) {
                warning.onset = bounds.earliest
            }
            if warning.expires == nil,
                let bounds = warning.expiresWithoutZone.flatMap(WarningFields.bounds(written:))
            {
                warning.expires = bounds.latest
            }
            return warning
        }
        return WarningFeedAnswer(warnings: warnings)
    }

    /// "Frost" from "frost" or "FROST": DWD writes event names in capitals in German and in
    /// lower case in English.
    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst().lowercased()
    }
}
