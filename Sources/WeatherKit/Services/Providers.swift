import FoundationEssentials
import WXBasics

// The kinds of service wx uses, one protocol each; `WeatherServices` has one slot per protocol.

/// Finds places by name (geocoding) and names places by coordinate (reverse geocoding).
package protocol Geocoder: Sendable {
    /// The service behind it, for messages and attribution.
    var service: Service { get }

    /// Up to `limit` places matching free text ("Portland, OR", "BS7 9EX", "東京"), best first.
    ///
    /// - Parameter language: the language names should come back in, a BCP 47 tag ("de",
    ///   "pt-BR"); each service sends it in the form it takes (`LanguageForms`).
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

/// Fetches air quality (`air`).
package protocol AirQualityProvider: Sendable {
    /// The service behind it, for messages and attribution.
    var service: Service { get }

    /// Air quality at `coordinate` for the hour containing `now`.
    ///
    /// - Throws: `ServiceError`; `.notNow` when the answer has no hour covering now.
    func airQuality(at coordinate: Coordinate, now: Date) async throws(ServiceError) -> Fetched<AirQuality>
}

/// What happened on past days at a place: the days and hours `past` shows, the normals `normals`
/// and `show` compare with, and the daily high, low and precipitation `saved N` and `saved verify`
/// check kept forecasts against.
package protocol PastWeatherProvider: Sendable {
    /// The observed days `from` … `to` (inclusive), oldest first: the place's calendar days, or
    /// UTC days (00:00–24:00 UTC) when `utcDays` is true (a snapshot whose forecast came in GMT,
    /// `Snapshot.daysAreUTC`). Days the service has no values for yet (the archive lags today by
    /// days) are left out.
    ///
    /// - Throws: `ServiceError` (`.rejected` with the service's reason for a date out of range;
    ///   `.malformedResponse` when UTC days were asked for and the answer's are not).
    func dailyObserved(at coordinate: Coordinate, from: LocalDate, to: LocalDate, utcDays: Bool)
        async throws(ServiceError) -> Fetched<[ObservedDay]>

    /// The weather of the days `range` at `coordinate` from `source` (`past`), with the hours
    /// when `hours` is true (a single day).
    ///
    /// - Throws: `ServiceError`: `.rejected` with the service's reason for dates it refuses.
    func past(at coordinate: Coordinate, days range: ClosedRange<LocalDate>, source: PastSource, hours: Bool)
        async throws(ServiceError) -> Fetched<PastWeather>

    /// The 1991–2020 normals at `coordinate` (`normals`).
    ///
    /// - Throws: `ServiceError` (offline with nothing cached, the service's own errors).
    func normals(at coordinate: Coordinate) async throws(ServiceError) -> Fetched<Climatology>

    /// The normals at `coordinate` when they are cached; nil otherwise. Never asks the network.
    func cachedNormals(at coordinate: Coordinate) -> Fetched<Climatology>?
}

/// Every member of an ensemble model at a place (Open-Meteo's Ensemble API).
package protocol EnsembleProvider: Sendable {
    var service: Service { get }

    /// The ensemble of `model` at `coordinate`: one request, none while the cached answer is
    /// from the model's latest run.
    ///
    /// - Throws: `ServiceError`.
    func ensemble(at coordinate: Coordinate, model: EnsembleModel) async throws(ServiceError) -> Fetched<
        EnsembleForecast
    >

    /// The ensemble when an answer from the model's latest run is cached; nil otherwise. Never
    /// asks the network.
    func cachedEnsemble(at coordinate: Coordinate, model: EnsembleModel) -> Fetched<EnsembleForecast>?

    /// The rain chances of the cached answer when it is from the model's latest run; nil
    /// otherwise. Never asks the network; reads less than `cachedEnsemble` where it can.
    func cachedRainChances(at coordinate: Coordinate, model: EnsembleModel) -> Fetched<EnsembleRainChances>?
}

extension EnsembleProvider {
    /// `cachedEnsemble`'s rain chances: for a provider that keeps nothing beside its answer.
    package func cachedRainChances(
        at coordinate: Coordinate, model: EnsembleModel
    ) -> Fetched<EnsembleRainChances>? {
        cachedEnsemble(at: coordinate, model: model).map { Fetched(value: $0.value.rainChances, origin: $0.origin) }
    }
}

/// Several deterministic models' days side by side at a place, in one request.
package protocol ModelComparisonProvider: Sendable {
    var service: Service { get }

    /// The models' days at `coordinate`.
    ///
    /// - Throws: `ServiceError`.
    func comparison(at coordinate: Coordinate) async throws(ServiceError) -> Fetched<ModelComparison>
}
