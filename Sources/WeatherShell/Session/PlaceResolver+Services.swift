import WeatherKit
import WeatherStore

/// The services the settings choose: the geocoder and forecast provider a command asks, read
/// from the settings alone where no favorite is needed.
extension PlaceResolver {
    /// The geocoder the `geocoder` setting names, else the default.
    var geocoder: any Geocoder { Self.geocoder(settings: settings, services: services) }

    /// The provider the `provider` setting names, else the default.
    var forecastProvider: any ForecastProvider { Self.forecastProvider(settings: settings, services: services) }

    /// The geocoder `settings.geocoder` names among `services.geocoders`, else the first (the
    /// default). Needs no favorites: a command that only asks which service is chosen
    /// (`ServiceFallback`, `about`) does not decode state.plist's favorites for it.
    nonisolated static func geocoder(settings: Settings, services: WeatherServices) -> any Geocoder {
        let wanted = WeatherServices.service(named: settings.geocoder, geocoding: true)
        return services.geocoders.first { $0.service == wanted } ?? services.geocoders[0]
    }

    /// The provider `settings.provider` names among `services.forecastProviders`, else the
    /// first (the default); needs no favorites, as `geocoder(settings:services:)`.
    nonisolated static func forecastProvider(settings: Settings, services: WeatherServices) -> any ForecastProvider {
        let wanted = WeatherServices.service(named: settings.provider, geocoding: false)
        return services.forecastProviders.first { $0.service == wanted } ?? services.forecastProviders[0]
    }

    /// The chosen geocoder, with the others to stand in for it (`GeocoderChain`), sharing one
    /// `WX_TIMEOUT`.
    var geocoderChain: GeocoderChain {
        GeocoderChain(chosen: geocoder, others: services.geocoders, budgetSeconds: requestTimeoutSeconds)
    }
}
