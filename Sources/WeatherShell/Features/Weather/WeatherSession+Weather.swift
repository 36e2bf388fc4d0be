import FoundationEssentials
import WeatherKit
import WeatherStore

/// The weather for a place: `show`, `hourly`, `daily`, `rain`, `air`, `compare`, and how a
/// command's place is resolved and fetched.
extension WeatherSession {
    /// `show`: the weather for a place (which becomes current) or the current location.
    ///
    /// The place's warning feed is asked alongside the forecast, not after it (for coordinates,
    /// once their name, which gives the country, has come; see `resolving`).
    func show(_ target: String?) async throws(ShellError) -> [CommandResult] {
        let fetched = try await resolving(target, needing: .forecast, askingWarnings: true) {
            place async throws(ShellError) in try await forecast(for: place)
        }
        let (report, notices) = weather(for: fetched.resolved, fetched.value)
        // Current conditions that did not come while the forecast did: one line, a note about
        // the answer (stderr, as every note), and the forecast shown all the same.
        let missing = report.forecast.missingConditionsText.map { [CommandResult.notice($0)] } ?? []
        return notices + missing + warningBanner(fetched.warnings, for: report.place, zone: report.forecast.zone)
            + keep(look(of: report, warnings: fetched.warnings, command: "show")) + [.weather(report)]
    }

    /// Resolves `target` (see `resolve`), fetches its forecast, and makes it the current
    /// location and the last weather. The forecast comes from the cache while it is current.
    ///
    /// - Parameter wholeEnsemble: whether the report carries the whole cached ensemble (see
    ///   `weather(for:_:wholeEnsemble:)`).
    func weather(
        for target: String?, wholeEnsemble: Bool = false
    ) async throws(ShellError) -> (report: WeatherReport, notices: [CommandResult]) {
        let fetched = try await resolving(target, needing: .forecast) {
            place async throws(ShellError) in try await forecast(for: place)
        }
        return weather(for: fetched.resolved, fetched.value, wholeEnsemble: wholeEnsemble)
    }

    /// The forecast at `place` (from the cache while it is current); an answer in UTC takes the
    /// place's zone among its country's (`Forecast.takePlacesZone`).
    func forecast(for place: Place) async throws(ShellError) -> Fetched<Forecast> {
        do {
            var fetched = try await forecastProvider.forecast(at: place.coordinate, language: language)
            fetched.value.takePlacesZone(countryCode: place.countryCode)
            return fetched
        } catch {
            // Offline with nothing saved: no request was made; said naming what is missing.
            if error.isOfflineWithoutSavedData {
                let what =
                    place.name == place.coordinate.rounded.hemisphereText
                    ? "the forecast at \(place.name)" : "\(place.name)’s forecast"
                throw .notApplicable("offline, and nothing saved for \(what)")
            }
            throw Self.shellError(error)
        }
    }

    /// The report of `fetched`, the forecast of a place already resolved; its place becomes the
    /// current location and the report the last weather.
    ///
    /// - Parameter wholeEnsemble: whether the report carries the whole cached ensemble (`hourly`'s
    ///   band, `brief`'s odds); else only its rain chances, kept beside it (what `show` and a
    ///   look read: the whole answer took ~15 M instructions to read at every `show`).
    func weather(
        for resolved: Resolved, _ fetched: Fetched<Forecast>, wholeEnsemble: Bool = false
    ) -> (report: WeatherReport, notices: [CommandResult]) {
        // The normals, when a `normal` once fetched them, and the ensemble, when a `confidence`
        // did: from the cache, never the network.
        let coordinate = resolved.place.coordinate
        let ensemble = wholeEnsemble ? services.ensemble?.cachedEnsemble(at: coordinate, model: .ecmwfIFS025) : nil
        let report = WeatherReport(
            place: resolved.place, forecast: fetched.value, origin: fetched.origin,
            climatology: services.past?.cachedNormals(at: coordinate)?.value,
            ensemble: ensemble?.value,
            ensembleRainChances: wholeEnsemble
                ? nil : services.ensemble?.cachedRainChances(at: coordinate, model: .ecmwfIFS025)?.value,
            furtherViews: FurtherView.allCases.filter { view in
                switch view {
                case .normal: services.past != nil && coverage.lacking(.normals, at: coordinate) == nil
                case .confidence: services.ensemble != nil && coverage.lacking(.ensemble, at: coordinate) == nil
                }
            })
        commit(resolved)
        lastWeather = report
        return (report, resolved.notices)
    }

    func hourly(_ count: Int?, _ target: String?) async throws(ShellError) -> [CommandResult] {
        let (report, notices) = try await placeAfterOptionalCount(
            count, target, command: "hourly", what: "hours", maximum: ForecastSpan.maximumHours
        ) {
            // The band under the hours needs every member's temperatures.
            () async throws(ShellError) in try await weather(for: target, wholeEnsemble: true)
        }
        guard !report.forecast.hourly.isEmpty else { throw notInAnswer("hourly", in: report) }
        return notices + keep(look(of: report, command: "hourly")) + [
            .hourly(report, hours: min(count ?? 24, ForecastSpan.maximumHours))
        ]
    }

    func daily(_ count: Int?, _ target: String?) async throws(ShellError) -> [CommandResult] {
        let (report, notices) = try await placeAfterOptionalCount(
            count, target, command: "daily", what: "days", maximum: ForecastSpan.maximumDays
        ) {
            () async throws(ShellError) in try await weather(for: target)
        }
        // A day the service listed with every value null still shows, as "—"; a provider of
        // current conditions only lists none with readings and no hours either.
        let forecast = report.forecast
        guard !forecast.daily.isEmpty, !forecast.isCurrentConditionsOnly else {
            throw notInAnswer("daily", in: report)
        }
        return notices + keep(look(of: report, command: "daily")) + [
            .daily(report, days: min(count ?? 7, ForecastSpan.maximumDays))
        ]
    }

    func rain(_ target: String?) async throws(ShellError) -> [CommandResult] {
        let (report, notices) = try await weather(for: target)
        // Current conditions say nothing about when rain starts or stops.
        if report.forecast.isCurrentConditionsOnly { throw .notInAnswer(report.forecast.noForecastText) }
        // A spell that starts within the next 24 hours is totalled to its end, so "past the end
        // of the forecast" is said only where the data end.
        let outlook = PrecipitationOutlook(
            forecast: report.forecast, now: now(at: report.place.coordinate), followSpell: true)
        return notices + [.rain(report, outlook)]
    }

    func air(_ target: String?) async throws(ShellError) -> [CommandResult] {
        guard let provider = services.airQuality else { throw .noService("air-quality") }
        let fetched = try await resolving(target, needing: .air) { place async throws(ShellError) in
            do throws(ServiceError) {
                return try await provider.airQuality(at: place.coordinate, now: now(at: place.coordinate))
            } catch {
                throw Self.shellError(error)
            }
        }
        let resolved = fetched.resolved
        commit(resolved)
        return resolved.notices + [.air(resolved.place, fetched.value.value, fetched.value.origin)]
    }

    /// `missing`'s error; with recorded answers said as what the recording lacks, as the coverage's
    /// other refusals are, with the view it does have (trial 4: "no hourly forecast in
    /// Open-Meteo’s answer" for Kochi read as a service's fault).
    func notInAnswer(_ block: String, in report: WeatherReport) -> ShellError {
        coverage.lacking(block, in: report) ?? .notInAnswer(Self.missing(block, in: report))
    }

    /// Why `hourly` or `daily` has nothing to show: the provider gives current conditions
    /// only (OpenWeatherMap), or this answer left the block out.
    static func missing(_ block: String, in report: WeatherReport) -> String {
        let forecast = report.forecast
        if forecast.isCurrentConditionsOnly { return forecast.noForecastText }
        return "no \(block) forecast in \(forecast.source.displayName)’s answer"
    }

    /// The most places asked for in one Open-Meteo request.
    static let placesPerRequest = 50

    func compare(_ names: [String]) async throws(ShellError) -> [CommandResult] {
        var chosen: [Favorite] = []
        for name in FavoriteMatching.names(names, in: favorites) {
            guard let favorite = try favorite(matching: name) else { throw .noSuchFavorite(name) }
            if !chosen.contains(favorite) { chosen.append(favorite) }
        }
        if names.isEmpty { chosen = favorites }
        if chosen.isEmpty, let reason = state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
        guard !chosen.isEmpty else { throw .nothingYet(.favoritesToCompare) }
        // Recorded answers: a favorite with no forecast recorded is a gap, said before any request.
        var missing = chosen.compactMap { favorite in
            coverage.lacking(.forecast, at: favorite.coordinate).map {
                ComparisonGap(name: favorite.name, reason: $0)
            }
        }
        chosen.removeAll { favorite in missing.contains { $0.name == favorite.name } }
        // The warning feeds are asked while the forecasts are fetched: neither waits for the other.
        let places = chosen.map(\.place)
        let (feeds, language) = (places.map(warningFeed(for:)), self.language)
        async let warnings = Self.askFeeds(feeds, about: places, language: language)
        var reports: [WeatherReport] = []
        var shown: [Int] = []  // which of `chosen` each report is
        var start = 0
        while start < chosen.count {
            let batch = Array(chosen[start..<min(chosen.count, start + Self.placesPerRequest)])
            let fetched: Fetched<[Result<Forecast, ServiceError>]>
            do {
                fetched = try await forecastProvider.forecasts(at: batch.map(\.coordinate), language: language)
            } catch {
                throw Self.shellError(error)
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
        return [.comparison(reports, missing: missing)] + warningMarks(for: reports, answers: shown.map { answers[$0] })
    }
}
