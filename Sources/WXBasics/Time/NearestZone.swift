import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The time zone whose principal place lies nearest to a coordinate, from the tz database's
/// `zone1970.tab` (one line per zone: country codes, the place's coordinates as ±DDMM±DDDMM or
/// ±DDMMSS±DDDMMSS, the zone name).
///
/// A guess for a place whose zone no service has named yet: right away from borders, and
/// where it is wrong, most often a neighbour with the same clock. Far from the city that names
/// its zone, a place can lie nearer another country's (Hammerfest is nearer Helsinki than
/// Berlin, whose zone Norway keeps): given the place's country, only that country's zones are
/// taken. Whoever uses it lets a service's own zone win once there is one.
package enum NearestZone {
    /// The zones' places, read once: (latitude, longitude in degrees, zone name, the countries
    /// it covers as ISO 3166-1 alpha-2 codes, uppercase).
    static let places: [(latitude: Double, longitude: Double, zone: String, countries: [Substring])] = {
        guard let data = FileIO.read("/usr/share/zoneinfo/zone1970.tab", limit: 1 << 20) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let coordinate = coordinates(fields[1]) else { return nil }
            return (
                coordinate.latitude, coordinate.longitude, String(fields[2]), fields[0].split(separator: ",")
            )
        }
    }()

    /// The zone nearest to `latitude`, `longitude` (degrees) among those of `countryCode` (ISO
    /// 3166-1 alpha-2, either case) when the table has any for it, else among all; nil without
    /// the table.
    package static func identifier(latitude: Double, longitude: Double, countryCode: String? = nil) -> String? {
        let radians = Double.pi / 180
        func distance(_ place: (latitude: Double, longitude: Double, zone: String, countries: [Substring])) -> Double {
            let dLatitude = (place.latitude - latitude) * radians
            let dLongitude = (place.longitude - longitude) * radians
            let a =
                sin(dLatitude / 2) * sin(dLatitude / 2)
                + cos(latitude * radians) * cos(place.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
            return asin(min(1, a.squareRoot()))
        }
        let code = countryCode?.uppercased()
        let own = code.map { code in places.filter { $0.countries.contains { $0 == code } } } ?? []
        return (own.isEmpty ? places : own).min { distance($0) < distance($1) }?.zone
    }

    /// "+5330+01000" or "+533000+0100000" → (53.5, 10.0); nil for anything else.
    static func coordinates(_ text: Substring) -> (latitude: Double, longitude: Double)? {
        let bytes = Array(text.utf8)
        guard let split = bytes.dropFirst().firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") })
        else { return nil }
        func angle(_ part: ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
            guard let sign = part.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let digits = part.dropFirst()
            guard digits.allSatisfy({ (48...57).contains($0) }),
                digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4
            else { return nil }
            let values = digits.map { Int($0) - 48 }
            func number(_ range: Range<Int>) -> Double { Double(range.reduce(0) { $0 * 10 + values[$1] }) }
            var value = number(0..<degreeDigits) + number(degreeDigits..<degreeDigits + 2) / 60
            if digits.count == degreeDigits + 4 { value += number(degreeDigits + 2..<degreeDigits + 4) / 3_600 }
            return sign == UInt8(ascii: "-") ? -value : value
        }
        guard let latitude = angle(bytes[..<split], degreeDigits: 2),
            let longitude = angle(bytes[split...], degreeDigits: 3)
        else { return nil }
        return (latitude, longitude)
    }
}
