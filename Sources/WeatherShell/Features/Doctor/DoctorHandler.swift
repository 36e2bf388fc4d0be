import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// `doctor`: given what it checks — the configuration (folders, files, key, endpoints), the
/// log, what it may ask with (`DoctorEnvironment`), what the answers cover, the clock, the
/// current location and the favorites (the feeds `warnings` asks for them), the warning feeds
/// and the services in use — and nothing else of the session. It changes nothing.
@MainActor
struct DoctorHandler {
    let configuration: Configuration
    let log: EventLog
    let environment: DoctorEnvironment
    let coverage: any AnswerCoverage
    let clock: any WXClock
    let favorites: [Favorite]
    /// The session's current location (nil: none yet): `warnings` and `check` without a place
    /// ask its feed.
    let currentPlace: Place?
    /// state.plist's path, why favorites and settings are read-only this session, and the
    /// entries of it that could not be read.
    let stateFile: DoctorStateFacts
    /// The warning feeds; nil: none configured.
    let warningFeeds: WarningFeeds?
    /// The forecast provider and geocoder the settings chose, the `provider` setting as saved
    /// (a provider without its key is not in use), and the geocoder that stands in when the
    /// chosen one cannot be used (`GeocoderChain`; nil: none).
    let chosen: (forecastProvider: Service, geocoder: Service, providerSetting: String?, fallbackGeocoder: Service?)

    /// `doctor`: every check, in the order state, services, key, terminal, files. Nothing is
    /// changed; services are asked once each, at the same time.
    func doctor() async -> [CommandResult] {
        var checks = DoctorLocalChecks.folders(configuration)
        checks.append(DoctorLocalChecks.freeSpace(configuration))
        checks.append(DoctorLocalChecks.lock(configuration))
        checks.append(DoctorLocalChecks.favoritesFile(stateFile))
        checks.append(DoctorLocalChecks.log(log, folder: configuration.stateFolder))
        let services = await doctorServiceChecks()
        checks += services
        checks.append(doctorKeyCheck(services))
        checks += DoctorLocalChecks.terminal(environment.terminal)
        checks.append(DoctorLocalChecks.startupFile(configuration.startupFile))
        checks.append(DoctorLocalChecks.editrc(configuration.lineEditorFile))
        return [.doctor(DoctorReport(checks: checks, endsRun: environment.endsRun))]
    }

    /// The services this configuration, the current location and the favorites would ask,
    /// each with why and the commands it affects (`affected(by:)`): the provider (OpenWeatherMap
    /// twice: its current weather and its forecast, as the forecast commands ask it), the
    /// geocoder and the one that stands in for it (`GeocoderChain`: Open-Meteo's for Nominatim,
    /// or the reverse), Open-Meteo's forecast API when another provider is chosen (`models`,
    /// `past` and `saved` ask it whatever the provider), the ensemble (the chance of rain, `check --rain`), the
    /// previous runs (`drift`, `skill`), the archive (`past`, `normal`, `skill`, `saved`), air
    /// quality, the warning feed of each of those places (`DoctorWarningFeeds`: each feed
    /// once, MeteoAlarm once per country up to a bound, with the places it stands for) — with
    /// no such place, each feed that needs no country (NWS, Bright Sky, Environment Canada, MET
    /// Norway) — and OpenWeatherMap when a key is set.
    func doctorServices() -> [(service: Service, subject: String, path: String, affects: [String])] {
        let key = configuration.openWeatherMapKey
        var asked: [(service: Service, subject: String, path: String, affects: [String])] = []
        func add(_ service: Service, _ role: String, slug: String? = nil) {
            guard let path = DoctorProbes.lightPath(service, countrySlug: slug, key: key),
                !asked.contains(where: { $0.path == path && $0.service == service })
            else { return }
            asked.append((service, Self.subject(service.displayName, role: role), path, affected(by: service)))
        }
        add(chosen.forecastProvider, "provider")
        // OpenWeatherMap's forecast is a request of its own beside its current weather: both are
        // every forecast command's when it is the provider.
        if chosen.forecastProvider == .openWeatherMap, let key {
            asked.append(
                (
                    .openWeatherMap, Self.subject(Service.openWeatherMap.displayName, role: "provider, forecast"),
                    DoctorProbes.openWeatherMapForecastPath(key: key), affected(by: .openWeatherMap)
                ))
        }
        add(chosen.geocoder, "geocoder")
        // Asked when the geocoder cannot be used (down, blocked, rate-limited): a stand-in that
        // cannot be reached either leaves every place by name to the one geocoder.
        if let fallback = chosen.fallbackGeocoder { add(fallback, "fallback geocoder") }
        if chosen.forecastProvider != .openMeteo { add(.openMeteo, "forecast API") }
        add(.openMeteoEnsemble, "chance, check --rain")
        add(.openMeteoPreviousRuns, "earlier runs")
        add(.openMeteoArchive, "past weather")
        add(.openMeteoAirQuality, "air")
        for probe in warningFeedsInUse.asked { add(probe.service, probe.role, slug: probe.countrySlug) }
        // No place's feed: those a place anywhere may need, one light request each
        // (MeteoAlarm's feeds are one per country: asked for a place's only).
        let feeds: [Service] = [.nws, .brightSky, .eccc, .metNorway]
        if warningFeeds != nil, !asked.contains(where: { feeds.contains($0.service) || $0.service == .meteoAlarm }) {
            for feed in feeds { add(feed, "warnings") }
        }
        if key != nil { add(.openWeatherMap, "the key") }
        return asked
    }

    /// The commands that ask `service` in this configuration (`RequestCost.commands(using:)`):
    /// a forecast service that is not the provider only those that ask it whatever the provider
    /// (Open-Meteo's: `models`, `past`, `saved`; OpenWeatherMap's: none), and a geocoder also
    /// every command given a place by name.
    func affected(by service: Service) -> [String] {
        var commands = RequestCost.commands(using: service)
        if RequestCost.forecastServices.contains(service), service != chosen.forecastProvider {
            let provider = Set(RequestCost.commands(using: chosen.forecastProvider))
            commands.removeAll { provider.contains($0) }
        }
        if RequestCost.geocoders.contains(service) { commands.append("any command given a place by name") }
        return commands
    }

    /// The warning feeds of the current location and the favorites (`DoctorWarningFeeds.inUse`).
    var warningFeedsInUse: (asked: [DoctorFeedProbe], notAsked: [DoctorFeedProbe]) {
        guard let warningFeeds else { return ([], []) }
        return DoctorWarningFeeds.inUse(current: currentPlace, favorites: favorites, feeds: warningFeeds)
    }

    /// A service's name with its role in doctor's lines: "Open-Meteo (provider)"; a name
    /// with parentheses of its own takes the role inside them, "Bright Sky (DWD, warnings for
    /// DE)", not "Bright Sky (DWD) (warnings for DE)".
    nonisolated static func subject(_ name: String, role: String) -> String {
        name.hasSuffix(")") ? "\(name.dropLast()), \(role))" : "\(name) (\(role))"
    }

    /// One light request to each service of `doctorServices()` (and a note naming the
    /// MeteoAlarm feeds past the bound, not asked), or one line saying why none is made
    /// (offline, recorded answers, no network in this session).
    func doctorServiceChecks() async -> [DoctorCheck] {
        let names = doctorServices().map(\.subject).joined(separator: ", ")
        if environment.offline {
            return [DoctorCheck(.service, "services", .note, "not asked while offline: \(names)")]
        }
        if let answeredBy = coverage.answeredWithoutAsking {
            return [DoctorCheck(.service, "services", .note, "not asked: \(answeredBy)")]
        }
        guard let transport = environment.transport else {
            return [DoctorCheck(.service, "services", .note, "not asked: no network in this session")]
        }
        let asked = doctorServices()
        let secrets = configuration.openWeatherMapKey.map { [$0] } ?? []
        let endpoints = configuration.endpoints
        let proxies = configuration.proxies
        let timeout = configuration.requestTimeoutSeconds
        let (environment, clock) = (environment, clock)
        return await withTaskGroup(of: (Int, DoctorCheck).self) { group in
            for (index, entry) in asked.enumerated() {
                group.addTask {
                    var check = await DoctorProbes.ask(
                        entry.service, subject: entry.subject, url: endpoints[entry.service] + entry.path,
                        secrets: secrets, requestTimeoutSeconds: timeout, environment: environment,
                        transport: transport, clock: clock, proxies: proxies)
                    check.affects = entry.affects
                    return (index, check)
                }
            }
            var checks: [DoctorCheck?] = asked.map { _ in nil }
            for await (index, check) in group { checks[index] = check }
            return checks.compactMap { $0 }
        } + [DoctorWarningFeeds.notAskedCheck(warningFeedsInUse.notAsked)].compactMap { $0 }
    }

    /// The OpenWeatherMap key: set or not, and accepted by the service when it was asked
    /// (`serviceChecks`). The key itself is never shown.
    func doctorKeyCheck(_ serviceChecks: [DoctorCheck]) -> DoctorCheck {
        let subject = "OpenWeatherMap key"
        guard configuration.openWeatherMapKey != nil else {
            if chosen.forecastProvider == .openWeatherMap || chosen.providerSetting == "openweathermap" {
                return DoctorCheck(
                    .key, subject, .problem, "not set, and the provider is openweathermap",
                    advice: "set OPENWEATHERMAP_API_KEY, or “provider open-meteo”")
            }
            return DoctorCheck(.key, subject, .ok, "not set (OpenWeatherMap is not used)")
        }
        let asked = serviceChecks.first { $0.request?.url.contains("appid=") == true }
        switch asked?.request?.httpStatus {
        case 401?:
            return DoctorCheck(
                .key, subject, .problem, "set, refused by OpenWeatherMap (HTTP 401)",
                advice: "check OPENWEATHERMAP_API_KEY; a new key takes up to two hours to work")
        case let status? where (200..<300).contains(status):
            return DoctorCheck(.key, subject, .ok, "set, accepted")
        default:
            return DoctorCheck(.key, subject, .note, "set, not checked: OpenWeatherMap did not answer")
        }
    }
}
