import WXBasics
import WeatherKit
import WeatherStore

/// The places snapshots are kept of, gathered while `saved verify PLACE` reads the list: for the
/// did-you-mean when nothing is kept under the name typed (`saved verify Berln`), as a place
/// mistyped elsewhere offers the favorite meant. Only distinct names and places are held.
struct KeptPlaces {
    /// Each snapshot place name, folded as favorites are matched, with the name as kept.
    private var names: [String: String] = [:]
    /// Where snapshots are kept, to the 4 decimals a snapshot's place is stored with.
    private var coordinates: Set<Coordinate> = []

    /// Takes `snapshot`'s place name and place.
    mutating func add(_ snapshot: Snapshot) {
        let folded = FavoriteMatching.folded(snapshot.placeName)
        if names[folded] == nil { names[folded] = snapshot.placeName }
        coordinates.insert(snapshot.coordinate.rounded)
    }

    /// The name close to `typed` (one edit for names of up to four letters, two for longer:
    /// `WordChoice.closest`) that `saved verify` would find snapshots under: a favorite at a
    /// place with snapshots, before a snapshot's place name; nil when none is close.
    func nearest(to typed: String, favorites: [Favorite]) -> NearPlaceName? {
        let folded = FavoriteMatching.folded(typed)
        guard !folded.isEmpty else { return nil }
        let kept = favorites.filter { coordinates.contains($0.coordinate.rounded) }
        if let close = WordChoice<Int>.closest(to: folded, among: kept.map { FavoriteMatching.folded($0.name) }),
            let favorite = kept.first(where: { FavoriteMatching.folded($0.name) == close })
        {
            return NearPlaceName(name: favorite.name, isFavorite: true)
        }
        return WordChoice<Int>.closest(to: folded, among: Array(names.keys).sorted())
            .flatMap { names[$0] }.map { NearPlaceName(name: $0, isFavorite: false) }
    }
}
