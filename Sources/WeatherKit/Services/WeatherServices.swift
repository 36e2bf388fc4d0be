/// The services a session can use, one slot per kind of service; the `provider` and
/// `geocoder` settings choose among those of a slot that holds several.
///
/// Adding a service (an official-warnings feed, an ensemble API):
/// 1. `Service.swift`: a `case` and its row in `Service.facts` (name, `WX_…_URL` variable,
///    default base URL, attribution, setting word). `Configuration` reads the variable from it.
/// 2. The provider: one file in `Services/` (Open-Meteo ones in `Services/OpenMeteo/`, reading
///    answers through `OpenMeteoAnswer`), conforming to the protocol of its slot. A new kind of
///    service also declares its protocol and gets a slot here.
/// 3. One line in `live(baseURL:openWeatherMapKey:context:)` below.
/// 4. Its recorded answers in `Fixtures/<service>/` with a `routes.d/<service>.json`, and a
///    fake of its protocol in `Tests/WeatherTestSupport`.
package struct WeatherServices: Sendable {
    /// Every geocoder, the default first (Nominatim, then Open-Meteo geocoding). When the chosen
    /// one cannot be used (down, blocked, rate-limited), the others stand in (`GeocoderChain`).
    package var geocoders: [any Geocoder]
    /// Every forecast provider, the default first (Open-Meteo; OpenWeatherMap with a key).
    package var forecastProviders: [any ForecastProvider]
    /// Air quality (`air`); nil in tests that do not need it.
    package var airQuality: (any AirQualityProvider)?
    /// Past days, normals and what happened to kept forecasts (`past`, `normals`, `saved N`);
    /// nil in tests that do not need it.
    package var past: (any PastWeatherProvider)?

    /// - Precondition: at least one geocoder and one forecast provider.
    package init(
        geocoders: [any Geocoder], forecastProviders: [any ForecastProvider],
        airQuality: (any AirQualityProvider)? = nil, past: (any PastWeatherProvider)? = nil
    ) {
        precondition(!geocoders.isEmpty && !forecastProviders.isEmpty, "a session needs a geocoder and a provider")
        self.geocoders = geocoders
        self.forecastProviders = forecastProviders
        self.airQuality = airQuality
        self.past = past
    }

    /// One geocoder and one provider (tests).
    package init(geocoder: any Geocoder, forecastProvider: any ForecastProvider) {
        self.init(geocoders: [geocoder], forecastProviders: [forecastProvider])
    }

    /// The real services.
    ///
    /// - Parameters:
    ///   - baseURL: each service's base URL (`Configuration.endpoints`).
    ///   - openWeatherMapKey: enables OpenWeatherMap as provider and geocoder.
    ///   - context: what every provider's requests share (transport, cache, clock, limits).
    package static func live(
        baseURL: (Service) -> String, openWeatherMapKey: String?, context: ServiceContext
    ) -> WeatherServices {
        let openWeatherMap = openWeatherMapKey.map {
            OpenWeatherMapProvider(baseURL: baseURL(.openWeatherMap), key: $0, context: context)
        }
        return WeatherServices(
            geocoders: [
                NominatimGeocoder(baseURL: baseURL(.nominatim), context: context),
                OpenMeteoGeocoder(baseURL: baseURL(.openMeteoGeocoding), context: context),
            ] + (openWeatherMap.map { [$0] } ?? []),
            forecastProviders: [OpenMeteoForecastProvider(baseURL: baseURL(.openMeteo), context: context)]
                + (openWeatherMap.map { [$0] } ?? []),
            airQuality: OpenMeteoAirQualityProvider(baseURL: baseURL(.openMeteoAirQuality), context: context),
            // Open-Meteo's archive for older days, its forecast host for recent ones.
            past: OpenMeteoPastProvider(
                archiveURL: baseURL(.openMeteoArchive), forecastURL: baseURL(.openMeteo), context: context))
    }

    /// The service for a setting's word: "nominatim", "open-meteo", "openweathermap" (and the
    /// aliases "openmeteo", "owm"); for `geocoding`, Open-Meteo's geocoder.
    package static func service(named word: String?, geocoding: Bool) -> Service? {
        switch word?.lowercased() {
        case "nominatim": .nominatim
        case "open-meteo", "openmeteo": geocoding ? .openMeteoGeocoding : .openMeteo
        case "openweathermap", "owm": .openWeatherMap
        default: nil
        }
    }

    /// The setting's word for a service (`Service.Facts.settingWord`).
    package static func word(for service: Service) -> String { service.facts.settingWord }
}
