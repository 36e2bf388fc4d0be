import CLineScan
import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// A reader for the state.plist documents wx writes itself, about fifteen times faster than
/// FoundationEssentials' `PropertyListDecoder` on 10,000 favorites (`favs` reads the file whole).
///
/// It reads only the shape wx writes: an XML property list whose top-level dictionary holds
/// `version` (`<integer>`), `favorites` (an array of dictionaries with `name`, `latitude`,
/// `longitude`, `displayName`, `countryCode`) and `settings` (`units` as a version 2 preset with
/// string overrides, `language`, `geocoder`, `provider`). Anything else — a key it does not know
/// (kept by the reference path as `otherEntries`), a value of another type, a favorite or setting
/// that would be left out, an entity other than the five XML ones, CDATA, a comment, a carriage
/// return — makes it answer nil, and the caller decodes the file with `PropertyListDecoder`,
/// which is the reference: for every document this reader accepts, both give the same
/// `StateDocument` (tested on the fixtures and on generated documents).
///
/// Its nesting is fixed (plist, document, favorites, a favorite, a value), so it never recurses
/// on input; invalid UTF-8 is refused by the caller before either reader runs.
enum StatePlistReader {
    /// The document in `data`, or nil when it is not in the shape described above.
    static func document(_ data: Data) -> StateDocument? {
        data.withUnsafeBytes { raw -> StateDocument? in
            var cursor = Cursor(raw.bindMemory(to: UInt8.self))
            return cursor.document()
        }
    }

    /// The settings of a document in the shape `document` reads, its favorites passed over
    /// unread (a command that needs only the units, `saved`, does not decode 10,000 favorites
    /// for them); nil when `document` would answer nil for the parts read, or the version is
    /// not one the store reads as it is (1 up to `StateDocument.currentVersion`).
    ///
    /// A version 1 file is read so too (one an older wx wrote and nothing has changed since):
    /// its settings are the same walk's either way, and a version 1 `units` entry (every unit
    /// spelled out, migrated by `StoredUnits`) is one `units()` refuses, leaving it to the whole
    /// decode. Refusing version 1 here cost `saved` 84 M instructions at 10,000 favorites.
    static func settings(_ data: Data) -> Settings? {
        data.withUnsafeBytes { raw -> Settings? in
            var cursor = Cursor(raw.bindMemory(to: UInt8.self))
            guard let document = cursor.document(readingFavorites: false),
                (1...StateDocument.currentVersion).contains(document.version)
            else { return nil }
            return document.settings
        }
    }

    /// The favorite one `<dict>…</dict>` element (`bytes`, nothing around it) holds as `document`
    /// reads it; nil when `document` would not take it (`FavoriteNameScan` then decodes the file).
    static func favorite(_ bytes: UnsafeBufferPointer<UInt8>) -> Favorite? {
        var cursor = Cursor(bytes)
        guard let favorite = cursor.favorite(), cursor.index == bytes.count else { return nil }
        return favorite
    }

    /// Whether `text` is a number in the form `-12.5`, `3`, `1e-05` (what the reference reads
    /// as a `<real>` that wx would write).
    static func isDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var state = 0  // 0 integer part, 1 fraction, 2 exponent sign, 3 exponent
        // Digits seen in each state (a tuple: no array made for each of 20,000 numbers).
        var digitsIn = (0, 0, 0, 0)
        func count(_ state: Int) -> Int {
            switch state {
            case 0: digitsIn.0
            case 1: digitsIn.1
            case 2: digitsIn.2
            default: digitsIn.3
            }
        }
        for (offset, byte) in text.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0: continue
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard state == 2 else { return false }
                state = 3
            case 0x30...0x39:
                if state == 2 { state = 3 }
                switch state {
                case 0: digitsIn.0 += 1
                case 1: digitsIn.1 += 1
                default: digitsIn.3 += 1
                }
            case UInt8(ascii: "."):
                guard state == 0, digitsIn.0 > 0 else { return false }
                state = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard state <= 1, count(state) > 0 else { return false }
                state = 2
            default: return false
            }
        }
        return digitsIn.0 > 0 && (state != 1 || digitsIn.1 > 0) && state != 2 && (state != 3 || digitsIn.3 > 0)
    }

    /// The powers of ten a `Double` holds exactly.
    static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// `-12.5` or `3` — digits with at most one point and no exponent, 15 significant digits at
    /// most — as the correctly rounded `Double`, without `strtod`: the digits as an integer and
    /// the power of ten are both exact, so the one division rounds as the decimal does
    /// (Clinger's fast path). Nil for any other number (the caller parses it in full).
    static func exactDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var digits: Int64 = 0
        var count = 0
        var fraction = -1
        var negative = false
        for (offset, byte) in text.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0: negative = true
            case UInt8(ascii: "."):
                guard fraction < 0 else { return nil }
                fraction = 0
            case 0x30...0x39:
                if digits != 0 || byte != UInt8(ascii: "0") { count += 1 }
                guard count <= 15 else { return nil }
                digits = digits * 10 + Int64(byte - UInt8(ascii: "0"))
                if fraction >= 0 { fraction += 1 }
            default: return nil
            }
        }
        let scale = max(0, fraction)
        guard scale < exactPowersOfTen.count else { return nil }
        let magnitude = Double(digits) / exactPowersOfTen[scale]
        return negative ? -magnitude : magnitude
    }

    private enum Tag: Equatable {
        case dict, array, key, string, real, integer
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        // MARK: Document

        /// The document; with `readingFavorites` false its favorites are passed over unread
        /// (`passArray`) and left empty.
        mutating func document(readingFavorites: Bool = true) -> StateDocument? {
            guard prolog() else { return nil }
            guard let (tag, empty) = openTag(), tag == .dict else { return nil }
            var document = StateDocument()
            var seen = Set<String>()
            var sawVersion = false
            if !empty {
                while true {
                    guard let step = nextKey() else { return nil }
                    guard case .key(let key) = step else { break }
                    guard seen.insert(key).inserted else { return nil }
                    switch key {
                    case "version":
                        guard let version = integer() else { return nil }
                        document.version = version
                        sawVersion = true
                    case "favorites" where !readingFavorites:
                        guard passArray() else { return nil }
                    case "favorites":
                        guard let favorites = favorites() else { return nil }
                        document.favorites = favorites
                    case "settings":
                        guard let settings = settings() else { return nil }
                        document.settings = settings
                    default:
                        return nil
                    }
                }
            }
            skipSpace()
            guard sawVersion, literal("</plist>") else { return nil }
            skipSpace()
            return index == bytes.count ? document : nil
        }

        /// Past an `<array>` of favorites to just after its `</array>`, without reading them: a
        /// favorite holds no array, and no "<" but a tag's (text has "&lt;").
        mutating func passArray() -> Bool {
            guard let (tag, empty) = openTag(), tag == .array else { return false }
            guard !empty else { return true }
            // The first "</array>" ends it, found by memmem (`wx_find_bytes`) over the whole run (memchr to each
            // "<" and a compare there cost `saved` 10 M instructions at 10,000 favorites: 220,000
            // tags).
            guard let base = bytes.baseAddress, index < bytes.count else { return false }
            let end: StaticString = "</array>"
            guard let found = wx_find_bytes(base + index, bytes.count - index, end.utf8Start, end.utf8CodeUnitCount)
            else {
                return false
            }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + end.utf8CodeUnitCount
            return true
        }

        /// The prolog wx and Python's plistlib write, exactly: `<?xml version="1.0"` with or without
        /// `encoding="UTF-8"`, Apple's DOCTYPE or none, and `<plist version="1.0">`. Any other is
        /// left to the reference, which may refuse it (an encoding it does not know).
        mutating func prolog() -> Bool {
            skipSpace()
            if literal("<?xml version=\"1.0\"") {
                _ = literal(" encoding=\"UTF-8\"")
                guard literal("?>") else { return false }
                skipSpace()
            }
            if literal(
                "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
            ) {
                skipSpace()
            }
            return literal("<plist version=\"1.0\">")
        }

        // MARK: Values of wx's document

        mutating func favorites() -> [Favorite]? {
            guard let (tag, empty) = openTag(), tag == .array else { return nil }
            var favorites: [Favorite] = []
            guard !empty else { return favorites }
            while true {
                skipSpace()
                if literal("</array>") { return favorites }
                guard let favorite = favorite() else { return nil }
                favorites.append(favorite)
            }
        }

        /// A favorite as `Favorite.init(from:)` reads it; nil for one it would refuse.
        mutating func favorite() -> Favorite? {
            guard let (tag, empty) = openTag(), tag == .dict, !empty else { return nil }
            var name: String?
            var latitude: Double?
            var longitude: Double?
            var displayName: String?
            var countryCode: String?
            // Keys matched as bytes (no string made for each of 50,000 keys); any other key,
            // spelled otherwise or given twice leaves the fast path.
            while true {
                skipSpace()
                if literal("</dict>") { break }
                guard literal("<key>") else { return nil }
                if literal("name</key>"), name == nil {
                    guard let value = string() else { return nil }
                    name = value
                } else if literal("latitude</key>"), latitude == nil {
                    guard let value = real() else { return nil }
                    latitude = value
                } else if literal("longitude</key>"), longitude == nil {
                    guard let value = real() else { return nil }
                    longitude = value
                } else if literal("displayName</key>"), displayName == nil {
                    guard let value = string() else { return nil }
                    displayName = value
                } else if literal("countryCode</key>"), countryCode == nil {
                    guard let value = string() else { return nil }
                    countryCode = value
                } else {
                    return nil
                }
            }
            guard let name, let latitude, let longitude else { return nil }
            let cleanName = TerminalText.sanitized(name).trimmed
            guard !cleanName.isEmpty, Coordinate(latitude: latitude, longitude: longitude).isValid else { return nil }
            var favorite = Favorite(
                name: cleanName, coordinate: Coordinate(latitude: 0, longitude: 0),
                displayName: TerminalText.sanitized(displayName ?? cleanName), countryCode: countryCode)
            favorite.latitude = latitude
            favorite.longitude = longitude
            return favorite
        }

        /// Settings as `Settings.init(from:)` reads them when every entry is readable.
        mutating func settings() -> Settings? {
            guard let (tag, empty) = openTag(), tag == .dict else { return nil }
            var settings = Settings()
            guard !empty else { return settings }
            var seen = Set<String>()
            while true {
                guard let step = nextKey() else { return nil }
                guard case .key(let key) = step else { return settings }
                guard seen.insert(key).inserted else { return nil }
                switch key {
                case "units":
                    guard let units = units() else { return nil }
                    settings.unitSetting = units
                case "language":
                    guard let value = string() else { return nil }
                    settings.language = value
                case "geocoder":
                    guard let value = string() else { return nil }
                    settings.geocoder = value
                case "provider":
                    guard let value = string() else { return nil }
                    settings.provider = value
                default:
                    return nil
                }
            }
        }

        /// A version 2 `units` entry, as `StoredUnits` reads it; nil for version 1 or anything
        /// it would refuse.
        mutating func units() -> UnitSetting? {
            guard let (tag, empty) = openTag(), tag == .dict, !empty else { return nil }
            var words: [String: String] = [:]
            while true {
                guard let step = nextKey() else { return nil }
                guard case .key(let key) = step else { break }
                guard words[key] == nil, key == "preset" || UnitQuantity(rawValue: key) != nil,
                    let value = string()
                else { return nil }
                words[key] = value
            }
            guard let preset = words["preset"].flatMap(UnitPreset.init(rawValue:)) else { return nil }
            var setting = UnitSetting(preset: preset)
            for quantity in UnitQuantity.allCases {
                guard let word = words[quantity.rawValue] else { continue }
                guard let changed = setting.setting(quantity, to: word) else { return nil }
                setting = changed
            }
            return setting
        }

        // MARK: Elements

        enum KeyStep {
            case key(String)
            /// The dictionary's `</dict>`.
            case end
        }

        /// The next `<key>`'s text, or the end of the dictionary; nil when neither comes next.
        mutating func nextKey() -> KeyStep? {
            skipSpace()
            if literal("</dict>") { return .end }
            guard literal("<key>"), let text = text(closing: "</key>") else { return nil }
            return .key(text)
        }

        /// An opening tag of a known element, and whether it is empty (`<dict/>`).
        mutating func openTag() -> (Tag, Bool)? {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            let start = index
            index += 1
            let tag: Tag
            if literal("dict") {
                tag = .dict
            } else if literal("array") {
                tag = .array
            } else if literal("key") {
                tag = .key
            } else if literal("string") {
                tag = .string
            } else if literal("real") {
                tag = .real
            } else if literal("integer") {
                tag = .integer
            } else {
                index = start
                return nil
            }
            if literal(">") { return (tag, false) }
            if literal("/>") { return (tag, true) }
            index = start
            return nil
        }

        mutating func string() -> String? {
            guard let (tag, empty) = openTag(), tag == .string else { return nil }
            return empty ? "" : text(closing: "</string>")
        }

        /// An `<integer>` of decimal digits (no sign but `-`, no leading zero), as an Int.
        mutating func integer() -> Int? {
            guard let (tag, empty) = openTag(), tag == .integer, !empty, let text = text(closing: "</integer>")
            else { return nil }
            let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
            guard (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
                digits.count == 1 || digits.first != UInt8(ascii: "0")
            else { return nil }
            return Int(text)
        }

        /// A `<real>` written as `-12.5`, `3`, `1e-05`: finite, nothing else.
        mutating func real() -> Double? {
            guard let (tag, empty) = openTag(), tag == .real, !empty else { return nil }
            let start = index
            // A number holds no markup and no entity: its text ends at the first "<".
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard literal("</real>"), StatePlistReader.isDecimal(text) else { return nil }
            guard let value = StatePlistReader.exactDecimal(text) ?? Double(String(decoding: text, as: UTF8.self)),
                value.isFinite
            else { return nil }
            return value
        }

        /// Character data up to `closing`, with the five XML entities replaced; nil when it holds
        /// markup, another entity, `>`, a carriage return or another control character, or `closing`
        /// does not follow.
        mutating func text(closing: StaticString) -> String? {
            let start = index
            var entities = false
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "<"):
                    let end = index
                    guard literal(closing) else { return nil }
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    return entities ? Self.replacingEntities(raw) : String(decoding: raw, as: UTF8.self)
                case UInt8(ascii: ">"), UInt8(ascii: "\r"): return nil
                case UInt8(ascii: "&"): entities = true
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"): break
                case ..<0x20: return nil  // not allowed in XML: the reference decides
                default: break
                }
                index += 1
            }
            return nil
        }

        static func replacingEntities(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var index = 0
            let entities: [(String, UInt8)] = [
                ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
                ("&quot;", UInt8(ascii: "\"")), ("&apos;", UInt8(ascii: "'")),
            ]
            outer: while index < raw.count {
                guard raw[index] == UInt8(ascii: "&") else {
                    out.append(raw[index])
                    index += 1
                    continue
                }
                for (name, byte) in entities {
                    let utf8 = Array(name.utf8)
                    if index + utf8.count <= raw.count, raw[index..<index + utf8.count].elementsEqual(utf8) {
                        out.append(byte)
                        index += utf8.count
                        continue outer
                    }
                }
                return nil
            }
            return String(decoding: out, as: UTF8.self)
        }

        // MARK: Bytes

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
                default: return
                }
            }
        }

        /// Whether `text` comes next; steps over it when it does.
        mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            let pointer = text.utf8Start
            // The first byte tells most misses (a key tried against each name) without a call.
            guard count > 0, bytes.count - index >= count, bytes[index] == pointer[0],
                memcmp(bytes.baseAddress! + index, pointer, count) == 0
            else { return count == 0 }
            index += count
            return true
        }

    }
}
