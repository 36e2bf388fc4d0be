import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// `saved` needs only the units: the settings are read with the favorites passed over
/// (`StatePlistReader.settings`, `StateStore.settings`), and give what the whole document gives.
@Suite(.tags(.unit)) struct SettingsAloneTests {
    typealias Reader = StatePlistReaderTests

    /// wx's own documents of every size: the settings alone are the reference's settings.
    @Test func settingsAloneAreTheDocumentsSettings() throws {
        var random = Reader.Generator(state: 23)
        for round in 0..<60 {
            var document = Reader.randomDocument(
                &random, favorites: round % 10 == 0 ? 0 : Int.random(in: 1...40, using: &random))
            document.version = StateDocument.currentVersion
            let data = try Reader.encoded(document)
            let reference = try #require(StateStore.referenceDecode(data))
            #expect(StatePlistReader.settings(data) == reference.settings, "round \(round)")
        }
    }

    /// A newer version, or one below 1, goes the whole way (the store reads it read-only).
    @Test(arguments: [0, StateDocument.currentVersion + 1])
    func anotherVersionIsNotReadAlone(version: Int) throws {
        var document = StateDocument()
        document.version = version
        document.settings.unitSetting = UnitSetting(preset: .imperial)
        #expect(StatePlistReader.settings(try Reader.encoded(document)) == nil)
    }

    /// A version 1 file (an older wx wrote it; the bench's 10,000 favorites are one) is read
    /// alone too, with the reference's settings; its own `units` entry, every unit spelled out,
    /// goes the whole way, where `StoredUnits` migrates it.
    @Test func versionOneIsReadAloneUnlessItsUnitsNeedMigrating() throws {
        var random = Reader.Generator(state: 31)
        for round in 0..<20 {
            var document = Reader.randomDocument(&random, favorites: Int.random(in: 0...20, using: &random))
            document.version = 1
            let data = try Reader.encoded(document)
            let reference = try #require(StateStore.referenceDecode(data))
            #expect(StatePlistReader.settings(data) == reference.settings, "round \(round)")
        }
        let spelledOut = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>favorites</key>
            \t<array/>
            \t<key>settings</key>
            \t<dict>
            \t\t<key>units</key>
            \t\t<dict>
            \t\t\t<key>clock</key><string>12h</string>
            \t\t\t<key>distance</key><string>mi</string>
            \t\t\t<key>precipitation</key><string>inch</string>
            \t\t\t<key>pressure</key><string>inHg</string>
            \t\t\t<key>temperature</key><string>F</string>
            \t\t\t<key>windSpeed</key><string>mph</string>
            \t\t</dict>
            \t</dict>
            \t<key>version</key>
            \t<integer>1</integer>
            </dict>
            </plist>

            """.utf8)
        #expect(StatePlistReader.settings(spelledOut) == nil)
        let migrated = try #require(StateStore.decodeDocument(spelledOut))
        #expect(migrated.settings.unitSetting.preset == .imperial)
    }

    /// Damaged copies: whenever both answer, the same settings.
    @Test func damagedDocumentsNeverGiveOtherSettings() throws {
        var random = Reader.Generator(state: 5)
        var document = Reader.randomDocument(&random, favorites: 3)
        document.version = StateDocument.currentVersion
        document.settings.unitSetting = UnitSetting(preset: .imperial, overrides: [.wind: "kn"])
        let original = [UInt8](try Reader.encoded(document))
        let alphabet = Array("<>/&;!?[]-\"' \n\tkeydictarraystringrealinteger0123456789.eE+-".utf8)
        var answers = 0
        for round in 0..<2_000 {
            var bytes = original
            let at = Int.random(in: 0..<bytes.count, using: &random)
            if Bool.random(using: &random) {
                bytes[at] = alphabet.randomElement(using: &random)!
            } else {
                bytes.remove(at: at)
            }
            let data = Data(bytes)
            guard String(validating: data, as: UTF8.self) != nil, let alone = StatePlistReader.settings(data),
                let reference = Reader.reference(data)
            else { continue }
            answers += 1
            #expect(alone == reference.settings, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(answers > 100)
    }

    /// The store: settings before the document is read are the file's; a change not yet saved,
    /// and another process's write, are seen.
    @Test func theStoreGivesTheFilesSettingsBeforeReadingTheFavorites() throws {
        let home = TemporaryFolder()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let writer = StateStore(folder: home.path, now: { now })
        try writer.update {
            $0.settings.unitSetting = UnitSetting(preset: .imperial)
            $0.favorites = (0..<50).map {
                Favorite(
                    name: "Place \($0)", coordinate: Coordinate(latitude: 1, longitude: Double($0)),
                    displayName: "Place \($0)", countryCode: nil)
            }
        }
        let reader = StateStore(folder: home.path, now: { now })
        #expect(reader.settings.unitSetting == UnitSetting(preset: .imperial))
        try writer.update { $0.settings.unitSetting = UnitSetting(preset: .metric, overrides: [.clock: "12h"]) }
        #expect(reader.settings.unitSetting == UnitSetting(preset: .metric, overrides: [.clock: "12h"]))
        #expect(reader.document.favorites.count == 50)
        #expect(reader.settings == reader.document.settings)
    }
}
