import FoundationEssentials
import WXBasics
import WeatherKit

/// `make demo`'s rules as the session meets them, in the one type the session is handed: which
/// names, places and kinds of answer are refused before any request, "now" at a place, the demo
/// server's refusals in the demo's words, and the providers' clock. Outside a demo (`world`
/// nil) every rule lets everything through and there is no clock of its own, so the session
/// never asks whether it runs in a demo.
package struct DemoServices: AnswerCoverage {
    /// The demo's places and recordings; nil outside `make demo`.
    package let world: DemoWorld?

    /// The rules of `world`; none for nil.
    package init(_ world: DemoWorld?) { self.world = world }

    /// The place a provider is being asked about, while a provider wrapped by `wrapping` runs
    /// (`forecast(at:)`, `past(at:)` …); nil while none is, or for a request about no one place
    /// (a place search, `compare`'s forecasts of several places).
    @TaskLocal package static var askedAbout: Coordinate?

    /// "Now" at `coordinate` in the demo (nil: before the place is known): the time its
    /// recording was made (`DemoWorld.now(at:)`); nil outside a demo, where wx's own clock is
    /// "now" everywhere.
    package func now(at coordinate: Coordinate?) -> Date? { world?.now(at: coordinate) }

    /// `now(at:)`, as the session asks it of any coverage.
    package func recordedInstant(at coordinate: Coordinate?) -> Date? { now(at: coordinate) }

    /// Whether a demo runs.
    package var isRecorded: Bool { world != nil }

    /// `doctor`'s reason for asking no service in a demo.
    package var answeredWithoutAsking: String? { world == nil ? nil : "make demo answers from its recordings" }

    /// The providers' "now" in a demo (cache freshness, stored answers, which service has past
    /// days): the time of the place the provider is asked about (`askedAbout`); nil outside a
    /// demo.
    package func providerNow() -> Date? { world?.now(at: Self.askedAbout) }

    /// `operation` with the clock at each place's later recorded instant (`DemoWorld.readingLater`),
    /// and the lines saying so for the places of `coordinates` that have one ("wx’s clock moves
    /// to Berlin’s later recording, 2025-08-08 03:00 UTC"): checking a kept
    /// forecast needs its days to have passed, which at the instant the forecast was recorded
    /// none has. Outside a demo, `operation` as it is and no lines.
    package func readingLater<T>(
        about coordinates: [Coordinate], isolation: isolated (any Actor)?,
        _ operation: () async throws(ShellError) -> T
    ) async throws(ShellError) -> (notices: [String], value: T) {
        guard let world else { return ([], try await operation()) }
        var named: [String] = []
        var notices: [String] = []
        for coordinate in coordinates {
            guard let place = world.place(near: coordinate), let later = place.later, !named.contains(place.name)
            else { continue }
            named.append(place.name)
            let iso = ISOTime.string(later)
            notices.append(
                "wx’s clock moves to \(place.name)’s later recording, \(iso.prefix(10)) \(iso.dropFirst(11).prefix(5)) UTC"
            )
        }
        let result: Result<T, ShellError> = await DemoWorld.$readingLater.withValue(true) {
            do throws(ShellError) { return .success(try await operation()) } catch { return .failure(error) }
        }
        return (notices, try result.get())
    }

    /// Before a geocoder is asked for `query`: refuses a name the demo does not know.
    package func check(name query: String) throws(ShellError) { try world?.check(name: query) }

    /// Before `coordinate` is reverse geocoded: refuses a place the demo has no recording of,
    /// named `label`.
    package func check(_ coordinate: Coordinate, label: String) throws(ShellError) {
        if let world, world.place(near: coordinate) == nil { throw world.refusal(label) }
    }

    /// Whether `error` is the demo's refusal of `name` (never outside the demo).
    package func isRefusal(_ error: ShellError, of name: String) -> Bool {
        world.map { error == $0.refusal(name) } ?? false
    }

    /// The demo's refusal of `name`, ending with `hint` instead of the places it knows; nil
    /// outside a demo.
    package func refusal(of name: String, saying hint: String) -> ShellError? {
        world?.refusal(name, saying: hint)
    }

    /// Before an OpenWeatherMap city id (`query`, "id:2950159") is looked up: the demo knows
    /// places by name only.
    package func checkCityID(_ query: String) throws(ShellError) {
        if let world { throw world.refusal(query) }
    }

    /// Before a command about the place at `coordinate` (called `label`) asks for `kind` of
    /// answer: refuses a place the demo has no recording of, or none of that kind.
    package func admit(_ coordinate: Coordinate, label: String, needing kind: AnswerKind?) throws(ShellError) {
        try world?.admit(coordinate, label: label, needing: kind)
    }

    /// Why the demo cannot answer for `kind` at `coordinate` (`DemoWorld.lacking`); nil when
    /// it can, or outside a demo.
    package func lacking(_ kind: AnswerKind, at coordinate: Coordinate) -> String? {
        world?.lacking(kind, at: coordinate)
    }

    /// That the demo's recording of `report`'s place has no `block` ("hourly", "daily")
    /// forecast, with the view it does have (trial 4: "no hourly forecast in Open-Meteo’s
    /// answer" for Kochi read as a service's fault); nil outside a demo, for a place it has no
    /// recording of, and for a provider of current conditions only (that is the provider's).
    package func lacking(_ block: String, in report: WeatherReport) -> ShellError? {
        let forecast = report.forecast
        guard !forecast.isCurrentConditionsOnly, let name = world?.place(near: report.place.coordinate)?.name else {
            return nil
        }
        let other =
            block == "hourly" && !forecast.daily.isEmpty
            ? "daily" : block == "daily" && !forecast.hourly.isEmpty ? "hourly" : "show"
        return .notApplicable("the demo’s recording of \(name) has no \(block) forecast — try “\(other) \(name)”")
    }

    /// Before `skill` asks for `window` at `coordinate`: refuses a window longer than the
    /// demo's recordings there (`DemoWorld.skillRefusal`); nothing outside a demo.
    package func checkSkill(_ window: ClosedRange<LocalDate>, at coordinate: Coordinate) throws(ShellError) {
        if let refusal = world?.skillRefusal(window, at: coordinate) { throw refusal }
    }

    /// The demo server's refusal in the demo's words (`DemoWorld.translated`); `error` as it is
    /// outside a demo.
    package func translated(_ error: ShellError) -> ShellError { world?.translated(error) ?? error }

    /// `services` with each provider asked under `askedAbout` (the place of the request), so
    /// that a clock built on `providerNow()` is the place's own; `services` as they are
    /// outside a demo.
    package func wrapping(_ services: WeatherServices) -> WeatherServices {
        guard let world else { return services }
        var wrapped = services
        wrapped.geocoders = services.geocoders.map { AskedGeocoder(inner: $0) }
        wrapped.forecastProviders = services.forecastProviders.map { AskedForecastProvider(inner: $0) }
        wrapped.airQuality = services.airQuality.map { AskedAirQuality(inner: $0) }
        wrapped.past = services.past.map { AskedPast(inner: $0, world: world) }
        wrapped.previousRuns = services.previousRuns.map { AskedPreviousRuns(inner: $0, world: world) }
        wrapped.ensemble = services.ensemble.map { AskedEnsemble(inner: $0) }
        wrapped.models = services.models.map { AskedModels(inner: $0) }
        if var feeds = services.warnings {
            feeds.nws = AskedWarningFeed(inner: feeds.nws)
            feeds.brightSky = AskedWarningFeed(inner: feeds.brightSky)
            feeds.eccc = AskedWarningFeed(inner: feeds.eccc)
            feeds.metNorway = AskedWarningFeed(inner: feeds.metNorway)
            feeds.meteoAlarm = AskedWarningFeed(inner: feeds.meteoAlarm)
            wrapped.warnings = feeds
        }
        return wrapped
    }

    /// `operation` run with `askedAbout` set to `coordinate`.
    static func asking<T: Sendable>(
        about coordinate: Coordinate?, _ operation: () async throws(ServiceError) -> T
    ) async throws(ServiceError) -> T {
        let result: Result<T, ServiceError> = await $askedAbout.withValue(coordinate) {
            do throws(ServiceError) { return .success(try await operation()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

// The wrappers: each forwards to its provider, with `askedAbout` the place of the request.

private struct AskedGeocoder: Geocoder {
    let inner: any Geocoder
    var service: Service { inner.service }
    var reverseGeocodes: Bool { inner.reverseGeocodes }
    func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]> {
        try await inner.search(query, limit: limit, language: language)
    }
    func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?> {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.reverse(coordinate, language: language)
        }
    }
}

private struct AskedForecastProvider: ForecastProvider {
    let inner: any ForecastProvider
    var service: Service { inner.service }
    func forecast(at coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Forecast> {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.forecast(at: coordinate, language: language)
        }
    }
    func forecasts(
        at coordinates: [Coordinate], language: String
    ) async throws(ServiceError) -> Fetched<[Result<Forecast, ServiceError>]> {
        // Several places in one request: no one place's clock.
        try await DemoServices.asking(about: coordinates.count == 1 ? coordinates[0] : nil) {
            () async throws(ServiceError) in try await inner.forecasts(at: coordinates, language: language)
        }
    }
}

private struct AskedAirQuality: AirQualityProvider {
    let inner: any AirQualityProvider
    var service: Service { inner.service }
    func airQuality(at coordinate: Coordinate, now: Date) async throws(ServiceError) -> Fetched<AirQuality> {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.airQuality(at: coordinate, now: now)
        }
    }
}

private struct AskedPast: PastWeatherProvider {
    let inner: any PastWeatherProvider
    /// Which days each of the demo's recordings holds: a range crossing two is asked in parts.
    let world: DemoWorld
    func dailyObserved(
        at coordinate: Coordinate, from: LocalDate, to: LocalDate, utcDays: Bool
    ) async throws(ServiceError) -> Fetched<[ObservedDay]> {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.dailyObserved(at: coordinate, from: from, to: to, utcDays: utcDays)
        }
    }
    func past(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, source: PastSource, hours: Bool
    ) async throws(ServiceError) -> Fetched<PastWeather> {
        var parts: [Fetched<PastWeather>] = []
        for days in world.pastParts(range, from: source, at: coordinate) {
            var part = try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
                try await inner.past(at: coordinate, days: days, source: source, hours: hours)
            }
            // The service whose answer the recording is, which is not always the one asked.
            let recorded = world.recordedSource(of: days, askedOf: source, at: coordinate)
            part.value.sources = [PastSourceDays(recorded, days: days)]
            parts.append(part)
        }
        return PastWeather.joined(parts, requested: range, hours: hours)
    }
    func normals(at coordinate: Coordinate) async throws(ServiceError) -> Fetched<Climatology> {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.normals(at: coordinate)
        }
    }
    func cachedNormals(at coordinate: Coordinate) -> Fetched<Climatology>? {
        DemoServices.$askedAbout.withValue(coordinate) { inner.cachedNormals(at: coordinate) }
    }
}

private struct AskedPreviousRuns: PreviousRunsProvider {
    let inner: any PreviousRunsProvider
    /// Which days the recordings of earlier runs hold: a range past their last is cut there.
    let world: DemoWorld
    func runs(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, leads: ClosedRange<Int>,
        validUntil: @escaping @Sendable (Date) -> Date
    ) async throws(ServiceError) -> Fetched<PreviousRuns> {
        let days = world.recordedPart(range, of: .earlierRuns, at: coordinate)
        return try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.runs(at: coordinate, days: days, leads: leads, validUntil: validUntil)
        }
    }
    func archiveDays(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, validUntil: @escaping @Sendable (Date) -> Date
    ) async throws(ServiceError) -> Fetched<ArchiveDays> {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.archiveDays(at: coordinate, days: range, validUntil: validUntil)
        }
    }
}

private struct AskedEnsemble: EnsembleProvider {
    let inner: any EnsembleProvider
    var service: Service { inner.service }
    func ensemble(at coordinate: Coordinate, model: EnsembleModel) async throws(ServiceError) -> Fetched<
        EnsembleForecast
    > {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.ensemble(at: coordinate, model: model)
        }
    }
    func cachedEnsemble(at coordinate: Coordinate, model: EnsembleModel) -> Fetched<EnsembleForecast>? {
        DemoServices.$askedAbout.withValue(coordinate) { inner.cachedEnsemble(at: coordinate, model: model) }
    }
    func cachedRainChances(at coordinate: Coordinate, model: EnsembleModel) -> Fetched<EnsembleRainChances>? {
        DemoServices.$askedAbout.withValue(coordinate) { inner.cachedRainChances(at: coordinate, model: model) }
    }
}

private struct AskedModels: ModelComparisonProvider {
    let inner: any ModelComparisonProvider
    var service: Service { inner.service }
    func comparison(at coordinate: Coordinate) async throws(ServiceError) -> Fetched<ModelComparison> {
        try await DemoServices.asking(about: coordinate) { () async throws(ServiceError) in
            try await inner.comparison(at: coordinate)
        }
    }
}

private struct AskedWarningFeed: WarningFeed {
    let inner: any WarningFeed
    var service: Service { inner.service }
    func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        try await DemoServices.asking(about: place.coordinate) { () async throws(ServiceError) in
            try await inner.warnings(for: place, language: language)
        }
    }
}
