import Synchronization
import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `make demo`'s recorded world (`WX_DEMO`: the manifest Fixtures/demo/places.json, which the
/// loopback server reads too): the places it has recordings of, and when each was recorded.
///
/// In a demo, wx's clock is the instant the place it is about was recorded, so that a recording
/// shows as current; and a place the demo has no recording of is refused by name, before any
/// request, instead of being answered with another place's weather.
package final class DemoWorld: Sendable {
    /// One place of the demo.
    package struct Place: Sendable, Equatable {
        /// The name it is listed under ("Munich").
        package var name: String
        /// Every name `find` accepts for it, the listed one included, compared case-insensitively.
        package var names: [String]
        /// Where its recordings were made; a place within `withinKilometres` is this one.
        package var coordinate: Coordinate
        /// The instant its forecast was recorded (the answer's current time).
        package var recorded: Date
    }

    /// The places, in the manifest's order.
    package let places: [Place]
    /// How far from a recording's coordinates a place still counts as that place, km (the
    /// geocoder's point and the forecast's grid point differ by a few kilometres).
    package static let withinKilometres = 20.0
    /// The clock: the recorded instant of the place wx last went to.
    private let instant: Mutex<Date>

    /// A demo of `places` (at least one); the clock starts at the first's instant.
    package init(places: [Place]) {
        self.places = places
        instant = Mutex(places.first?.recorded ?? Date(timeIntervalSince1970: 0))
    }

    /// Reads a manifest: `{"places": [{"name", "names"?, "latitude", "longitude", "recorded"
    /// (ISO 8601 instant)}]}`; other members (the server's routes) are not wx's.
    ///
    /// - Throws: `ShellError.usage` naming the file when it cannot be read or lists no place.
    package static func load(_ path: String) throws(ShellError) -> DemoWorld {
        let problem = ShellError.usage(
            "WX_DEMO must name a demo manifest such as Fixtures/demo/places.json, not “\(TerminalText.sanitized(path))”"
        )
        guard let data = FileIO.read(path), let document = try? JSONValue.parse(data),
            let items = document["places"]?.array, !items.isEmpty
        else { throw problem }
        var places: [Place] = []
        for item in items {
            guard let name = item["name"]?.nonEmptyString, let latitude = item["latitude"]?.double,
                let longitude = item["longitude"]?.double,
                let recorded = item["recorded"]?.string.flatMap(ISOTime.parse)
            else { throw problem }
            let aliases = (item["names"]?.array ?? []).compactMap(\.nonEmptyString)
            places.append(
                Place(
                    name: name, names: [name] + aliases,
                    coordinate: Coordinate(latitude: latitude, longitude: longitude), recorded: recorded))
        }
        return DemoWorld(places: places)
    }

    /// wx's "now" in the demo.
    package func now() -> Date { instant.withLock { $0 } }

    /// The place one of whose names is `typed` (case and spacing aside).
    package func place(named typed: String) -> Place? {
        let wanted = Self.folded(typed)
        return places.first { $0.names.contains { Self.folded($0) == wanted } }
    }

    /// The place recorded nearest `coordinate`, within `withinKilometres`.
    package func place(near coordinate: Coordinate) -> Place? {
        places.map { ($0, $0.coordinate.kilometres(to: coordinate)) }.filter { $0.1 <= Self.withinKilometres }
            .min { $0.1 < $1.1 }?.0
    }

    /// The refusal of a place the demo has no recording of, `what` as the person named it.
    package func refusal(_ what: String) -> ShellError {
        .notApplicable(
            "the demo has no recording for \(TerminalText.sanitized(what)) — it knows: "
                + places.map(\.name).joined(separator: ", "))
    }

    /// Before a geocoder is asked for `query`: refuses a name the demo does not know.
    func check(name query: String) throws(ShellError) {
        if place(named: query) == nil { throw refusal(query) }
    }

    /// Going to the place at `coordinate` (called `label`): the clock moves to its recorded
    /// instant; a place the demo has no recording of is refused.
    func enter(_ coordinate: Coordinate, label: String) throws(ShellError) {
        guard let place = place(near: coordinate) else { throw refusal(label) }
        instant.withLock { $0 = place.recorded }
    }

    /// The lines under the banner: that this is a demo, its clock, and the places it knows with
    /// the time each was recorded, in lines of at most 80 columns.
    package var banner: String {
        var lines = [
            "demo: recorded answers, not today’s weather. wx’s clock stands at the time the",
            "  place it shows was recorded; other places are refused by name. It knows:",
        ]
        var line = "   "
        for place in places {
            let iso = ISOTime.string(place.recorded)
            let item = " \(place.name) (\(iso.prefix(10)) \(iso.dropFirst(11).prefix(5)) UTC)"
            if line.count + item.count + 1 > 80 {
                lines.append(line + ",")
                line = "   "
            } else if line != "   " {
                line += ","
            }
            line += item
        }
        lines.append(line)
        lines.append("  try: find \(places.first?.name ?? ""), then show")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
