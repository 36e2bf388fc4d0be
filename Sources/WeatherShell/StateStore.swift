#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherKit

/// A saved place. Identified by its coordinate, rounded to 4 decimals, as it was asked for.
public struct Favorite: Hashable, Sendable, Codable {
    /// The name used by `show <name>`, completion and `fav rm`; unique among favorites.
    public var name: String
    /// Degrees, WGS 84, 4 decimals.
    public var latitude: Double
    /// Degrees, WGS 84, 4 decimals.
    public var longitude: Double
    /// The geocoder's label ("Hamburg, Deutschland").
    public var displayName: String
    /// ISO 3166-1 alpha-2, lowercase; nil when unknown.
    public var countryCode: String?

    public init(name: String, place: Place) {
        self.name = name
        self.latitude = place.coordinate.latitude
        self.longitude = place.coordinate.longitude
        self.displayName = place.label
        self.countryCode = place.countryCode
    }

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude).rounded }

    /// The favorite as a place to show, under the favorite's own name.
    public var place: Place {
        Place(name: name, region: region, countryCode: countryCode, coordinate: coordinate, displayName: displayName)
    }

    /// The region and country: the display name ("Elbphilharmonie, Hamburg, Deutschland")
    /// without its first part, the place's original name, which a rename may have replaced.
    public var region: String {
        let parts = displayName.split(separator: ",", maxSplits: 1)
        return parts.count == 2 ? parts[1].trimmed : ""
    }

    enum CodingKeys: String, CodingKey { case name, latitude, longitude, displayName, countryCode }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = TerminalText.sanitized(try container.decode(String.self, forKey: .name)).trimmed
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        displayName = TerminalText.sanitized((try? container.decode(String.self, forKey: .displayName)) ?? name)
        countryCode = try? container.decodeIfPresent(String.self, forKey: .countryCode)
        guard !name.isEmpty, Coordinate(latitude: latitude, longitude: longitude).isValid else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "invalid favorite"))
        }
    }
}

/// User settings kept in `state.plist`.
public struct Settings: Hashable, Sendable, Codable {
    /// The units values are shown in.
    public var units: UnitPreferences = .metric
    /// Language for place names (`Accept-Language`); nil follows the locale.
    public var language: String?
    /// The geocoder `find` uses: "nominatim" (default) or "open-meteo".
    public var geocoder: String?
    /// The weather provider `show` uses: "open-meteo" (default) or "openweathermap".
    public var provider: String?

    public init() {}

    enum CodingKeys: String, CodingKey { case units, language, geocoder, provider }

    /// Reads leniently: a setting that does not decode keeps its default instead of making the
    /// whole file unreadable.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        units = (try? container.decode(UnitPreferences.self, forKey: .units)) ?? .metric
        language = try? container.decodeIfPresent(String.self, forKey: .language)
        geocoder = try? container.decodeIfPresent(String.self, forKey: .geocoder)
        provider = try? container.decodeIfPresent(String.self, forKey: .provider)
    }
}

/// The contents of `state.plist`: `version`, `favorites`, `settings`.
public struct StateDocument: Hashable, Sendable, Codable {
    /// The format version this wx writes.
    public static let currentVersion = 1

    public var version: Int = StateDocument.currentVersion
    public var favorites: [Favorite] = []
    public var settings = Settings()

    public init() {}

    enum CodingKeys: String, CodingKey { case version, favorites, settings }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        // One bad favorite is dropped, not the whole list.
        let items = (try? container.decode([Lossy<Favorite>].self, forKey: .favorites)) ?? []
        favorites = items.compactMap(\.value)
        settings = (try? container.decode(Settings.self, forKey: .settings)) ?? Settings()
    }
}

/// Decodes a value or nothing, so that one bad element does not fail its array.
struct Lossy<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

/// Favorites and settings in `state.plist`: read at start, re-read when another process
/// changed the file, and written whole and atomically under the folder's lock.
///
/// A change is a function on the document, so it can be applied again on top of what another
/// process wrote in between (no lost updates), and kept in memory when the disk refuses it
/// (full, read-only): the next successful write saves every pending change.
public final class StateStore {
    /// An edit of the document; throws `ShellError` when it does not apply (a name taken).
    public typealias Change = (inout StateDocument) throws(ShellError) -> Void

    public let path: String
    let folder: String
    /// The document as this session sees it: the file plus changes not yet saved. Read from
    /// disk at the first access.
    public var document: StateDocument {
        if !loadedOnce { refresh() }
        return current
    }
    private var current = StateDocument()
    /// Why the file cannot be written (it did not parse, or is of a newer version); nil when fine.
    public private(set) var readOnlyReason: String?
    private var pending: [Change] = []
    private var loadedVersion: [Int]?
    private var loadedOnce = false
    private let now: () -> Date

    /// - Parameters:
    ///   - folder: the folder holding `state.plist`.
    ///   - now: the clock, for naming a corrupt file set aside.
    public init(folder: String, now: @escaping () -> Date) {
        self.folder = folder
        self.path = folder + "/state.plist"
        self.now = now
    }

    /// Whether some changes exist only in memory.
    public var hasUnsavedChanges: Bool { !pending.isEmpty }

    /// Reads the file if it changed since the last read (or was never read).
    ///
    /// - Returns: a warning to show once, when the file could not be used.
    @discardableResult
    public func refresh() -> String? {
        let version = FileIO.version(of: path)
        guard !loadedOnce || version != loadedVersion else { return nil }
        loadedOnce = true
        loadedVersion = version
        var base = StateDocument()
        if version != nil, let data = FileManager.default.contents(atPath: path) {
            switch Self.decode(data) {
            case .success(let decoded):
                base = decoded
                readOnlyReason = nil
            case .failure(let reason):
                if reason.contains("format version") {
                    readOnlyReason = reason.description
                } else {
                    let aside = path + ".corrupt-" + ISOTime.string(now()).filter { $0 != ":" && $0 != "-" }
                    let copied = FileIO.copy(path, to: aside)
                    readOnlyReason = "state.plist could not be read"
                        + (copied ? " (a copy is at \(aside))" : "")
                        + "; favorites and settings are read-only until “reset state”"
                }
                current = Self.applying(pending, to: base)
                return readOnlyReason
            }
        }
        current = Self.applying(pending, to: base)
        return nil
    }

    static func decode(_ data: Data) -> Result<StateDocument, ReasonText> {
        guard let decoded = try? PropertyListDecoder().decode(StateDocument.self, from: data) else {
            return .failure(ReasonText("unreadable"))
        }
        guard (1...StateDocument.currentVersion).contains(decoded.version) else {
            return .failure(ReasonText(
                "state.plist has format version \(decoded.version), which wx \(WXVersion.current) does not know; favorites and settings are read-only"))
        }
        return .success(decoded)
    }

    /// Applies `change` in memory, then to the latest document on disk, and writes the result,
    /// under the folder's lock.
    ///
    /// - Throws: `ShellError` from `change` itself (nothing changes then); `.storage` when the
    ///   file is read-only or the write fails — the change then holds in memory and is saved by
    ///   the next write that succeeds.
    public func update(_ change: @escaping Change) throws(ShellError) {
        var updated = document
        try change(&updated)
        current = updated
        pending.append(change)
        if let readOnlyReason { throw .storage("not saved: \(readOnlyReason)") }
        try StoreFiles.locked(folder) { () throws(ShellError) in
            loadedOnce = false
            refresh()
            if let readOnlyReason { throw .storage("not saved: \(readOnlyReason)") }
            try write(current)
            pending = []
        }
    }

    /// Starts over with an empty document, replacing an unreadable file (`reset state`).
    public func reset() throws(ShellError) {
        try StoreFiles.locked(folder) { () throws(ShellError) in
            readOnlyReason = nil
            pending = []
            loadedOnce = true
            current = StateDocument()
            try write(current)
        }
    }

    private static func applying(_ changes: [Change], to base: StateDocument) -> StateDocument {
        var document = base
        for change in changes { try? change(&document) }
        return document
    }

    private func write(_ document: StateDocument) throws(ShellError) {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        var document = document
        document.version = StateDocument.currentVersion
        let data: Data
        do { data = try encoder.encode(document) } catch { throw .storage("cannot encode the state: \(error)") }
        try StoreFiles.replace(path, with: [UInt8](data))
        loadedVersion = FileIO.version(of: path)
    }
}

/// A reason as an `Error`, for `Result`.
struct ReasonText: Error, Hashable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
    func contains(_ text: String) -> Bool { description.contains(text) }
}
