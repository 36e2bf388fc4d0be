/// Finds places by name (geocoding) and names places by coordinate (reverse geocoding).
package protocol Geocoder: Sendable {
    /// The service behind it, for messages and attribution.
    var service: Service { get }

    /// Up to `limit` places matching free text ("Portland, OR", "BS7 9EX", "東京"), best first.
    ///
    /// - Parameter language: the language names should come back in ("de", "en"; sent as
    ///   `Accept-Language` or the service's own parameter).
    /// - Returns: the places, empty when nothing matched.
    /// - Throws: `ServiceError`.
    func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]>

    /// The place at `coordinate`; nil when the service knows none there (open sea).
    ///
    /// - Throws: `ServiceError`.
    func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?>

    /// Whether `reverse` asks the service for a name (false: it only repeats the coordinates).
    var reverseGeocodes: Bool { get }
}

extension Geocoder {
    package var reverseGeocodes: Bool { true }
}

/// Fetches forecasts: current conditions, hours and days, in one request.
package protocol ForecastProvider: Sendable {
    var service: Service { get }

    /// The forecast at `coordinate`, which the result keeps as its `coordinate`.
    ///
    /// - Parameter language: for words the service writes ("de"); providers that send only
    ///   codes ignore it.
    /// - Throws: `ServiceError`.
    func forecast(at coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Forecast>

    /// Forecasts for several places in as few requests as the service allows (Open-Meteo: one),
    /// in the order of `coordinates`: each a forecast, or why there is none for that place
    /// (offline with nothing cached for it), so that the others still show.
    ///
    /// - Throws: `ServiceError` when the answer cannot be used for any place.
    func forecasts(at coordinates: [Coordinate], language: String) async throws(ServiceError) -> Fetched<
        [Result<Forecast, ServiceError>]
    >
}
