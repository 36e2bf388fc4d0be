import FoundationEssentials
import WXBasics
import WeatherKit

/// Official warnings: `warnings`, and the lines `show`, `watch` and `compare` add.
extension WeatherSession {
    /// `warnings`: the warnings in force or announced for a place, which becomes current.
    ///
    /// Also fetches the place's forecast (usually from the cache) for local times and for what
    /// wx forecasts for the warned hazard, alongside the feed; without it, times are in UTC.
    ///
    /// - Throws: `ShellError.service` when the feed fails; `.usage` for a warning number
    ///   beyond the list; `.notApplicable` when the place's country is not known (no feed can
    ///   be chosen).
    func warnings(_ request: WarningsRequest) async throws(ShellError) -> [CommandResult] {
        guard let feeds = services.warnings else { throw .usage("no warning feeds are configured") }
        let resolved = try await resolve(request.target, needing: .warnings)
        let place = resolved.place
        // Without the place's country no feed can be chosen; "no keyless feed covers" it would
        // be a guess (issue 37 item 7: said of Berlin, which DWD covers, when offline).
        guard place.countryCode != nil else {
            throw .notApplicable(
                "wx could not tell which warning feed covers \(TerminalText.sanitized(place.label)): its country is not known (offline, or the reverse lookup of the coordinates failed); try again online, or give the place by name"
            )
        }
        guard let feed = feeds.feed(forCountry: place.countryCode) else {
            // Nothing to ask, nor any time to show: no request at all.
            commit(resolved)
            return resolved.notices + [
                .warnings(WarningReport(place: place, service: nil, warnings: [], forecast: nil, request: request))
            ]
        }
        // Neither waits for the other (the feed needs the place's country, so it comes after
        // the name of coordinates; the forecast could not come sooner).
        let (provider, language) = (forecastProvider, language)
        async let answer = try? provider.forecast(at: place.coordinate, language: language).value
        let fetched: Fetched<WarningFeedAnswer>
        do {
            fetched = try await feed.warnings(for: place, language: language)
        } catch {
            throw Self.shellError(error)
        }
        let current = WarningRules.current(fetched.value.warnings, now: now(at: place.coordinate))
        if let index = request.index, !(1...max(1, current.count)).contains(index) || current.isEmpty {
            // Not a usage error: the number is well formed, there is no such warning now (exit 1).
            throw .notApplicable(
                "no warning \(index): \(current.isEmpty ? "there is none" : "there \(current.count == 1 ? "is 1" : "are \(current.count)")") for \(place.name)"
            )
        }
        commit(resolved)
        var forecast = await answer
        forecast?.takePlacesZone(countryCode: place.countryCode)
        return resolved.notices + [
            .warnings(
                WarningReport(
                    place: place, service: feed.service, warnings: current, match: fetched.value.match,
                    origin: fetched.origin, forecast: forecast, request: request, setAside: fetched.value.setAside,
                    setAsideReason: fetched.value.setAsideReason))
        ]
    }

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

    /// The answers of `feeds` (one a place, from `warningFeed(for:)`) for `places`, asked all at
    /// once (identical requests once: see `SharedFetches`); nil for a place with no feed.
    nonisolated static func askFeeds(
        _ feeds: [(any WarningFeed)?], about places: [Place], language: String
    ) async -> [Result<Fetched<WarningFeedAnswer>, ServiceError>?] {
        let asked = Array(zip(feeds, places))
        return await withTaskGroup(of: (Int, Result<Fetched<WarningFeedAnswer>, ServiceError>?).self) { group in
            for (index, (feed, place)) in asked.enumerated() where feed != nil {
                group.addTask { (index, await PlaceResolver.ask(feed, about: place, language: language)) }
            }
            var answers: [Result<Fetched<WarningFeedAnswer>, ServiceError>?] = places.map { _ in nil }
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
    }

    /// `compare`'s marks from each report's feed answer (`askFeeds`, in the same order): a
    /// favorite's warnings in force (cached for 10 minutes per place), or that they could not
    /// be fetched. Nil when no favorite has one.
    func warningMarks(
        for reports: [WeatherReport], answers: [Result<Fetched<WarningFeedAnswer>, ServiceError>?]
    ) -> [CommandResult] {
        var marks: [WarningMarks.Mark] = []
        for (report, answer) in zip(reports, answers) {
            switch answer {
            case nil: continue
            case .success(let fetched):
                let now = now(at: report.place.coordinate)
                let inForce = WarningRules.inForce(WarningRules.current(fetched.value.warnings, now: now), now: now)
                if let top = inForce.first {
                    marks.append(
                        WarningMarks.Mark(
                            name: report.place.name, top: top, count: inForce.count, zone: report.forecast.zone))
                }
            case .failure(let error):
                if case .transport(_, .cancelled) = error { return [] }
                marks.append(WarningMarks.Mark(name: report.place.name, count: 0, failure: error.description))
            }
        }
        return marks.isEmpty ? [] : [.warningMarks(WarningMarks(marks: marks))]
    }
}
