import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The feature handlers, each made for one command from only what it reads: a service slot,
/// the place resolver, the clocks, the last weather. The routing (`perform`) calls them and
/// applies what they return (`apply`): a handler never changes the session.
extension WeatherSession {
    var placesHandler: PlacesHandler { PlacesHandler(places: places, candidates: candidates) }

    var weatherHandler: WeatherHandler {
        WeatherHandler(places: places, clocks: clocks, units: settings.units, readOnlyReason: state.readOnlyReason)
    }

    var lineHandler: LineHandler { LineHandler(weather: weatherHandler) }

    var changedHandler: ChangedHandler { ChangedHandler(weather: weatherHandler, log: log) }

    var briefHandler: BriefHandler { BriefHandler(weather: weatherHandler, log: log) }

    var decisionRouting: DecisionRouting { DecisionRouting(weather: weatherHandler) }

    var aboutHandler: AboutHandler {
        let settings = settings
        return AboutHandler(
            services: services, geocoder: PlaceResolver.geocoder(settings: settings, services: services).service,
            forecastProvider: PlaceResolver.forecastProvider(settings: settings, services: services).service,
            configuration: configuration)
    }

    var pastHandler: PastHandler {
        PastHandler(
            archive: services.past, places: places, clocks: clocks, lastWeather: lastWeather,
            userTimeZone: configuration.userTimeZone)
    }

    var runsHandler: RunsHandler { RunsHandler(previousRuns: services.previousRuns, places: places, clocks: clocks) }

    var ensembleHandler: EnsembleHandler {
        EnsembleHandler(ensemble: services.ensemble, modelComparison: services.models, places: places, clocks: clocks)
    }

    var warningsHandler: WarningsHandler { WarningsHandler(feeds: services.warnings, places: places, clocks: clocks) }

    var warningBannerHandler: WarningBannerHandler {
        WarningBannerHandler(feeds: services.warnings, clocks: clocks, seen: warningsSeen)
    }

    /// Reads neither favorites nor settings: `saved …` never reads state.plist (but for
    /// `saved verify PLACE`'s favorite, read by the handler then).
    var snapshotsHandler: SnapshotsHandler {
        SnapshotsHandler(
            persistence: persistence, clocks: clocks, coverage: coverage, archive: services.past,
            lastWeather: lastWeather, currentPlace: currentPlace, shownWarnings: warningsSeen.shown,
            yourZone: { [configuration] in configuration.localTimeZone })
    }

    var doctorHandler: DoctorHandler {
        let places = places
        // Read first: reading state.plist is what finds it read-only (`readOnlyReason`).
        let favorites = favorites
        let state = persistence.state
        let stateFile = DoctorStateFacts(
            path: state.path, problem: state.readOnlyReason,
            unreadableEntries: DoctorStateFacts.unreadableEntries(of: state.document, path: state.path))
        return DoctorHandler(
            configuration: configuration, log: log, environment: doctorEnvironment, coverage: coverage, clock: clock,
            favorites: favorites, currentPlace: currentPlace, stateFile: stateFile,
            warningFeeds: services.warnings,
            chosen: (
                places.forecastProvider.service, places.geocoder.service, settings.provider,
                places.geocoderChain.geocoders.dropFirst().first?.service
            ))
    }

    var exchangeHandler: ExchangeHandler {
        ExchangeHandler(
            persistence: persistence, favorites: favorites, configuration: configuration, recordingNow: recordingNow)
    }

    var logHandler: LogHandler { LogHandler(persistence: persistence, recordingNow: recordingNow) }

    var favoritesHandler: FavoritesHandler {
        FavoritesHandler(persistence: persistence, favorites: favorites, currentPlace: currentPlace)
    }

    var settingsHandler: SettingsHandler {
        let settings = settings
        return SettingsHandler(
            persistence: persistence, settings: settings, services: services,
            forecastProvider: PlaceResolver.forecastProvider(settings: settings, services: services).service,
            geocoder: PlaceResolver.geocoder(settings: settings, services: services).service, language: language,
            localeLanguage: configuration.localeLanguage, lastView: lastView)
    }

    // MARK: - For the runner's `watch --rain/--frost` and the handlers still on the session

    /// `EnsembleHandler.chances`: the reading of each alert for the current location, and those
    /// left out for a unit wx does not know, with why.
    func chances(_ alerts: [ChanceAlert]) async throws(ShellError) -> (
        readings: [ChanceReading], leftOut: [(alert: ChanceAlert, reason: String)]
    ) {
        try await ensembleHandler.chances(alerts)
    }

    /// `EnsembleHandler.admitChances`: what can never give the chances, refused before `watch`.
    @discardableResult
    func admitChances() throws(ShellError) -> (provider: any EnsembleProvider, place: Place) {
        try ensembleHandler.admitChances()
    }

    /// `ExchangeHandler.ownFile(at:)`: which of wx's own files `path` is (`\o FILE` refuses them).
    func ownFile(at path: String) -> String? { exchangeHandler.ownFile(at: path) }

    /// `SessionClocks.todayUTC(at:)`.
    func todayUTC(at coordinate: Coordinate?) -> LocalDate { clocks.todayUTC(at: coordinate) }
}
