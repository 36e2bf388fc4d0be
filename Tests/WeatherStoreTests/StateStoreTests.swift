import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

@Suite(.tags(.unit)) struct StateStoreTests {
    let home = TemporaryFolder()
    /// The file system the stores use: the real one, failing where a test says.
    let files = FailingFileSystem()
    let now = Date(timeIntervalSince1970: 1_770_414_000)
    static let place = Place(
        name: "Hamburg", region: "Germany", countryCode: "de", coordinate: Coordinate(latitude: 53.55, longitude: 9.99),
        displayName: "Hamburg, Germany")

    func store() -> StateStore {
        let store = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        store.refresh()
        return store
    }

    @Test func writesAPrivatePlistWithVersionFavoritesAndSettings() throws {
        let store = store()
        try store.update { $0.favorites.append(Favorite(name: "Hamburg", place: Self.place)) }
        let data = try #require(FileManager.default.contents(atPath: home.path + "/state.plist"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["version"] as? Int == 2)
        let favorites = try #require(plist["favorites"] as? [[String: Any]])
        #expect(favorites.first?["name"] as? String == "Hamburg")
        #expect(favorites.first?["latitude"] as? Double == 53.55)
        #expect(favorites.first?["displayName"] as? String == "Hamburg, Germany")
        #expect(favorites.first?["countryCode"] as? String == "de")
        #expect(plist["settings"] is [String: Any])
        let attributes = try FileManager.default.attributesOfItem(atPath: home.path + "/state.plist")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// A state.plist of hundreds of favorites is decoded on another thread from the start; what
    /// the store then reads is the file as it is at that moment, however the two interleave.
    @Test func theBackgroundDecodeGivesTheFileAsItIsWhenRead() throws {
        func write(_ count: Int) throws {
            let favorites = (0..<count).map { index in
                [
                    "name": "Place \(index)", "latitude": 40 + Double(index) / 1_000, "longitude": 9.99,
                    "displayName": "Place \(index), Somewhere far away, Country", "countryCode": "de",
                ] as [String: Any]
            }
            let data = try PropertyListSerialization.data(
                fromPropertyList: ["version": 2, "favorites": favorites, "settings": [String: Any]()], format: .xml,
                options: 0)
            try data.write(to: home.url.appendingPathComponent("state.plist"))
        }
        try write(400)
        let size = try #require(FileManager.default.attributesOfItem(atPath: home.path + "/state.plist")[.size] as? Int)
        #expect(size >= StateStore.preloadFrom)
        let first = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        first.startPreload()
        #expect(first.document.favorites.count == 400)
        #expect(first.document.favorites.last?.name == "Place 399")
        // Changed by another process while the decode may still run: the change is what is read.
        let second = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        second.startPreload()
        try write(401)
        #expect(second.document.favorites.count == 401)
    }

    @Test func changesFromAnotherProcessAreKept() throws {
        let first = store()
        let second = store()
        try first.update { $0.favorites.append(Favorite(name: "Hamburg", place: Self.place)) }
        var other = Self.place
        other.name = "Bremen"
        other.coordinate = Coordinate(latitude: 53.08, longitude: 8.8)
        try second.update { $0.favorites.append(Favorite(name: "Bremen", place: other)) }
        #expect(second.document.favorites.map(\.name) == ["Hamburg", "Bremen"])
        first.refresh()
        #expect(first.document.favorites.map(\.name) == ["Hamburg", "Bremen"])
    }

    @Test func corruptFileIsCopiedAsideOnceNotOnEveryStart() throws {
        try Data("garbage<<<".utf8).write(to: home.url.appendingPathComponent("state.plist"))
        for _ in 1...3 { _ = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files).refresh() }
        let later = StateStore(folder: home.path, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        #expect(later.refresh() == .readOnly(.unreadable(copy: home.path + "/state.plist.corrupt-20260206T214000Z")))
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.hasPrefix("state.plist.corrupt-")
        }
        #expect(copies == ["state.plist.corrupt-20260206T214000Z"])
        // Another corruption within the same second gets a copy of its own.
        try Data("other garbage".utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let again = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(again.refresh() == .readOnly(.unreadable(copy: home.path + "/state.plist.corrupt-20260206T214000Z-2")))
        #expect(home.text("state.plist.corrupt-20260206T214000Z") == "garbage<<<")
        #expect(home.text("state.plist.corrupt-20260206T214000Z-2") == "other garbage")
    }

    @Test func corruptFileIsSetAsideAndNotOverwritten() throws {
        try Data("not a plist \u{1}".utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let store = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        let problem = StateProblem.unreadable(copy: home.path + "/state.plist.corrupt-20260206T214000Z")
        #expect(store.refresh() == .readOnly(problem))
        #expect(home.text("state.plist.corrupt-20260206T214000Z") == "not a plist \u{1}")
        #expect(throws: StoreError.stateReadOnly(problem)) { try store.update { $0.settings.units = .imperial } }
        #expect(home.text("state.plist") == "not a plist \u{1}")
        // In memory the change holds.
        #expect(store.document.settings.units == .imperial)
        try store.reset()
        #expect(store.readOnlyReason == nil)
    }

    @Test func newerVersionIsShownReadOnly() throws {
        let plist = """
            <?xml version="1.0"?><plist version="1.0"><dict><key>version</key><integer>7</integer>
            <key>favorites</key><array><dict><key>name</key><string>Kept</string><key>latitude</key><real>1</real>
            <key>longitude</key><real>2</real><key>newField</key><string>x</string></dict></array></dict></plist>
            """
        try Data(plist.utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let store = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(store.refresh() == .readOnly(.unknownVersion(7)))
        #expect(store.document.favorites.map(\.name) == ["Kept"])
        #expect(throws: StoreError.stateReadOnly(.unknownVersion(7))) { try store.update { $0.favorites = [] } }
        #expect(home.text("state.plist") == plist)
    }

    @Test func oneBadFavoriteDoesNotLoseTheOthers() throws {
        let plist = """
            <?xml version="1.0"?><plist version="1.0"><dict><key>version</key><integer>1</integer>
            <key>favorites</key><array>
            <dict><key>name</key><string>Good</string><key>latitude</key><real>1</real><key>longitude</key><real>2</real></dict>
            <dict><key>name</key><string>Bad</string><key>latitude</key><real>999</real><key>longitude</key><real>2</real></dict>
            <dict><key>name</key><integer>3</integer></dict>
            </array><key>settings</key><dict><key>units</key><string>bogus</string></dict></dict></plist>
            """
        try Data(plist.utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let store = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(store.refresh() == .entriesKept(count: 3))
        #expect(store.document.favorites.map(\.name) == ["Good"])
        #expect(store.document.settings.units == .metric)
        // Writing goes on; the entries it could not read are written back, the units set now.
        try store.update { $0.settings.units = .imperial }
        #expect(store.refresh() == nil)
        let reread = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(reread.refresh() == .entriesKept(count: 2))
    }

    /// A value of the wrong type inside one favorite or one setting (trial 16) leaves out that
    /// entry alone, as a latitude out of range does: the others are read, the warning counts it,
    /// and writing goes on, keeping it as it was. A display name or country code of another
    /// type had been read as none and dropped from the file at the next write, without a word.
    @Test func aWrongTypedValueLeavesOutOnlyItsEntry() throws {
        func favorite(_ name: String, _ fields: String) -> String {
            "<dict><key>name</key><string>\(name)</string>\(fields)</dict>"
        }
        let coordinate = "<key>latitude</key><real>52.517</real><key>longitude</key><real>13.3889</real>"
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>2</integer>
            <key>favorites</key><array>
            \(favorite("Latitude", "<key>latitude</key><string>abc</string><key>longitude</key><real>13.3889</real>"))
            \(favorite("Good", coordinate + "<key>displayName</key><string>Berlin, Deutschland</string>"))
            \(favorite("Display", coordinate + "<key>displayName</key><integer>1</integer>"))
            \(favorite("Country", coordinate + "<key>countryCode</key><true/>"))
            \(favorite("Plain", coordinate))
            </array><key>settings</key><dict><key>language</key><integer>7</integer>
            <key>units</key><dict><key>preset</key><string>imperial</string></dict></dict></dict></plist>
            """
        try Data(plist.utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let store = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(store.refresh() == .entriesKept(count: 4))
        #expect(store.readOnlyReason == nil)
        #expect(store.document.favorites.map(\.name) == ["Good", "Plain"])
        #expect(store.document.favorites.map(\.displayName) == ["Berlin, Deutschland", "Plain"])
        #expect(store.document.settings.language == nil)
        #expect(store.document.settings.units == .imperial)
        try store.update { $0.settings.language = "de" }
        #expect(store.refresh() == nil)
        let reread = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(reread.refresh() == .entriesKept(count: 3))
    }

    struct NameTaken: Error, Equatable {}

    /// A change that refuses changes nothing; one that another process's write makes refuse
    /// later is left out, and the rest are still saved.
    @Test func aRefusedChangeChangesNothing() throws {
        let store = store()
        try store.update { $0.favorites.append(Favorite(name: "Hamburg", place: Self.place)) }
        #expect {
            try store.update(checking: { (document: inout StateDocument) throws(NameTaken) in
                document.favorites = []
                throw NameTaken()
            })
        } throws: { error in
            guard case StateStore.UpdateFailure<NameTaken>.refused(NameTaken()) = error else { return false }
            return true
        }
        #expect(store.document.favorites.map(\.name) == ["Hamburg"])
        #expect(!store.hasUnsavedChanges)
        #expect(StateStore.favoriteNames(folder: home.path) == ["Hamburg"])
    }

    /// A file that cannot be saved keeps the change in memory; the first write that succeeds
    /// saves every change kept.
    @Test func aChangeThatCannotBeSavedIsSavedByTheNextWrite() throws {
        let store = store()
        files.fail(with: ENOSPC)
        defer { files.allow() }
        #expect {
            try store.update { $0.favorites.append(Favorite(name: "Hamburg", place: Self.place)) }
        } throws: { error in
            guard case StoreError.file(let cause) = error else { return false }
            return cause.code == ENOSPC && cause.path.hasPrefix(home.path + "/")
        }
        #expect(store.hasUnsavedChanges)
        files.allow()
        try store.update { $0.settings.language = "de" }
        #expect(!store.hasUnsavedChanges)
        let reopened = StateStore(folder: home.path, now: { [now] in now }, fileSystem: files)
        #expect(reopened.document.favorites.map(\.name) == ["Hamburg"])
        #expect(reopened.document.settings.language == "de")
    }
}

@Suite(.tags(.unit)) struct FormatMigrationTests {
    let home = TemporaryFolder()
    /// The file system the stores use: the real one, failing where a test says.
    let files = FailingFileSystem()

    /// A state.plist as wx 0.1.0 wrote it (format version 1: every unit spelled out).
    static let version1 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>favorites</key><array><dict><key>countryCode</key><string>de</string>
        <key>displayName</key><string>Elbphilharmonie, Hamburg, Deutschland</string>
        <key>latitude</key><real>53.5413</real><key>longitude</key><real>9.9842</real><key>name</key><string>Elbe Hall</string></dict></array>
        <key>settings</key><dict><key>units</key><dict>
        <key>clock</key><string>12h</string><key>distance</key><string>mi</string><key>precipitation</key><string>inch</string>
        <key>pressure</key><string>inHg</string><key>temperature</key><string>K</string><key>windSpeed</key><string>mph</string>
        </dict></dict>
        <key>version</key><integer>1</integer></dict></plist>
        """

    @Test func version1IsReadAndWrittenBackAsVersion2() throws {
        try Data(Self.version1.utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let store = StateStore(folder: home.path, now: { Date() }, fileSystem: files)
        #expect(store.refresh() == nil)
        #expect(store.document.favorites.map(\.name) == ["Elbe Hall"])
        #expect(store.document.settings.unitSetting == UnitSetting(preset: .imperial, overrides: [.temperature: "K"]))
        #expect(store.document.settings.units.temperature == .kelvin)
        #expect(store.document.settings.units.windSpeed == .milesPerHour)
        try store.update { $0.settings.language = "de" }
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(home.text("state.plist").utf8), format: nil)
                as? [String: Any])
        #expect(plist["version"] as? Int == 2)
        let units = try #require((plist["settings"] as? [String: Any])?["units"] as? [String: String])
        #expect(units == ["preset": "imperial", "temperature": "K"])
        #expect((plist["favorites"] as? [[String: Any]])?.first?["name"] as? String == "Elbe Hall")
    }

    @Test func presetsAndOverrides() {
        let setting = UnitSetting(preset: .metric).setting(.wind, to: "bft")!.setting(.temperature, to: "°F")!
        #expect(setting.overrides == [.wind: "bft", .temperature: "F"])
        #expect(setting.preferences.windSpeed == .beaufort)
        // Setting a quantity back to the preset's unit drops the override.
        #expect(setting.setting(.wind, to: "kmh")!.overrides == [.temperature: "F"])
        #expect(UnitSetting(approximating: .imperial) == UnitSetting(preset: .imperial))
        #expect(setting.setting(.pressure, to: "bar") == nil)
    }
}
