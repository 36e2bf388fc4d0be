import FoundationEssentials
import WXBasics
import WeatherKit

/// Official warnings: `warnings`. Given what it reads — the warning feeds, the place resolver
/// (whose provider gives the forecast beside) and the clocks — and returning the place to make
/// current.
@MainActor
struct WarningsHandler {
    /// The warning feeds; nil: none configured.
    let feeds: WarningFeeds?
    let places: PlaceResolver
    let clocks: SessionClocks

    /// Why no warning feed can be chosen for unnamed coordinates the reverse lookup answered
    /// for without a country: "give the place by name", not "try again online".
    static func noCountryFound(_ place: Place) -> String {
        "wx could not tell which warning feed covers \(TerminalText.sanitized(place.label)): the reverse lookup found no country for these coordinates; give the place by name"
    }

    /// `warnings`: the warnings in force or announced for a place, which becomes current.
    ///
    /// Also fetches the place's forecast (usually from the cache) for local times and for what
    /// wx forecasts for the warned hazard, alongside the feed; without it, times are in UTC.
    ///
    /// - Throws: `ShellError.service` when the feed fails; `.usage` for a warning number
    ///   beyond the list; `.notApplicable` when the place's country is not known (no feed can
    ///   be chosen).
    func warnings(_ request: WarningsRequest) async throws(ShellError) -> HandlerOutcome {
        guard let feeds else { throw .usage("no warning feeds are configured") }
        let resolved = try await places.resolve(request.target, needing: .warnings)
        let place = resolved.place
        // Without the place's country no feed can be chosen; "no keyless feed covers" it would
        // be a guess (issue 37 item 7: said of Berlin, which DWD covers, when offline).
        guard place.countryCode != nil else {
            // A place the lookup named but put in no country (`warnings Italia`, an Antarctic
            // station) was found online: "try again online" would not help.
            guard place.isUnnamed else {
                throw .notApplicable(
                    "no warning feed covers \(TerminalText.sanitized(place.label)) (\(place.coordinate.rounded.hemisphereText)): the place lookup found it in no country (the open sea or Antarctica, say), so there is no national feed to ask"
                )
            }
            // The lookup failed (offline, say): try again. It answered and found no country
            // (Nominatim's "Unable to geocode"): another try finds none either (trial 63).
            guard resolved.nameless else {
                throw .notApplicable(
                    "wx could not tell which warning feed covers \(TerminalText.sanitized(place.label)): its country is not known (the reverse lookup of the coordinates failed); try again online, or give the place by name"
                )
            }
            throw .notApplicable(Self.noCountryFound(place))
        }
        guard let feed = feeds.feed(forCountry: place.countryCode) else {
            // Nothing to ask, nor any time to show: no request at all.
            return HandlerOutcome(
                about: resolved,
                [.warnings(WarningReport(place: place, service: nil, warnings: [], forecast: nil, request: request))])
        }
        // Neither waits for the other (the feed needs the place's country, so it comes after
        // the name of coordinates; the forecast could not come sooner).
        let (provider, language) = (places.forecastProvider, places.language)
        async let answer = try? provider.forecast(at: place.coordinate, language: language).value
        // Asked by name: a failure remembered from `show`'s warnings (not asked again for 5
        // minutes beside the forecast) does not refuse it; a 429 still does.
        let asked = await ExplicitRequest.$isAsked.withValue(true) {
            () async -> Result<Fetched<WarningFeedAnswer>, ServiceError> in
            do throws(ServiceError) {
                return .success(try await feed.warnings(for: place, language: language))
            } catch { return .failure(error) }
        }
        let fetched: Fetched<WarningFeedAnswer>
        switch asked {
        case .success(let answer): fetched = answer
        case .failure(let error): throw ShellError(serviceError: error)
        }
        let current = WarningRules.current(fetched.value.warnings, now: clocks.now(at: place.coordinate))
        if let index = request.index, !(1...max(1, current.count)).contains(index) || current.isEmpty {
            // Not a usage error: the number is well formed, there is no such warning now (exit 1).
            throw .notApplicable(
                "no warning \(index): \(current.isEmpty ? "there is none" : "there \(current.count == 1 ? "is 1" : "are \(current.count)")") for \(place.name)"
            )
        }
        let forecast = await answer.atPlacesClock(place)
        return HandlerOutcome(
            about: resolved,
            [
                .warnings(
                    WarningReport(
                        place: place, service: feed.service, warnings: current, match: fetched.value.match,
                        origin: fetched.origin, forecast: forecast, request: request, setAside: fetched.value.setAside,
                        setAsideReason: fetched.value.setAsideReason))
            ])
    }
}
