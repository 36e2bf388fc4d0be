import FoundationEssentials
import WXBasics

/// Geocoding and reverse geocoding with Nominatim (OpenStreetMap).
///
/// Requests `/search?q=…&format=jsonv2&addressdetails=1&limit=…&accept-language=…` and
/// `/reverse?lat=…&lon=…&format=jsonv2&addressdetails=1&zoom=…`, with wx's User-Agent, at most
/// one request a second, and answers cached for 30 days, as the usage policy asks
/// (operations.osmfoundation.org/policies/nominatim).
package struct NominatimGeocoder: Geocoder {
    package let service = Service.nominatim
    let baseURL: String
    let client: ServiceClient

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    package func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]> {
        let language = LanguageForms.acceptLanguage(language)
        let url = QueryString.url(
            base: baseURL, path: "/search",
            [
                ("q", query), ("format", "jsonv2"), ("addressdetails", "1"), ("limit", String(limit)),
                ("accept-language", language),
            ])
        return try await client.answer(
            ServiceRequest(service: service, url: url, cacheKey: url, language: language, staleFallback: true),
            read: { json throws(ServiceError) in try Self.places(fromSearch: json, limit: limit) },
            // The documented no match of a search is `[]`; an error object read as none (its
            // "Unable to geocode") is not kept: the next `find` asks again.
            validity: { json, _, now in json.array == nil ? nil : now.addingTimeInterval(CacheLifetime.placeSeconds) })
    }

    package func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?> {
        let language = LanguageForms.acceptLanguage(language)
        let url = QueryString.url(
            base: baseURL, path: "/reverse",
            [
                ("lat", DecimalText.shortest(coordinate.latitude)), ("lon", DecimalText.shortest(coordinate.longitude)),
                ("format", "jsonv2"), ("addressdetails", "1"), ("zoom", "14"),
                ("accept-language", language),
            ])
        return try await client.answer(
            ServiceRequest(service: service, url: url, cacheKey: url, language: language, staleFallback: true),
            read: { json throws(ServiceError) in try Self.place(fromReverse: json, asked: coordinate) },
            // The documented no match, `{"error":"Unable to geocode"}`, is kept as the answer;
            // any other error object is the service's failure, which `read` throws and the
            // client never keeps.
            validity: { _, _, now in now.addingTimeInterval(CacheLifetime.placeSeconds) })
    }

    // MARK: - Mapping (pure, tested on every recorded body)

    /// Maps a `/search` answer (a JSON array) to places; entries without usable coordinates are skipped.
    ///
    /// - Throws: `ServiceError.rejected` for `{"error": …}` (except "Unable to geocode", which is
    ///   no match, as for `/reverse`); `.malformedResponse` for anything else that is not an
    ///   array, and for a list of entries none of which has coordinates on the globe
    ///   (`"lat":"999"`, `"nan"`): an answer wx cannot read, not "no place found".
    package static func places(fromSearch json: JSONValue, limit: Int = 5) throws(ServiceError) -> [Place] {
        guard let items = json.array else {
            if json["error"]?.nonEmptyString == "Unable to geocode" { return [] }
            if let reason = json["error"]?.nonEmptyString ?? json["error"]?["message"]?.nonEmptyString {
                throw .rejected(.nominatim, status: 200, reason: reason)
            }
            throw .malformedResponse(.nominatim, detail: "expected a list of places")
        }
        let places = items.compactMap { place(from: $0, preferLocality: false) }
        if places.isEmpty, let first = items.first {
            let shown = [first["lat"], first["lon"]].map { $0.map(coordinateText) ?? "none" }
            throw .malformedResponse(
                .nominatim,
                detail: "no place in it has coordinates on the globe: lat \(shown[0]), lon \(shown[1])")
        }
        return Array(places.prefix(limit))
    }

    /// A `lat` or `lon` value as the answer gave it, clipped, for an error message.
    static func coordinateText(_ value: JSONValue) -> String {
        let text = value.string ?? value.double.map(DecimalText.shortest) ?? "not a number"
        return "“\(ServiceError.clip(String(text.prefix(24))))”"
    }

    /// Maps a `/reverse` answer; nil for `{"error":"Unable to geocode"}` (open sea, the poles).
    ///
    /// The place keeps the coordinate that was asked for, not the one of the object found.
    /// When that object lies more than `nearbyKilometres` away, the coordinates are not in it:
    /// they name the place, and the object is only what it is near ("near Kiritimati").
    ///
    /// - Throws: `ServiceError.rejected` (status 200, the service's words) for any other error
    ///   object (`{"error":"…"}`, `{"error":{"message":"…"}}`): the service failed, which is
    ///   not "no place there"; `.malformedResponse` for an answer that is not an object.
    package static func place(fromReverse json: JSONValue, asked: Coordinate) throws(ServiceError) -> Place? {
        guard json.object != nil else { throw .malformedResponse(.nominatim, detail: "expected a place") }
        if let error = json["error"] {
            if error.nonEmptyString == "Unable to geocode" { return nil }
            throw .rejected(
                .nominatim, status: 200, reason: error.nonEmptyString ?? error["message"]?.nonEmptyString)
        }
        guard var place = place(from: json, preferLocality: true) else { return nil }
        if place.coordinate.kilometres(to: asked) > nearbyKilometres {
            return .unnamed(at: asked.rounded, near: place.label)
        }
        place.coordinate = asked.rounded
        return place
    }

    /// How far the object a reverse lookup found may lie from the coordinates asked for and
    /// still name them, km: at zoom 14 Nominatim answers with suburbs and villages, all far
    /// smaller than this.
    static let nearbyKilometres = 25.0

    /// Keys of `address` that name a settlement, most specific last in importance order.
    static let localityKeys = [
        "city", "town", "village", "hamlet", "municipality", "suburb", "city_district", "borough", "county",
    ]
    static let regionKeys = ["state", "region", "province", "state_district"]

    static func place(from item: JSONValue, preferLocality: Bool) -> Place? {
        guard let latitude = item["lat"]?.double, let longitude = item["lon"]?.double else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else { return nil }
        let address = item["address"] ?? .object([:])
        func text(_ key: String) -> String? { address[key]?.nonEmptyString.map(TerminalText.sanitized) }

        // No display name: the coordinates name the place as wx names an unnamed one
        // ("52.5000°N 13.4000°E"), not "52.5000,13.4000", whose first part "52.5000" the name
        // below would take.
        let displayName =
            item["display_name"]?.nonEmptyString.map(TerminalText.sanitized) ?? coordinate.rounded.hemisphereText
        let locality = localityKeys.lazy.compactMap(text).first
        // The object's own name: `name`, else the address entry of its own type ("tourism":
        // "Elbphilharmonie", "town": "Dunstable", "postcode": "BS7 9EX"), else the first part of
        // the display name — "17 Jana Pawła Woronicza" when that part is only a house number.
        let typed = ["addresstype", "type", "category", "class"].lazy
            .compactMap { item[$0]?.nonEmptyString }.compactMap(text).first
        var firstPart = displayName.split(separator: ",").first.map { $0.trimmed }
        if let part = firstPart, part == text("house_number") {
            firstPart = text("road").map { "\(part) \($0)" } ?? part
        }
        let ownName = item["name"]?.nonEmptyString.map(TerminalText.sanitized) ?? typed ?? firstPart
        let name = (preferLocality ? locality ?? ownName : ownName ?? locality) ?? displayName

        var region: [String] = []
        // No `country` but a `country_code`: the code ("DE") stands for the country.
        let country = Place.countryText(name: text("country"), code: text("country_code"))
        for candidate in [locality, regionKeys.lazy.compactMap(text).first, country] {
            guard let candidate, candidate != name, !region.contains(candidate) else { continue }
            region.append(candidate)
        }
        return Place(
            name: name, region: region.joinedText(separator: ", "),
            countryCode: text("country_code")?.lowercased(), coordinate: coordinate, displayName: displayName)
    }
}
