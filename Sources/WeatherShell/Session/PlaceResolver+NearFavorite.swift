import WXBasics
import WeatherKit
import WeatherStore

/// A favorite's name mistyped (`check --rain 60% Hambrug` with the favorite Hamburg): the
/// geocoder is asked as for any name, but wx never answers silently for another place. When it
/// finds nothing, the error offers the favorite; when what it finds is not named so (the trial's
/// "Home" geocoded to Dunstable), the command is refused with the favorite offered and the place
/// found named — so a cron job's `check` is not answered for a town nobody meant. A place the
/// geocoder finds under the name typed (`Rome` beside the favorite Home) is answered as usual.
extension PlaceResolver {
    /// The favorite whose name `typed` begins (`show Hamburg` beside the favorite “Hamburg
    /// office”: a part of a name names no favorite, so Hamburg is looked up, but a place found
    /// under another name is not answered silently), else whose name is close to it (one edit
    /// for names of up to four letters, two for longer, as a mistyped command's did-you-mean:
    /// `WordChoice.closest`), compared folded as favorites are matched; nil when none is, or
    /// `typed` names one.
    func nearFavorite(_ typed: String) -> Favorite? {
        let folded = FavoriteMatching.folded(typed)
        let names = favorites.map { FavoriteMatching.folded($0.name) }
        guard !folded.isEmpty, !names.contains(folded) else { return nil }
        if let begun = FavoriteMatching.startingWith(typed, in: favorites).first { return begun }
        guard let close = WordChoice<Int>.closest(to: folded, among: names) else { return nil }
        return favorites.first { FavoriteMatching.folded($0.name) == close }
    }

    /// `search(query)` for a name close to `favorite`'s: its places when the first is named as
    /// typed; else the error offering the favorite.
    ///
    /// - Throws: `ShellError.notApplicable` with “did you mean” when nothing is found or what is
    ///   found has another name; what `search` throws otherwise.
    func search(_ query: String, near favorite: Favorite) async throws(ShellError) -> ([Place], notice: String?) {
        let shown = TerminalText.sanitized(query)
        let name = TerminalText.sanitized(favorite.name)
        let found: ([Place], notice: String?)
        do {
            found = try await search(query, offlineNear: favorite)
        } catch .noPlaceFound {
            throw .notApplicable("no place found for “\(shown)”; did you mean the favorite “\(name)”?")
        }
        guard let first = found.0.first, !Self.isNamed(first, as: query) else { return found }
        throw .notApplicable(
            "“\(shown)” is no favorite, and the place found for it is \(TerminalText.sanitized(first.label)); did you mean the favorite “\(name)”? (for that place, type its name as found)"
        )
    }

    /// Whether `place` is named as `typed` (folded as favorites are): its name, or one part of
    /// its label ("Rome" for "Rome, Lazio, Italy"), or its label begins so ("Rome, Italy").
    nonisolated static func isNamed(_ place: Place, as typed: String) -> Bool {
        let key = FavoriteMatching.folded(typed)
        let label = FavoriteMatching.folded(place.label)
        if FavoriteMatching.folded(place.name) == key || label.hasPrefix(key) { return true }
        return label.split(separator: ",").contains { $0.trimmed == key }
    }
}
