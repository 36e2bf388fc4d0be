import FoundationEssentials
import WXBasics

/// Warnings of the European national weather services through MeteoAlarm
/// (`feeds.meteoalarm.org` `/api/v1/warnings/feeds-COUNTRY`, JSON of CAP messages;
/// `WX_METEOALARM_URL`).
///
/// The feed is per country, so one answer serves every place in it. A place is matched by
/// region name: a warning counts when one of its areas (`areaDesc`) is the name of a part of
/// the place's address (town, county, state/province) or holds it as whole words. wx has no
/// EMMA_ID for a place, so the match is only as good as the names; the answer says which
/// area matched. Green entries (awareness level 1, "no warnings") are read but never shown.
/// Terms: free reuse with attribution to MeteoAlarm and the issuing national service.
package struct MeteoAlarmWarnings: WarningFeed {
    package let service = Service.meteoAlarm
    let baseURL: String
    let client: ServiceClient

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    /// MeteoAlarm's feed names by ISO 3166-1 alpha-2 code, for the members wx does not ask a
    /// national feed for (Germany and Norway have their own).
    package static let countrySlugs: [String: String] = [
        "ad": "andorra", "at": "austria", "be": "belgium", "ba": "bosnia-herzegovina", "bg": "bulgaria",
        "hr": "croatia", "cy": "cyprus", "cz": "czechia", "dk": "denmark", "ee": "estonia", "fi": "finland",
        "fr": "france", "gr": "greece", "hu": "hungary", "is": "iceland", "ie": "ireland", "il": "israel",
        "it": "italy", "lv": "latvia", "lt": "lithuania", "lu": "luxembourg", "mt": "malta", "md": "moldova",
        "me": "montenegro", "nl": "netherlands", "mk": "republic-of-north-macedonia", "pl": "poland",
        "pt": "portugal", "ro": "romania", "rs": "serbia", "sk": "slovakia", "si": "slovenia", "es": "spain",
        "se": "sweden", "ch": "switzerland", "ua": "ukraine", "gb": "united-kingdom",
    ]

    package func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        guard let code = place.countryCode?.lowercased(), let slug = Self.countrySlugs[code] else {
            return Fetched(value: WarningFeedAnswer(warnings: []), origin: .network)
        }
        let url = QueryString.url(base: baseURL, path: "/api/v1/warnings/feeds-\(slug)", [])
        return try await client.warningAnswer(service, url: url) { value throws(ServiceError) in
            try Self.read(value, for: place, language: language)
        }
    }

    /// The parts of a place's address a warning area is matched against, lower-cased: the
    /// name and every part of the display name except the country (the last) and postcodes.
    static func addressNames(_ place: Place) -> [String] {
        var parts = place.displayName.split(separator: ",").map { $0.trimmed.lowercased() }
        if parts.count > 1 { parts.removeLast() }
        parts.append(place.name.lowercased())
        return parts.filter { part in !part.isEmpty && !part.contains(where: \.isNumber) }
    }

    /// Whether the area name `area` names one of `names`: equal, or holding it as whole words.
    static func matches(_ area: String, _ names: [String]) -> Bool {
        let lower = area.lowercased()
        let words = lower.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" || $0 == "(" || $0 == ")" })
            .map(String.init)
        return names.contains { name in
            if lower == name { return true }
            let nameWords = name.split(separator: " ").map(String.init)
            guard !nameWords.isEmpty, nameWords.count <= words.count else { return false }
            return (0...(words.count - nameWords.count)).contains {
                Array(words[$0..<($0 + nameWords.count)]) == nameWords
            }
        }
    }

    /// Reads `{"warnings": [{"alert": {…CAP…}}]}`, keeping messages with an area matching the
    /// place, each in the user's language when the message carries it, else English, else its
    /// first.
    ///
    /// - Throws: `ServiceError.malformedResponse` when there is no `warnings` array.
    static func read(_ value: JSONValue, for place: Place, language: String) throws(ServiceError) -> WarningFeedAnswer {
        guard let items = value["warnings"]?.array else {
            throw .malformedResponse(.meteoAlarm, detail: "no list of warnings")
        }
        let names = addressNames(place)
        let wanted = WarningFields.base(language)
        var matchedAreas: [String] = []
        var areasSeen = 0
        var warnings: [WeatherWarning] = []
        for item in items {
            guard let alert = item["alert"], let id = alert["identifier"]?.nonEmptyString,
                let infos = alert["info"]?.array, !infos.isEmpty
            else { continue }
            func language(of info: JSONValue) -> String { WarningFields.base(info["language"]?.string ?? "") }
            let info =
                infos.first { language(of: $0) == wanted } ?? infos.first { language(of: $0) == "en" } ?? infos[0]
            let areas = (info["area"]?.array ?? []).compactMap { WarningFields.areaName($0["areaDesc"]) }
            areasSeen += areas.count
            guard let area = areas.first(where: { matches($0, names) }) else { continue }
            if !matchedAreas.contains(area) { matchedAreas.append(area) }
            let parameters = info["parameter"]?.array ?? []
            let awareness = parameters.first { $0["valueName"]?.string == "awareness_level" }?["value"]?.string
            // CAP references: "sender,identifier,sent" entries separated by spaces.
            let references = (alert["references"]?.string ?? "").split(separator: " ").compactMap { entry in
                let fields = entry.split(separator: ",")
                return fields.count >= 2 ? String(fields[1]) : nil
            }
            warnings.append(
                WeatherWarning(
                    id: id, event: WarningFields.line(info["event"]) ?? "Warning",
                    severity: WarningSeverity(info["severity"]?.string), level: WarningLevel(awareness),
                    onset: WarningFields.time(info["onset"]) ?? WarningFields.time(info["effective"]),
                    expires: WarningFields.time(info["expires"]),
                    issuer: WarningFields.line(alert["source"]) ?? WarningFields.line(info["senderName"])
                        ?? "MeteoAlarm",
                    headline: WarningFields.line(info["headline"]),
                    description: WarningFields.paragraphs(info["description"]),
                    instruction: WarningFields.paragraphs(info["instruction"]),
                    language: WarningFields.line(info["language"]),
                    messageType: WarningMessageType(alert["msgType"]?.string),
                    status: WarningStatus(alert["status"]?.string), references: references, area: area))
        }
        let match: String
        if !matchedAreas.isEmpty {
            match = "matched by region name: " + matchedAreas.joined(separator: ", ")
        } else if areasSeen == 0 {
            match = "the feed lists no regions; wx matches by region name"
        } else {
            match =
                "no region in the feed has a name from the place’s address (\(WarningText.line(place.displayName, limit: 80))); wx matches by region name"
        }
        return WarningFeedAnswer(warnings: warnings, match: match)
    }
}
