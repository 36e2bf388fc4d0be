#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherKit
import WeatherStore

extension WeatherSession {
    /// A session on the real services, configured from the environment.
    ///
    /// Nothing touches the network here: libcurl starts at the first request.
    ///
    /// - Parameters:
    ///   - transport: the HTTP transport (libcurl in the product).
    ///   - offline: answer from the cache only.
    /// - Returns: the session.
    public static func live(configuration: Configuration, transport: any HTTPTransport, offline: Bool) -> WeatherSession {
        let fixed = configuration.fixedNow
        let now: @Sendable () -> Date = { fixed ?? Date() }
        // state.plist is read when a command first needs favorites or settings, not here.
        let state = StateStore(folder: configuration.configFolder, now: now)
        let log = EventLog(folder: configuration.stateFolder)
        let context = ServiceContext(
            transport: transport, cache: ResponseCache(folder: configuration.cacheFolder), now: now,
            userAgent: WXVersion.userAgent(contact: configuration.contact),
            limits: TransferLimits(totalTimeoutSeconds: configuration.requestTimeoutSeconds),
            spacing: RequestSpacing(lockFolder: configuration.runtimeFolder), offline: offline)
        var providers: [any ForecastProvider] = [OpenMeteoForecastProvider(baseURL: configuration.endpoints[.openMeteo], context: context)]
        var geocoders: [any Geocoder] = [
            NominatimGeocoder(baseURL: configuration.endpoints[.nominatim], context: context),
            OpenMeteoGeocoder(baseURL: configuration.endpoints[.openMeteoGeocoding], context: context),
        ]
        if let key = configuration.openWeatherMapKey {
            let openWeatherMap = OpenWeatherMapProvider(baseURL: configuration.endpoints[.openWeatherMap], key: key, context: context)
            providers.append(openWeatherMap)
            geocoders.append(openWeatherMap)
        }
        let services = WeatherServices(
            geocoders: geocoders,
            forecastProviders: providers,
            airQuality: OpenMeteoAirQualityProvider(baseURL: configuration.endpoints[.openMeteoAirQuality], context: context))
        return WeatherSession(configuration: configuration, services: services, state: state, log: log, now: now)
    }
}
