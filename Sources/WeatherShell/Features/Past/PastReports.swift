import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// `past`: the weather of past days at a place, and where it came from.
package struct PastReport: Hashable, Sendable {
    package var place: Place
    package var weather: PastWeather
    package var origin: DataOrigin
}

/// `normal`: a place's 1991–2020 normals for the days from `from`.
package struct NormalReport: Hashable, Sendable {
    package var place: Place
    package var climatology: Climatology
    /// The days shown, from the place's today.
    package var days: [LocalDate]
    package var origin: DataOrigin
}
