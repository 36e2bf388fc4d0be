import Foundation
import Testing
import WeatherTestSupport

/// Trial 57, finding 5: with a favorite Berlin kept unreadable in state.plist (a latitude of
/// "abc", README's own example), `find Berlin; fav` made a second favorite named Berlin; once the
/// entry was mended, `fav rm Berlin` removed both. The new favorite's name is chosen against
/// every favorite on disk, the kept one's name too ("Berlin, Deutschland", as for any second
/// Berlin), and `fav rm` removes the one it names. (Since trial 62 an entry that may be the
/// same place — the same readable longitude and name — keeps `fav` from adding it at all:
/// KeptUnreadablePlaceEndToEndTests. Here the kept Berlin's longitude says it is another place.)
@Suite(.tags(.endToEnd)) struct KeptFavoriteNameEndToEndTests {
    static let now = "2025-07-27T03:00:00Z"

    static func plist(latitude: String, longitude: String = "13.3889") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>2</integer>
        <key>favorites</key><array>
        <dict><key>name</key><string>Berlin</string><key>latitude</key>\(latitude)
        <key>longitude</key><real>\(longitude)</real><key>displayName</key><string>Berlin, Deutschland</string></dict>
        </array><key>settings</key><dict><key>units</key><dict><key>preset</key><string>metric</string></dict></dict></dict></plist>
        """
    }

    @Test func aNewFavoriteIsNotNamedAsTheKeptOneAndFavRmRemovesOne() throws {
        let home = TemporaryFolder()
        let file = home.url.appendingPathComponent("state.plist")
        try Data(Self.plist(latitude: "<string>abc</string>", longitude: "13.3").utf8).write(to: file)
        let added = try runWX(
            ["-c", "find Berlin; fav; favs"], home: home, server: try FixtureServer(), now: Self.now)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("★ Berlin, Deutschland saved to favorites\n"), "\(added.stdout)")
        // Mended by hand: two favorites at one place, each with its own name.
        let written = home.text("state.plist")
        #expect(written.components(separatedBy: "<string>abc</string>").count == 2, "\(written)")
        try Data(written.replacingOccurrences(of: "<string>abc</string>", with: "<real>52.517</real>").utf8)
            .write(to: file)
        let listed = try runWX(["-c", "favs"], home: home, now: Self.now)
        #expect(listed.stdout.contains("★ Berlin "), "\(listed.stdout)")
        #expect(listed.stdout.contains("★ Berlin, Deutschland "), "\(listed.stdout)")
        let removed = try runWX(["-c", "fav rm Berlin; favs"], home: home, now: Self.now)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.hasPrefix("☆ Berlin removed from favorites\n"), "\(removed.stdout)")
        #expect(removed.stdout.contains("★ Berlin, Deutschland "), "\(removed.stdout)")
        #expect(removed.stdout.components(separatedBy: "★").count == 2, "\(removed.stdout)")
    }

    /// `import favorites` numbers a favorite named as the kept entry (an import has no region).
    @Test func anImportedFavoriteIsNotNamedAsTheKeptOne() throws {
        let home = TemporaryFolder()
        try Data(Self.plist(latitude: "<string>abc</string>", longitude: "13.3").utf8)
            .write(to: home.url.appendingPathComponent("state.plist"))
        try "name,latitude,longitude\r\nberlin,52.517,13.3889\r\n".write(
            toFile: home.path + "/f.csv", atomically: true, encoding: .utf8)
        let result = try runWX(["-c", "import favorites \(home.path)/f.csv; favs"], home: home, now: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("★ berlin 2 "), "\(result.stdout)")
    }

    /// `fav rename` to the kept entry's name is refused as to any favorite's.
    @Test func aRenameToTheKeptNameIsRefused() throws {
        let home = TemporaryFolder()
        try Data(Self.plist(latitude: "<string>abc</string>").utf8)
            .write(to: home.url.appendingPathComponent("state.plist"))
        let result = try runWX(
            ["-c", "find Hamburg; fav; fav rename Elbphilharmonie berlin"], home: home, server: try FixtureServer(),
            now: Self.now)
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("error: a favorite named “berlin” exists already\n"), "\(result.stderr)")
    }
}
