import Foundation
import Testing
import WeatherTestSupport

/// A favorite of state.plist wx cannot read (a latitude of "abc") is carried over as it was at
/// every rewrite — `fav rm` of another, `fav`, `fav rename`, `units` — while the readable ones
/// change as asked. `fav rm Paris` had written `<array/>`, the other favorite left only in a copy
/// set aside.
@Suite(.tags(.endToEnd)) struct KeptUnreadableFavoriteEndToEndTests {
    static let kept =
        "<dict><key>name</key><string>Elbphilharmonie</string><key>latitude</key><string>abc</string>"
        + "<key>longitude</key><real>9.9841</real><key>displayName</key><string>Elbphilharmonie, Hamburg</string></dict>"

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>2</integer>
        <key>favorites</key><array>\(kept)
        <dict><key>name</key><string>Paris</string><key>latitude</key><real>48.85</real><key>longitude</key><real>2.35</real>
        <key>displayName</key><string>Paris, France</string></dict>
        </array><key>settings</key><dict><key>units</key><dict><key>preset</key><string>metric</string></dict></dict></dict></plist>
        """

    /// The favorites array of the state.plist in `home`.
    func favorites(_ home: TemporaryFolder) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: home.path + "/state.plist"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        return try #require(plist["favorites"] as? [[String: Any]])
    }

    func isKept(_ entry: [String: Any]) -> Bool {
        entry["name"] as? String == "Elbphilharmonie" && entry["latitude"] as? String == "abc"
            && entry["longitude"] as? Double == 9.9841 && entry["displayName"] as? String == "Elbphilharmonie, Hamburg"
    }

    @Test func theUnreadableFavoriteSurvivesEveryRewrite() throws {
        let home = TemporaryFolder()
        try Data(Self.plist.utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let removed = try runWX(["-c", "fav rm Paris"], home: home, now: "2026-10-23T05:10:00Z")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            removed.stderr.contains(
                "warning: 1 entry of state.plist could not be read: it is left out here and kept in the file as it is"),
            "\(removed.stderr)")
        var written = try favorites(home)
        #expect(written.count == 1, "\(written)")
        #expect(written.first.map(isKept) == true, "\(written)")

        let server = try FixtureServer()
        let changed = try runWX(
            ["-c", "show 48.85,2.35; fav; favs; units imperial"], home: home, server: server,
            now: "2026-10-23T05:10:00Z")
        #expect(changed.status == 0, "\(changed.stderr)")
        written = try favorites(home)
        #expect(written.count == 2, "\(written)")
        #expect(written.first.map(isKept) == true, "\(written)")
        let added = try #require(written.last?["name"] as? String)
        let renamed = try runWX(
            ["-c", "fav rename \"\(added)\" Lutetia; favs"], home: home, now: "2026-10-23T05:10:00Z")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout.contains("Lutetia"), "\(renamed.stdout)")
        #expect(!renamed.stdout.contains("Elbphilharmonie"), "\(renamed.stdout)")
        written = try favorites(home)
        #expect(written.map { $0["name"] as? String } == ["Elbphilharmonie", "Lutetia"], "\(written)")
        #expect(written.first.map(isKept) == true, "\(written)")
        let names = try FileManager.default.contentsOfDirectory(atPath: home.path)
        #expect(!names.contains { $0.hasPrefix("state.plist.corrupt-") }, "\(names)")
    }
}
