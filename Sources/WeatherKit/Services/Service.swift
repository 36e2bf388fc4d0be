import WXBasics

/// The web services wx talks to, with what users must be told about each.
///
/// Adding a service is one `case` here and its one row in `facts`: its setting word, its name,
/// the `WX_…_URL` variable that overrides its base URL, the public default and its attribution.
/// `Configuration` reads and checks every variable from this table, `about` and the man page's
/// list follow it, and error messages name the variable from it.
package enum Service: String, Sendable, CaseIterable, Codable {
    case nominatim
    case openMeteo
    case openMeteoGeocoding
    case openMeteoAirQuality
    case openWeatherMap
    /// Open-Meteo's Historical Weather API (`/v1/archive`, ERA5 reanalysis from 1940): what
    /// happened on past days.
    case openMeteoArchive
    /// Official warnings (Services/Warnings): the US National Weather Service, DWD through
    /// Bright Sky, Environment Canada, MET Norway MetAlerts, MeteoAlarm.
    case nws, brightSky, eccc, metNorway, meteoAlarm
    /// Open-Meteo's Previous Runs API (`/v1/forecast` on its own host): what the model runs of
    /// the last seven days predicted.
    case openMeteoPreviousRuns
    /// Open-Meteo's Ensemble API (`/v1/ensemble`): every member of an ensemble model.
    case openMeteoEnsemble

    /// One service's row of the table.
    package struct Facts: Sendable {
        /// How the `provider` and `geocoder` settings name it ("open-meteo" for every
        /// Open-Meteo service).
        package let settingWord: String
        /// The name shown in messages ("Nominatim", "Open-Meteo").
        package let displayName: String
        /// The environment variable that overrides the base URL (`WX_…_URL`).
        package let baseURLVariable: String
        /// The public endpoint used when the variable is unset (no trailing slash).
        package let defaultBaseURL: String
        /// The attribution the data's licence asks for.
        package let attribution: String
    }

    /// The table: one row per service.
    package var facts: Facts {
        switch self {
        case .nominatim:
            Facts(
                settingWord: "nominatim", displayName: "Nominatim", baseURLVariable: "WX_NOMINATIM_URL",
                defaultBaseURL: "https://nominatim.openstreetmap.org",
                attribution:
                    "Geocoding by Nominatim — data © OpenStreetMap contributors, ODbL 1.0 (openstreetmap.org/copyright)"
            )
        case .openMeteo:
            Facts(
                settingWord: "open-meteo", displayName: "Open-Meteo", baseURLVariable: "WX_OPEN_METEO_URL",
                defaultBaseURL: "https://api.open-meteo.com", attribution: Self.openMeteoAttribution)
        case .openMeteoGeocoding:
            Facts(
                settingWord: "open-meteo", displayName: "Open-Meteo geocoding",
                baseURLVariable: "WX_OPEN_METEO_GEOCODING_URL",
                defaultBaseURL: "https://geocoding-api.open-meteo.com",
                attribution: "Geocoding by Open-Meteo.com (GeoNames data), CC BY 4.0")
        case .openMeteoAirQuality:
            Facts(
                settingWord: "open-meteo", displayName: "Open-Meteo air quality",
                baseURLVariable: "WX_OPEN_METEO_AIR_QUALITY_URL",
                defaultBaseURL: "https://air-quality-api.open-meteo.com", attribution: Self.openMeteoAttribution)
        case .openWeatherMap:
            Facts(
                settingWord: "openweathermap", displayName: "OpenWeatherMap", baseURLVariable: "WX_OPENWEATHERMAP_URL",
                defaultBaseURL: "https://api.openweathermap.org",
                attribution: "Weather data by OpenWeather (openweathermap.org), CC BY-SA 4.0")
        case .openMeteoArchive:
            Facts(
                settingWord: "open-meteo", displayName: "Open-Meteo archive",
                baseURLVariable: "WX_OPEN_METEO_ARCHIVE_URL",
                defaultBaseURL: "https://archive-api.open-meteo.com", attribution: Self.openMeteoAttribution)
        case .nws:
            Facts(
                settingWord: "nws", displayName: "NWS", baseURLVariable: "WX_NWS_URL",
                defaultBaseURL: "https://api.weather.gov",
                attribution: "Warnings by the US National Weather Service (api.weather.gov), public domain")
        case .brightSky:
            Facts(
                settingWord: "brightsky", displayName: "Bright Sky (DWD)", baseURLVariable: "WX_BRIGHTSKY_URL",
                defaultBaseURL: "https://api.brightsky.dev",
                attribution:
                    "Warnings by Deutscher Wetterdienst (DWD, dwd.de), via Bright Sky (brightsky.dev); DWD data under GeoNutzV, source: Deutscher Wetterdienst"
            )
        case .eccc:
            Facts(
                settingWord: "eccc", displayName: "Environment Canada", baseURLVariable: "WX_ECCC_URL",
                defaultBaseURL: "https://api.weather.gc.ca",
                attribution:
                    "Alerts by Environment and Climate Change Canada (weather.gc.ca), Open Government Licence – Canada")
        case .metNorway:
            Facts(
                settingWord: "met-norway", displayName: "MET Norway", baseURLVariable: "WX_METNO_URL",
                defaultBaseURL: "https://api.met.no",
                attribution: "Warnings by MET Norway (api.met.no MetAlerts), CC BY 4.0 and NLOD 2.0")
        case .meteoAlarm:
            Facts(
                settingWord: "meteoalarm", displayName: "MeteoAlarm", baseURLVariable: "WX_METEOALARM_URL",
                defaultBaseURL: "https://feeds.meteoalarm.org",
                attribution:
                    "Warnings via MeteoAlarm (meteoalarm.org, EUMETNET) from the national weather services; reuse with attribution to MeteoAlarm and the issuing service"
            )
        case .openMeteoPreviousRuns:
            Facts(
                settingWord: "open-meteo", displayName: "Open-Meteo previous runs",
                baseURLVariable: "WX_OPEN_METEO_PREVIOUS_RUNS_URL",
                defaultBaseURL: "https://previous-runs-api.open-meteo.com", attribution: Self.openMeteoAttribution)
        case .openMeteoEnsemble:
            Facts(
                settingWord: "open-meteo", displayName: "Open-Meteo ensemble",
                baseURLVariable: "WX_OPEN_METEO_ENSEMBLE_URL",
                defaultBaseURL: "https://ensemble-api.open-meteo.com", attribution: Self.openMeteoAttribution)
        }
    }

    private static let openMeteoAttribution = "Weather data by Open-Meteo.com, CC BY 4.0"

    /// The name shown in messages ("Nominatim", "Open-Meteo").
    package var displayName: String { facts.displayName }

    /// The environment variable that overrides the base URL.
    package var baseURLVariable: String { facts.baseURLVariable }

    /// The public endpoint used when the variable is unset.
    package var defaultBaseURL: String { facts.defaultBaseURL }

    /// The attribution the data's licence asks for.
    package var attribution: String { facts.attribution }

    /// The least time between two requests to this service at `url` from wx, seconds: one second
    /// to the public Nominatim (its usage policy allows at most one request per second for the
    /// whole application), however it is reached — any scheme, port, letter case, through a
    /// proxy; nothing to a server of the user's own that `WX_NOMINATIM_URL` names, nor to any
    /// other service.
    package func minimumRequestInterval(to url: String) -> Double {
        guard self == .nominatim, let origin = RedirectRule.origin(url) else { return 0 }
        var host = origin.authority.prefix { $0 != ":" }
        if host.hasSuffix(".") { host = host.dropLast() }  // the fully qualified spelling
        return host == Self.publicNominatimHost ? 1.0 : 0
    }

    /// The host of the public Nominatim, whose usage policy the spacing keeps.
    package static let publicNominatimHost = "nominatim.openstreetmap.org"
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
