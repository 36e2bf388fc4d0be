import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

@Suite struct StateStoreTests {
    let home = TemporaryFolder()
    let now = Date(timeIntervalSince1970: 1_770_414_000)
    static let place = Place(name: "Hamburg", region: "Germany", countryCode: "de", coordinate: Coordinate(latitude: 53.55, longitude: 9.99), displayName: "Hamburg, Germany")

    func store() -> StateStore {
        let store = StateStore(folder: home.path, now: { [now] in now })
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
        for _ in 1...3 { _ = StateStore(folder: home.path, now: { [now] in now }).refresh() }
        let later = StateStore(folder: home.path, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        #expect(later.refresh()?.contains("state.plist.corrupt-20260206T214000Z") == true)
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("state.plist.corrupt-") }
        #expect(copies == ["state.plist.corrupt-20260206T214000Z"])
        // Another corruption within the same second gets a copy of its own.
        try Data("other garbage".utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let again = StateStore(folder: home.path, now: { [now] in now })
        let warning = again.refresh() ?? ""
        #expect(warning.contains("state.plist.corrupt-20260206T214000Z-2"))
        #expect(home.text("state.plist.corrupt-20260206T214000Z") == "garbage<<<")
        #expect(home.text("state.plist.corrupt-20260206T214000Z-2") == "other garbage")
    }

    @Test func corruptFileIsSetAsideAndNotOverwritten() throws {
        try Data("not a plist \u{1}".utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let store = StateStore(folder: home.path, now: { [now] in now })
        let warning = try #require(store.refresh())
        #expect(warning.hasPrefix("state.plist could not be read (a copy is at \(home.path)/state.plist.corrupt-20260206T214000Z)"))
        #expect(home.text("state.plist.corrupt-20260206T214000Z") == "not a plist \u{1}")
        #expect(throws: ShellError.self) { try store.update { $0.settings.units = .imperial } }
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
        let store = StateStore(folder: home.path, now: { [now] in now })
        #expect(store.refresh()?.contains("format version 7") == true)
        #expect(store.document.favorites.map(\.name) == ["Kept"])
        #expect(throws: ShellError.self) { try store.update { $0.favorites = [] } }
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
        let store = StateStore(folder: home.path, now: { [now] in now })
        let warning = try #require(store.refresh())
        #expect(warning == "3 entries of state.plist could not be read and are left out (the file as it was is at \(home.path)/state.plist.corrupt-20260206T214000Z)")
        #expect(store.document.favorites.map(\.name) == ["Good"])
        #expect(store.document.settings.units == .metric)
        // Writing goes on (nothing is lost that is not in the copy).
        try store.update { $0.settings.units = .imperial }
        #expect(home.text("state.plist.corrupt-20260206T214000Z") == plist)
        #expect(store.refresh() == nil)
    }
}

@Suite struct EventLogTests {
    let home = TemporaryFolder()
    let time = Date(timeIntervalSince1970: 1_770_414_000)

    func reading() -> SnapshotReading {
        SnapshotReading(dataTime: time, temperatureCelsius: 7.4, precipitationProbabilityPercent: 40, precipitationMillimetres: 0.3, weatherCode: 3)
    }

    @Test func recordsCarryVersionTimeAndKind() throws {
        let log = EventLog(folder: home.path)
        #expect(try log.appendCommand("find Hamburg", at: time) == 1)
        #expect(try log.appendCommand("show", at: time) == 2)
        _ = try log.appendSnapshot(placeName: "Hamburg", coordinate: Coordinate(latitude: 53.55, longitude: 9.99), utcOffsetSeconds: 3_600, timeZone: "Europe/Berlin", reading: reading(), at: time)
        let lines = home.text("log.jsonl").split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["v"] as? Int == 1)
            #expect(object["ts"] as? String == "2026-02-06T21:40:00Z")
        }
        #expect(lines[0] == #"{"kind":"command","line":"find Hamburg","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#)
        #expect(lines[2].contains(#""kind":"snapshot""#) && lines[2].contains(#""temperature_celsius":7.4"#))
    }

    @Test func historyIsReadFromTheEndAndNumberedAcrossSessions() throws {
        let first = EventLog(folder: home.path)
        for index in 1...30 { try first.appendCommand("show \(index)", at: time) }
        let second = EventLog(folder: home.path)
        #expect(try second.appendCommand("favs", at: time) == 31)
        #expect(second.history(last: 3).map(\.number) == [29, 30, 31])
        #expect(second.history(last: 3).map(\.line) == ["show 29", "show 30", "favs"])
        #expect(second.command(number: 7)?.line == "show 7")
        #expect(second.command(number: 99) == nil)
        #expect(second.commands(in: 3...5).map(\.line) == ["show 3", "show 4", "show 5"])
    }

    @Test func tornLastLineIsSkippedAndNotGluedOnto() throws {
        let log = EventLog(folder: home.path)
        try log.appendCommand("find Hamburg", at: time)
        let handle = try FileHandle(forWritingTo: home.url.appendingPathComponent("log.jsonl"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"kind":"command","line":"sho"#.utf8))
        try handle.close()
        #expect(log.history(last: 5).map(\.line) == ["find Hamburg"])
        #expect(try log.appendCommand("favs", at: time) == 2)
        let lines = home.text("log.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)  // record, torn line, record, final empty
        #expect(lines[2] == #"{"kind":"command","line":"favs","n":2,"ts":"2026-02-06T21:40:00Z","v":1}"#)
        #expect(log.history(last: 5).map(\.line) == ["find Hamburg", "favs"])
    }

    @Test func unknownKindsAndGarbageAreSkipped() throws {
        let text = """
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"command","n":1,"line":"a"}
            {"v":9,"ts":"2026-02-06T21:40:00Z","kind":"telemetry","x":1}
            garbage here
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"snapshot","id":4,"place":{"name":"X","latitude":1,"longitude":2},"data_time":"2026-02-06T21:30:00Z","temperature_celsius":null}
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"snapshot","id":"oops"}
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"command","n":2,"line":"b"}

            """
        try Data(text.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
        let log = EventLog(folder: home.path)
        #expect(log.history(last: 10).map(\.line) == ["a", "b"])
        let snapshots = log.snapshots()
        #expect(snapshots.map(\.id) == [4])
        #expect(snapshots[0].reading.temperatureCelsius == nil)
        #expect(log.skippedLines == 2)
        let next = try log.appendSnapshot(placeName: "Y", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil, reading: reading(), at: time)
        #expect(next.id == 5)
    }

    @Test func anotherWritersSnapshotsAreSeen() throws {
        let first = EventLog(folder: home.path)
        let second = EventLog(folder: home.path)
        #expect(first.snapshots().isEmpty)
        let saved = try second.appendSnapshot(placeName: "Y", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil, reading: reading(), at: time)
        #expect(first.snapshots().map(\.id) == [saved.id])
        let mine = try first.appendSnapshot(placeName: "Z", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil, reading: reading(), at: time)
        #expect(mine.id == 2)
    }

    @Test func longHistoryAcrossChunkBoundaries() throws {
        let log = EventLog(folder: home.path)
        let long = String(repeating: "x", count: 70_000)
        try log.appendCommand("first", at: time)
        try log.appendCommand("find \(long)", at: time)
        for index in 0..<2_000 { try log.appendCommand("show \(index)", at: time) }
        #expect(log.history(last: 2_002).first?.line == "first")
        #expect(log.history(last: 2_001).first?.line == "find \(long)")
        #expect(log.command(number: 2)?.line.count == 70_005)
    }
}

@Suite struct FormatMigrationTests {
    let home = TemporaryFolder()

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
        let store = StateStore(folder: home.path, now: { Date() })
        #expect(store.refresh() == nil)
        #expect(store.document.favorites.map(\.name) == ["Elbe Hall"])
        #expect(store.document.settings.unitSetting == UnitSetting(preset: .imperial, overrides: [.temperature: "K"]))
        #expect(store.document.settings.units.temperature == .kelvin)
        #expect(store.document.settings.units.windSpeed == .milesPerHour)
        try store.update { $0.settings.language = "de" }
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(home.text("state.plist").utf8), format: nil) as? [String: Any])
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
