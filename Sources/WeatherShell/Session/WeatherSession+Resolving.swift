import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The place resolver the session's routing gives a command (`PlaceResolver`), and the same
/// steps for the handlers that are still extensions of the session.
extension WeatherSession {
    typealias Resolved = ResolvedPlace
    typealias Fetching = PlaceFetching

    /// Where this command's place is, made from the session's state now: the current location,
    /// the favorites, the chosen geocoder, what the answers cover, the language.
    var places: PlaceResolver {
        PlaceResolver(
            currentPlace: currentPlace, favorites: favorites, services: services, coverage: coverage,
            settings: settings, language: language, requestTimeoutSeconds: configuration.requestTimeoutSeconds)
    }

    /// `PlaceResolver.resolve`.
    func resolve(_ target: String?, needing kind: AnswerKind? = nil) async throws(ShellError) -> Resolved {
        try await places.resolve(target, needing: kind)
    }

    /// `PlaceResolver.resolving`.
    func resolving<Value>(
        _ target: String?, needing kind: AnswerKind?, askingWarnings: Bool = false,
        _ fetch: (Place) async throws(ShellError) -> Value
    ) async throws(ShellError) -> Fetching<Value> {
        try await places.resolving(target, needing: kind, askingWarnings: askingWarnings, fetch)
    }

    /// `PlaceResolver.placeAfterOptionalCount`.
    func placeAfterOptionalCount<T>(
        _ count: Int?, _ target: String?, command: String, what: String, maximum: Int,
        _ body: () async throws(ShellError) -> T
    ) async throws(ShellError) -> T {
        try await places.placeAfterOptionalCount(count, target, command: command, what: what, maximum: maximum, body)
    }

    /// The geocoder the `geocoder` setting names, else the default.
    var geocoder: any Geocoder { places.geocoder }
    /// The provider the `provider` setting names, else the default.
    var forecastProvider: any ForecastProvider { places.forecastProvider }

    /// `PlaceResolver.warningFeed(for:)`.
    func warningFeed(for place: Place) -> (any WarningFeed)? { places.warningFeed(for: place) }

    /// After a command about `resolved` succeeded: its place becomes the current location.
    func commit(_ resolved: Resolved) {
        if let candidates = resolved.candidates { self.candidates = candidates }
        currentPlace = resolved.place
    }

    /// A handler's outcome applied: its place becomes the current location, its report the
    /// last weather (and `units` ends the run's units); its results, the warning banner and the
    /// look's notice, its trailing results — or its failure, thrown once the rest is applied.
    func apply(_ outcome: HandlerOutcome) throws(ShellError) -> [CommandResult] {
        if let place = outcome.place { commit(place) }
        if let report = outcome.lastWeather { lastWeather = report }
        if outcome.endsUnitsForThisRun { unitsForThisRun = nil }
        if let failure = outcome.failure { throw failure }
        let banner = outcome.warningBanner.map { warningBanner($0.answer, for: $0.place, zone: $0.zone) } ?? []
        return outcome.results + banner + (outcome.look.map(log.keep) ?? []) + outcome.trailing
    }

    /// `body`'s value or error, as a value: for an `async let` of a typed-throwing request.
    nonisolated static func result<T: Sendable>(
        _ body: () async throws(ServiceError) -> T
    ) async -> Result<T, ServiceError> {
        await serviceResult(body)
    }

    static func shellError(_ error: ServiceError) -> ShellError { ShellError(serviceError: error) }

    /// `PlaceResolver.favorite(matching:)`.
    func favorite(matching name: String) throws(ShellError) -> Favorite? {
        try FavoriteMatching.match(name, in: favorites).favorite(for: name)
    }

    /// The favorite `name` names as people type it (see `FavoriteMatching`); nil for none and
    /// for a prefix of several.
    package func favorite(named name: String) -> Favorite? {
        if case .one(let favorite) = FavoriteMatching.match(name, in: favorites) { return favorite }
        return nil
    }
}
