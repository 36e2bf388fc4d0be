import FoundationEssentials
import WXBasics
import WeatherKit

/// Official warnings in what `show`, `watch`, `compare` and `save` show and keep: the banner
/// and what changed between two looks, which the session remembers (`WarningsSeen`).
extension WeatherSession {
    /// `show`'s warning lines for `place` from its feed's `answer` (see `PlaceResolver.ask`): those in force,
    /// or one line saying the feed failed; nothing when none is in force, no feed covers the
    /// place, no feeds are configured, or offline without saved warnings. A failing feed never fails `show`.
    func warningBanner(
        _ answer: Result<Fetched<WarningFeedAnswer>, ServiceError>?, for place: Place, zone: ZoneInfo
    ) -> [CommandResult] {
        guard let answer, let feed = services.warnings?.feed(forCountry: place.countryCode) else { return [] }
        switch answer {
        case .success(let fetched):
            let now = now(at: place.coordinate)
            let current = WarningRules.current(fetched.value.warnings, now: now)
            let inForce = WarningRules.inForce(current, now: now)
            let changes = noteWatched(inForce, at: place)
            lastWarnings = (place.coordinate, inForce)
            if inForce.isEmpty && changes.isEmpty { return [] }
            return [
                .warningBanner(
                    WarningBanner(place: place, service: feed.service, warnings: inForce, zone: zone, changes: changes))
            ]
        case .failure(let error):
            lastWarnings = nil
            if case .transport(_, .cancelled) = error { return [] }
            // Offline by choice: a feed without saved data is not news unless warnings were
            // asked for (`warnings` itself says so).
            if error.isOfflineWithoutSavedData { return [] }
            return [
                .warningBanner(
                    WarningBanner(
                        place: place, service: feed.service, warnings: [], zone: zone, failure: error.description))
            ]
        }
    }

    /// While `watch` runs: what changed in the warnings in force at `place` since the last
    /// look (a warning appeared, was upgraded to a higher level or severity, or ended), and
    /// remembers them. The first look only remembers. Outside `watch`, nothing.
    func noteWatched(_ inForce: [WeatherWarning], at place: Place) -> [WarningChange] {
        guard var watched = watchedWarnings else { return [] }
        defer { watchedWarnings = watched }
        let key = place.coordinate.latitudeLongitudeText
        // An update has a new identifier: a warning is the same one when its event and area are.
        func identity(_ warning: WeatherWarning) -> String {
            "\(warning.issuer)|\(warning.event.lowercased())|\(warning.area ?? "")"
        }
        guard let previous = watched[key] else {
            watched[key] = inForce
            return []
        }
        watched[key] = inForce
        var changes: [WarningChange] = []
        for warning in inForce {
            if let before = previous.first(where: { identity($0) == identity(warning) }) {
                let higher =
                    (warning.level?.rawValue ?? 0) > (before.level?.rawValue ?? 0)
                    || warning.severity.rank > before.severity.rank
                if higher { changes.append(WarningChange(kind: .upgraded, warning: warning)) }
            } else {
                changes.append(WarningChange(kind: .appeared, warning: warning))
            }
        }
        for before in previous where !inForce.contains(where: { identity($0) == identity(before) }) {
            changes.append(WarningChange(kind: .ended, warning: before))
        }
        return changes
    }

    /// What `save` keeps of the warnings `show` last saw at `coordinate`; nil when it saw none
    /// there (no feed, the feed failed, or the weather came from another command).
    func keptWarnings(at coordinate: Coordinate) -> [KeptWarning]? {
        guard let last = lastWarnings, last.coordinate == coordinate else { return nil }
        return last.warnings.map(KeptWarning.init)
    }
}
