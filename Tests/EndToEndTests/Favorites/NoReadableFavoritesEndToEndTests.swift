import Foundation
import Testing
import WeatherTestSupport

/// nu61, fault 11: with the only favorite of state.plist unreadable (a latitude "abc"), `favs`
/// warned "1 entry … could not be read" and then said "no favorites yet", a contradiction. The
/// list says there is no readable favorite; with no entry unreadable, "no favorites yet" stays.
@Suite(.tags(.endToEnd)) struct NoReadableFavoritesEndToEndTests {
    static let onlyFavoriteUnreadable = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>2</integer>
        <key>favorites</key><array><dict><key>name</key><string>Berlin</string><key>latitude</key><string>abc</string>
        <key>longitude</key><real>13.3889</real></dict></array><key>settings</key><dict/></dict></plist>
        """

    @Test func theListSaysNoneIsReadable() throws {
        let home = TemporaryFolder()
        try Self.onlyFavoriteUnreadable.write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = try runWX(["-c", "favs"], home: home)
        #expect(run.stderr.contains("1 entry of state.plist could not be read"), "\(run.stderr)")
        #expect(run.stdout == "no readable favorites: “fav” saves the current location\n", "\(run.stdout)")
        #expect(!run.stdout.contains("yet"))
    }

    @Test func aHomeWithNoFavoritesSaysNoneYet() throws {
        let run = try runWX(["-c", "favs"], home: TemporaryFolder())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "no favorites yet: “fav” saves the current location\n", "\(run.stdout)")
    }
}
