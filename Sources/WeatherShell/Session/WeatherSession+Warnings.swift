import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Official warnings: `warnings`, and the lines `show`, `watch` and `compare` add.
extension WeatherSession {
    /// `warnings`: the warnings in force or announced for a place, which becomes current.
    ///
    /// Also fetches the place's forecast (usually from the cache) for local times and for what
    /// wx forecasts for the warned hazard; without it, times are in UTC.
    ///
    /// - Throws: `ShellError.service` when the feed fails; `.usage` for a warning number
    ///   beyond the list.
    func warnings(_ request: WarningsRequest) async throws(ShellError) -> [CommandResult] {
        guard let feeds = services.warnings else { throw .usage("no warning feeds are configured") }
        let resolved = try await resolve(request.target, needing: .warnings)
        let place = resolved.place
        guard let feed = feeds.feed(forCountry: place.countryCode) else {
            // Nothing to ask, nor any time to show: no request at all.
            commit(resolved)
            return resolved.notices + [
                .warnings(WarningReport(place: place, service: nil, warnings: [], forecast: nil, request: request))
            ]
        }
        let forecast = try? await forecastProvider.forecast(at: place.coordinate, language: language).value
        let fetched: Fetched<WarningFeedAnswer>
        do {
            fetched = try await feed.warnings(for: place, language: language)
        } catch {
            throw Self.shellError(error)
        }
        let current = WarningRules.current(fetched.value.warnings, now: now())
        if let index = request.index, !(1...max(1, current.count)).contains(index) || current.isEmpty {
            throw .usage(
                "no warning \(index): \(current.isEmpty ? "there is none" : "there \(current.count == 1 ? "is 1" : "are \(current.count)")") for \(place.name)"
            )
        }
        commit(resolved)
        return resolved.notices + [
            .warnings(
                WarningReport(
                    place: place, service: feed.service, warnings: current, match: fetched.value.match,
                    origin: fetched.origin, forecast: forecast, request: request))
        ]
    }

    /// `show`'s warning lines for `place`: those in force, or one line saying the feed failed;
    /// nothing when none is in force, no feed covers the place, or no feeds are configured.
    /// Never throws: a failing feed never fails `show`.
    func warningBanner(for place: Place, zone: ZoneInfo) async -> [CommandResult] {
        guard let feed = services.warnings?.feed(forCountry: place.countryCode) else { return [] }
        // In `make demo`, a place with no warnings recorded has none to show (the banner says which have).
        if configuration.demo?.lacking(.warnings, at: place.coordinate) != nil { return [] }
        do {
            let fetched = try await feed.warnings(for: place, language: language)
            let current = WarningRules.current(fetched.value.warnings, now: now())
            let inForce = WarningRules.inForce(current, now: now())
            let changes = noteWatched(inForce, at: place)
            lastWarnings = (place.coordinate, inForce)
            if inForce.isEmpty && changes.isEmpty { return [] }
            return [
                .warningBanner(
                    WarningBanner(place: place, service: feed.service, warnings: inForce, zone: zone, changes: changes))
            ]
        } catch {
            lastWarnings = nil
            if case .transport(_, .cancelled) = error { return [] }
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

    /// `compare`'s marks: for each favorite with a feed, its warnings in force (cached for 10
    /// minutes per place), or that they could not be fetched. Nil when no favorite has one.
    func warningMarks(for reports: [WeatherReport]) async -> [CommandResult] {
        guard let feeds = services.warnings else { return [] }
        var marks: [WarningMarks.Mark] = []
        for report in reports {
            guard let feed = feeds.feed(forCountry: report.place.countryCode) else { continue }
            if configuration.demo?.lacking(.warnings, at: report.place.coordinate) != nil { continue }
            do {
                let fetched = try await feed.warnings(for: report.place, language: language)
                let inForce = WarningRules.inForce(
                    WarningRules.current(fetched.value.warnings, now: now()), now: now())
                if let top = inForce.first {
                    marks.append(
                        WarningMarks.Mark(
                            name: report.place.name, top: top, count: inForce.count, zone: report.forecast.zone))
                }
            } catch {
                if case .transport(_, .cancelled) = error { return [] }
                marks.append(WarningMarks.Mark(name: report.place.name, count: 0, failure: error.description))
            }
        }
        return marks.isEmpty ? [] : [.warningMarks(WarningMarks(marks: marks))]
    }
}
