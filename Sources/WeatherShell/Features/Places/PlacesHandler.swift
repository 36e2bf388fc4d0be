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
            // Valid coordinates always name a place: where no geocoder has a name (open sea, a
            // pole) or none answers, the coordinates are its name, with a note saying why — as
            // `show 52.5,13.4` has it (trial 10: find failed where show went on).
            let named = try await places.named(places.unnamed(coordinate))
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

    /// `use N`: the Nth place of the last `find` becomes current.
    func use(_ index: Int) throws(ShellError) -> HandlerOutcome {
        guard candidates.indices.contains(index - 1) else { throw .noSuchCandidate(index, available: candidates.count) }
        return HandlerOutcome(
            [.currentPlace(candidates[index - 1])], place: ResolvedPlace(place: candidates[index - 1]))
    }
}
