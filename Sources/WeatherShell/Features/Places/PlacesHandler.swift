import FoundationEssentials
import WXBasics
import WeatherKit

/// Finding places: `find` and `use`. Given what they read — the place resolver (the geocoders
/// with their fallback) and the last `find`'s list — and returning the place to make current.
@MainActor
struct PlacesHandler {
    let places: PlaceResolver
    /// The places the last `find` listed, for `use N`.
    let candidates: [Place]

    /// `find QUERY`: up to five places; the first becomes current, the list `use`'s.
    func find(_ query: String) async throws(ShellError) -> HandlerOutcome {
        let found: [Place]
        var notices: [CommandResult] = []
        if let id = PlaceResolver.cityID(query) {
            found = [try await places.city(id, query: query)]
        } else if let coordinate = Coordinate(parsing: query) {
            let named = try await places.named(places.unnamed(coordinate))
            // `find` is asked for the place's name: where the geocoder says no place is there
            // (open sea, a pole) that is the answer, and the current location stays (case N-3);
            // `show` gives the weather at the coordinates, which needs no name.
            if named.nameless { throw Self.noPlaceAt(query) }
            // A geocoder that answered with an error in place of a name failed (item 2 of the
            // geocoding round): said, and nothing changes. One that could not be reached at all
            // leaves the coordinates as the name, with a note saying why — as `show 52.5,13.4`
            // has it (trial 10: find failed, leaving no current location, where show went on).
            if let failure = named.namingFailure, !Self.goesOnWithoutName(failure) { throw failure }
            found = [named.place]
            notices = named.notices
        } else {
            let (searched, notice) = try await places.search(query)
            found = searched
            notices = notice.map { [.warning($0)] } ?? []
        }
        try places.coverage.admit(found[0].coordinate, label: query)
        return HandlerOutcome(
            notices + [.candidates(query: query, places: found)],
            place: ResolvedPlace(place: found[0], candidates: found))
    }

    /// What `find LAT,LON` says where the geocoder has no place at the coordinates typed.
    nonisolated static func noPlaceAt(_ query: String) -> ShellError {
        let typed = TerminalText.sanitized(query)
        return .notApplicable(
            "no place found for “\(typed)”: the geocoder has no place there (open sea, ice); “show \(ShellWords.quotedRest(typed))” gives the weather at the coordinates"
        )
    }

    /// Whether `find LAT,LON` goes on with the coordinates as the name after their naming
    /// failed so: when no geocoder could be reached or used at all (down, blocked, timed
    /// out), not when one answered with something other than a name.
    nonisolated static func goesOnWithoutName(_ failure: ShellError) -> Bool {
        switch failure {
        case .service(let error), .fallbackFailed(let error, _): error.isUnreachable
        default: false
        }
    }

    /// `use N`: the Nth place of the last `find` becomes current.
    func use(_ index: Int) throws(ShellError) -> HandlerOutcome {
        guard candidates.indices.contains(index - 1) else { throw .noSuchCandidate(index, available: candidates.count) }
        return HandlerOutcome(
            [.currentPlace(candidates[index - 1])], place: ResolvedPlace(place: candidates[index - 1]))
    }
}
