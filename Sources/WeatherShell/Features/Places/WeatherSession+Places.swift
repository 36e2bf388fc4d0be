import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Finding places: `find`, `use`, and the geocoders with their fallback.
extension WeatherSession {
    func find(_ query: String) async throws(ShellError) -> [CommandResult] {
        let places: [Place]
        var notices: [CommandResult] = []
        if let id = Self.cityID(query) {
            places = [try await city(id, query: query)]
        } else if let coordinate = Coordinate(parsing: query) {
            // Valid coordinates always name a place: where no geocoder has a name (open sea, a
            // pole) or none answers, the coordinates are its name, with a note saying why — as
            // `show 52.5,13.4` has it (trial 10: find failed where show went on).
            let named = try await named(unnamed(coordinate))
            places = [named.place]
            notices = named.notices
        } else {
            let (found, notice) = try await search(query)
            places = found
            notices = notice.map { [.notice($0)] } ?? []
        }
        try coverage.admit(places[0].coordinate, label: query)
        candidates = places
        currentPlace = places[0]
        return notices + [.candidates(query: query, places: places)]
    }

    /// What is said of a place that looks like an API key (`Redaction.looksLikeKey`): the text
    /// itself never.
    nonisolated static let keyAsPlace =
        "that looks like an API key, not a place: it was not looked up, sent or kept; an OpenWeatherMap key goes in OPENWEATHERMAP_API_KEY"

    /// The number in "id:2950159", if the query is one.
    static func cityID(_ query: String) -> Int? {
        guard query.lowercased().hasPrefix("id:"), let id = Int(query.dropFirst(3).trimmed), id > 0 else { return nil }
        return id
    }

    func use(_ index: Int) throws(ShellError) -> [CommandResult] {
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

    /// The chosen geocoder, with the others to stand in for it (`GeocoderChain`), sharing one
    /// `WX_TIMEOUT`.
    var geocoderChain: GeocoderChain {
        GeocoderChain(
            chosen: geocoder, others: services.geocoders, budgetSeconds: configuration.requestTimeoutSeconds)
    }

    /// The words for a chain's failure; `subject` is what was looked up, in words ("“Delhi”").
    static func shellError(_ failure: GeocoderChain.Failure, subject: String) -> ShellError {
        switch failure {
        case .failed(let error): shellError(error)
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

    /// "… ; these places are from Open-Meteo geocoding" when the chosen geocoder was passed over.
    static func notice<T>(_ answer: GeocoderChain.Answer<T>) -> String? {
        answer.passedOver.map { "\($0.description); these places are from \(answer.service.displayName)" }
    }

    func search(_ query: String) async throws(ShellError) -> ([Place], notice: String?) {
        // A key pasted where a place belongs goes to no geocoder, no cache and no message.
        if Redaction.looksLikeKey(query) { throw .usage(Self.keyAsPlace) }
        try coverage.check(name: query)
        let found: GeocoderChain.Answer<[Place]>
        do throws(GeocoderChain.Failure) {
            found = try await geocoderChain.searching(query, limit: Self.candidateLimit, language: language)
        } catch {
            throw Self.shellError(error, subject: "“\(TerminalText.sanitized(query))”")
        }
        guard !found.fetched.value.isEmpty else {
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
        return (found.fetched.value, Self.notice(found))
    }

    /// The place at `coordinate`: from the chosen geocoder, or, when it cannot be used, from
    /// another that really reverse-geocodes (Open-Meteo's only repeats the coordinates).
    func reverse(_ coordinate: Coordinate) async throws(ShellError) -> (Place?, notice: String?) {
        try coverage.check(coordinate, label: coordinate.hemisphereText)
        do throws(GeocoderChain.Failure) {
            let found = try await geocoderChain.reversing(coordinate, language: language)
            return (found.fetched.value, Self.notice(found))
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
            throw Self.shellError(error)
        } catch {
            throw .noPlaceFound(query)
        }
    }

    /// The favorite `name` names as people type it (see `FavoriteMatching`); nil for none and
    /// for a prefix of several.
    package func favorite(named name: String) -> Favorite? {
        if case .one(let favorite) = FavoriteMatching.match(name, in: favorites) { return favorite }
        return nil
    }

    /// The favorite `name` names as people type it (see `FavoriteMatching`); nil for none.
    ///
    /// - Throws: `ShellError.usage` naming the favorites a prefix of several could be.
    func favorite(matching name: String) throws(ShellError) -> Favorite? {
        try FavoriteMatching.match(name, in: favorites).favorite(for: name)
    }
}
