import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The one step of `best`, `chance` and `plume`: resolve the place (as `show` does), fetch its
/// ensemble through the handler alongside the place's name, let the handler answer, and give
/// the place to make current when it did. Given only `show`'s handler (the place resolver, the
/// clocks, the units).
@MainActor
struct DecisionRouting {
    let weather: WeatherHandler

    /// - Parameters:
    ///   - target: the place typed (nil: the current location).
    ///   - withForecast: also ask the place's deterministic forecast (as `show` does, from the
    ///     cache while it is current), alongside the ensemble; its failure is handed on, not
    ///     thrown.
    ///   - answer: the handler's command, given the handler, the place, its ensemble answer,
    ///     the forecast when asked, and the instant it is now there.
    /// - Throws: `ShellError.noService` without an ensemble service; what resolving the place,
    ///   the ensemble request and the handler throw.
    func decide(
        _ target: String?, withForecast: Bool = false, refusing refuse: (Place) throws(ShellError) -> Void = { _ in },
        _ answer: (DecisionHandler, Place, Fetched<EnsembleForecast>, Result<Forecast, ShellError>?, Date)
            throws(ShellError) -> CommandResult
    ) async throws(ShellError) -> HandlerOutcome {
        guard let provider = weather.places.services.ensemble else { throw .noService("ensemble") }
        let handler = DecisionHandler(provider: provider, units: weather.units)
        // Both at the place's clock as named (`resolvingAtPlacesClock`).
        let fetching = try await weather.places.resolvingAtPlacesClock(target, needing: .ensemble) {
            place async throws(ShellError) -> AnswerPair<Fetched<EnsembleForecast>, Result<Forecast, ShellError>?> in
            try refuse(place)
            async let forecast = withForecast ? forecastResult(at: place) : nil
            let ensemble = try await handler.fetch(at: place)
            return AnswerPair(first: ensemble, second: await forecast)
        }
        let place = fetching.resolved.place
        let result = try answer(
            handler, place, fetching.value.first, fetching.value.second, weather.clocks.now(at: place.coordinate))
        // Members left out for a unit wx does not know: said once, beside what was counted.
        let ensemble = fetching.value.first.value
        return HandlerOutcome(
            about: fetching.resolved,
            UnknownUnitsText.warnings(ensemble.unknownUnits, from: .openMeteoEnsemble, dashes: false) + [result])
    }

    /// `forecast(at:)` as a value: its forecast, or its error.
    private func forecastResult(at place: Place) async -> Result<Forecast, ShellError> {
        do { return .success(try await weather.forecast(at: place).value) } catch { return .failure(error) }
    }

    /// `best`: the handler's windows for the place.
    ///
    /// Conditions that cannot both hold are a usage error, refused before the place is
    /// resolved or anything asked (they need the user's units, which the parser does not have).
    func best(_ request: BestRequest) async throws(ShellError) -> HandlerOutcome {
        let units = weather.units
        try DecisionHandler.refuseImpossible(
            request.terms.compactMap { term in
                if case .limit(let typed) = term { return typed }
                return nil
            }, units: units)
        try DecisionHandler.refuseContradictions(
            DecisionHandler.applied(request.terms, units: units), units: units)
        // A date out of range (`1999-01-01`), refused before the ensemble is asked: by the
        // place's date as guessed from its nearest zone, a day either way, until the answer
        // gives the place's own (then `span` refuses); the last date named is the guess's, as
        // `span` names it (trial 59: 2026-11-02 named, then refused).
        let clocks = weather.clocks
        let refuseDate = { (place: Place) throws(ShellError) in
            guard case .day(.date(let date)) = request.span else { return }
            try DecisionHandler.refuseDate(
                date, today: clocks.todayGuessed(at: place.coordinate, countryCode: place.countryCode), slack: 1)
        }
        return try await decide(request.target, withForecast: true, refusing: refuseDate) {
            (handler, place, answer, forecast, now) throws(ShellError) in
            .best(try handler.best(request, answer: answer, forecast: forecast, place: place, now: now))
        }
    }

    /// `chance`: the handler's days per threshold for the place.
    ///
    /// A limit outside what its variable can be is a usage error, before anything is asked.
    func chance(_ request: ChanceRequest) async throws(ShellError) -> HandlerOutcome {
        try DecisionHandler.refuseImpossible(
            request.thresholds.compactMap { threshold in
                if case .limit(let typed, _, _) = threshold { return typed }
                return nil
            }, units: weather.units)
        return try await decide(request.target) { (handler, place, answer, _, now) throws(ShellError) in
            .chance(try handler.chance(request, answer: answer, place: place, now: now))
        }
    }

    /// `plume`: the handler's hours for the place.
    func plume(_ request: PlumeRequest) async throws(ShellError) -> HandlerOutcome {
        do {
            return try await decide(request.target) { (handler, place, answer, _, now) throws(ShellError) in
                .plume(try handler.plume(request, answer: answer, place: place, now: now))
            }
        } catch {
            // `plume foo`, `plume gust`: one word that is no variable was taken as the place (as
            // “plume Berlin” must be); `plume Berlin 24`: the hours after the place. When no place
            // is found for it, say how the command reads, or the order it takes. After a variable
            // or HOURS typed, the words are the place, and its error is `show`'s.
            guard let target = request.target, request.hours == nil,
                error == .noPlaceFound(target) || weather.places.coverage.isRefusal(error, of: target)
            else { throw error }
            if !request.variableTyped, let stray = await weather.places.strayFirstWord(of: target) {
                throw .usage(
                    "unknown variable “\(TerminalText.sanitized(String(stray.prefix(40))))” (\(PlumeRequest.variables.map { $0.words[0] }.joined(separator: ", ")))"
                )
            }
            var words = target.split(separator: " ").map(String.init)
            if words.count >= 2, let hours = words.last.flatMap({ Int($0) }) {
                words.removeLast()
                let named = PlumeRequest.variables.first { $0.variable == request.variable }?.words.first
                let variable = request.variable == .temperature ? "" : named.map { "\($0) " } ?? ""
                throw .notApplicable(
                    "\(error.description); did you mean “plume \(variable)\(hours) \(words.joined(separator: " "))”?")
            }
            guard words.count == 1, !request.variableTyped else { throw error }
            let synopsis = CommandSpec.plume.synopsis.dropFirst("plume ".count)
            throw .notApplicable(
                "\(error.description); “plume” reads \(synopsis): the variable first, as in “plume gusts 24 Berlin”")
        }
    }
}
