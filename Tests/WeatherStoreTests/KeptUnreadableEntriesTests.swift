import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// A favorite or setting of state.plist this wx cannot read is left out of what it shows and
/// written back as it was, where it was, at every rewrite — the mechanism that keeps keys wx does
/// not know. It had been dropped from the file at the next write (`fav rm` of another favorite
/// wrote `<array/>`), left only in a copy set aside.
@Suite(.tags(.unit)) struct KeptUnreadableEntriesTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    let now = Date(timeIntervalSince1970: 1_770_414_000)

    static func favorite(_ name: String, latitude: String, longitude: String = "<real>9.9841</real>") -> String {
        "<dict><key>name</key><string>\(name)</string><key>latitude</key>\(latitude)<key>longitude</key>\(longitude)"
            + "<key>displayName</key><string>\(name), Somewhere</string></dict>"
    }

    /// The unreadable entry (a latitude of "abc") between Berlin and Paris, with a key a newer wx
    /// might write inside it and a setting of the wrong type.
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>2</integer>
        <key>favorites</key><array>
        \(favorite("Berlin", latitude: "<real>52.517</real>"))
        <dict><key>name</key><string>Elbphilharmonie</string><key>latitude</key><string>abc</string><key>longitude</key><real>9.9841</real><key>newer</key><array><string>x</string></array></dict>
        \(favorite("Paris", latitude: "<real>48.85</real>"))
        </array><key>settings</key><dict><key>language</key><integer>7</integer>
        <key>units</key><dict><key>preset</key><string>metric</string></dict></dict></dict></plist>
        """

    func store() throws -> StateStore {
        try Data(Self.plist.utf8).write(to: home.url.appendingPathComponent("state.plist"))
        return StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
    }

    /// The favorites array as the file holds it now.
    func writtenFavorites() throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: home.path + "/state.plist"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        return try #require(plist["favorites"] as? [[String: Any]])
    }

    /// Whether `entry` is the unreadable favorite as the file held it, every key and value.
    func isKept(_ entry: [String: Any]) -> Bool {
        entry.count == 4 && entry["name"] as? String == "Elbphilharmonie" && entry["latitude"] as? String == "abc"
            && entry["longitude"] as? Double == 9.9841 && entry["newer"] as? [String] == ["x"]
    }

    @Test func theEntryIsSaidToBeKeptAndNoCopyIsMade() throws {
        let store = try store()
        #expect(store.refresh() == .entriesKept(count: 2))
        #expect(store.document.favorites.map(\.name) == ["Berlin", "Paris"])
        #expect(store.document.settings.language == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: home.path)
        #expect(!names.contains { $0.hasPrefix("state.plist.corrupt-") }, "\(names)")
    }

    @Test func removingTheFavoriteBeforeItKeepsItFirst() throws {
        let store = try store()
        store.refresh()
        try store.update { $0.favorites.removeAll { $0.name == "Berlin" } }
        let favorites = try writtenFavorites()
        #expect(favorites.count == 2)
        #expect(isKept(favorites[0]), "\(favorites)")
        #expect(favorites[1]["name"] as? String == "Paris")
    }

    @Test func removingTheFavoriteAfterItKeepsItLast() throws {
        let store = try store()
        store.refresh()
        try store.update { $0.favorites.removeAll { $0.name == "Paris" } }
        let favorites = try writtenFavorites()
        #expect(favorites.map { $0["name"] as? String } == ["Berlin", "Elbphilharmonie"])
        #expect(isKept(favorites[1]), "\(favorites)")
    }

    @Test func removingEveryReadableFavoriteLeavesItAlone() throws {
        let store = try store()
        store.refresh()
        try store.update { $0.favorites = [] }
        let favorites = try writtenFavorites()
        #expect(favorites.count == 1)
        #expect(isKept(favorites[0]), "\(favorites)")
    }

    @Test func addingRenamingAndChangingSettingsKeepItInPlace() throws {
        let store = try store()
        store.refresh()
        let place = Place(
            name: "Hamburg", region: "", countryCode: "de", coordinate: Coordinate(latitude: 53.55, longitude: 9.99),
            displayName: "Hamburg, Germany")
        try store.update { $0.favorites.append(Favorite(name: "Hamburg", place: place)) }
        try store.update { document in
            if let index = document.favorites.firstIndex(where: { $0.name == "Berlin" }) {
                document.favorites[index].name = "Spree"
            }
        }
        try store.update { $0.settings.units = .imperial }
        let favorites = try writtenFavorites()
        #expect(favorites.map { $0["name"] as? String } == ["Spree", "Elbphilharmonie", "Paris", "Hamburg"])
        #expect(isKept(favorites[1]), "\(favorites)")
        // The setting of the wrong type stays as it was; the one changed is written.
        let reread = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(reread.refresh() == .entriesKept(count: 2))
        #expect(reread.document.favorites.map(\.name) == ["Spree", "Paris", "Hamburg"])
        #expect(reread.document.settings.units == .imperial)
        let data = try #require(FileManager.default.contents(atPath: home.path + "/state.plist"))
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        #expect((plist?["settings"] as? [String: Any])?["language"] as? Int == 7, "\(home.text("state.plist"))")
    }

    @Test func aSettingOfTheWrongTypeGoesOnceItIsSet() throws {
        let store = try store()
        store.refresh()
        try store.update { $0.settings.language = "de" }
        let reread = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(reread.refresh() == .entriesKept(count: 1))
        #expect(reread.document.settings.language == "de")
    }

    /// What wx writes is read by the reader it had before (the readable favorites, the
    /// unreadable one left out and counted), so an older wx sharing the folder goes on working.
    @Test func theRewrittenFileReadsAsBefore() throws {
        let store = try store()
        store.refresh()
        try store.update { $0.favorites.removeAll { $0.name == "Paris" } }
        let data = try #require(FileManager.default.contents(atPath: home.path + "/state.plist"))
        let document = try PropertyListDecoder().decode(StateDocument.self, from: data)
        #expect(document.favorites.map(\.name) == ["Berlin"])
        #expect(document.unreadableEntries == 2)
        #expect(StateStore.decodeDocument(data)?.favorites.map(\.name) == ["Berlin"])
    }
}
