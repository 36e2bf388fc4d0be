import FoundationEssentials

extension OpenWeatherMapProvider {
    /// The WMO 4677 code nearest to an OpenWeatherMap condition id.
    ///
    /// Sources: OpenWeatherMap's "Weather Conditions" page (openweathermap.org/weather-conditions)
    /// gives the ids, and for the clouds group the cover each means: 800 clear sky, 801 few
    /// clouds (11–25 %), 802 scattered clouds (25–50 %), 803 broken clouds (51–84 %), 804
    /// overcast clouds (85–100 %). Open-Meteo's `weather_code` (open-meteo.com/en/docs, "WMO
    /// Weather interpretation codes") uses WMO code table 4677's 0–3 as 0 clear sky, 1 mainly
    /// clear, 2 partly cloudy, 3 overcast. So 801 is mainly clear (1); 802 and 803, up to 84 %
    /// of the sky, are partly cloudy (2) — broken clouds are not overcast; only 804 is
    /// overcast (3).
    static func wmoCode(_ id: Int) -> Int? {
        switch id {
        case 200...232: return id == 202 || id == 212 || id == 221 || id == 232 ? 99 : 95
        case 300...301, 310...311: return 51
        case 302, 312...321: return 55
        case 500: return 61
        case 501: return 63
        case 502...504: return 65
        case 511: return 66
        case 520: return 80
        case 521: return 81
        case 522, 531: return 82
        case 600, 615, 620: return 71
        case 601, 616, 621: return 73
        case 602, 622: return 75
        case 611...613: return 77
        case 701, 711, 721, 741: return 45
        case 731, 751, 761, 762, 771, 781: return 45
        case 800: return 0
        case 801: return 1
        case 802, 803: return 2
        case 804: return 3
        default: return nil
        }
    }
}
