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
    /// The table's bytes, read once. Lines are read from them where they lie, only those of
    /// the country asked for when one is given: splitting the 17 KB table into `Character`s
    /// (grapheme breaking at every byte) and building a place for every line cost 15 M
    /// instructions, a third of a cold `find` and `show` (issue 39).
    static let table: [UInt8] = {
        guard let data = FileIO.read("/usr/share/zoneinfo/zone1970.tab", limit: 1 << 20) else { return [] }
        return [UInt8](data)
    }()

    /// The zone nearest to `latitude`, `longitude` (degrees) among those of `countryCode` (ISO
    /// 3166-1 alpha-2, either case) when the table has any for it, else among all; nil without
    /// the table.
    package static func identifier(latitude: Double, longitude: Double, countryCode: String? = nil) -> String? {
        let code = countryCode.flatMap { code -> (UInt8, UInt8)? in
            let letters = Array(code.uppercased().utf8)
            return letters.count == 2 ? (letters[0], letters[1]) : nil
        }
        if let code, let zone = nearest(in: table, latitude: latitude, longitude: longitude, country: code) {
            return zone
        }
        return nearest(in: table, latitude: latitude, longitude: longitude, country: nil)
    }

    /// The zone of the line of `table` nearest to the coordinate among the lines that list
    /// `country` (two uppercase ASCII letters) or, when nil, among all; nil when none does.
    static func nearest(
        in table: [UInt8], latitude: Double, longitude: Double, country: (UInt8, UInt8)?
    ) -> String? {
        let radians = Double.pi / 180
        var best: (distance: Double, zone: Range<Int>)?
        var start = 0
        while start < table.count {
            let end = table[start...].firstIndex(of: UInt8(ascii: "\n")) ?? table.count
            defer { start = end + 1 }
            guard start < end, table[start] != UInt8(ascii: "#") else { continue }
            let line = table[start..<end]
            guard let firstTab = line.firstIndex(of: UInt8(ascii: "\t")),
                let secondTab = line[(firstTab + 1)...].firstIndex(of: UInt8(ascii: "\t"))
            else { continue }
            if let country, !lists(line[..<firstTab], country) { continue }
            guard let place = coordinates(line[(firstTab + 1)..<secondTab]) else { continue }
            let zoneEnd = line[(secondTab + 1)...].firstIndex(of: UInt8(ascii: "\t")) ?? end
            let dLatitude = (place.latitude - latitude) * radians
            let dLongitude = (place.longitude - longitude) * radians
            let a =
                sin(dLatitude / 2) * sin(dLatitude / 2)
                + cos(latitude * radians) * cos(place.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
            let distance = asin(min(1, a.squareRoot()))
            if best == nil || distance < best!.distance { best = (distance, (secondTab + 1)..<zoneEnd) }
        }
        return best.map { String(decoding: table[$0.zone], as: UTF8.self) }
    }

    /// Whether a comma-separated list of country codes ("CH,DE,LI") holds `country`.
    static func lists(_ codes: ArraySlice<UInt8>, _ country: (UInt8, UInt8)) -> Bool {
        var index = codes.startIndex
        while index + 1 < codes.endIndex {
            if codes[index] == country.0 && codes[index + 1] == country.1
                && (index + 2 == codes.endIndex || codes[index + 2] == UInt8(ascii: ","))
            {
                return true
            }
            index += 3
        }
        return false
    }

    /// "+5330+01000" or "+533000+0100000" → (53.5, 10.0); nil for anything else.
    static func coordinates(_ text: Substring) -> (latitude: Double, longitude: Double)? {
        coordinates(Array(text.utf8)[...])
    }

    /// `coordinates` of the field's bytes.
    static func coordinates(_ bytes: ArraySlice<UInt8>) -> (latitude: Double, longitude: Double)? {
        guard let split = bytes.dropFirst().firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") })
        else { return nil }
        func angle(_ part: ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
            guard let sign = part.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let digits = part.dropFirst()
            guard digits.allSatisfy({ (48...57).contains($0) }),
                digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4
            else { return nil }
            func number(_ offsets: Range<Int>) -> Double {
                Double(offsets.reduce(0) { $0 * 10 + Int(digits[digits.startIndex + $1]) - 48 })
            }
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
