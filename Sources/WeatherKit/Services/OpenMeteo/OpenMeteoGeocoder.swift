import FoundationEssentials
import WXBasics

/// Geocoding with Open-Meteo's GeoNames-based search (`/v1/search?name=…&count=…&language=…`).
///
/// It has no reverse geocoding: `reverse` names a coordinate by its own digits.
package struct OpenMeteoGeocoder: Geocoder {
    package let service = Service.openMeteoGeocoding
    let baseURL: String
    let client: ServiceClient

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    package func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]> {
        let url = QueryString.url(
            base: baseURL, path: "/v1/search",
            [
                ("name", query), ("count", String(limit)), ("language", LanguageForms.primary(language)),
                ("format", "json"),
            ])
        return try await client.answer(
            ServiceRequest(service: service, url: url, cacheKey: url, staleFallback: true),
            read: { json throws(ServiceError) in try Self.places(from: json, limit: limit) },
            validity: { _, _, now in now.addingTimeInterval(CacheLifetime.placeSeconds) })
    }

    /// Open-Meteo has no reverse geocoding: the place is named by its coordinates, no request.
    package func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?> {
        Fetched(value: .unnamed(at: coordinate.rounded), origin: .network)
    }

    package var reverseGeocodes: Bool { false }

    /// Maps a `/v1/search` answer; no `results` key means no match. Results without a name or
    /// coordinates are skipped; `admin1`, `country` and the rest may be absent (`country_code`
    /// upper-cased stands for a missing `country`).
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`.
    package static func places(from json: JSONValue, limit: Int = 5) throws(ServiceError) -> [Place] {
        guard json.object != nil else { throw .malformedResponse(.openMeteoGeocoding, detail: "expected an object") }
        if json["error"]?.bool == true {
            throw .rejected(.openMeteoGeocoding, status: 200, reason: json["reason"]?.nonEmptyString)
        }
        let results = json["results"]?.array ?? []
        let places = results.compactMap { item -> Place? in
            guard let name = item["name"]?.nonEmptyString.map(TerminalText.sanitized),
                let latitude = item["latitude"]?.double, let longitude = item["longitude"]?.double
            else { return nil }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { return nil }
            var region: [String] = []
            func text(_ key: String) -> String? { item[key]?.nonEmptyString.map(TerminalText.sanitized) }
            // No `country` but a `country_code` ("TF"): the code stands for the country.
            for part in [text("admin1"), Place.countryText(name: text("country"), code: text("country_code"))] {
                if let part, part != name, !region.contains(part) { region.append(part) }
            }
            let label = ([name] + region).joined(separator: ", ")
            return Place(
                name: name, region: region.joined(separator: ", "),
                countryCode: item["country_code"]?.nonEmptyString?.lowercased(), coordinate: coordinate,
                displayName: label)
        }
        return Array(places.prefix(limit))
    }
}
