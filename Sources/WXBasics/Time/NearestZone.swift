import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The time zone whose principal place lies nearest to a coordinate, from the tz database's
/// `zone1970.tab` (one line per zone: country codes, the place's coordinates as ±DDMM±DDDMM or
/// ±DDMMSS±DDDMMSS, the zone name).
///
/// The principal places are joined by `ZoneAnchors`, more places of known zone in the large
/// countries with several zones, where a place is often nearer another zone's principal place
/// than its own's (Portland, Oregon is nearer Boise than Los Angeles).
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
    /// Kept as the `Data` it was read into: copied into an array, the table was on the heap twice.
    static let table: Data = FileIO.read("/usr/share/zoneinfo/zone1970.tab", limit: 1 << 20) ?? Data()

    /// The zone nearest to `latitude`, `longitude` (degrees) among those of `countryCode` (ISO
    /// 3166-1 alpha-2, either case) when the table has any for it, else among all; nil without
    /// the table. With `accept`, only zones it accepts are taken (those keeping the UTC offset a
    /// service told), among the country's alone when it is given; nil when none is.
    package static func identifier(
        latitude: Double, longitude: Double, countryCode: String? = nil, accept: ((String) -> Bool)? = nil
    ) -> String? {
        let code = countryCode.flatMap { code -> (UInt8, UInt8)? in
            let letters = Array(code.uppercased().utf8)
            return letters.count == 2 ? (letters[0], letters[1]) : nil
        }
        if let code {
            let zone = nearest(latitude: latitude, longitude: longitude, country: code, accept: accept)
            // A told offset none of the country's zones keeps is no other country's zone's.
            if zone != nil || accept != nil { return zone }
        }
        return nearest(latitude: latitude, longitude: longitude, country: nil, accept: accept)
    }

    /// The zone of the nearest place of the table and of `ZoneAnchors` (the table's first
    /// among equals), among those listing `country` when given.
    static func nearest(
        latitude: Double, longitude: Double, country: (UInt8, UInt8)?, accept: ((String) -> Bool)? = nil
    ) -> String? {
        let principal = nearest(in: table, latitude: latitude, longitude: longitude, country: country, accept: accept)
        let anchor = nearest(
            in: ZoneAnchors.table, latitude: latitude, longitude: longitude, country: country, accept: accept)
        guard let anchor, let principal, anchor.distance < principal.distance else {
            return (principal ?? anchor)?.zone
        }
        return anchor.zone
    }

    /// The zone of the line of `table` nearest to the coordinate among the lines that list
    /// `country` (two uppercase ASCII letters) or, when nil, among all, with its distance
    /// (radians of arc over two); nil when none does.
    ///
    /// Lines and fields are found with memchr, and a line whose latitude alone puts it farther
    /// than the nearest so far is passed over before any trigonometry: its distance is at least
    /// half the difference of latitudes (the haversine's first term), so it could not win. The
    /// scan of every line took 0.33 M instructions (memchr-less byte loops, a parse of each
    /// place through slices, three sines and cosines a line) and `show` makes two (issue 39).
    static func nearest(
        in table: Data, latitude: Double, longitude: Double, country: (UInt8, UInt8)?,
        accept: ((String) -> Bool)? = nil
    ) -> (distance: Double, zone: String)? {
        table.withUnsafeBytes { raw -> (distance: Double, zone: String)? in
            let buffer = raw.bindMemory(to: UInt8.self)
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            func find(_ byte: UInt8, from start: Int, to end: Int) -> Int? {
                guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            let radians = Double.pi / 180
            let cosineOfLatitude = cos(latitude * radians)
            // A margin far above the rounding of the bound's few operations, far below any
            // difference between two of the table's places.
            let margin = 1e-9
            var best: (distance: Double, zone: Range<Int>)?
            var start = 0
            while start < count {
                let end = find(UInt8(ascii: "\n"), from: start, to: count) ?? count
                defer { start = end + 1 }
                guard start < end, base[start] != UInt8(ascii: "#"),
                    let firstTab = find(UInt8(ascii: "\t"), from: start, to: end),
                    let secondTab = find(UInt8(ascii: "\t"), from: firstTab + 1, to: end)
                else { continue }
                if let country, !lists(UnsafeBufferPointer(rebasing: buffer[start..<firstTab]), country) { continue }
                guard let place = coordinates(UnsafeBufferPointer(rebasing: buffer[(firstTab + 1)..<secondTab]))
                else { continue }
                let dLatitude = (place.latitude - latitude) * radians
                if let best, abs(dLatitude) / 2 - margin > best.distance { continue }
                let dLongitude = (place.longitude - longitude) * radians
                let a =
                    sin(dLatitude / 2) * sin(dLatitude / 2)
                    + cosineOfLatitude * cos(place.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
                let distance = asin(min(1, a.squareRoot()))
                if best == nil || distance < best!.distance {
                    let zoneEnd = find(UInt8(ascii: "\t"), from: secondTab + 1, to: end) ?? end
                    if let accept,
                        !accept(
                            String(
                                decoding: UnsafeBufferPointer(rebasing: buffer[(secondTab + 1)..<zoneEnd]),
                                as: UTF8.self))
                    {
                        continue
                    }
                    best = (distance, (secondTab + 1)..<zoneEnd)
                }
            }
            return best.map {
                ($0.distance, String(decoding: UnsafeBufferPointer(rebasing: buffer[$0.zone]), as: UTF8.self))
            }
        }
    }

    /// Whether a comma-separated list of country codes ("CH,DE,LI") holds `country`.
    static func lists(_ codes: UnsafeBufferPointer<UInt8>, _ country: (UInt8, UInt8)) -> Bool {
        var index = 0
        while index + 1 < codes.count {
            if codes[index] == country.0 && codes[index + 1] == country.1
                && (index + 2 == codes.count || codes[index + 2] == UInt8(ascii: ","))
            {
                return true
            }
            index += 3
        }
        return false
    }

    /// "+5330+01000" or "+533000+0100000" → (53.5, 10.0); nil for anything else.
    static func coordinates(_ text: Substring) -> (latitude: Double, longitude: Double)? {
        Array(text.utf8).withUnsafeBufferPointer { coordinates($0) }
    }

    /// `coordinates` of the field's bytes.
    static func coordinates(_ bytes: UnsafeBufferPointer<UInt8>) -> (latitude: Double, longitude: Double)? {
        @inline(__always) func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") }
        var split = 1
        while split < bytes.count, !isSign(bytes[split]) { split += 1 }
        guard bytes.count > 0, split < bytes.count else { return nil }
        /// ±DD[D]MM or ±DD[D]MMSS from `start` to `end`.
        func angle(_ start: Int, _ end: Int, degreeDigits: Int) -> Double? {
            guard isSign(bytes[start]) else { return nil }
            let digits = end - start - 1
            guard digits == degreeDigits + 2 || digits == degreeDigits + 4 else { return nil }
            var parts = (degrees: 0, minutes: 0, seconds: 0)
            for offset in 0..<digits {
                let byte = bytes[start + 1 + offset]
                guard byte >= 48 && byte <= 57 else { return nil }
                let digit = Int(byte) - 48
                if offset < degreeDigits {
                    parts.degrees = parts.degrees * 10 + digit
                } else if offset < degreeDigits + 2 {
                    parts.minutes = parts.minutes * 10 + digit
                } else {
                    parts.seconds = parts.seconds * 10 + digit
                }
            }
            var value = Double(parts.degrees) + Double(parts.minutes) / 60
            if digits == degreeDigits + 4 { value += Double(parts.seconds) / 3_600 }
            return bytes[start] == UInt8(ascii: "-") ? -value : value
        }
        guard let latitude = angle(0, split, degreeDigits: 2),
            let longitude = angle(split, bytes.count, degreeDigits: 3)
        else { return nil }
        return (latitude, longitude)
    }
}
