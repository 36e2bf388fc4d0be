import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Where the sun is, from the coordinates and the instant alone: daylight for `best`'s
/// `daylight`, and day or night for an hour whose day has no sunrise and sunset in the answer.
package enum SolarPosition {
    /// The sun's elevation above the horizon at `seconds` since 1970 (UTC) at `coordinate`,
    /// degrees, by the usual low-precision formulas (the Astronomical Almanac's, good to about
    /// 0.01° in declination for this century): mean anomaly and longitude from J2000.0, the
    /// ecliptic longitude, right ascension and declination, then the hour angle from Greenwich
    /// mean sidereal time.
    package static func elevationDegrees(at seconds: Int, _ coordinate: Coordinate) -> Double {
        let radians = Double.pi / 180
        let d = Double(seconds) / 86_400 - 10_957.5
        let g = (357.529 + 0.985_600_28 * d) * radians
        let q = 280.459 + 0.985_647_36 * d
        let l = (q + 1.915 * sin(g) + 0.020 * sin(2 * g)) * radians
        let e = (23.439 - 0.000_000_36 * d) * radians
        let rightAscension = atan2(cos(e) * sin(l), cos(l)) / radians
        let declination = asin(sin(e) * sin(l))
        let sidereal = (18.697_374_558 + 24.065_709_824_419_08 * d).truncatingRemainder(dividingBy: 24)
        let hourAngle = (sidereal * 15 + coordinate.longitude - rightAscension) * radians
        let latitude = coordinate.latitude * radians
        let overhead: Double = sin(latitude) * sin(declination)
        let around: Double = cos(latitude) * cos(declination) * cos(hourAngle)
        return asin(overhead + around) / radians
    }

    /// Whether the sun's upper edge is above the horizon, refraction included: an elevation of
    /// the centre above −0.833° (the definition of sunrise and sunset).
    package static func isDaylight(at seconds: Int, _ coordinate: Coordinate) -> Bool {
        elevationDegrees(at: seconds, coordinate) > -0.833
    }
}
