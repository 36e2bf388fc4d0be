import WXBasics

/// The web services wx talks to, with what users must be told about each.
package enum Service: String, Sendable, CaseIterable, Codable {
    case nominatim
    case openMeteo
    case openMeteoGeocoding
    case openMeteoAirQuality
    case openWeatherMap
    /// Open-Meteo's Historical Weather API (`/v1/archive`, ERA5 reanalysis from 1940): what
    /// happened on past days.
    case openMeteoArchive
    /// Open-Meteo's Ensemble API (`/v1/ensemble`): every member of an ensemble model.
    case openMeteoEnsemble

    /// The name shown in messages ("Nominatim", "Open-Meteo").
    package var displayName: String {
        switch self {
        case .nominatim: "Nominatim"
        case .openMeteo: "Open-Meteo"
        case .openMeteoGeocoding: "Open-Meteo geocoding"
        case .openMeteoAirQuality: "Open-Meteo air quality"
        case .openWeatherMap: "OpenWeatherMap"
        case .openMeteoArchive: "Open-Meteo archive"
        case .openMeteoEnsemble: "Open-Meteo ensemble"
        }
    }

    /// The environment variable that overrides the base URL.
    package var baseURLVariable: String {
        switch self {
        case .nominatim: "WX_NOMINATIM_URL"
        case .openMeteo: "WX_OPEN_METEO_URL"
        case .openMeteoGeocoding: "WX_OPEN_METEO_GEOCODING_URL"
        case .openMeteoAirQuality: "WX_OPEN_METEO_AIR_QUALITY_URL"
        case .openWeatherMap: "WX_OPENWEATHERMAP_URL"
        case .openMeteoArchive: "WX_OPEN_METEO_ARCHIVE_URL"
        case .openMeteoEnsemble: "WX_OPEN_METEO_ENSEMBLE_URL"
        }
    }

    /// The public endpoint used when the variable is unset.
    package var defaultBaseURL: String {
        switch self {
        case .nominatim: "https://nominatim.openstreetmap.org"
        case .openMeteo: "https://api.open-meteo.com"
        case .openMeteoGeocoding: "https://geocoding-api.open-meteo.com"
        case .openMeteoAirQuality: "https://air-quality-api.open-meteo.com"
        case .openWeatherMap: "https://api.openweathermap.org"
        case .openMeteoArchive: "https://archive-api.open-meteo.com"
        case .openMeteoEnsemble: "https://ensemble-api.open-meteo.com"
        }
    }

    /// The attribution the data's licence asks for.
    package var attribution: String {
        switch self {
        case .nominatim:
            "Geocoding by Nominatim — data © OpenStreetMap contributors, ODbL 1.0 (openstreetmap.org/copyright)"
        case .openMeteo, .openMeteoAirQuality, .openMeteoArchive, .openMeteoEnsemble: "Weather data by Open-Meteo.com, CC BY 4.0"
        case .openMeteoGeocoding: "Geocoding by Open-Meteo.com (GeoNames data), CC BY 4.0"
        case .openWeatherMap: "Weather data by OpenWeather (openweathermap.org), CC BY-SA 4.0"
        }
    }

    /// The least time between two requests to this service from wx, seconds (Nominatim's usage
    /// policy allows at most one request per second for the whole application).
    package var minimumRequestInterval: Double { self == .nominatim ? 1.0 : 0 }
}

/// The version of wx, named once: `--version`, the User-Agent and the state files read it.
package enum WXVersion {
    package static let current = "0.1.0"
    /// Where the operators of a service can find who runs this client (Nominatim policy).
    package static let contactURL = "https://github.com/wx-shell/wx"

    /// "wx/0.1.0 (+https://github.com/wx-shell/wx)", plus the user's contact when given.
    package static func userAgent(contact: String? = nil) -> String {
        var agent = "wx/\(current) (+\(contactURL)"
        if let contact, !contact.isEmpty { agent += "; \(TerminalText.sanitized(contact))" }
        return agent + ")"
    }
}
