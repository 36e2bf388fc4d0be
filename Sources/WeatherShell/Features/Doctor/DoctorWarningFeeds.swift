import WXBasics
import WeatherKit
import WeatherStore

/// One warning feed `doctor` asks for the places that use it: the feed `warnings` and
/// `check --warnings` would ask for each (MeteoAlarm: one a country).
struct DoctorFeedProbe: Hashable, Sendable {
    var service: Service
    /// MeteoAlarm's feed name of the country ("netherlands"); nil for a feed that needs none.
    var countrySlug: String?
    /// The places' countries, uppercase, in the order met ("NL"; "US, PR" for NWS).
    var countries: [String]
    /// The places it stands for, at most `DoctorWarningFeeds.mostNamedPlaces`, the current
    /// location first ("current location Rotterdam", then favorites' names).
    var places: [String]
    /// The places it stands for beyond those named.
    var morePlaces = 0

    /// doctor's role for it: "warnings for NL: current location Rotterdam, Amsterdam and 2 more".
    var role: String {
        var names = places.joined(separator: ", ")
        if morePlaces > 0 { names += " and \(morePlaces) more" }
        return "warnings for \(countries.joined(separator: ", ")): \(names)"
    }
}

/// Which warning feeds `doctor` asks: those of the current location and of the favorites, each
/// feed once, and MeteoAlarm's country feeds up to a bound.
enum DoctorWarningFeeds {
    /// The places named on one feed's line; the rest are counted.
    static let mostNamedPlaces = 3
    /// The most MeteoAlarm country feeds one `doctor` asks (each is a request of its own to
    /// one host); those past it are said, not asked.
    static let mostMeteoAlarmCountries = 4

    /// The feeds the current location and the favorites use, in the order met (the current
    /// location first, then the favorites in their order): each feed once, MeteoAlarm once per
    /// country, at most `mostMeteoAlarmCountries` of those; a place no feed covers (or with no
    /// country) is left out.
    ///
    /// - Returns: the feeds to ask, and the MeteoAlarm feeds past the bound (not asked).
    static func inUse(current: Place?, favorites: [Favorite], feeds: WarningFeeds) -> (
        asked: [DoctorFeedProbe], notAsked: [DoctorFeedProbe]
    ) {
        var probes: [DoctorFeedProbe] = []
        var index: [String: Int] = [:]
        func add(name: String, countryCode: String?) {
            guard let feed = feeds.feed(forCountry: countryCode), let code = countryCode?.lowercased() else { return }
            let slug = feed.service == .meteoAlarm ? MeteoAlarmWarnings.countrySlugs[code] : nil
            let key = feed.service.rawValue + "/" + (slug ?? "")
            let country = code.uppercased()
            guard let at = index[key] else {
                index[key] = probes.count
                probes.append(
                    DoctorFeedProbe(service: feed.service, countrySlug: slug, countries: [country], places: [name]))
                return
            }
            if !probes[at].countries.contains(country) { probes[at].countries.append(country) }
            if probes[at].places.count < mostNamedPlaces {
                probes[at].places.append(name)
            } else {
                probes[at].morePlaces += 1
            }
        }
        if let current {
            // A current location that is a favorite is named once, as the current location.
            add(name: "current location \(TerminalText.sanitized(current.name))", countryCode: current.countryCode)
        }
        for favorite in favorites where favorite.coordinate != current?.coordinate {
            add(name: TerminalText.sanitized(favorite.name), countryCode: favorite.countryCode)
        }
        var meteoAlarm = 0
        var asked: [DoctorFeedProbe] = []
        var notAsked: [DoctorFeedProbe] = []
        for probe in probes {
            guard probe.service == .meteoAlarm else {
                asked.append(probe)
                continue
            }
            meteoAlarm += 1
            if meteoAlarm <= mostMeteoAlarmCountries { asked.append(probe) } else { notAsked.append(probe) }
        }
        return (asked, notAsked)
    }

    /// The one line for the MeteoAlarm feeds past the bound: a note naming their countries.
    static func notAskedCheck(_ probes: [DoctorFeedProbe]) -> DoctorCheck? {
        guard !probes.isEmpty else { return nil }
        let countries = probes.flatMap(\.countries)
        let shown = countries.prefix(mostNamedPlaces * 2).joined(separator: ", ")
        let more = countries.count > mostNamedPlaces * 2 ? " and \(countries.count - mostNamedPlaces * 2) more" : ""
        return DoctorCheck(
            .service, "MeteoAlarm (warnings for \(shown)\(more))", .note,
            "not asked: doctor asks at most \(mostMeteoAlarmCountries) of MeteoAlarm’s country feeds",
            advice: "“warnings PLACE” asks the feed of the place’s country")
    }
}
