import Dispatch
import FoundationEssentials
import Synchronization
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// The contents of `state.plist`: `version`, `favorites`, `settings`.
///
/// Version 2 stores units as a preset with overrides; version 1 files are read and written back
/// as version 2 at the next change (a wx that knows only version 1 then reads the file read-only).
package struct StateDocument: Hashable, Sendable, Codable {
    /// The format version this wx writes.
    package static let currentVersion = 2

    package var version: Int = StateDocument.currentVersion
    package var favorites: [Favorite] = []
    package var settings = Settings()

    package init() {}

    enum CodingKeys: String, CodingKey, CaseIterable { case version, favorites, settings }

    /// Top-level keys this wx does not know (a newer wx or the user added them), kept as they
    /// were and written back, so that an older wx never damages a newer one's data.
    package var otherEntries: [String: PlistValue] = [:]

    /// Entries of the file that could not be read and were left out (favorites, settings).
    package var unreadableEntries = 0

    /// Of `unreadableEntries`, those not kept to be written back (a `favorites` that is not an
    /// array, a `settings` that is not a dictionary): the store keeps a copy of the file before
    /// anything overwrites it.
    package var unkeptEntries = 0

    /// The favorites of the file that could not be read, each kept as it was and written back
    /// where it was at every rewrite (`KeptFavorites`), so that an entry this wx cannot read —
    /// one a newer wx or a hand edit wrote — is never lost.
    package var unreadableFavorites = KeptFavorites()

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        // One bad favorite is left out, not the whole list; the caller is told how many.
        if container.contains(.favorites) {
            if let items = try? container.decode([Lossy<Favorite>].self, forKey: .favorites) {
                favorites = items.compactMap(\.value)
                unreadableEntries += items.count - favorites.count
                if favorites.count < items.count {
                    let raw = (try? container.decode([PlistValue].self, forKey: .favorites)) ?? []
                    unreadableFavorites = KeptFavorites(items.map(\.value), raw: raw)
                    unkeptEntries += items.count - favorites.count - unreadableFavorites.entries.count
                }
            } else {
                unreadableEntries += 1
                unkeptEntries += 1
            }
        }
        if container.contains(.settings) {
            if let decoded = try? container.decode(Settings.self, forKey: .settings) {
                settings = decoded
                unreadableEntries += decoded.unreadableEntries
                unkeptEntries += decoded.unkeptEntries
            } else {
                unreadableEntries += 1
                unkeptEntries += 1
            }
        }
        otherEntries = PlistValue.otherEntries(in: decoder, known: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        if unreadableFavorites.entries.isEmpty {
            try container.encode(favorites, forKey: .favorites)
        } else {
            try container.encode(unreadableFavorites.merged(into: favorites), forKey: .favorites)
        }
        try container.encode(settings, forKey: .settings)
        try PlistValue.encode(otherEntries, to: encoder)
    }

    package static func == (a: StateDocument, b: StateDocument) -> Bool {
        a.version == b.version && a.favorites == b.favorites && a.settings == b.settings
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(favorites)
        hasher.combine(settings)
    }
}

/// Decodes a value or nothing, so that one bad element does not fail its array.
struct Lossy<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}
