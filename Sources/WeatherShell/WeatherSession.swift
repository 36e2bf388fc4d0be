#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherKit

/// The services a session uses: a geocoder and a forecast provider.
public struct WeatherServices: Sendable {
    public var geocoder: any Geocoder
    public var forecastProvider: any ForecastProvider

    public init(geocoder: any Geocoder, forecastProvider: any ForecastProvider) {
        self.geocoder = geocoder
        self.forecastProvider = forecastProvider
    }
}

/// The view model: session state (current location, candidates, last fetched weather, units)
/// and the commands that read and change it.
///
/// The terminal is one front end of it; tests, scripts on stdin and `wx -c` drive the same
/// object. It never prints: each command returns `CommandResult`s for a renderer. State
/// changes only when a command succeeds, so a failed or cancelled command loses nothing.
@MainActor
public final class WeatherSession {
    /// The location `show`, `fav` and `save` act on.
    public private(set) var currentPlace: Place?
    /// The places the last `find` listed, for `use N`.
    public private(set) var candidates: [Place] = []
    /// The last weather fetched, for `save` and for re-rendering after `units`.
    public private(set) var lastWeather: WeatherReport?

    public let configuration: Configuration
    public let state: StateStore
    public let log: EventLog
    let services: WeatherServices
    let now: @Sendable () -> Date

    /// How many candidates `find` lists.
    public static let candidateLimit = 5

    public init(
        configuration: Configuration, services: WeatherServices, state: StateStore, log: EventLog,
        now: @escaping @Sendable () -> Date
    ) {
        self.configuration = configuration
        self.services = services
        self.state = state
        self.log = log
        self.now = now
    }

    public var settings: Settings { state.document.settings }
    public var favorites: [Favorite] { state.document.favorites }

    /// The language for place names: the setting, else the locale's.
    var language: String { settings.language ?? configuration.localeLanguage }

    /// Runs one command.
    ///
    /// - Returns: the results to render, in order.
    /// - Throws: `ShellError`; nothing in the session has changed then.
    public func execute(_ command: Command) async throws(ShellError) -> [CommandResult] {
        // Commands that read favorites or settings first pick up changes another wx process made;
        // the others (history, saved…) never read state.plist at all.
        if command.readsState, let warning = state.refresh() {
            return [.notSaved(.storage(warning))] + (try await execute(command))
        }
        switch command {
        case .find(let query): return try await find(query)
        case .use(let index): return try use(index)
        case .show(let target): return try await show(target)
        case .favoriteToggle: return try toggleFavorite()
        case .favoriteRemove(let name): return try removeFavorite(named: name)
        case .favoriteRename(let old, let new): return try renameFavorite(old, to: new)
        case .favorites: return [.favorites(favorites)]
        case .compare(let names): return try await compare(names)
        case .save: return try save()
        case .snapshots: return [.snapshots(log.snapshots())]
        case .snapshot(let id):
            guard let snapshot = log.snapshot(id) else { throw .noSuchSnapshot(id) }
            return [.snapshot(snapshot)]
        case .snapshotRemove(let id): return [.snapshotRemoved(try log.deleteSnapshot(id, at: now()))]
        case .history(let count): return [.history(log.history(last: count ?? 20))]
        case .units(let preferences): return setUnits(preferences)
        case .help(nil): return [.help(CommandTable.all)]
        case .help(let name?):
            guard let spec = CommandTable.spec(named: name.trimmed) else {
                throw .usage("no command “\(TerminalText.sanitized(name))”; type “help” for the list")
            }
            return [.helpCommand(spec)]
        case .about:
            return [.about(AboutInfo(
                version: WXVersion.current, services: [services.geocoder.service, services.forecastProvider.service],
                endpoints: configuration.endpoints, configFolder: configuration.configFolder,
                stateFolder: configuration.stateFolder, cacheFolder: configuration.cacheFolder))]
        case .resetState:
            state.refresh()
            guard state.isReadOnly else {
                throw .usage("state.plist is readable: “reset state” only replaces a file wx cannot read (remove favorites with “fav rm”)")
            }
            try state.reset()
            return [.notice("state.plist starts afresh: no favorites, default settings")]
        case .rerun, .replay, .format, .quit:
            // Line-level commands: the runner handles them before they reach the view model.
            throw .usage("“\(command)” cannot run here")
        }
    }

    // MARK: - Places

    private func find(_ query: String) async throws(ShellError) -> [CommandResult] {
        let places: [Place]
        if let coordinate = Coordinate(parsing: query) {
            guard let place = try await reverse(coordinate) else { throw .noPlaceFound(query) }
            places = [place]
        } else {
            places = try await search(query)
        }
        candidates = places
        currentPlace = places[0]
        return [.candidates(query: query, places: places)]
    }

    private func use(_ index: Int) throws(ShellError) -> [CommandResult] {
        guard candidates.indices.contains(index - 1) else { throw .noSuchCandidate(index, available: candidates.count) }
        currentPlace = candidates[index - 1]
        return [.currentPlace(candidates[index - 1])]
    }

    private func search(_ query: String) async throws(ShellError) -> [Place] {
        let places: [Place]
        do {
            places = try await services.geocoder.search(query, limit: Self.candidateLimit, language: language).value
        } catch {
            throw Self.shellError(error)
        }
        guard !places.isEmpty else { throw .noPlaceFound(query) }
        return places
    }

    private func reverse(_ coordinate: Coordinate) async throws(ShellError) -> Place? {
        do {
            return try await services.geocoder.reverse(coordinate, language: language).value
        } catch {
            throw Self.shellError(error)
        }
    }

    /// The favorite named `name`, ignoring case.
    public func favorite(named name: String) -> Favorite? {
        let wanted = name.trimmed.lowercased()
        return favorites.first { $0.name.lowercased() == wanted }
    }

    // MARK: - Weather

    private func show(_ target: String?) async throws(ShellError) -> [CommandResult] {
        var place: Place
        var newCandidates: [Place]?
        if let target {
            if let favorite = favorite(named: target) {
                place = favorite.place
            } else if let coordinate = Coordinate(parsing: target) {
                place = try await reverse(coordinate)
                    ?? Place(name: coordinate.rounded.text, region: "", countryCode: nil, coordinate: coordinate, displayName: coordinate.rounded.text)
            } else {
                let places = try await search(target)
                newCandidates = places
                place = places[0]
            }
        } else {
            guard let currentPlace else { throw .noCurrentLocation }
            place = currentPlace
        }
        let fetched: Fetched<Forecast>
        do {
            fetched = try await services.forecastProvider.forecast(at: place.coordinate)
        } catch {
            throw Self.shellError(error)
        }
        // A favorite shows under its own name.
        if let favorite = favorites.first(where: { $0.coordinate == place.coordinate }) { place.name = favorite.name }
        let report = WeatherReport(place: place, forecast: fetched.value, origin: fetched.origin)
        if let newCandidates { candidates = newCandidates }
        currentPlace = place
        lastWeather = report
        return [.weather(report)]
    }

    /// The most places asked for in one Open-Meteo request.
    static let placesPerRequest = 50

    private func compare(_ names: [String]) async throws(ShellError) -> [CommandResult] {
        var chosen: [Favorite] = []
        for name in names {
            guard let favorite = favorite(named: name) else { throw .noSuchFavorite(name) }
            if !chosen.contains(favorite) { chosen.append(favorite) }
        }
        if names.isEmpty { chosen = favorites }
        guard !chosen.isEmpty else { throw .usage("no favorites to compare: “fav” saves the current location") }
        var reports: [WeatherReport] = []
        var start = 0
        while start < chosen.count {
            let batch = Array(chosen[start..<min(chosen.count, start + Self.placesPerRequest)])
            let fetched: Fetched<[Forecast]>
            do {
                fetched = try await services.forecastProvider.forecasts(at: batch.map(\.coordinate))
            } catch {
                throw Self.shellError(error)
            }
            for (favorite, forecast) in zip(batch, fetched.value) {
                reports.append(WeatherReport(place: favorite.place, forecast: forecast, origin: fetched.origin))
            }
            start += Self.placesPerRequest
        }
        return [.comparison(reports)]
    }

    private func save() throws(ShellError) -> [CommandResult] {
        guard let report = lastWeather else { throw .noWeather }
        guard let reading = Self.snapshotReading(report.forecast, now: now()) else {
            throw .usage("the last weather has no current conditions to save")
        }
        let clock = report.forecast.clock.localTime(reading.dataTime)
        let snapshot = try log.appendSnapshot(
            placeName: report.place.name, coordinate: report.place.coordinate,
            utcOffsetSeconds: clock.utcOffsetSeconds, timeZone: report.forecast.zone.identifier,
            reading: reading, at: now())
        return [.snapshotSaved(snapshot)]
    }

    /// What a snapshot keeps of a forecast: the current conditions at their own time, with the
    /// precipitation probability and amount of the hour containing that time.
    public static func snapshotReading(_ forecast: Forecast, now: Date) -> SnapshotReading? {
        let time = forecast.current?.time ?? forecast.currentHourIndex(at: now).map { forecast.hourly[$0].time }
        guard let time else { return nil }
        let hour = forecast.currentHourIndex(at: time).map { forecast.hourly[$0] }
        return SnapshotReading(
            dataTime: time,
            temperatureCelsius: forecast.current?.temperatureCelsius ?? hour?.temperatureCelsius,
            precipitationProbabilityPercent: hour?.precipitationProbabilityPercent,
            precipitationMillimetres: hour?.precipitationMillimetres ?? forecast.current?.precipitationMillimetres,
            weatherCode: forecast.current?.weatherCode ?? hour?.weatherCode)
    }

    // MARK: - Favorites

    private func toggleFavorite() throws(ShellError) -> [CommandResult] {
        guard let place = currentPlace else { throw .noCurrentLocation }
        if let existing = favorites.first(where: { $0.coordinate == place.coordinate }) {
            let saved = persist { document throws(ShellError) in
                document.favorites.removeAll { $0.coordinate == existing.coordinate }
            }
            return [.favoriteRemoved(existing)] + saved
        }
        let favorite = Favorite(name: uniqueName(for: place), place: place)
        let saved = persist { document throws(ShellError) in
            guard !document.favorites.contains(where: { $0.coordinate == favorite.coordinate }) else { return }
            document.favorites.append(favorite)
        }
        return [.favoriteAdded(favorite)] + saved
    }

    /// The place's name, or with its region, or numbered, so that no two favorites share a name.
    private func uniqueName(for place: Place) -> String {
        let taken = Set(favorites.map { $0.name.lowercased() })
        if !taken.contains(place.name.lowercased()) { return place.name }
        if let first = place.region.split(separator: ",").first.map({ "\(place.name), \($0.trimmed)" }),
            !taken.contains(first.lowercased())
        {
            return first
        }
        var number = 2
        while taken.contains("\(place.name) \(number)".lowercased()) { number += 1 }
        return "\(place.name) \(number)"
    }

    private func removeFavorite(named name: String) throws(ShellError) -> [CommandResult] {
        guard let existing = favorite(named: name) else { throw .noSuchFavorite(name) }
        let saved = persist { document throws(ShellError) in
            document.favorites.removeAll { $0.coordinate == existing.coordinate }
        }
        return [.favoriteRemoved(existing)] + saved
    }

    private func renameFavorite(_ old: String, to new: String) throws(ShellError) -> [CommandResult] {
        guard let existing = favorite(named: old) else { throw .noSuchFavorite(old) }
        let newName = TerminalText.sanitized(new).trimmed
        guard !newName.isEmpty else { throw .usage("a favorite’s name cannot be empty") }
        if let clash = favorite(named: newName), clash.coordinate != existing.coordinate {
            throw .duplicateFavoriteName(clash.name)
        }
        var renamed = existing
        renamed.name = newName
        let saved = persist { document throws(ShellError) in
            guard let index = document.favorites.firstIndex(where: { $0.coordinate == existing.coordinate }) else {
                throw .noSuchFavorite(old)
            }
            if document.favorites.contains(where: { $0.name.lowercased() == newName.lowercased() && $0.coordinate != existing.coordinate }) {
                throw .duplicateFavoriteName(newName)
            }
            document.favorites[index].name = newName
        }
        if currentPlace?.coordinate == existing.coordinate { currentPlace?.name = newName }
        return [.favoriteRenamed(from: existing.name, to: renamed)] + saved
    }

    // MARK: - Settings

    private func setUnits(_ preferences: UnitPreferences?) -> [CommandResult] {
        guard let preferences else { return [.units(settings.units)] }
        let saved = persist { document throws(ShellError) in document.settings.units = preferences }
        var results: [CommandResult] = [.units(preferences)] + saved
        if let lastWeather { results.append(.weather(lastWeather)) }
        return results
    }

    /// Applies a change to favorites or settings and saves it; when saving fails the change holds
    /// in memory and the result says it was not saved.
    private func persist(_ change: @escaping (inout StateDocument) throws(ShellError) -> Void) -> [CommandResult] {
        do {
            try state.update(change)
            return []
        } catch {
            return [.notSaved(error)]
        }
    }

    static func shellError(_ error: ServiceError) -> ShellError {
        if case .transport(_, .cancelled) = error { return .cancelled }
        return .service(error)
    }
}
