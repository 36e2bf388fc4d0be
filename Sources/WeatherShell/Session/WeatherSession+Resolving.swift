import FoundationEssentials
import WXBasics
import WeatherKit

/// Where a command is about, and asking for it: a favorite, `id:N`, coordinates (reverse
/// geocoded, alongside the command's own request) or text to geocode.
extension WeatherSession {
    /// Where a command is about: a favorite, `id:N`, coordinates (reverse geocoded), or text to
    /// geocode; nil for the current location. Changes nothing.
    struct Resolved {
        var place: Place
        /// Candidates from geocoding text, which become `use`'s list once the command succeeds.
        var candidates: [Place]?
        var notices: [CommandResult] = []
        /// Coordinates typed as the place whose name (reverse geocoding) is not asked yet:
        /// `place` is then the coordinates themselves (`locate(_:naming:)`).
        var unnamed = false
    }

    /// Where `target` is, its name asked first (`resolving` asks it alongside a request).
    ///
    /// With recorded answers (`AnswerCoverage`), `needing` is the kind of answer the command is about: a place with no
    /// recording of it is refused before any request.
    func resolve(_ target: String?, needing kind: AnswerKind? = nil) async throws(ShellError) -> Resolved {
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
    func locate(_ target: String?, naming: Bool = true) async throws(ShellError) -> Resolved {
        guard let target else {
            guard let currentPlace else { throw .noCurrentLocation }
            return Resolved(place: currentPlace)
        }
        if let favorite = try favorite(matching: target) { return Resolved(place: favorite.place) }
        if let id = Self.cityID(target) { return Resolved(place: try await city(id, query: target)) }
        if let coordinate = Coordinate(parsing: target) {
            let unnamed = try self.unnamed(coordinate)
            return naming ? try await named(unnamed) : unnamed
        }
        let (places, notice) = try await search(target)
        return Resolved(place: places[0], candidates: places, notices: notice.map { [.notice($0)] } ?? [])
    }

    /// Typed coordinates as a place not named yet (`named(_:)` names it); with recorded answers,
    /// refused before any request, as `reverse` would.
    func unnamed(_ coordinate: Coordinate) throws(ShellError) -> Resolved {
        try coverage.check(coordinate, label: coordinate.hemisphereText)
        return Resolved(place: .unnamed(at: coordinate), unnamed: true)
    }

    /// `located` with the name of its coordinates when they have none yet (reverse geocoding);
    /// as it is otherwise.
    ///
    /// The weather at coordinates does not need their name: a name that does not come leaves
    /// the coordinates as the name, with a note saying why.
    ///
    /// - Throws: `ShellError.cancelled` (Ctrl-C); nothing else.
    func named(_ located: Resolved) async throws(ShellError) -> Resolved {
        guard located.unnamed else { return located }
        var resolved = located
        resolved.unnamed = false
        do {
            let (found, notice) = try await reverse(located.place.coordinate)
            if let found { resolved.place = found }
            resolved.notices += notice.map { [.notice($0)] } ?? []
        } catch .cancelled {
            throw .cancelled
        } catch {
            resolved.notices.append(.notice("\(error.description); the coordinates have no name"))
        }
        return resolved
    }

    /// What `resolving` gives: the place, what was fetched for it, and (when asked) the
    /// answer of its warning feed (nil: none covers it).
    struct Fetching<Value> {
        var resolved: Resolved
        var value: Value
        var warnings: Result<Fetched<WarningFeedAnswer>, ServiceError>?
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
    ///   - fetch: the command's request; it may use the place's coordinates only.
    /// - Throws: what `resolve` and `fetch` throw; `fetch`'s error before the name's.
    func resolving<Value>(
        _ target: String?, needing kind: AnswerKind?, askingWarnings: Bool = false,
        _ fetch: (Place) async throws(ShellError) -> Value
    ) async throws(ShellError) -> Fetching<Value> {
        let located = try await locate(target, naming: false)
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
        return Fetching(resolved: resolved, value: value, warnings: warnings)
    }

    /// `named(located)`, then when `asking`, the answer of the named place's warning feed
    /// (`resolving`'s part beside the command's own request).
    private func namedWithWarnings(
        _ located: Resolved, asking: Bool
    ) async -> (Result<Resolved, ShellError>, Result<Fetched<WarningFeedAnswer>, ServiceError>?) {
        let resolved: Resolved
        do { resolved = try await named(located) } catch { return (.failure(error), nil) }
        guard asking else { return (.success(resolved), nil) }
        return (
            .success(resolved),
            await Self.ask(warningFeed(for: resolved.place), about: resolved.place, language: language)
        )
    }

    /// After a command about `resolved` succeeded: its place becomes the current location.
    func commit(_ resolved: Resolved) {
        if let candidates = resolved.candidates { self.candidates = candidates }
        currentPlace = resolved.place
    }

    /// `body`'s value or error, as a value: for an `async let` of a typed-throwing request.
    nonisolated static func result<T: Sendable>(
        _ body: () async throws(ServiceError) -> T
    ) async -> Result<T, ServiceError> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}
