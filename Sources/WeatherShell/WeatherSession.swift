#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherKit
import WeatherStore

/// The services a session can use; settings choose among them.
public struct WeatherServices: Sendable {
    /// Every geocoder, the default first (Nominatim, then Open-Meteo geocoding). When the chosen
    /// one cannot be used (down, blocked, rate-limited), the others are tried in order.
    public var geocoders: [any Geocoder]
    /// Every forecast provider, the default first (Open-Meteo; OpenWeatherMap with a key).
    public var forecastProviders: [any ForecastProvider]
    /// Air quality (Open-Meteo); nil in tests that do not need it.
    public var airQuality: OpenMeteoAirQualityProvider?

    public init(geocoders: [any Geocoder], forecastProviders: [any ForecastProvider], airQuality: OpenMeteoAirQualityProvider? = nil) {
        precondition(!geocoders.isEmpty && !forecastProviders.isEmpty, "a session needs a geocoder and a provider")
        self.geocoders = geocoders
        self.forecastProviders = forecastProviders
        self.airQuality = airQuality
    }

    /// One geocoder and one provider (tests).
    public init(geocoder: any Geocoder, forecastProvider: any ForecastProvider) {
        self.init(geocoders: [geocoder], forecastProviders: [forecastProvider])
    }

    /// The service for a setting's word: "nominatim", "open-meteo", "openweathermap".
    static func service(named word: String?, geocoding: Bool) -> Service? {
        switch word?.lowercased() {
        case "nominatim": .nominatim
        case "open-meteo", "openmeteo": geocoding ? .openMeteoGeocoding : .openMeteo
        case "openweathermap", "owm": .openWeatherMap
        default: nil
        }
    }

    /// The setting's word for a service.
    static func word(for service: Service) -> String {
        switch service {
        case .nominatim: "nominatim"
        case .openMeteo, .openMeteoGeocoding, .openMeteoAirQuality: "open-meteo"
        case .openWeatherMap: "openweathermap"
        }
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
    /// state.plist and log.jsonl. Only the session's own files use them: everything outside
    /// reaches history and state through the session (WeatherSession+History.swift).
    let state: StateStore
    let log: EventLog
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

    /// The favorites' names for tab completion, with what another wx saved since the last
    /// command (state.plist is re-read only when it changed: one `stat` otherwise).
    public func favoriteNamesForCompletion() -> [String] {
        if let warning = state.refresh() { undeliveredNotices.append("warning: " + warning.userText) }
        return favorites.map(\.name)
    }

    /// The language for place names: the setting, else the locale's.
    var language: String { settings.language ?? configuration.localeLanguage }

    /// Notices that a command which then failed could not return (a state.plist warning).
    private var undeliveredNotices: [String] = []

    /// The notices to show after a command: those it could not return, then the log's.
    public func takeNotices() -> [String] {
        defer { undeliveredNotices = [] }
        return undeliveredNotices + log.takeNotes().map(\.userText)
    }

    /// Runs one command.
    ///
    /// - Returns: the results to render, in order.
    /// - Throws: `ShellError`; nothing in the session has changed then.
    public func execute(_ command: Command) async throws(ShellError) -> [CommandResult] {
        // Commands that read favorites or settings first pick up changes another wx process made;
        // the others (history, saved…) never read state.plist at all.
        // A state.plist that cannot be used as it is is said once, as a warning: the command
        // still runs, and its exit status is its own.
        if command.readsState, let warning = state.refresh()?.userText {
            do {
                return [.notice("warning: " + warning)] + (try await execute(command))
            } catch {
                // Unless the error says the same (favs on an unreadable file).
                if error.description != warning { undeliveredNotices.append("warning: " + warning) }
                throw error
            }
        }
        switch command {
        case .find(let query): return try await find(query)
        case .use(let index): return try use(index)
        case .show(let target): return try await show(target)
        case .favoriteToggle: return try toggleFavorite()
        case .favoriteRemove(let name): return try removeFavorite(named: name)
        case .favoriteRename(let old, let new): return try renameFavorite(old, to: new)
        case .favorites:
            // No favorites because state.plist cannot be read is not "no favorites yet".
            if favorites.isEmpty, let reason = state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
            return [.favorites(favorites)]
        case .compare(let names): return try await compare(names)
        case .hourly(let count, let target): return try await hourly(count, target)
        case .daily(let count, let target): return try await daily(count, target)
        case .rain(let target): return try await rain(target)
        case .air(let target): return try await air(target)
        case .save: return try save()
        case .snapshots: return [.snapshots(log.snapshots())]
        case .snapshot(let id):
            guard let snapshot = log.snapshot(id) else { throw .noSuchSnapshot(id) }
            return [.snapshot(snapshot)]
        case .snapshotRemove(let id): return [.snapshotRemoved(try deleteSnapshot(id))]
        case .history(let count): return [.history(log.history(last: count ?? 20))]
        case .units(let change): return try setUnits(change)
        case .provider(let word): return try setProvider(word)
        case .geocoder(let word): return try setGeocoder(word)
        case .language(let code): return setLanguage(code)
        case .help(nil): return [.help(CommandTable.all)]
        case .help(let name?):
            guard let spec = CommandTable.spec(named: name.trimmed) else {
                throw .usage("no command “\(TerminalText.sanitized(name))”; type “help” for the list")
            }
            return [.helpCommand(spec)]
        case .about:
            var used = [geocoder.service, forecastProvider.service]
            for other in services.geocoders.map(\.service) where !used.contains(other) { used.append(other) }
            return [.about(AboutInfo(
                version: WXVersion.current, services: used,
                endpoints: configuration.endpoints, configFolder: configuration.configFolder,
                stateFolder: configuration.stateFolder, cacheFolder: configuration.cacheFolder))]
        case .log(let compact):
            guard compact else { return [.logStatistics(log.statistics())] }
            return [.logCompacted(try compactLog())]
        case .export(let kind, let format, let path): return try export(kind, format: format, to: path)
        case .importFavorites(let path): return try importFavorites(from: path)
        case .resetState:
            state.refresh()
            guard state.isReadOnly else {
                throw .usage("state.plist is readable: “reset state” only replaces a file wx cannot read (remove favorites with “fav rm”)")
            }
            try resetState()
            return [.notice("state.plist starts afresh: no favorites, default settings")]
        case .rerun, .replay, .format, .quit, .watch:
            // Line-level commands: the runner handles them before they reach the view model.
            throw .usage("“\(command)” cannot run here")
        }
    }

    // MARK: - Places

    private func find(_ query: String) async throws(ShellError) -> [CommandResult] {
        let places: [Place]
        var notice: String?
        if let id = Self.cityID(query) {
            places = [try await city(id, query: query)]
        } else if let coordinate = Coordinate(parsing: query) {
            let (place, reverseNotice) = try await reverse(coordinate)
            guard let place else { throw .noPlaceFound(query) }
            places = [place]
            notice = reverseNotice
        } else {
            (places, notice) = try await search(query)
        }
        candidates = places
        currentPlace = places[0]
        return (notice.map { [CommandResult.notice($0)] } ?? []) + [.candidates(query: query, places: places)]
    }

    /// The number in "id:2950159", if the query is one.
    static func cityID(_ query: String) -> Int? {
        guard query.lowercased().hasPrefix("id:"), let id = Int(query.dropFirst(3).trimmed), id > 0 else { return nil }
        return id
    }

    private func use(_ index: Int) throws(ShellError) -> [CommandResult] {
        guard candidates.indices.contains(index - 1) else { throw .noSuchCandidate(index, available: candidates.count) }
        currentPlace = candidates[index - 1]
        return [.currentPlace(candidates[index - 1])]
    }

    /// The geocoder the `geocoder` setting names, else the default.
    var geocoder: any Geocoder {
        let wanted = WeatherServices.service(named: settings.geocoder, geocoding: true)
        return services.geocoders.first { $0.service == wanted } ?? services.geocoders[0]
    }

    /// The provider the `provider` setting names, else the default.
    var forecastProvider: any ForecastProvider {
        let wanted = WeatherServices.service(named: settings.provider, geocoding: false)
        return services.forecastProviders.first { $0.service == wanted } ?? services.forecastProviders[0]
    }

    /// What a geocoder said, and why the chosen one was passed over, if it was.
    struct Geocoded<T: Sendable> {
        var value: T
        var passedOver: ServiceError?
        var notice: String?
        /// The geocoder that answered.
        var service: Service
    }

    /// Geocodes with the chosen geocoder; when it cannot be used at all (down, blocked,
    /// rate-limited), with the next one, saying so.
    ///
    /// - Parameter fallingBackTo: which other geocoders may stand in (reverse geocoding: only
    ///   those that do it).
    private func geocode<T: Sendable>(
        fallingBackTo eligible: (any Geocoder) -> Bool = { _ in true },
        _ ask: (any Geocoder) async throws(ServiceError) -> T
    ) async throws(ShellError) -> Geocoded<T> {
        let chosen = geocoder
        var failure: ServiceError?
        for candidate in [chosen] + services.geocoders.filter({ $0.service != chosen.service && eligible($0) }) {
            do {
                let value = try await ask(candidate)
                let notice = failure.map { "\($0.description); these places are from \(candidate.service.displayName)" }
                return Geocoded(value: value, passedOver: failure, notice: notice, service: candidate.service)
            } catch {
                if let failure {
                    if case .transport(_, .cancelled) = error { throw Self.shellError(error) }
                    throw .fallbackFailed(failure, then: "asked instead, \(error.description)")
                }
                guard error.isUnreachable, failure == nil else { throw Self.shellError(failure ?? error) }
                failure = error
            }
        }
        throw Self.shellError(failure!)
    }

    private func search(_ query: String) async throws(ShellError) -> ([Place], notice: String?) {
        let language = self.language
        let found = try await geocode { geocoder throws(ServiceError) in
            try await geocoder.search(query, limit: Self.candidateLimit, language: language).value
        }
        guard !found.value.isEmpty else {
            // Why the chosen one failed comes first; then that the other knew nothing either.
            if let passedOver = found.passedOver {
                throw .fallbackFailed(passedOver, then: "\(found.service.displayName), asked instead, found no place for “\(TerminalText.sanitized(query))”")
            }
            throw .noPlaceFound(query)
        }
        return (found.value, found.notice)
    }

    /// The place at `coordinate`: from the chosen geocoder, or, when it cannot be used, from
    /// another that really reverse-geocodes (Open-Meteo's only repeats the coordinates).
    private func reverse(_ coordinate: Coordinate) async throws(ShellError) -> (Place?, notice: String?) {
        let language = self.language
        let found = try await geocode(fallingBackTo: { $0.reverseGeocodes }) { geocoder throws(ServiceError) in
            try await geocoder.reverse(coordinate, language: language).value
        }
        return (found.value, found.notice)
    }

    /// `find id:2950159`: a city by its OpenWeatherMap id.
    private func city(_ id: Int, query: String) async throws(ShellError) -> Place {
        guard let lookup = services.forecastProviders.compactMap({ $0 as? any CityLookup }).first else {
            throw .service(.missingKey(.openWeatherMap))
        }
        do {
            guard let place = try await lookup.place(cityID: id, language: language) else { throw ShellError.noPlaceFound(query) }
            return place
        } catch let error as ShellError {
            throw error
        } catch let error as ServiceError {
            throw Self.shellError(error)
        } catch {
            throw .noPlaceFound(query)
        }
    }

    /// The favorite named `name`, ignoring case.
    public func favorite(named name: String) -> Favorite? {
        let wanted = name.trimmed.lowercased()
        return favorites.first { $0.name.lowercased() == wanted }
    }

    // MARK: - Weather

    /// `show`: the weather for a place (which becomes current) or the current location.
    private func show(_ target: String?) async throws(ShellError) -> [CommandResult] {
        let (report, notices) = try await weather(for: target)
        return notices + [.weather(report)]
    }

    /// Where a command is about: a favorite, `id:N`, coordinates (reverse geocoded), or text to
    /// geocode; nil for the current location. Changes nothing.
    private struct Resolved {
        var place: Place
        /// Candidates from geocoding text, which become `use`'s list once the command succeeds.
        var candidates: [Place]?
        var notices: [CommandResult] = []
    }

    private func resolve(_ target: String?) async throws(ShellError) -> Resolved {
        var resolved = try await locate(target)
        // A favorite shows under its own name.
        if let favorite = favorites.first(where: { $0.coordinate == resolved.place.coordinate }) { resolved.place.name = favorite.name }
        return resolved
    }

    private func locate(_ target: String?) async throws(ShellError) -> Resolved {
        guard let target else {
            guard let currentPlace else { throw .noCurrentLocation }
            return Resolved(place: currentPlace)
        }
        if let favorite = favorite(named: target) { return Resolved(place: favorite.place) }
        if let id = Self.cityID(target) { return Resolved(place: try await city(id, query: target)) }
        if let coordinate = Coordinate(parsing: target) {
            // The weather at coordinates does not need their name: without one, they name the place.
            var found: Place?
            var notice: String?
            do {
                (found, notice) = try await reverse(coordinate)
            } catch .service(let error) {
                notice = "\(error.description); the coordinates have no name"
            }
            return Resolved(place: found ?? .unnamed(at: coordinate), notices: notice.map { [.notice($0)] } ?? [])
        }
        let (places, notice) = try await search(target)
        return Resolved(place: places[0], candidates: places, notices: notice.map { [.notice($0)] } ?? [])
    }

    /// After a command about `resolved` succeeded: its place becomes the current location.
    private func commit(_ resolved: Resolved) {
        if let candidates = resolved.candidates { self.candidates = candidates }
        currentPlace = resolved.place
    }

    /// Resolves `target` (see `resolve`), fetches its forecast, and makes it the current
    /// location and the last weather. The forecast comes from the cache while it is current.
    private func weather(for target: String?) async throws(ShellError) -> (report: WeatherReport, notices: [CommandResult]) {
        let resolved = try await resolve(target)
        let fetched: Fetched<Forecast>
        do {
            fetched = try await forecastProvider.forecast(at: resolved.place.coordinate, language: language)
        } catch {
            throw Self.shellError(error)
        }
        let report = WeatherReport(place: resolved.place, forecast: fetched.value, origin: fetched.origin)
        commit(resolved)
        lastWeather = report
        return (report, resolved.notices)
    }

    /// The most hours `hourly` shows, and days `daily` shows (Open-Meteo's 16-day range).
    public nonisolated static let maximumHours = 384
    public nonisolated static let maximumDays = 16

    private func hourly(_ count: Int?, _ target: String?) async throws(ShellError) -> [CommandResult] {
        let (report, notices) = try await weather(for: target)
        guard !report.forecast.hourly.isEmpty else { throw .notInAnswer(Self.missing("hourly", in: report)) }
        return notices + [.hourly(report, hours: min(count ?? 24, Self.maximumHours))]
    }

    private func daily(_ count: Int?, _ target: String?) async throws(ShellError) -> [CommandResult] {
        let (report, notices) = try await weather(for: target)
        // A day the service listed with every value null still shows, as "—"; a provider of
        // current conditions only lists none with readings and no hours either.
        let forecast = report.forecast
        guard !forecast.daily.isEmpty, !forecast.isCurrentConditionsOnly else {
            throw .notInAnswer(Self.missing("daily", in: report))
        }
        return notices + [.daily(report, days: min(count ?? 7, Self.maximumDays))]
    }

    private func rain(_ target: String?) async throws(ShellError) -> [CommandResult] {
        let (report, notices) = try await weather(for: target)
        // Current conditions say nothing about when rain starts or stops.
        if report.forecast.isCurrentConditionsOnly { throw .notInAnswer(report.forecast.noForecastText) }
        return notices + [.rain(report, PrecipitationOutlook(forecast: report.forecast, now: now()))]
    }

    private func air(_ target: String?) async throws(ShellError) -> [CommandResult] {
        guard let provider = services.airQuality else { throw .usage("no air-quality service is configured") }
        let resolved = try await resolve(target)
        do {
            let fetched = try await provider.airQuality(at: resolved.place.coordinate, now: now())
            commit(resolved)
            return resolved.notices + [.air(resolved.place, fetched.value, fetched.origin)]
        } catch {
            throw Self.shellError(error)
        }
    }

    /// Why `hourly` or `daily` has nothing to show: the provider gives current conditions
    /// only (OpenWeatherMap), or this answer left the block out.
    static func missing(_ block: String, in report: WeatherReport) -> String {
        let forecast = report.forecast
        if forecast.isCurrentConditionsOnly { return forecast.noForecastText }
        return "no \(block) forecast in \(forecast.source)’s answer"
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
        if chosen.isEmpty, let reason = state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
        guard !chosen.isEmpty else { throw .usage("no favorites to compare: “fav” saves the current location") }
        var reports: [WeatherReport] = []
        var missing: [ComparisonGap] = []
        var start = 0
        while start < chosen.count {
            let batch = Array(chosen[start..<min(chosen.count, start + Self.placesPerRequest)])
            let fetched: Fetched<[Result<Forecast, ServiceError>]>
            do {
                fetched = try await forecastProvider.forecasts(at: batch.map(\.coordinate), language: language)
            } catch {
                throw Self.shellError(error)
            }
            for (favorite, result) in zip(batch, fetched.value) {
                switch result {
                case .success(let forecast): reports.append(WeatherReport(place: favorite.place, forecast: forecast, origin: fetched.origin))
                case .failure(let error): missing.append(ComparisonGap(name: favorite.name, reason: error.description))
                }
            }
            start += Self.placesPerRequest
        }
        // The places that could be shown are; each that could not is named as an error.
        return [.comparison(reports, missing: missing)]
    }

    private func save() throws(ShellError) -> [CommandResult] {
        guard let report = lastWeather else { throw .noWeather }
        guard let reading = Self.snapshotReading(report.forecast, now: now()) else {
            throw .usage("the last weather has no current conditions to save")
        }
        let clock = report.forecast.clock.localTime(reading.dataTime)
        let snapshot = try appendSnapshot(
            placeName: report.place.name, coordinate: report.place.coordinate,
            utcOffsetSeconds: clock.utcOffsetSeconds, timeZone: report.forecast.zone.identifier,
            reading: reading)
        return [.snapshotSaved(snapshot)]
    }

    /// What a snapshot keeps of a forecast: the current conditions at their own time, with the
    /// precipitation probability and amount of the hour containing that time.
    public nonisolated static func snapshotReading(_ forecast: Forecast, now: Date) -> SnapshotReading? {
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
    private func uniqueName(for place: Place, among existing: [Favorite]? = nil) -> String {
        let taken = Set((existing ?? favorites).map { $0.name.lowercased() })
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

    // MARK: - Export and import

    private func export(_ kind: ExportKind, format: ExchangeFormat?, to path: String?) throws(ShellError) -> [CommandResult] {
        let format = format ?? .implied(by: path)
        let objects: [JSONOutput]
        switch kind {
        case .favorites:
            // An empty export of favorites that cannot be read would be a backup of nothing.
            if favorites.isEmpty, let reason = state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
            objects = DataExchange.objects(favorites: favorites)
        case .snapshots: objects = DataExchange.objects(snapshots: log.snapshots())
        case .history: objects = DataExchange.objects(history: log.commands(in: 1...Int.max))
        }
        let text = DataExchange.text(objects, kind: kind, format: format)
        guard let path else { return [.exportData(kind, format: format, records: objects, text: text)] }
        let full = configuration.expandPath(path)
        do {
            try FileIO.writeUserFile(full, with: Array(text.utf8))
        } catch {
            throw .storage("\(kind.rawValue) not exported: \(error.description)")
        }
        return [.exported(kind, count: objects.count, format: format, path: full)]
    }

    /// The largest file `import` reads.
    static let maximumImportBytes = 16 << 20

    private func importFavorites(from path: String) throws(ShellError) -> [CommandResult] {
        let full = configuration.expandPath(path)
        let data: Data
        do { data = try FileIO.contents(of: full, limit: Self.maximumImportBytes) } catch { throw .storage(error.description) }
        guard let text = String(validating: data, as: UTF8.self) else { throw .unreadableFile("\(full) is not UTF-8 text; nothing imported") }
        let read: (favorites: [DataExchange.ImportedFavorite], problems: [String])
        do { read = try DataExchange.favorites(from: text) } catch {
            throw .unreadableFile("\(full): \(error.description); nothing imported")
        }
        // Checked against the favorites as saved now, and applied in one update, so that an
        // import is whole or absent and never duplicates a place another wx added meanwhile.
        var added: [Favorite] = []
        var alreadySaved = 0
        var all = favorites
        for item in read.favorites {
            guard !all.contains(where: { $0.coordinate == item.coordinate }) else {
                alreadySaved += 1
                continue
            }
            let place = Place(name: item.name, region: "", countryCode: item.countryCode, coordinate: item.coordinate, displayName: item.displayName)
            let favorite = Favorite(name: uniqueName(for: place, among: all), coordinate: item.coordinate, displayName: item.displayName, countryCode: item.countryCode)
            added.append(favorite)
            all.append(favorite)
        }
        let saved = added.isEmpty ? [] : persist { document throws(ShellError) in
            for favorite in added where !document.favorites.contains(where: { $0.coordinate == favorite.coordinate }) {
                document.favorites.append(favorite)
            }
        }
        return [.imported(added: added, alreadySaved: alreadySaved, problems: read.problems, path: full)] + saved
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

    private func setUnits(_ change: UnitsChange?) throws(ShellError) -> [CommandResult] {
        guard let change else { return [.units(settings.unitSetting)] }
        let setting: UnitSetting
        switch change {
        case .preset(let preset): setting = UnitSetting(preset: preset)
        case .quantity(let quantity, let word):
            guard let changed = settings.unitSetting.setting(quantity, to: word) else {
                throw .usage("\(quantity.rawValue) is one of \(quantity.choices.joined(separator: ", "))")
            }
            setting = changed
        }
        let saved = persist { document throws(ShellError) in document.settings.unitSetting = setting }
        var results: [CommandResult] = [.units(setting)] + saved
        if let lastWeather { results.append(.weather(lastWeather)) }
        return results
    }

    private func setProvider(_ word: String?) throws(ShellError) -> [CommandResult] {
        guard let word else { return [.setting(name: "provider", value: WeatherServices.word(for: forecastProvider.service))] }
        guard let service = WeatherServices.service(named: word, geocoding: false), service != .nominatim else {
            throw .usage("usage: provider [open-meteo | openweathermap]")
        }
        guard services.forecastProviders.contains(where: { $0.service == service }) else { throw .service(.missingKey(service)) }
        let value = WeatherServices.word(for: service)
        return [.setting(name: "provider", value: value)] + persist { document throws(ShellError) in document.settings.provider = value }
    }

    private func setGeocoder(_ word: String?) throws(ShellError) -> [CommandResult] {
        guard let word else { return [.setting(name: "geocoder", value: WeatherServices.word(for: geocoder.service))] }
        let named = WeatherServices.service(named: word, geocoding: true)
        guard let service = named, services.geocoders.contains(where: { $0.service == service }) else {
            let choices = services.geocoders.map { WeatherServices.word(for: $0.service) }.joined(separator: " | ")
            let keyless = !services.geocoders.contains { $0.service == .openWeatherMap }
            throw .usage("usage: geocoder [\(choices)]" + (keyless ? "; openweathermap needs OPENWEATHERMAP_API_KEY" : ""))
        }
        let value = WeatherServices.word(for: service)
        return [.setting(name: "geocoder", value: value)] + persist { document throws(ShellError) in document.settings.geocoder = value }
    }

    /// `language de`: names and descriptions in German; `language auto` follows the locale.
    private func setLanguage(_ code: String?) -> [CommandResult] {
        let fromLocale = "from the locale"
        guard let code else { return [.setting(name: "language", value: language, note: settings.language == nil ? fromLocale : nil)] }
        let value: String? = code == "auto" ? nil : code
        let saved = persist { document throws(ShellError) in document.settings.language = value }
        return [.setting(name: "language", value: value ?? configuration.localeLanguage, note: value == nil ? fromLocale : nil)] + saved
    }

    /// Applies a change to favorites or settings and saves it; when saving fails the change holds
    /// in memory and the result says it was not saved.
    private func persist(_ change: @escaping (inout StateDocument) throws(ShellError) -> Void) -> [CommandResult] {
        do {
            try state.update(checking: change)
            return []
        } catch {
            switch error {
            case .refused(let refusal): return [.notSaved(refusal)]
            case .notSaved(let failure): return [.notSaved(ShellError(failure))]
            }
        }
    }

    static func shellError(_ error: ServiceError) -> ShellError {
        if case .transport(_, .cancelled) = error { return .cancelled }
        return .service(error)
    }
}
