import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, section 12: a state.plist in Apple's binary form (`plutil -convert binary1`), a
/// valid property list, was taken for damaged, copied aside and read-only until `reset state`.
/// It is read as it is, and the next change writes it back as XML, nothing of it lost.
@Suite(.tags(.endToEnd))
struct BinaryStatePlistEndToEndTests {
    @Test func aBinaryStatePlistIsReadAndWrittenBackAsXML() throws {
        let home = TemporaryFolder()
        let state = home.path + "/state.plist"
        let document: [String: Any] = [
            "version": 2,
            "favorites": [
                ["name": "Berlin", "latitude": 52.517, "longitude": 13.3889, "displayName": "Berlin, Deutschland"]
            ],
            "settings": ["units": ["preset": "imperial"]],
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: document, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        try binary.write(to: URL(fileURLWithPath: state))

        let read = try runWX(["-c", "favs; units"], home: home)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stderr == "")
        #expect(read.stdout.contains("Berlin"), "\(read.stdout)")
        #expect(read.stdout.contains("units imperial"), "\(read.stdout)")
        #expect(FileManager.default.contents(atPath: state) == binary)

        let renamed = try runWX(["-c", "fav rename Berlin Home"], home: home)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let written = try #require(FileManager.default.contents(atPath: state))
        #expect(written.starts(with: Array("<?xml".utf8)))
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: written, format: nil) as? [String: Any])
        let favorites = try #require(plist["favorites"] as? [[String: Any]])
        #expect(favorites.map { $0["name"] as? String } == ["Home"])
        #expect(favorites.first?["latitude"] as? Double == 52.517)
        #expect(((plist["settings"] as? [String: Any])?["units"] as? [String: Any])?["preset"] as? String == "imperial")
        let names = try FileManager.default.contentsOfDirectory(atPath: home.path)
        #expect(!names.contains { $0.contains(".corrupt-") || $0.contains(".reset-") }, "\(names)")
    }
}
