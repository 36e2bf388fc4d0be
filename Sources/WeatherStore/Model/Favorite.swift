import Dispatch
import FoundationEssentials
import Synchronization
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// A saved place. Identified by its coordinate, rounded to 4 decimals, as it was asked for.
package struct Favorite: Hashable, Sendable, Codable {
    /// The name used by `show <name>`, completion and `fav rm`; unique among favorites.
    package var name: String
    /// Degrees, WGS 84, 4 decimals.
    package var latitude: Double
    /// Degrees, WGS 84, 4 decimals.
    package var longitude: Double
    /// The geocoder's label ("Hamburg, Deutschland").
    package var displayName: String
    /// ISO 3166-1 alpha-2, lowercase; nil when unknown.
    package var countryCode: String?
    /// Keys of the favorite's dictionary in state.plist that this wx does not know (a newer wx
    /// or the user added them), kept as they were and written back.
    package var otherEntries: [String: PlistValue] = [:]

    /// A favorite of a place a service found. Its texts are bounded before they are stored: the
    /// display name cut to `longestDisplayName` characters (ending in "…"), a country code that
    /// is not 2 or 3 letters left out.
    package init(name: String, place: Place) {
        self.name = name
        self.latitude = place.coordinate.latitude
        self.longitude = place.coordinate.longitude
        let label = place.label
        self.displayName =
            label.count > Self.longestDisplayName ? String(label.prefix(Self.longestDisplayName - 1)) + "…" : label
        self.countryCode = place.countryCode.flatMap(Self.boundedCountryCode)
    }

    /// The longest name a favorite may have, characters: `fav` cuts a longer place name to it,
    /// `fav rename` and `import favorites` refuse a longer one (README "Your data").
    package static let longestName = 100

    /// `name` cut to `longestName` characters, ending in "…" when it was cut.
    package static func boundedName(_ name: String) -> String {
        name.count > longestName ? String(name.prefix(longestName - 1)) + "…" : name
    }

    /// The coordinates `name` reads as when they are 1 km or more from `coordinate`: a favorite
    /// so named would stand for another place wherever coordinates are typed (`show 52.5,13.4`
    /// shows the favorite, not the place), so `fav rename` and `import favorites` refuse it.
    /// Nil for a name that reads as no coordinates, or as the favorite's own.
    package static func nameReadsAsOtherPlace(_ name: String, at coordinate: Coordinate) -> Coordinate? {
        guard let read = Coordinate(parsing: name), read.kilometres(to: coordinate) >= 1 else { return nil }
        return read
    }

    /// The longest display name kept, characters (as `Snapshot.longestPlaceName`).
    package static let longestDisplayName = Snapshot.longestPlaceName

    /// `code` when it is 2 or 3 ASCII letters (ISO 3166-1 alpha-2 or alpha-3), else nil.
    package static func boundedCountryCode(_ code: String) -> String? {
        let scalars = code.unicodeScalars
        guard (2...3).contains(scalars.count), scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            return nil
        }
        return code
    }

    /// A favorite with every field given (`import favorites`); the coordinate is rounded to 4 decimals.
    package init(name: String, coordinate: Coordinate, displayName: String, countryCode: String?) {
        self.name = name
        self.latitude = coordinate.rounded.latitude
        self.longitude = coordinate.rounded.longitude
        self.displayName = displayName
        self.countryCode = countryCode
    }

    package var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude).rounded }

    /// The favorite as a place to show, under the favorite's own name.
    package var place: Place {
        Place(name: name, region: region, countryCode: countryCode, coordinate: coordinate, displayName: displayName)
    }

    /// The region and country: the display name ("Elbphilharmonie, Hamburg, Deutschland")
    /// without its first part, the place's original name, which a rename may have replaced;
    /// "" when the display name is the favorite's name (an import without one).
    package var region: String {
        // A place known only by its coordinates ("31.5000,74.4000") has no region, nor one whose
        // display name is its name (imported without one: "Qu,x" is a name, not "Qu" in "x";
        // trial 60).
        guard displayName != name, Coordinate(parsing: displayName) == nil else { return "" }
        if let region = Self.asciiRegion(displayName) { return region }
        let parts = displayName.split(separator: ",", maxSplits: 1)
        return parts.count == 2 ? parts[1].trimmed : ""
    }

    /// `region`'s split for ASCII text, from its bytes (`favs` asks it of every favorite): what
    /// follows the first comma after any leading ones, trimmed — "" when nothing does. Nil for
    /// text that is not ASCII.
    static func asciiRegion(_ text: String) -> String? {
        // From the bytes in place (`withUTF8` copies only a string that does not hold them together).
        var text = text
        return text.withUTF8 { bytes in
            asciiRegionRange(bytes).map { range in
                range.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? ""
            }
        }
    }

    /// Where `asciiRegion`'s answer lies in `bytes`: nil when they are not ASCII, `.some(nil)`
    /// when the region is empty.
    private static func asciiRegionRange(_ bytes: UnsafeBufferPointer<UInt8>) -> ClosedRange<Int>?? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        // Leading commas make empty parts, which the split leaves out.
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: ",") }),
            let comma = bytes[first...].firstIndex(of: UInt8(ascii: ","))
        else { return .some(nil) }
        // Trimmed as `trimmed` does: in ASCII, the white space is tab to carriage return and space.
        func isSpace(_ byte: UInt8) -> Bool { (0x09...0x0D).contains(byte) || byte == 0x20 }
        guard let start = bytes[bytes.index(after: comma)...].firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return .some(nil) }
        return start...last
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, latitude, longitude, displayName, countryCode }

    /// Reads a favorite from state.plist.
    ///
    /// `displayName` and `countryCode` may be absent (the name stands for the first, the second
    /// is unknown), but one of another type throws, as a latitude out of range does, so that the
    /// favorite is left out, counted (`StateDocument.unreadableEntries`) and written back as it
    /// was (`KeptFavorites`) (trial 16: `<integer>` for a display name was read as no display
    /// name and dropped from the file at the next write, without a word).
    ///
    /// - Throws: `DecodingError` when `name`, `latitude` or `longitude` is missing, any key holds
    ///   a value of the wrong type, the name is empty or the coordinate is not on Earth.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = TerminalText.sanitized(try container.decode(String.self, forKey: .name)).trimmed
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        displayName = TerminalText.sanitized(try container.decodeIfPresent(String.self, forKey: .displayName) ?? name)
        countryCode = try container.decodeIfPresent(String.self, forKey: .countryCode)
        guard !name.isEmpty, Coordinate(latitude: latitude, longitude: longitude).isValid else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "invalid favorite"))
        }
        otherEntries = PlistValue.otherEntries(in: decoder, known: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(displayName, forKey: .displayName)
        try container.encodeIfPresent(countryCode, forKey: .countryCode)
        try PlistValue.encode(otherEntries, to: encoder)
    }
}
