import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finding places: `find`, `use`, and the geocoders with their fallback.
extension WeatherSession {
    func find(_ query: String) async throws(ShellError) -> [CommandResult] {
        let places: [Place]
        var notice: String?
        if let id = Self.cityID(query) {
            places = [try await city(id, query: query)]
        } else if let coordinate = Coordinate(parsing: query) {
            // Valid coordinates always name a place: where no geocoder has a name (open sea, a
            // pole), the coordinates are its name.
            let (place, reverseNotice) = try await reverse(coordinate)
            places = [place ?? .unnamed(at: coordinate)]
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

    /// What a geocoder said, and why the chosen one was passed over, if it was.
    struct Geocoded<T: Sendable> {
        var value: T
        var passedOver: ServiceError?
        var notice: String?
        /// The geocoder that answered.
        var service: Service
    }

    /// Geocodes with the chosen geocoder; when it cannot be used at all (down, blocked,
    /// rate-limited), with the next one, saying so. Both share one time budget, `WX_TIMEOUT`:
    /// the next one gets what the first left, and is not asked when nothing is left.
    ///
    /// - Parameter fallingBackTo: which other geocoders may stand in (reverse geocoding: only
    ///   those that do it).
    func geocode<T: Sendable>(
        fallingBackTo eligible: (any Geocoder) -> Bool = { _ in true },
        _ ask: (any Geocoder) async throws(ServiceError) -> T
    ) async throws(ShellError) -> Geocoded<T> {
        let chosen = geocoder
        var failure: ServiceError?
        let budget = ServiceBudget(seconds: configuration.requestTimeoutSeconds)
        for candidate in [chosen] + services.geocoders.filter({ $0.service != chosen.service && eligible($0) }) {
            if let failure, budget.remaining == .zero { throw Self.shellError(failure) }
            do {
                let value = try await budget.spending { () async throws(ServiceError) -> T in try await ask(candidate) }
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

    func search(_ query: String) async throws(ShellError) -> ([Place], notice: String?) {
        let language = self.language
        let found = try await geocode { geocoder throws(ServiceError) in
            try await geocoder.search(query, limit: Self.candidateLimit, language: language).value
        }
        guard !found.value.isEmpty else {
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
        return (found.value, found.notice)
    }

    /// The place at `coordinate`: from the chosen geocoder, or, when it cannot be used, from
    /// another that really reverse-geocodes (Open-Meteo's only repeats the coordinates).
    func reverse(_ coordinate: Coordinate) async throws(ShellError) -> (Place?, notice: String?) {
        let language = self.language
        let found = try await geocode(fallingBackTo: { $0.reverseGeocodes }) { geocoder throws(ServiceError) in
            try await geocoder.reverse(coordinate, language: language).value
        }
        return (found.value, found.notice)
    }

    /// `find id:2950159`: a city by its OpenWeatherMap id.
    func city(_ id: Int, query: String) async throws(ShellError) -> Place {
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
