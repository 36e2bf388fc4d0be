import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `find`'s candidates, the current location, and the place object other documents share.
extension JSONRenderer {
    /// `{"type":"candidates",…}`: `find`'s numbered places.
    static func candidates(query: String, places: [Place]) -> JSONOutput {
        .object([
            ("type", .string("candidates")), ("query", .string(query)),
            ("candidates", .array(places.enumerated().map { place($1, index: $0 + 1) })),
        ])
    }

    /// `{"type":"current_place",…}`.
    static func currentPlace(_ value: Place) -> JSONOutput {
        .object([("type", .string("current_place")), ("place", place(value, index: nil))])
    }

    static func place(_ place: Place, index: Int?) -> JSONOutput {
        var members: [(String, JSONOutput)] = []
        if let index { members.append(("index", .number(Double(index)))) }
        members += [
            ("name", .string(place.name)), ("region", .string(place.region)),
            ("country_code", .optional(place.countryCode)),
            ("latitude", .number(place.coordinate.latitude)), ("longitude", .number(place.coordinate.longitude)),
            ("display_name", .string(place.displayName)),
        ]
        return .object(members)
    }
}
