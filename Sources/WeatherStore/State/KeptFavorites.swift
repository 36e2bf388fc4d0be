import WXBasics
import WeatherKit

/// The favorites of state.plist this wx could not read, kept as they were and written back where
/// they were at every rewrite.
///
/// Each is held as a `PlistValue`, the mechanism that keeps the keys this wx does not know, and
/// remembers the readable favorites that came before it in the file. At a rewrite it goes right
/// after the last of those still there (found by name, or by coordinate after a rename), or first
/// when none is left: `fav rm`, `fav`, `fav rename` and settings changes leave it among its
/// neighbours, and a reader that cannot read it (this wx, an older one) leaves it out again.
package struct KeptFavorites: Hashable, Sendable {
    /// One favorite that could not be read.
    package struct Entry: Hashable, Sendable {
        /// The entry as the file held it.
        package var value: PlistValue
        /// How many readable favorites came before it in the file.
        package var readableBefore: Int

        /// Its `name` when that is a string: a name no new favorite may take, though the entry
        /// could not be read (`FavoriteNames`).
        package var name: String? {
            guard case .dictionary(let fields) = value, case .string(let text)? = fields["name"] else { return nil }
            return text
        }

        /// Its latitude and longitude as far as they can be read — a number, or text that reads
        /// as one — rounded to 4 decimals as a favorite's are; nil where one cannot be.
        package var readableCoordinate: (latitude: Double?, longitude: Double?) {
            guard case .dictionary(let fields) = value else { return (nil, nil) }
            func degrees(_ key: String) -> Double? {
                let number: Double? =
                    switch fields[key] {
                    case .real(let value)?: value
                    case .integer(let value)?: Double(value)
                    case .string(let text)?: Double(text.trimmed)
                    default: nil
                    }
                guard let number, number.isFinite else { return nil }
                return Coordinate.round4(number)
            }
            return (degrees("latitude"), degrees("longitude"))
        }

        /// Whether the entry may be the favorite of a place named `name` at `coordinate`, as far
        /// as it can be read: no latitude or longitude read from it differs from the place's, and
        /// either its name is the place's (compared without regard to case) or both its latitude
        /// and longitude could be read. A favorite is identified by its coordinates: a second one
        /// added here would stand beside it once the entry is mended (trial 62).
        package func mayBe(named name: String, at coordinate: Coordinate) -> Bool {
            let place = coordinate.rounded
            let read = readableCoordinate
            if let latitude = read.latitude, latitude != place.latitude { return false }
            if let longitude = read.longitude, longitude != place.longitude { return false }
            if read.latitude != nil, read.longitude != nil { return true }
            return self.name.map { $0.lowercased() == name.lowercased() } ?? false
        }
    }

    /// The first entry that may be the favorite of a place named `name` at `coordinate`
    /// (`Entry.mayBe(named:at:)`); nil when none may.
    package func entry(mayBe name: String, at coordinate: Coordinate) -> Entry? {
        entries.first { $0.mayBe(named: name, at: coordinate) }
    }

    /// The unreadable favorites, in the file's order.
    package private(set) var entries: [Entry] = []
    /// The readable favorites as the file held them, to place the entries among.
    private var readable: [Favorite] = []

    package init() {}

    /// The names of the entries that have one (`Entry.name`), in the file's order.
    package var names: [String] { entries.compactMap(\.name) }

    /// The entries of a `favorites` array: `items` as read (nil where a favorite could not be),
    /// `raw` as the file held them; none kept when the two do not match up.
    init(_ items: [Favorite?], raw: [PlistValue]) {
        guard items.count == raw.count else { return }
        for (item, value) in zip(items, raw) {
            if let item {
                readable.append(item)
            } else {
                entries.append(Entry(value: value, readableBefore: readable.count))
            }
        }
    }

    /// `favorites` with the kept entries put back among them, for writing.
    func merged(into favorites: [Favorite]) -> [FavoriteSlot] {
        var byName: [String: Int] = [:]
        var byCoordinate: [Coordinate: Int] = [:]
        for (index, favorite) in favorites.enumerated() {
            byName[favorite.name] = index
            if byCoordinate[favorite.coordinate] == nil { byCoordinate[favorite.coordinate] = index }
        }
        var first: [FavoriteSlot] = []
        var after: [Int: [FavoriteSlot]] = [:]
        for entry in entries {
            let anchor = readable[..<entry.readableBefore].reversed().lazy
                .compactMap { byName[$0.name] ?? byCoordinate[$0.coordinate] }.first
            if let anchor {
                after[anchor, default: []].append(.kept(entry.value))
            } else {
                first.append(.kept(entry.value))
            }
        }
        var slots = first
        slots.reserveCapacity(favorites.count + entries.count)
        for (index, favorite) in favorites.enumerated() {
            slots.append(.favorite(favorite))
            if let kept = after[index] { slots += kept }
        }
        return slots
    }
}

/// An element of the `favorites` array as written: a favorite, or an entry kept as it was.
enum FavoriteSlot: Encodable {
    case favorite(Favorite)
    case kept(PlistValue)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .favorite(let favorite): try favorite.encode(to: encoder)
        case .kept(let value): try value.encode(to: encoder)
        }
    }
}
