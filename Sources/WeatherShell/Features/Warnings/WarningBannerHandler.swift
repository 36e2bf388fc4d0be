import FoundationEssentials
import WXBasics
import WeatherKit

/// Official warnings in what `show`, `watch`, `compare` and `save` show and keep: the banner
/// and what changed between two looks. Given the warning feeds, the clocks and the warnings
/// the session last saw (`WarningsSeen`), and returning the banner with the warnings seen after
/// it, which the session keeps.
struct WarningBannerHandler {
    /// The warning feeds; nil: none configured.
    let feeds: WarningFeeds?
    let clocks: SessionClocks
    /// The warnings the session saw before this banner.
    let seen: WarningsSeen

    /// `show`'s warning lines for the place of `input` from its feed's answer (see
    /// `PlaceResolver.ask`): those in force, or one line saying the feed failed; nothing when
    /// none is in force, no feed covers the place, no feeds are configured, or offline without
    /// saved warnings. A failing feed never fails `show`.
    ///
    /// - Returns: the banner's results, and the warnings seen once it is shown (unchanged when
    ///   no feed was asked or none covers the place).
    func banner(_ input: WarningBannerInput) -> (results: [CommandResult], seen: WarningsSeen) {
        let place = input.place
        let zone = input.zone
        guard let answer = input.answer, let feed = feeds?.feed(forCountry: place.countryCode) else {
            return ([], seen)
        }
        var seen = seen
        switch answer {
        case .success(let fetched):
            let now = clocks.now(at: place.coordinate)
            let current = WarningRules.current(fetched.value.warnings, now: now)
            let inForce = WarningRules.inForce(current, now: now)
            // The offset the feed wrote its times with wins, as in `warnings`.
            let shownZone =
                ZoneInfo.told(
                    by: inForce, guess: zone, near: place.coordinate, countryCode: place.countryCode, now: now) ?? zone
            let changes = seen.noteWatched(inForce, at: place)
            seen.shown = (place.coordinate, inForce)
            if inForce.isEmpty && changes.isEmpty { return ([], seen) }
            return (
                [
                    .warningBanner(
                        WarningBanner(
                            place: place, service: feed.service, warnings: inForce, zone: shownZone, changes: changes))
                ], seen
            )
        case .failure(let error):
            seen.shown = nil
            if case .transport(_, .cancelled) = error { return ([], seen) }
            // Offline by choice: a feed without saved data is not news unless warnings were
            // asked for (`warnings` itself says so).
            if error.isOfflineWithoutSavedData { return ([], seen) }
            return (
                [
                    .warningBanner(
                        WarningBanner(
                            place: place, service: feed.service, warnings: [], zone: zone, failure: error.description))
                ], seen
            )
        }
    }
}

/// The warnings in force the session last saw: where `show` saw them, for `save` to keep, and
/// per place while `watch` runs.
struct WarningsSeen {
    /// The warnings in force that `show` last saw, and where; nil after a feed failed.
    var shown: (coordinate: Coordinate, warnings: [WeatherWarning])?
    /// While `watch` runs: the warnings in force last seen per place; nil outside `watch`.
    var watched: [String: [WeatherWarning]]?

    /// While `watch` runs: what changed in the warnings in force at `place` since the last
    /// look (a warning appeared, was upgraded to a higher level or severity, or ended), and
    /// remembers them. The first look only remembers. Outside `watch`, nothing.
    mutating func noteWatched(_ inForce: [WeatherWarning], at place: Place) -> [WarningChange] {
        guard var watched else { return [] }
        defer { self.watched = watched }
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
}
