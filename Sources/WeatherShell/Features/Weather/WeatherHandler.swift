import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The weather for a place: `show`, `hourly`, `daily`, `rain`, `air`, `compare`, and how a
/// command's place is resolved and fetched. Given what it reads — the place resolver (with the
/// services, the favorites, the coverage and the language), the clocks, the units a look is kept
/// in, whether the state is read-only — and returning the place to make current, the report
/// that becomes the last weather, the look to keep and the warnings for the banner
/// (`HandlerOutcome`), which the session applies.
@MainActor
struct WeatherHandler {
    let places: PlaceResolver
    let clocks: SessionClocks
    /// The units a look is kept in (`changed` compares in the current ones).
    let units: UnitPreferences
    /// Why the state cannot be written; nil: it can (`compare` without favorites says so).
    let readOnlyReason: StateProblem?

    /// The most places asked for in one Open-Meteo request.
    static let placesPerRequest = 50

    /// `show`: the weather for a place (which becomes current) or the current location.
    ///
    /// The place's warning feed is asked alongside the forecast, not after it (for coordinates,
    /// once their name, which gives the country, has come; see `PlaceResolver.resolving`).
    func show(_ target: String?) async throws(ShellError) -> HandlerOutcome {
        let fetched = try await places.placeWithoutCount(target, command: "show") { () async throws(ShellError) in
            try await resolvingForecast(target, askingWarnings: true)
        }
        var answer = fetched.value
        // An answer in UTC has the guessed zone: an offset the warning feed told beats it.
        if answer.value.answeredInUTC, case .success(let feed)? = fetched.warnings,
            let told = ZoneInfo.told(
                by: feed.value.warnings, guess: answer.value.zone, near: fetched.resolved.place.coordinate,
                countryCode: fetched.resolved.place.countryCode, now: clocks.now(at: fetched.resolved.place.coordinate))
        {
            answer.value.zone = told
            // An offset a service told decides the zone: no longer a guess.
            answer.value.zoneGuessed = false
        }
        var weather = weather(for: fetched.resolved, answer)
        let report = weather.report
        // Current conditions that did not come while the forecast did: one line, a note about
        // the answer (stderr, as every note), and the forecast shown all the same.
        weather.outcome.results += report.forecast.missingConditionsText.map { [CommandResult.warning($0)] } ?? []
        weather.outcome.warningBanner = WarningBannerInput(
            answer: fetched.warnings, place: report.place, zone: report.forecast.zone)
        weather.outcome.look = report.keepsLook ? look(of: report, warnings: fetched.warnings, command: "show") : nil
        weather.outcome.trailing = [.weather(report)]
        return weather.outcome
    }

    /// Resolves `target` (see `PlaceResolver.resolve`) and fetches its forecast, to become the
    /// current location and the last weather. The forecast comes from the cache while it is current.
    ///
    /// - Parameter wholeEnsemble: whether the report carries the whole cached ensemble (see
    ///   `weather(for:_:wholeEnsemble:)`).
    func weather(for target: String?, wholeEnsemble: Bool = false) async throws(ShellError) -> WeatherOutcome {
        let fetched = try await resolvingForecast(target)
        return weather(for: fetched.resolved, fetched.value, wholeEnsemble: wholeEnsemble)
    }

    /// `target` resolved with its forecast at the place's clock, as named
    /// (`PlaceResolver.resolvingAtPlacesClock`).
    func resolvingForecast(_ target: String?, askingWarnings: Bool = false) async throws(ShellError)
        -> PlaceFetching<Fetched<Forecast>>
    {
        try await places.resolvingAtPlacesClock(target, needing: .forecast, askingWarnings: askingWarnings) {
            place async throws(ShellError) in try await forecast(at: place)
        }
    }

    /// The forecast at `place` (from the cache while it is current) as the provider gives it:
    /// for `resolvingAtPlacesClock`, which puts it at the place's clock once the place is named.
    func forecast(at place: Place) async throws(ShellError) -> Fetched<Forecast> {
        do {
            return try await places.forecastProvider.forecast(at: place.coordinate, language: places.language)
        } catch {
            // Offline with nothing saved: no request was made; said naming what is missing.
            if error.isOfflineWithoutSavedData {
                let what =
                    place.name == place.coordinate.rounded.hemisphereText
                    ? "the forecast at \(place.name)" : "\(place.name)’s forecast"
                throw .notApplicable("offline, and nothing saved for \(what)")
            }
            throw ShellError(serviceError: error)
        }
    }

    /// The report of `fetched`, the forecast of a place already resolved; its place to become
    /// the current location and the report the last weather.
    ///
    /// - Parameter wholeEnsemble: whether the report carries the whole cached ensemble (`hourly`'s
    ///   band, `brief`'s odds); else only its rain chances, kept beside it (what `show` and a
    ///   look read: the whole answer took ~15 M instructions to read at every `show`).
    func weather(for resolved: ResolvedPlace, _ fetched: Fetched<Forecast>, wholeEnsemble: Bool = false)
        -> WeatherOutcome
    {
        // The normals, when a `normal` once fetched them, and the ensemble, when a `confidence`
        // did: from the cache, never the network.
        let services = places.services
        let coverage = places.coverage
        let coordinate = resolved.place.coordinate
        // Coordinates no geocoder named take the name the weather answer gives them, if any.
        var resolved = resolved
        if resolved.place.isUnnamed, var named = fetched.value.namedPlace {
            named.coordinate = coordinate
            resolved.place = named
        }
        let ensemble = wholeEnsemble ? services.ensemble?.cachedEnsemble(at: coordinate, model: .ecmwfIFS025) : nil
        let report = WeatherReport(
            place: resolved.place, forecast: fetched.value, origin: fetched.origin,
            climatology: services.past?.cachedNormals(at: coordinate)?.value,
            // At the place's clock, as `check` and `chance` read it (`PlacesClock`): an answer
            // in GMT counted UTC days in `brief` where they count the place's.
            ensemble: ensemble?.value.atPlacesClock(resolved.place),
            ensembleRainChances: wholeEnsemble
                ? nil : services.ensemble?.cachedRainChances(at: coordinate, model: .ecmwfIFS025)?.value,
            furtherViews: FurtherView.allCases.filter { view in
                switch view {
                case .normal: services.past != nil && coverage.lacking(.normals, at: coordinate) == nil
                case .confidence: services.ensemble != nil && coverage.lacking(.ensemble, at: coordinate) == nil
                }
            })
        // Variables left out for a unit wx does not know: said once, on stderr as every note
        // about an answer, beside whatever the command shows of the rest.
        var outcome = HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(fetched.value.unknownUnits, from: fetched.value.source)
                + (fetched.value.zoneGuessText.map { [CommandResult.notice($0)] } ?? []))
        outcome.lastWeather = report
        return WeatherOutcome(report: report, outcome: outcome)
    }

    func hourly(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        let (count, target) = try places.countAndTarget(count, target, rule: .hourly)
        var weather = try await places.placeAfterOptionalCount(
            count, target, command: "hourly", what: "hours", maximum: ForecastSpan.maximumHours
        ) {
            // The band under the hours needs every member's temperatures.
            () async throws(ShellError) in try await self.weather(for: target, wholeEnsemble: true)
        }
        let report = weather.report
        // The place still becomes current, and the report the last weather.
        guard !report.forecast.hourly.isEmpty else { return weather.failing(notInAnswer("hourly", in: report)) }
        weather.outcome.look = report.keepsLook ? look(of: report, command: "hourly") : nil
        weather.outcome.trailing = [.hourly(report, hours: min(count ?? 24, ForecastSpan.maximumHours))]
        return weather.outcome
    }

    func daily(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        let (count, target) = try places.countAndTarget(count, target, rule: .daily)
        var weather = try await places.placeAfterOptionalCount(
            count, target, command: "daily", what: "days", maximum: ForecastSpan.maximumDays
        ) {
            () async throws(ShellError) in try await self.weather(for: target)
        }
        // A day the service listed with every value null still shows, as "—"; a provider of
        // current conditions only lists none with readings and no hours either.
        let report = weather.report
        let forecast = report.forecast
        guard !forecast.daily.isEmpty, !forecast.isCurrentConditionsOnly else {
            return weather.failing(notInAnswer("daily", in: report))
        }
        weather.outcome.look = report.keepsLook ? look(of: report, command: "daily") : nil
        weather.outcome.trailing = [.daily(report, days: min(count ?? 7, ForecastSpan.maximumDays))]
        return weather.outcome
    }

    func rain(_ target: String?) async throws(ShellError) -> HandlerOutcome {
        var weather = try await places.placeWithoutCount(target, command: "rain") {
            () async throws(ShellError) in try await self.weather(for: target)
        }
        let report = weather.report
        // Current conditions say nothing about when rain starts or stops.
        if report.forecast.isCurrentConditionsOnly {
            return weather.failing(.notInAnswer(report.forecast.noForecastText))
        }
        // A spell that starts within the next 24 hours is totalled to its end, so "past the end
        // of the forecast" is said only where the data end.
        let outlook = PrecipitationOutlook(
            forecast: report.forecast, now: clocks.now(at: report.place.coordinate), followSpell: true)
        weather.outcome.results += [.rain(report, outlook)]
        return weather.outcome
    }

    func air(_ target: String?) async throws(ShellError) -> HandlerOutcome {
        guard let provider = places.services.airQuality else { throw .noService("air-quality") }
        let fetched = try await places.placeWithoutCount(target, command: "air") { () async throws(ShellError) in
            try await places.resolvingAtPlacesClock(target, needing: .air) { place async throws(ShellError) in
                do throws(ServiceError) {
                    return try await provider.airQuality(at: place.coordinate, now: clocks.now(at: place.coordinate))
                } catch {
                    throw ShellError(serviceError: error)
                }
            }
        }
        let resolved = fetched.resolved
        let air = fetched.value.value
        // A variable in a unit wx does not know is left out, said once, as for every answer.
        return HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(air.unknownUnits, from: .openMeteoAirQuality) + [
                .air(resolved.place, air, fetched.value.origin)
            ])
    }

    /// `compare [favorite…]`: the favorites' forecasts side by side (50 places a request), with
    /// their warnings in force; none becomes current.
    func compare(_ names: [String]) async throws(ShellError) -> HandlerOutcome {
        let favorites = places.favorites
        var chosen: [Favorite] = []
        for name in FavoriteMatching.names(names, in: favorites) {
            guard let favorite = try places.favorite(matching: name) else {
                throw .noSuchFavorite(name, meant: FavoriteMatching.startingWith(name, in: favorites).map(\.name))
            }
            if !chosen.contains(favorite) { chosen.append(favorite) }
        }
        if names.isEmpty { chosen = favorites }
        if chosen.isEmpty, let reason = readOnlyReason { throw .store(.stateReadOnly(reason)) }
        guard !chosen.isEmpty else { throw .nothingYet(.favoritesToCompare) }
        // Recorded answers: a favorite with no forecast recorded is a gap, said before any request.
        var missing = chosen.compactMap { favorite in
            places.coverage.lacking(.forecast, at: favorite.coordinate).map {
                ComparisonGap(name: favorite.name, reason: $0)
            }
        }
        chosen.removeAll { favorite in missing.contains { $0.name == favorite.name } }
        // The warning feeds are asked while the forecasts are fetched: neither waits for the other.
        let chosenPlaces = chosen.map(\.place)
        let (feeds, language) = (chosenPlaces.map(places.warningFeed(for:)), places.language)
        async let warnings = Self.askFeeds(feeds, about: chosenPlaces, language: language)
        var reports: [WeatherReport] = []
        var shown: [Int] = []  // which of `chosen` each report is
        var start = 0
        while start < chosen.count {
            let batch = Array(chosen[start..<min(chosen.count, start + Self.placesPerRequest)])
            let fetched: Fetched<[Result<Forecast, ServiceError>]>
            do {
                fetched = try await places.forecastProvider.forecasts(at: batch.map(\.coordinate), language: language)
            } catch {
                throw ShellError(serviceError: error)
            }
            for (offset, (favorite, result)) in zip(batch, fetched.value).enumerated() {
                switch result {
                case .success(var forecast):
                    forecast.takePlacesZone(countryCode: favorite.place.countryCode)
                    reports.append(WeatherReport(place: favorite.place, forecast: forecast, origin: fetched.origin))
                    shown.append(start + offset)
                case .failure(let error): missing.append(ComparisonGap(name: favorite.name, reason: error.description))
                }
            }
            start += Self.placesPerRequest
        }
        // The places that could be shown are; each that could not is named as an error.
        let answers = await warnings
        return HandlerOutcome(
            [.comparison(reports, missing: missing)] + warningMarks(for: reports, answers: shown.map { answers[$0] }))
    }

    /// The answers of `feeds` (one a place, from `PlaceResolver.warningFeed(for:)`) for `places`,
    /// asked all at once (identical requests once: see `SharedFetches`); nil for a place with no feed.
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
                let now = clocks.now(at: report.place.coordinate)
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

    /// `missing`'s error; with recorded answers said as what the recording lacks, as the coverage's
    /// other refusals are, with the view it does have (trial 4: "no hourly forecast in
    /// Open-Meteo’s answer" for Kochi read as a service's fault).
    func notInAnswer(_ block: String, in report: WeatherReport) -> ShellError {
        places.coverage.lacking(block, in: report) ?? .notInAnswer(Self.missing(block, in: report))
    }

    /// Why `hourly` or `daily` has nothing to show: the provider gives current conditions
    /// only (OpenWeatherMap), or this answer left the block out.
    static func missing(_ block: String, in report: WeatherReport) -> String {
        let forecast = report.forecast
        if forecast.isCurrentConditionsOnly { return forecast.noForecastText }
        return "no \(block) forecast in \(forecast.source.displayName)’s answer"
    }

    /// The look of `report` as this command shows it (`LookComparer.look(of:warnings:command:units:clocks:)`).
    func look(
        of report: WeatherReport, warnings answer: Result<Fetched<WarningFeedAnswer>, ServiceError>? = nil,
        command: String
    ) -> Look {
        LookComparer.look(of: report, warnings: answer, command: command, units: units, clocks: clocks)
    }
}

/// What `WeatherHandler` gives for a place's weather: the report, and the outcome to apply
/// (the place made current, the report the last weather, the place's notices first).
struct WeatherOutcome {
    let report: WeatherReport
    var outcome: HandlerOutcome

    /// The outcome ending in `error` once the place and the weather are applied.
    func failing(_ error: ShellError) -> HandlerOutcome {
        var failed = outcome
        failed.failure = error
        return failed
    }
}
