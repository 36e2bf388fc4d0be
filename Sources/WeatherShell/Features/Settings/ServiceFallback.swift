import WeatherKit

/// A saved provider or geocoder this run cannot use, its key not being set, and the service used
/// instead: `provider` and `geocoder` say it beside the one in use, and the first command that may
/// ask a service says it once, in one line (trial 62: `provider` said “open-meteo” while `doctor`
/// said the provider was openweathermap, and a cron job got Open-Meteo's numbers untold).
struct ServiceFallback: Equatable {
    /// "provider" or "geocoder".
    let setting: String
    /// The service the setting names.
    let saved: Service
    /// The service used instead.
    let used: Service

    /// The variable that holds the saved service's key.
    var keyVariable: String { "OPENWEATHERMAP_API_KEY" }

    /// "provider openweathermap needs OPENWEATHERMAP_API_KEY (not set): using open-meteo".
    var text: String {
        "\(setting) \(WeatherServices.word(for: saved)) needs \(keyVariable) (not set): using \(WeatherServices.word(for: used))"
    }

    /// What `provider` says beside the service in use: "openweathermap is saved, but needs
    /// OPENWEATHERMAP_API_KEY, which is not set".
    var note: String { "\(WeatherServices.word(for: saved)) is saved, but needs \(keyVariable), which is not set" }

    /// The fallback of the `provider` setting (`saved`, a setting word) when the service it
    /// names is not among those this run has (`available`: they lack the key); nil otherwise.
    static func provider(saved: String?, used: Service, available: [Service]) -> ServiceFallback? {
        fallback("provider", saved: WeatherServices.service(named: saved, geocoding: false), used, available)
    }

    /// As `provider(saved:used:available:)`, for the `geocoder` setting.
    static func geocoder(saved: String?, used: Service, available: [Service]) -> ServiceFallback? {
        fallback("geocoder", saved: WeatherServices.service(named: saved, geocoding: true), used, available)
    }

    private static func fallback(_ setting: String, saved: Service?, _ used: Service, _ available: [Service])
        -> ServiceFallback?
    {
        guard let saved, saved != used, saved == .openWeatherMap, !available.contains(saved) else { return nil }
        return ServiceFallback(setting: setting, saved: saved, used: used)
    }

    /// One line for both settings' fallbacks: "provider openweathermap and geocoder
    /// openweathermap need OPENWEATHERMAP_API_KEY (not set): using open-meteo and nominatim";
    /// nil for none.
    static func line(_ fallbacks: [ServiceFallback]) -> String? {
        guard fallbacks.count == 2 else { return fallbacks.first?.text }
        let (first, second) = (fallbacks[0], fallbacks[1])
        return
            "\(first.setting) \(WeatherServices.word(for: first.saved)) and \(second.setting) \(WeatherServices.word(for: second.saved)) need \(first.keyVariable) (not set): using \(WeatherServices.word(for: first.used)) and \(WeatherServices.word(for: second.used))"
    }
}
