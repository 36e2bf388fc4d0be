import FoundationEssentials
import WXBasics
import WeatherKit

/// How sure the forecast is: `confidence` (the ensemble), `models` (several models side by
/// side), and the chances `watch --rain/--frost` reads. Given what they read — the ensemble and
/// several-model services, the place resolver and the clocks — and returning the place to make
/// current.
@MainActor
struct EnsembleHandler {
    /// The Ensemble API; nil: none configured.
    let ensemble: (any EnsembleProvider)?
    /// The forecast API asked for every model at once; nil: none configured.
    let modelComparison: (any ModelComparisonProvider)?
    let places: PlaceResolver
    let clocks: SessionClocks

    /// `confidence [N] [place]`: one Ensemble API request, none while the place's answer is from
    /// the model's latest run.
    ///
    /// - Throws: `ShellError.service` for the service's errors; `.notInAnswer` when the answer
    ///   covers no whole day from the place's today.
    func confidence(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        let (count, target) = try places.countAndTarget(count, target, rule: .confidence)
        // “confidence Berlin 3”: the count after the place gets the order back (issue 37 item 12).
        return try await places.placeAfterOptionalCount(
            count, target, command: "confidence", what: "days", maximum: OpenMeteoEnsembleProvider.forecastDays
        ) { () async throws(ShellError) in try await ensembleDays(count, target) }
    }

    private func ensembleDays(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        guard let provider = ensemble else { throw .noService("ensemble") }
        let fetching = try await places.resolvingAtPlacesClock(target, needing: .ensemble) {
            place async throws(ShellError) -> Fetched<EnsembleForecast> in
            do throws(ServiceError) {
                return try await provider.ensemble(at: place.coordinate, model: .ecmwfIFS025)
            } catch {
                throw ShellError(serviceError: error)
            }
        }
        let resolved = fetching.resolved
        // At the place's clock, as `chance` counts its days (an answer in GMT: the demo's Berlin).
        let fetched = fetching.value
        let answer = fetched.value
        let now = clocks.now(at: resolved.place.coordinate)
        let today = answer.clock.localTime(now).date
        let requested = count ?? 7
        // The days the ensemble covers from today (what is asked of it); an answer's days past
        // them are for another time than now (a recording, a clock set wrong): left out, said.
        let covered = OpenMeteoEnsembleProvider.forecastDays
        let ahead = DaysAhead(answer.days.filter { $0.date > today }, date: \.date, today: today, covered: covered)
        var days = ahead.within
        // Today from the next hour, as `chance`, `check` and `brief --sure` count it: rain that
        // fell this morning is not to come (trial: 27 of 51 at 20:10, `chance` 0 of 51).
        let rest = answer.day(today, from: now)
        if let rest { days.insert(rest, at: 0) }
        days = Array(days.prefix(requested))
        guard !days.isEmpty else {
            let advice = EnsembleRetryText.advice(fetched.origin, now: now)
            if let refusal = ahead.refusal(
                answer: answer.model.displayName, today: today, covered: covered, what: "the ensemble", advice: advice)
            {
                throw .notInAnswer(refusal)
            }
            throw .notInAnswer("the \(answer.model.displayName) answer covers no whole day from today; " + advice)
        }
        var report = ConfidenceReport(
            place: resolved.place, ensemble: answer, days: days, requestedDays: requested, origin: fetched.origin)
        report.restOfToday = rest.map {
            ConfidenceReport.RestOfToday(date: $0.date, from: answer.nextHour(after: now))
        }
        report.daysBeyondRange = ahead.beyond
        report.today = today
        return HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(answer.unknownUnits, from: .openMeteoEnsemble, dashes: false) + [
                .confidence(report)
            ])
    }

    // MARK: - models
    /// `models [N] [place]`: one forecast-API request for every model, none while the place's
    /// answer is current.
    ///
    /// - Throws: `ShellError.service` for the service's errors; `.notInAnswer` when no model
    ///   has a day from the place's today.
    func models(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        let (count, target) = try places.countAndTarget(count, target, rule: .models)
        // “models Berlin 3”: the count after the place gets the order back (issue 37 item 12).
        return try await places.placeAfterOptionalCount(
            count, target, command: "models", what: "days", maximum: OpenMeteoModelsProvider.forecastDays
        ) { () async throws(ShellError) in try await modelDays(count, target) }
    }

    private func modelDays(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        guard let provider = modelComparison else { throw .noService("several-model forecast") }
        let fetching = try await places.resolving(target, needing: .models) {
            place async throws(ShellError) -> Fetched<ModelComparison> in
            do throws(ServiceError) { return try await provider.comparison(at: place.coordinate) } catch {
                throw ShellError(serviceError: error)
            }
        }
        let (resolved, fetched) = (fetching.resolved, fetching.value)
        let comparison = fetched.value
        let today = ZoneClock(comparison.zone).localTime(clocks.now(at: resolved.place.coordinate)).date
        // The days the models are asked for from today, by `confidence`'s rule (`DaysAhead`):
        // an answer for December 2026 is not the next days of July 2025 (trial 59).
        let covered = OpenMeteoModelsProvider.forecastDays
        let ahead = DaysAhead(
            comparison.days.filter { $0.date >= today && !$0.values.allSatisfy(\.isEmpty) }, date: \.date,
            today: today, covered: covered)
        let days = Array(ahead.within.prefix(count ?? 7))
        guard !days.isEmpty else {
            if let refusal = ahead.refusal(
                answer: "models’", today: today, covered: covered, what: "the models’ forecast",
                advice: EnsembleRetryText.advice(fetched.origin, now: clocks.now(at: resolved.place.coordinate)))
            {
                throw .notInAnswer(refusal)
            }
            throw .notInAnswer("no model has a day from today in the answer")
        }
        return HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(comparison.unknownUnits, from: .openMeteo) + [
                .models(
                    ModelsReport(
                        place: resolved.place, comparison: comparison, days: days, origin: fetched.origin,
                        requestedDays: count ?? 7, daysBeyondRange: ahead.beyond))
            ])
    }

    // MARK: - `watch --rain N% --frost N%`: the chances, from the ensemble of the current location

    /// The reading of each alert for the current location; the ensemble comes from the cache
    /// while it is from the model's latest run, so at most one request per run. An alert whose
    /// variable the answer left out for its unit, or that no member has, is in `leftOut` with
    /// why (`ChanceReading.unreadable`), never read from members that are not there.
    ///
    /// - Throws: `ShellError` when there is no current location or the ensemble cannot be had.
    func chances(_ alerts: [ChanceAlert]) async throws(ShellError) -> (
        readings: [ChanceReading], leftOut: [(alert: ChanceAlert, reason: String)]
    ) {
        let (provider, place) = try admitChances()
        let answer: EnsembleForecast
        do {
            answer = try await provider.ensemble(at: place.coordinate, model: .ecmwfIFS025).value
        } catch {
            throw ShellError(serviceError: error)
        }
        let leftOut = alerts.compactMap { alert in
            ChanceReading.unreadable(alert.kind, in: answer).map { (alert: alert, reason: $0) }
        }
        let readings = alerts.compactMap { alert in
            leftOut.contains { $0.alert == alert }
                ? nil : ChanceReading.reading(alert, ensemble: answer, now: clocks.now(at: place.coordinate))
        }
        return (readings, leftOut)
    }

    /// Before `watch --rain/--frost` starts, and before each reading: what can never give the
    /// chances is refused without a request — no ensemble service, no current location, and in
    /// recorded answers a place with no recording of an ensemble, in the coverage's words (trial 10:
    /// Munich's was asked for, its 404 said as Open-Meteo's, and the watch then promised to
    /// ring for a chance it could not read).
    ///
    /// - Returns: the ensemble service and the current location.
    /// - Throws: `ShellError.noService`, `.noCurrentLocation`, `.notApplicable` (recorded answers).
    func admitChances() throws(ShellError) -> (provider: any EnsembleProvider, place: Place) {
        guard let provider = ensemble else { throw .noService("ensemble") }
        guard let place = places.currentPlace else { throw .noCurrentLocation }
        try places.coverage.admit(place.coordinate, label: place.name, needing: .ensemble)
        return (provider, place)
    }
}
