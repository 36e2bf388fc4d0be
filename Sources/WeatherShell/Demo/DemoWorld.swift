import FoundationEssentials
import WXBasics
import WeatherKit

/// `make demo`'s recorded world (`WX_DEMO`: the manifest Fixtures/demo/places.json, which the
/// loopback server reads too): the places it has recordings of, and when each was recorded.
///
/// In a demo, "now" at a place is the instant its recording was made (`now(at:)`), so that a
/// recording shows as current whichever place came before it; and a place the demo has no recording of is refused by name, before any
/// request, instead of being answered with another place's weather; so is a command about a kind
/// of answer the place has no recording of (`air` where only the forecast was recorded).
package final class DemoWorld: Sendable {
    /// A kind of answer a place can have a recording of (`AnswerKind`, the core's name).
    package typealias Kind = AnswerKind

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
        /// A second, later recorded instant (the manifest's `later`): when what happened on the
        /// forecast's days was recorded, the clock `saved verify` and `saved N` read at
        /// (`readingLater`); nil when the place has one instant only.
        package var later: Date? = nil
        /// The kinds of answer it has recordings of (from the manifest's routes).
        package var kinds: Set<Kind> = [.forecast]
        /// How the place's answers other than its forecast came about when they are not
        /// recordings (the manifest's `written`, e.g. "written from its forecast, not recorded"):
        /// the banner says it after what the place has.
        package var written: String? = nil
        /// The days its recordings of a kind hold (the manifest's route `dates`), those that
        /// overlap or touch made one: past weather's from the archive and the forecast API
        /// together. A kind without dates is not here.
        package var days: [Kind: [ClosedRange<LocalDate>]] = [:]
        /// The days each recording of past weather holds, by the service it answers as
        /// (`/v1/archive`, `/v1/forecast` with `start_date`), one range a recording, in order:
        /// a request the server answers from one of them alone (`pastParts`).
        package var pastRecordings: [PastSource: [ClosedRange<LocalDate>]] = [:]
        /// The recordings of past weather that are another service's answer than the one they
        /// answer as (the route's `recorded_from`, e.g. "/v1/archive" on a `/v1/forecast`
        /// route), by the service they answer as and their days: Hamburg's 20–25 July are the
        /// archive's days, written in its shape, answered for the forecast API's past days.
        package var pastRecordedFrom: [PastSource: [ClosedRange<LocalDate>: PastSource]] = [:]
    }

    /// The places, in the manifest's order.
    package let places: [Place]
    /// Whether the clock stands at each place's later recorded instant (`Place.later`) rather
    /// than at its first: set while a kept forecast is checked against what happened
    /// (`DemoServices.readingLater`), for the session's "now" and the providers' alike.
    @TaskLocal package static var readingLater = false
    /// How far from a recording's coordinates a place still counts as that place, km (the
    /// geocoder's point and the forecast's grid point differ by a few kilometres).
    package static let withinKilometres = 20.0
    /// "Now" where no one place is asked about: the latest of the recorded instants, so that a
    /// day not yet begun there has not begun at any place of the demo.
    package let latestRecorded: Date

    /// A demo of `places` (at least one).
    package init(places: [Place]) {
        self.places = places
        latestRecorded = places.map(\.recorded).max() ?? Date(timeIntervalSince1970: 0)
    }

    /// Reads a manifest: `{"places": [{"name", "names"?, "latitude", "longitude", "recorded"
    /// (ISO 8601 instant), "later"? (a second instant, after "recorded"), "routes": [{"path", "query"?, "dates"?, "recorded_from"?, "at"?}]}]}`: of the
    /// routes the server answers from, wx reads only which kinds of answer each place has
    /// (`Kind.of`), which days a dated one holds, and which service a body of past days is the
    /// answer of when not the one its path names (`recorded_from`, a path: `Place.pastRecordedFrom`).
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
            var kinds: Set<Kind> = []
            var days: [Kind: [ClosedRange<LocalDate>]] = [:]
            var pastRecordings: [PastSource: [ClosedRange<LocalDate>]] = [:]
            var pastRecordedFrom: [PastSource: [ClosedRange<LocalDate>: PastSource]] = [:]
            for route in item["routes"]?.array ?? [] {
                guard let path = route["path"]?.string else { continue }
                var query: [String: String] = [:]
                if case .object(let members)? = route["query"] {
                    for (key, value) in members { query[key] = value.string }
                }
                guard let kind = Kind.of(path: path, query: query) else { continue }
                kinds.insert(kind)
                // Days recorded at the later instant (`"at": "later"`) are to come at the first,
                // whose days these are; only `Place.later`'s clock reads them.
                if route["at"]?.string != "later", let dates = route["dates"]?.array, dates.count == 2,
                    let first = dates[0].string.flatMap({ LocalDate(iso: Substring($0)) }),
                    let last = dates[1].string.flatMap({ LocalDate(iso: Substring($0)) }), first <= last
                {
                    days[kind, default: []].append(first...last)
                    if kind == .past {
                        let source = Self.pastSource(path: path)
                        pastRecordings[source, default: []].append(first...last)
                        if let from = route["recorded_from"]?.string.map(Self.pastSource), from != source {
                            pastRecordedFrom[source, default: [:]][first...last] = from
                        }
                    }
                }
            }
            places.append(
                Place(
                    name: name, names: [name] + aliases,
                    coordinate: Coordinate(latitude: latitude, longitude: longitude), recorded: recorded,
                    later: item["later"]?.string.flatMap(ISOTime.parse).flatMap { $0 > recorded ? $0 : nil },
                    kinds: kinds, written: item["written"]?.nonEmptyString.map(TerminalText.sanitized),
                    days: days.mapValues(Self.merged),
                    pastRecordings: pastRecordings.mapValues { $0.sorted { $0.lowerBound < $1.lowerBound } },
                    pastRecordedFrom: pastRecordedFrom))
        }
        return DemoWorld(places: places)
    }

    /// The service of past days a route's path is: the archive for `/v1/archive`, else the
    /// forecast API.
    static func pastSource(path: String) -> PastSource { path == "/v1/archive" ? .archive : .recentForecast }

    /// The service whose answer the demo gives for the days `part` (one of `pastParts`) asked of
    /// `source` at `coordinate`: the recording's own (`Place.pastRecordedFrom`), else `source`.
    func recordedSource(of part: ClosedRange<LocalDate>, askedOf source: PastSource, at coordinate: Coordinate)
        -> PastSource
    {
        guard let place = place(near: coordinate), let recorded = place.pastRecordedFrom[source] else { return source }
        // The recording `pastParts` answers the part from: the one holding its first day that
        // reaches furthest.
        let holding = (place.pastRecordings[source] ?? []).filter { $0.contains(part.lowerBound) }
        return holding.max { $0.upperBound < $1.upperBound }.flatMap { recorded[$0] } ?? source
    }

    /// wx's "now" at `coordinate` in the demo: the instant the place there was recorded (its
    /// later one while `readingLater`, when it has one); for nil (the place not known yet) or a
    /// place the demo has no recording of, `latestRecorded`.
    package func now(at coordinate: Coordinate?) -> Date {
        guard let place = coordinate.flatMap(place(near:)) else { return latestRecorded }
        return Self.readingLater ? place.later ?? place.recorded : place.recorded
    }

    /// The place one of whose names is `typed` (case and spacing aside), or is one of the parts
    /// of a label wx printed for it ("Berlin, Deutschland", "Elbphilharmonie, Hamburg,
    /// Deutschland"): `find`'s list is there to be copied (trial 15: `show Berlin, Deutschland`
    /// was refused right after `find Berlin` printed it). Fixtures/demo.py matches the same way.
    package func place(named typed: String) -> Place? {
        let wanted = Self.folded(typed)
        let parts = typed.split(separator: ",").map { Self.folded(String($0)) }
        return places.first { place in
            place.names.contains { name in
                let name = Self.folded(name)
                return name == wanted || parts.contains(name)
            }
        }
    }

    /// The place recorded nearest `coordinate`, within `withinKilometres`.
    package func place(near coordinate: Coordinate) -> Place? {
        places.map { ($0, $0.coordinate.kilometres(to: coordinate)) }.filter { $0.1 <= Self.withinKilometres }
            .min { $0.1 < $1.1 }?.0
    }

    /// The refusal of a place the demo has no recording of, `what` as the person named it; after
    /// the dash, `hint` when given (`normal 3 Berlin`: "normal takes no count: normal Berlin"),
    /// else the places it knows.
    package func refusal(_ what: String, saying hint: String? = nil) -> ShellError {
        .notApplicable(
            "the demo has no recording for \(TerminalText.sanitized(what)) — "
                + (hint ?? "it knows: " + places.map(\.name).joined(separator: ", ")))
    }

    /// Before a geocoder is asked for `query`: refuses a name the demo does not know.
    func check(name query: String) throws(ShellError) {
        if place(named: query) == nil { throw refusal(query) }
    }

    /// Before a command about the place at `coordinate` (called `label`) that needs `kind` of
    /// answer: a place the demo has no recording of, or none of that kind, is refused (before
    /// any request).
    func admit(_ coordinate: Coordinate, label: String, needing kind: Kind? = nil) throws(ShellError) {
        guard place(near: coordinate) != nil else { throw refusal(label) }
        if let kind, let lacking = lacking(kind, at: coordinate) { throw .notApplicable(lacking) }
    }

    /// Why the demo cannot answer for `kind` at `coordinate`, naming what the place has and
    /// which places have `kind`: "the demo has no recording of air quality for Berlin — it has:
    /// the forecast (air quality: Enschede)"; nil when it has a recording of it, or knows no
    /// place there (that is `refusal`'s).
    func lacking(_ kind: Kind, at coordinate: Coordinate) -> String? {
        guard let place = place(near: coordinate), !place.kinds.contains(kind) else { return nil }
        let has = Kind.allCases.filter(place.kinds.contains).map(\.rawValue)
        let others = places.filter { $0.kinds.contains(kind) }.map(\.name)
        return "the demo has no recording of \(kind.rawValue) for \(place.name) — it has: "
            + (has.isEmpty ? "nothing else" : has.joined(separator: ", "))
            + (others.isEmpty
                ? " (no place has \(kind.rawValue))" : " (\(kind.rawValue): \(others.joined(separator: ", ")))")
    }

    /// Before `skill` scores `window` at `coordinate`: when the place's recordings of past
    /// weather and of earlier runs (both of which `skill` reads) do not reach back to the
    /// window's first day, the refusal says from when they do and how many days `skill` can
    /// score ("skill 30"); nil when they cover it, or the place has no dated recordings of them
    /// (then the demo server's refusal speaks). Trial 8: `skill 31` failed with a refusal about
    /// past weather that said nothing of `skill`'s days.
    func skillRefusal(_ window: ClosedRange<LocalDate>, at coordinate: Coordinate) -> ShellError? {
        guard let place = place(near: coordinate) else { return nil }
        let starts = [Kind.past, .earlierRuns].map { kind in
            place.days[kind]?.first { $0.contains(window.upperBound) }?.lowerBound
        }
        guard let past = starts[0], let runs = starts[1] else { return nil }
        let first = max(past, runs)
        guard first > window.lowerBound else { return nil }
        let most = window.upperBound.dayNumber - first.dayNumber + 1
        let count = window.upperBound.dayNumber - window.lowerBound.dayNumber + 1
        return .notApplicable(
            "the demo’s recordings for \(place.name) reach back to \(first.iso): skill there scores at most \(most) \(most == 1 ? "day" : "days") (“skill \(most)”), not \(count) (\(window.lowerBound.iso) to \(window.upperBound.iso))"
        )
    }

    /// The days `range` of past weather from `source` at `coordinate` as the demo server can
    /// answer them: one request a recording, as each is one body. A range the real service
    /// answers at once can cross from one recording into the next (Hamburg's 20–25 July and
    /// its 26 July, both from the forecast API): it is asked for in parts, one a recording,
    /// each part reaching as far as one recording does (trial 10: `past 2025-07-20..2025-07-26`
    /// refused "on those days (it has … 2025-07-20..2025-07-26)"). `[range]` itself when one
    /// recording holds it, or when the recordings do not cover it (the server's refusal then
    /// says which days it has).
    func pastParts(
        _ range: ClosedRange<LocalDate>, from source: PastSource, at coordinate: Coordinate
    ) -> [ClosedRange<LocalDate>] {
        guard let recordings = place(near: coordinate)?.pastRecordings[source] else { return [range] }
        var parts: [ClosedRange<LocalDate>] = []
        var start = range.lowerBound
        while start <= range.upperBound {
            // The recording holding `start` that reaches furthest.
            guard let reach = recordings.filter({ $0.contains(start) }).map(\.upperBound).max() else { return [range] }
            let end = min(reach, range.upperBound)
            parts.append(start...end)
            start = CivilCalendar.date(fromDays: end.dayNumber + 1)
        }
        return parts.count > 1 ? parts : [range]
    }

    /// `range` cut to the last day of the recording of `kind` at `coordinate` that holds its
    /// first day: `drift 2025-08-03` asks 3–4 August (the 4th's 00:00 ends the 3rd's last hour
    /// of precipitation) and was refused "on those days (it has 2025-06-23..2025-08-03)",
    /// though the recording's hours, kept in UTC, run past Berlin's midnight. `range` itself
    /// when no recording holds its first day (the server's refusal then says which it has).
    func recordedPart(
        _ range: ClosedRange<LocalDate>, of kind: Kind, at coordinate: Coordinate
    ) -> ClosedRange<LocalDate> {
        guard let held = place(near: coordinate)?.days[kind]?.first(where: { $0.contains(range.lowerBound) }),
            held.upperBound < range.upperBound
        else { return range }
        return range.lowerBound...held.upperBound
    }

    /// The demo server's refusal of a request the manifest did not foresee (HTTP 404 whose
    /// reason starts "the demo has no recording"), said in the demo's words rather than as a
    /// service's failure; any other error as it is. In the demo every request goes to the demo
    /// server, so no real service's 404 is mistaken for one.
    func translated(_ error: ShellError) -> ShellError {
        guard case .service(.rejected(_, 404, let reason?)) = error, reason.hasPrefix("the demo has no recording")
        else { return error }
        return .notApplicable(TerminalText.sanitized(reason))
    }

    /// The lines under the banner: that this is a demo, its clock, and the places it knows with
    /// the time each was recorded, broken between words (a place and its time kept together)
    /// to fit `width` columns.
    package func banner(width: Int) -> String {
        var lines = TextLayout.wrap(
            "demo: recorded answers, not today’s weather. wx’s clock stands at the time the place it shows was recorded; other places are refused by name. It knows:",
            indent: 0, continuation: 2, width: width)
        let known = places.map { place in
            let iso = ISOTime.string(place.recorded)
            return "\(place.name) (\(iso.prefix(10)) \(iso.dropFirst(11).prefix(5)) UTC)"
        }
        lines += TextLayout.flow(Self.marked(known, ","), separator: " ", indent: 4, width: width)
        // What is recorded besides the forecast (and whether it is a recording), and which
        // places have no forecast.
        let others = places.filter { $0.kinds != [.forecast] }.map { place in
            let more = Kind.allCases.filter { $0 != .forecast && place.kinds.contains($0) }.map(\.rawValue)
            let remarks = [place.kinds.contains(.forecast) ? nil : "no forecast", place.written].compactMap { $0 }
            return "\(place.name) has \(more.isEmpty ? "nothing" : more.joined(separator: ", "))"
                + (remarks.isEmpty ? "" : " (\(remarks.joined(separator: "; ")))")
        }
        if !others.isEmpty {
            lines += TextLayout.wrap(
                "other recordings: " + Self.marked(others, ";").joined(separator: " "), indent: 2, continuation: 4,
                width: width)
        }
        // The first place's commands beyond `show`, so that the first try shows what wx is for.
        var commands = ["show"]
        let first = places.first
        if first?.kinds.contains(.ensemble) == true { commands.append("confidence") }
        if first?.kinds.contains(.models) == true { commands.append("models") }
        if first?.kinds.contains(.earlierRuns) == true { commands += ["drift", "skill"] }
        let tail =
            commands.count == 1 ? "show" : commands.dropLast().joined(separator: ", ") + " or " + commands.last!
        lines += TextLayout.wrap(
            "try: find \(first?.name ?? ""), then \(tail)", indent: 2, continuation: 4, width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Ranges of days in order, those that overlap or touch made one (as the demo server lists
    /// them in its refusals).
    static func merged(_ ranges: [ClosedRange<LocalDate>]) -> [ClosedRange<LocalDate>] {
        var result: [ClosedRange<LocalDate>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound.dayNumber <= last.upperBound.dayNumber + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// `items`, each but the last followed by `mark`.
    private static func marked(_ items: [String], _ mark: String) -> [String] {
        items.enumerated().map { $0.offset < items.count - 1 ? $0.element + mark : $0.element }
    }

    private static func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
