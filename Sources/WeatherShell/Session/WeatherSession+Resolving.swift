import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The place resolver the session's routing gives a command (`PlaceResolver`), and how a
/// handler's outcome is applied to the session.
extension WeatherSession {
    typealias Resolved = ResolvedPlace
    typealias Fetching = PlaceFetching

    /// Where this command's place is, made from the session's state now: the current location,
    /// the favorites, the chosen geocoder, what the answers cover, the language.
    var places: PlaceResolver {
        let resolver = PlaceResolver(
            currentPlace: currentPlace, favorites: favorites, services: services, coverage: coverage,
            settings: settings, language: language, requestTimeoutSeconds: configuration.requestTimeoutSeconds,
            now: now)
        resolver.favoritesUnread = favoritesUnread
        return resolver
    }

    /// The saved provider and geocoder this run cannot use for want of a key, with the services
    /// used instead (`ServiceFallback`).
    /// Read from the settings alone: asked before most commands, it must not decode state.plist's
    /// favorites (at 10,000 favorites that was 69 M instructions of a first `saved`).
    var serviceFallbacks: [ServiceFallback] {
        let settings = settings
        return [
            ServiceFallback.provider(
                saved: settings.provider,
                used: PlaceResolver.forecastProvider(settings: settings, services: services).service,
                available: services.forecastProviders.map(\.service)),
            ServiceFallback.geocoder(
                saved: settings.geocoder, used: PlaceResolver.geocoder(settings: settings, services: services).service,
                available: services.geocoders.map(\.service)),
        ].compactMap { $0 }
    }

    /// Why favorites may be missing from `favorites` (state.plist did not parse or could not be
    /// read, or some of its favorites could not be): a name then may be one of them, and is not
    /// looked up as if no favorite could have it. Nil when every favorite was read.
    var favoritesUnread: String? {
        let document = state.document
        switch state.readOnlyReason {
        case .unreadable?: return "state.plist could not be read"
        case .notReadable(let error)?: return "state.plist cannot be read (\(error.description))"
        case .unknownVersion?, nil: break
        }
        let unread = document.unreadableFavorites.entries.count
        guard unread > 0 else { return nil }
        return unread == 1
            ? "a favorite in state.plist could not be read" : "\(unread) favorites in state.plist could not be read"
    }

    /// After a command about `resolved` succeeded: its place becomes the current location.
    func commit(_ resolved: Resolved) {
        if let candidates = resolved.candidates { self.candidates = candidates }
        currentPlace = resolved.place
        // A place chosen or shown since: the user sees which place `fav` acts on.
        failedFind = nil
    }

    /// A handler's outcome applied: its place becomes the current location, its report the
    /// last weather (and `units` ends the run's units), its look the one to keep once the output
    /// is out (`keepLook`); its results, the warning banner (the warnings it saw kept for `save`
    /// and `watch`), its trailing results — or its failure, thrown once the rest is applied.
    func apply(_ outcome: HandlerOutcome) throws(ShellError) -> [CommandResult] {
        if let place = outcome.place { commit(place) }
        if let report = outcome.lastWeather { lastWeather = report }
        if outcome.endsUnitsForThisRun { unitsForThisRun = nil }
        if let failure = outcome.failure { throw failure }
        var banner: [CommandResult] = []
        if let input = outcome.warningBanner {
            let made = warningBannerHandler.banner(input)
            warningsSeen = made.seen
            banner = made.results
        }
        // Not written here: waiting for another wx's lock (a long `import`) held back weather
        // already in hand. The front end keeps it after the output, as `check`'s mark.
        persistence.lookToKeep = outcome.look
        return outcome.results + banner + outcome.trailing
    }

    /// The favorite `name` names as people type it (see `FavoriteMatching`); nil for none and
    /// for a prefix of several.
    package func favorite(named name: String) -> Favorite? { FavoriteMatching.match(name, in: favorites).only }
}
