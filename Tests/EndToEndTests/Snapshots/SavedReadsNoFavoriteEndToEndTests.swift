import Foundation
import Testing
import WeatherTestSupport

/// `saved` needs only the units from state.plist: it reads the settings with the favorites
/// passed over (`StatePlistReader.settings`). The check for a saved provider or geocoder without
/// its key (`ServiceFallback`, asked before `saved` since its family may ask the archive) built
/// the place resolver, which decoded every favorite: 69 M of a first `saved`'s 362 M instructions
/// at 10,000 favorites (issue 39, item 4).
///
/// What shows a decode from outside: a state.plist wx did not write (no names file beside it) gets
/// its names file at the first decode (`StateStore.refresh`). `favs` decodes and makes it; `saved`
/// must not.
@Suite(.tags(.endToEnd)) struct SavedReadsNoFavoriteEndToEndTests {
    /// A home whose state.plist is written as another program (plistlib, an editor) writes it:
    /// three favorites, the units in the settings, no names file.
    func home() throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let favorites = [("Hamburg", 53.55, 9.99), ("Zürich", 47.37, 8.54), ("Oslo", 59.91, 10.75)].map {
            name, latitude, longitude in
            """
            \t\t<dict>
            \t\t\t<key>countryCode</key>
            \t\t\t<string>de</string>
            \t\t\t<key>displayName</key>
            \t\t\t<string>\(name)</string>
            \t\t\t<key>latitude</key>
            \t\t\t<real>\(latitude)</real>
            \t\t\t<key>longitude</key>
            \t\t\t<real>\(longitude)</real>
            \t\t\t<key>name</key>
            \t\t\t<string>\(name)</string>
            \t\t</dict>
            """
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>favorites</key>
            \t<array>
            \(favorites.joined(separator: "\n"))
            \t</array>
            \t<key>settings</key>
            \t<dict/>
            \t<key>version</key>
            \t<integer>1</integer>
            </dict>
            </plist>

            """
        try plist.write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        return home
    }

    var namesFile: (TemporaryFolder) -> String { { $0.path + "/state.plist.names" } }

    @Test(arguments: [["saved"], ["-c", "saved"]])
    func savedDecodesNoFavorite(arguments: [String]) throws {
        let home = try home()
        let run = try runWX(arguments, home: home, now: "2025-12-31T00:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("no snapshots"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: namesFile(home)), "saved decoded the favorites")
    }

    /// The sign itself: a command that reads the favorites makes the names file.
    @Test func favsDecodesAndMakesTheNamesFile() throws {
        let home = try home()
        let run = try runWX(["favs"], home: home, now: "2025-12-31T00:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Zürich"), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: namesFile(home)))
    }
}
