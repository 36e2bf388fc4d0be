import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Where a command is about, and asking for it: a favorite, `id:N`, coordinates (reverse
/// geocoded, alongside the command's own request) or text to geocode.
///
/// Given to a feature's handler by the session's routing, made for one command from what it
/// reads: the current location, the favorites, the geocoders (the one the settings chose first),
/// what the answers cover, the language for names. It changes nothing: the place a command was
/// about comes back in its `HandlerOutcome`, and the session makes it current.
@MainActor
final class PlaceResolver {
    /// The location a command without a place is about.
    let currentPlace: Place?
    let favorites: [Favorite]
    let services: WeatherServices
    /// What the answers cover (`AnswerCoverage`): every place, or a recorded world's.
    let coverage: any AnswerCoverage
    /// The `geocoder` and `provider` settings.
    let settings: Settings
    /// The language for place names.
    let language: String
    /// `WX_TIMEOUT`, shared by the geocoders of one look-up.
    let requestTimeoutSeconds: Double
    /// The session's clock: how old a saved answer that stood in is (`notice`).
    let now: @Sendable () -> Date
    /// Why some or all favorites could not be read (`WeatherSession.favoritesUnread`); nil when
    /// all were. A name no favorite read has is then looked up with a notice saying so.
    var favoritesUnread: String?

    init(
        currentPlace: Place?, favorites: [Favorite], services: WeatherServices, coverage: any AnswerCoverage,
        settings: Settings, language: String, requestTimeoutSeconds: Double, now: @escaping @Sendable () -> Date
    ) {
        self.currentPlace = currentPlace
        self.favorites = favorites
        self.services = services
        self.coverage = coverage
        self.settings = settings
        self.language = language
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.now = now
    }

    // MARK: - Resolving

    /// Where `target` is, its name asked first (`resolving` asks it alongside a request).
    ///
    /// With recorded answers (`AnswerCoverage`), `needing` is the kind of answer the command is about: a place with no
    /// recording of it is refused before any request.
    func resolve(_ target: String?, needing kind: AnswerKind? = nil) async throws(ShellError) -> ResolvedPlace {
        var resolved = try await locate(target)
        // Recorded answers: refused unless the place has a recording of that kind.
        try coverage.admit(resolved.place.coordinate, label: target ?? resolved.place.label, needing: kind)
        // A favorite shows under its own name.
        if let favorite = favorites.first(where: { $0.coordinate == resolved.place.coordinate }) {
            resolved.place.name = favorite.name
        }
        return resolved
    }

    /// Where `target` is (see `resolve`), without the coverage's admission or a favorite's name.
    ///
    /// - Parameter naming: whether coordinates are reverse geocoded now; without, they come back
    ///   `unnamed`, for `named(_:)` to name alongside the command's own request.
    func locate(_ target: String?, naming: Bool = true) async throws(ShellError) -> ResolvedPlace {
        guard let target else {
            guard let currentPlace else { throw .noCurrentLocation }
            return ResolvedPlace(place: currentPlace)
        }
        if let favorite = try favorite(matching: target) { return ResolvedPlace(place: favorite.place) }
        if let id = Self.cityID(target) { return ResolvedPlace(place: try await city(id, query: target)) }
        if let coordinate = Coordinate(parsing: target) {
            // A favorite's own coordinates: its name and country as kept, nothing asked.
            if let favorite = favorites.first(where: { $0.coordinate == coordinate }) {
                return ResolvedPlace(place: favorite.place)
            }
            let unnamed = try self.unnamed(coordinate)
            return naming ? try await named(unnamed) : unnamed
        }
        if let pair = Coordinate.numberPair(target), !pair.isValid { throw .coordinatesOutOfRange }
        try Self.refuseWordsBeforeCoordinates(target)
        // A favorite's name mistyped: never answered silently for another place.
        let found: ([Place], notice: String?)
        if let near = nearFavorite(target) {
            found = try await search(target, near: near)
        } else {
            found = try await search(target)
        }
        let (places, notice) = found
        var notices = notice.map { [CommandResult.warning($0)] } ?? []
        // It may be a favorite that could not be read: never answered silently for another place.
        if let favoritesUnread { notices.insert(.warning(Self.lookedUpInstead(target, favoritesUnread)), at: 0) }
        return ResolvedPlace(place: places[0], candidates: places, notices: notices)
    }

    /// What is said of `name` looked up while favorites could not be read (`why`).
    nonisolated static func lookedUpInstead(_ name: String, _ why: String) -> String {
        "favorites could not be read (\(why)), so “\(TerminalText.sanitized(name))” was looked up, not taken from them: it may be a favorite's name"
    }

    /// Whether `target` is a name that would be looked up, not taken from the favorites read:
    /// no favorite read has it, and it is neither coordinates nor `id:N`.
    func isNameToLookUp(_ target: String) throws(ShellError) -> Bool {
        if try favorite(matching: target) != nil { return false }
        return Self.cityID(target) == nil && Coordinate(parsing: target) == nil && Coordinate.numberPair(target) == nil
    }

    /// Typed coordinates as a place not named yet (`named(_:)` names it); with recorded answers,
    /// refused before any request, as `reverse` would.
    func unnamed(_ coordinate: Coordinate) throws(ShellError) -> ResolvedPlace {
        try coverage.check(coordinate, label: coordinate.hemisphereText)
        return ResolvedPlace(place: .unnamed(at: coordinate), unnamed: true)
    }

    /// `located` with the name of its coordinates when they have none yet (reverse geocoding);
    /// as it is otherwise.
    ///
    /// The weather at coordinates does not need their name: a name that does not come leaves
    /// the coordinates as the name, with a note saying why.
    ///
    /// - Throws: `ShellError.cancelled` (Ctrl-C); nothing else.
    func named(_ located: ResolvedPlace) async throws(ShellError) -> ResolvedPlace {
        guard located.unnamed else { return located }
        var resolved = located
        resolved.unnamed = false
        do {
            let (found, notice) = try await reverse(located.place.coordinate)
            if let found { resolved.place = found } else { resolved.nameless = true }
            resolved.notices += notice.map { [.warning($0)] } ?? []
        } catch .cancelled {
            throw .cancelled
        } catch {
            resolved.notices.append(.warning("\(error.description); the coordinates have no name"))
            resolved.namingFailure = error
        }
        return resolved
    }

    /// Resolves `target` (see `resolve`) and runs `fetch` for it, without waiting for the name
    /// of coordinates first: their reverse geocoding (a label) is asked alongside `fetch`, which
    /// is given the coordinates as the place. So a command about coordinates ends within one
    /// `WX_TIMEOUT` when the geocoder does not answer (trial 9: 3 s at Nominatim, then 3 s at
    /// Open-Meteo). Ctrl-C cancels both; when `fetch` fails, the name is no longer waited for.
    ///
    /// - Parameters:
    ///   - askingWarnings: also asks the place's warning feed (`show`), alongside `fetch` — for
    ///     coordinates after their name, which gives the country the feed depends on.
    ///   - namingFirst: names coordinates before `fetch` rather than alongside it (`fetch` needs
    ///     the country: see `resolvingAtPlacesClock`).
    ///   - fetch: the command's request; it may use the place's coordinates only (and, with
    ///     `namingFirst`, its country).
    /// - Throws: what `resolve` and `fetch` throw; `fetch`'s error before the name's.
    func resolving<Value>(
        _ target: String?, needing kind: AnswerKind?, askingWarnings: Bool = false, namingFirst: Bool = false,
        _ fetch: (Place) async throws(ShellError) -> Value
    ) async throws(ShellError) -> PlaceFetching<Value> {
        let located = try await locate(target, naming: namingFirst)
        // Recorded answers: refused unless the place has a recording of that kind.
        try coverage.admit(located.place.coordinate, label: target ?? located.place.label, needing: kind)
        async let naming = namedWithWarnings(located, asking: askingWarnings)
        let value = try await fetch(located.place)
        let (named, warnings) = await naming
        var resolved = try named.get()
        // A favorite shows under its own name.
        if let favorite = favorites.first(where: { $0.coordinate == resolved.place.coordinate }) {
            resolved.place.name = favorite.name
        }
        return PlaceFetching(resolved: resolved, value: value, warnings: warnings)
    }

    /// `resolving`, with the answer at the clock of the place as named (`PlacesClock`): the one
    /// rule by which an answer about a place typed gets its zone. An answer in UTC takes the tz
    /// database's zone nearest the place among its country's — for coordinates the country
    /// reverse geocoding names, which comes alongside `fetch` (64.84,-147.72 in GMT was guessed
    /// among all countries' zones: America/Dawson's Yukon clock, not Alaska's). `fetch` asks
    /// without guessing; the guess is made here, once.
    ///
    /// - Parameter namingFirst: whether `fetch` needs the zone before it asks (`past` counts its
    ///   days from the place's today): coordinates are then named before it, not alongside.
    func resolvingAtPlacesClock<Value: PlacesClock>(
        _ target: String?, needing kind: AnswerKind?, askingWarnings: Bool = false, namingFirst: Bool = false,
        _ fetch: (Place) async throws(ShellError) -> Value
    ) async throws(ShellError) -> PlaceFetching<Value> {
        var fetched = try await resolving(
            target, needing: kind, askingWarnings: askingWarnings, namingFirst: namingFirst, fetch)
        fetched.value = fetched.value.atPlacesClock(fetched.resolved.place)
        return fetched
    }

    /// `named(located)`, then when `asking`, the answer of the named place's warning feed
    /// (`resolving`'s part beside the command's own request).
    private func namedWithWarnings(
        _ located: ResolvedPlace, asking: Bool
    ) async -> (Result<ResolvedPlace, ShellError>, Result<Fetched<WarningFeedAnswer>, ServiceError>?) {
        let resolved: ResolvedPlace
        do { resolved = try await named(located) } catch { return (.failure(error), nil) }
        guard asking else { return (.success(resolved), nil) }
        return (
            .success(resolved),
            await Self.ask(warningFeed(for: resolved.place), about: resolved.place, language: language)
        )
    }

    /// The feed that covers `place`: nil when none does, no feeds are configured, or with recorded
    /// answers the place has no warnings recorded (the banner says which places have).
    func warningFeed(for place: Place) -> (any WarningFeed)? {
        if coverage.lacking(.warnings, at: place.coordinate) != nil { return nil }
        return services.warnings?.feed(forCountry: place.countryCode)
    }

    /// A place's feed answer, asked without waiting on the session: `show` and `compare` ask
    /// it alongside the forecast. Nil when no feed covers the place.
    nonisolated static func ask(
        _ feed: (any WarningFeed)?, about place: Place, language: String
    ) async -> Result<Fetched<WarningFeedAnswer>, ServiceError>? {
        guard let feed else { return nil }
        do { return .success(try await feed.warnings(for: place, language: language)) } catch { return .failure(error) }
    }

    // MARK: - The geocoders

    /// What is said of a place that looks like an API key (`Redaction.looksLikeKey`): the text
    /// itself never.
    nonisolated static let keyAsPlace =
        "that looks like an API key, not a place: it was not looked up, sent or kept; an OpenWeatherMap key goes in OPENWEATHERMAP_API_KEY"

    /// The number in "id:2950159", if the query is one.
    nonisolated static func cityID(_ query: String) -> Int? {
        guard query.lowercased().hasPrefix("id:"), let id = Int(query.dropFirst(3).trimmed), id > 0 else { return nil }
        return id
    }

    /// The words for a chain's failure; `subject` is what was looked up, in words ("“Delhi”").
    nonisolated static func shellError(_ failure: GeocoderChain.Failure, subject: String) -> ShellError {
        switch failure {
        case .failed(let error): ShellError(serviceError: error)
        case .fallbackFailed(let first, let then)
        where first.isOfflineWithoutSavedData && then.isOfflineWithoutSavedData:
            // Both looked in, said once: the same reason twice hid that the second was tried at
            // all. Offline nothing is asked, so no "(asked instead)" (trial 7).
            .notApplicable(
                "offline, and neither \(first.service.displayName) nor \(then.service.displayName) has saved data for \(subject)"
            )
        case .fallbackFailed(
            .transport(let service, .cannotConnect(let host)), .transport(let other, .cannotConnect(let then))):
            // Neither reached: one sentence, not each service's whole advice (trial 15: four
            // wrapped lines under `make run` without a network).
            .fallbackFailed(
                .transport(service, .cannotConnect(host)), then: UnreachableService.alsoUnreachable(other, host: then))
        case .fallbackFailed(let first, let then): .fallbackFailed(first, then: "asked instead, \(then.description)")
        }
    }

    /// "… ; these places are from Open-Meteo geocoding" when the chosen geocoder was passed over;
    /// "Nominatim did not answer …; the places shown are those saved from Nominatim 31 days
    /// ago" when the geocoder that answered failed and its saved answer stood in
    /// (`DataOrigin.stale` with a reason) — a list shown after a failure says so (it was shown
    /// as if fresh). `shown` says what the answer is, before "from Nominatim 31 days ago".
    nonisolated static func notice<T>(
        _ answer: GeocoderChain.Answer<T>, now: Date, shown: String = "the places shown are those saved"
    ) -> String? {
        let service = answer.service.displayName
        guard case .stale(let stored, let reason?) = answer.fetched.origin else {
            return answer.passedOver.map { "\($0.description); these places are from \(service)" }
        }
        let age = TimeWords.age(seconds: now.timeIntervalSince(stored))
        let saved = "\(reason.description); \(shown) from \(service) \(age) ago"
        return answer.passedOver.map { "\($0.description); " + saved } ?? saved
    }

    /// Up to `WeatherSession.candidateLimit` places for `query`, from the chosen geocoder or
    /// the one that stood in (the notice says which, and why).
    ///
    /// - Parameter offlineNear: the favorite the query is close to, for the offline error's "did
    ///   you mean" (`search(_:near:)`, which passes it, says it otherwise).
    /// - Throws: `noPlaceFound`; offline with nothing found, `offlineNoPlace` (nothing was asked);
    ///   `.notApplicable` when a saved answer holding no place stood in for a failure (`notice`'s
    ///   words); the geocoders' failures (`shellError`).
    func search(_ query: String, offlineNear near: Favorite? = nil) async throws(ShellError) -> (
        [Place], notice: String?
    ) {
        // A key pasted where a place belongs goes to no geocoder, no cache and no message.
        if Redaction.looksLikeKey(query) { throw .usage(Self.keyAsPlace) }
        try coverage.check(name: query)
        let found: GeocoderChain.Answer<[Place]>
        do throws(GeocoderChain.Failure) {
            found = try await geocoderChain.searching(query, limit: WeatherSession.candidateLimit, language: language)
        } catch {
            if error.isOffline { throw Self.offlineNoPlace(query, near: near) }
            throw Self.shellError(error, subject: "“\(TerminalText.sanitized(query))”")
        }
        guard !found.fetched.value.isEmpty else {
            // Offline nothing was asked: a saved answer that holds no place is no geocoder
            // "asked instead" finding none (the fresh user's `--offline show Lyon`).
            if found.passedOver?.isOfflineWithoutSavedData == true || found.fetched.origin.isOfflineCopy {
                throw Self.offlineNoPlace(query, near: near)
            }
            // A saved answer that stood in for a failure and holds no place: said as saved, as
            // saved places are ("no place found" alone read as the geocoder's answer now).
            if case .stale(_, _?) = found.fetched.origin,
                let saved = Self.notice(
                    found, now: now(),
                    shown: "no place found for “\(TerminalText.sanitized(query))” in the answer saved")
            {
                throw .notApplicable(saved)
            }
            // Why the chosen one failed comes first; then that the other knew nothing either.
            if let passedOver = found.passedOver {
                throw .fallbackFailed(
                    passedOver,
                    then:
                        "\(found.service.displayName), asked instead, found no place for “\(TerminalText.sanitized(query))”"
                )
            }
            throw .noPlaceFound(query)
        }
        return (found.fetched.value, Self.notice(found, now: now()))
    }

    /// What every command that looks up a place says when offline (`--offline`) and neither a
    /// favorite nor a saved answer of a geocoder has it: that nothing was asked, and what to do.
    nonisolated static func offlineNoPlace(_ query: String, near: Favorite? = nil) -> ShellError {
        let typed = TerminalText.sanitized(query)
        let guess = near.map { "; did you mean the favorite “\(TerminalText.sanitized($0.name))”?" } ?? ""
        return .notApplicable(
            "offline: no favorite or saved place matches “\(typed)”, and nothing was asked; without --offline, “find \(ShellWords.quotedRest(typed))” looks it up and keeps its places\(guess)"
        )
    }

    /// The place at `coordinate`: from the chosen geocoder, or, when it cannot be used, from
    /// another that really reverse-geocodes (Open-Meteo's only repeats the coordinates).
    func reverse(_ coordinate: Coordinate) async throws(ShellError) -> (Place?, notice: String?) {
        try coverage.check(coordinate, label: coordinate.hemisphereText)
        do throws(GeocoderChain.Failure) {
            let found = try await geocoderChain.reversing(coordinate, language: language)
            return (found.fetched.value, Self.notice(found, now: now(), shown: "the name shown is the one saved"))
        } catch {
            throw Self.shellError(error, subject: coordinate.hemisphereText)
        }
    }

    /// `find id:2950159`: a city by its OpenWeatherMap id.
    func city(_ id: Int, query: String) async throws(ShellError) -> Place {
        try coverage.checkCityID(query)
        guard let lookup = services.forecastProviders.compactMap({ $0 as? any CityLookup }).first else {
            throw .service(.missingKey(.openWeatherMap))
        }
        do {
            guard let place = try await lookup.place(cityID: id, language: language) else {
                throw ShellError.noPlaceFound(query)
            }
            return place
        } catch let error as ShellError {
            throw error
        } catch let error as ServiceError {
            throw ShellError(serviceError: error)
        } catch {
            throw .noPlaceFound(query)
        }
    }

    /// The favorite `name` names, whole, as people type it (see `FavoriteMatching`); nil for none.
    ///
    /// - Throws: `ShellError.usage` naming the favorites whose names fold to the same.
    func favorite(matching name: String) throws(ShellError) -> Favorite? {
        try FavoriteMatching.match(name, in: favorites).favorite(for: name)
    }
}

/// Where a command is about: a favorite, `id:N`, coordinates (reverse geocoded), or text to
/// geocode. Changes nothing until the session commits it.
struct ResolvedPlace {
    var place: Place
    /// Candidates from geocoding text, which become `use`'s list once the command succeeds.
    var candidates: [Place]?
    var notices: [CommandResult] = []
    /// Coordinates typed as the place whose name (reverse geocoding) is not asked yet:
    /// `place` is then the coordinates themselves (`PlaceResolver.locate(_:naming:)`).
    var unnamed = false
    /// Why the name of coordinates did not come (`PlaceResolver.named`): nil when it came or
    /// was not asked. Without it the place's country is not known (`check --warnings` says so).
    var namingFailure: ShellError?
    /// Whether the geocoder asked for the name of coordinates answered that no place is there
    /// (Nominatim's "Unable to geocode": open sea, a pole): `place` is the coordinates.
    var nameless = false
}

/// What `PlaceResolver.resolving` gives: the place, what was fetched for it, and (when asked)
/// the answer of its warning feed (nil: none covers it).
struct PlaceFetching<Value> {
    var resolved: ResolvedPlace
    var value: Value
    var warnings: Result<Fetched<WarningFeedAnswer>, ServiceError>?
}

/// Two answers asked together about one place (`best`'s ensemble and forecast, `check`'s),
/// each put at the place's clock as one (`PlaceResolver.resolvingAtPlacesClock`).
struct AnswerPair<First: PlacesClock, Second: PlacesClock>: PlacesClock {
    var first: First
    var second: Second

    func atPlacesClock(_ place: Place) -> AnswerPair {
        AnswerPair(first: first.atPlacesClock(place), second: second.atPlacesClock(place))
    }
}

/// What a feature's handler returns: the results to render, and the place the command was
/// about (with `find`'s candidates), which the session's routing makes the current location —
/// a handler never changes the session itself.
struct HandlerOutcome {
    var results: [CommandResult]
    /// The place to make current once the command succeeded; nil: the current location stays.
    var place: ResolvedPlace?
    /// Whether `wx --units` (the units of this run) ends: a `units` command set the units.
    var endsUnitsForThisRun = false
    /// The report that becomes the last weather (what `save` keeps); nil: the last weather stays.
    var lastWeather: WeatherReport?
    /// A warning feed's answer for `show`'s banner, after `results`: the session makes the
    /// banner, remembering the warnings seen.
    var warningBanner: WarningBannerInput?
    /// A look for `changed` to keep, after the banner (a notice when it cannot be kept).
    var look: Look?
    /// The results after the banner and the look's notice.
    var trailing: [CommandResult] = []
    /// The error the command ends with once the place and the last weather are applied
    /// (`hourly` at a place whose answer has no hours still makes it current).
    var failure: ShellError?

    init(_ results: [CommandResult], place: ResolvedPlace? = nil) {
        self.results = results
        self.place = place
    }

    /// The results after the place's notices, the place to make current.
    init(about resolved: ResolvedPlace, _ results: [CommandResult]) {
        self.init(resolved.notices + results, place: resolved)
    }
}

/// A warning feed's answer for the place of `show`'s weather (`WarningBannerHandler.banner`).
struct WarningBannerInput {
    /// The feed's answer; nil: no feed was asked.
    var answer: Result<Fetched<WarningFeedAnswer>, ServiceError>?
    var place: Place
    var zone: ZoneInfo
}

/// `body`'s value or error, as a value: for an `async let` of a typed-throwing request.
func serviceResult<T: Sendable>(_ body: () async throws(ServiceError) -> T) async -> Result<T, ServiceError> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

extension HandlerOutcome {
    /// `result` when the change it reports was saved; else what says it was not, naming the
    /// change that holds for the session (stdout never says a change is saved that is not on disk).
    static func acknowledged(_ result: CommandResult, unless saved: [CommandResult]) -> [CommandResult] {
        guard !saved.isEmpty else { return [result] }
        return saved.map { notice in
            guard case .notSaved(let reason, nil) = notice else { return notice }
            return .notSaved(reason, change: result)
        }
    }
}

extension ShellError {
    /// A service's error as the shell's: Ctrl-C's cancellation as `.cancelled`, else `.service`.
    init(serviceError error: ServiceError) {
        if case .transport(_, .cancelled) = error {
            self = .cancelled
        } else {
            self = .service(error)
        }
    }
}
