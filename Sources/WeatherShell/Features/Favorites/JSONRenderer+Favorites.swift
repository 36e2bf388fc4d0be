import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Favorites as JSON.
extension JSONRenderer {
    /// `{"type":"favorite","action":"added",…}`.
    static func favoriteAdded(_ value: Favorite) -> JSONOutput {
        .object([("type", .string("favorite")), ("action", .string("added")), ("favorite", favorite(value))])
    }

    /// `{"type":"favorite","action":"removed",…}`.
    static func favoriteRemoved(_ value: Favorite) -> JSONOutput {
        .object([
            ("type", .string("favorite")), ("action", .string("removed")), ("favorite", favorite(value)),
        ])
    }

    /// `{"type":"favorite","action":"renamed",…}` with `old_name`.
    static func favoriteRenamed(from old: String, to value: Favorite) -> JSONOutput {
        .object([
            ("type", .string("favorite")), ("action", .string("renamed")), ("old_name", .string(old)),
            ("favorite", favorite(value)),
        ])
    }

    /// `{"type":"favorites",…}`.
    static func favorites(_ values: [Favorite]) -> JSONOutput {
        .object([("type", .string("favorites")), ("favorites", .array(values.map(favorite)))])
    }
}

extension JSONRenderer {
    static func favorite(_ favorite: Favorite) -> JSONOutput {
        .object([
            ("name", .string(favorite.name)), ("latitude", .number(favorite.latitude)),
            ("longitude", .number(favorite.longitude)),
            ("display_name", .string(favorite.displayName)), ("country_code", .optional(favorite.countryCode)),
        ])
    }
}
