import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, section 12: a favorite of state.plist wx cannot read (a latitude of "fifty") is
/// kept in the file; `find Berlin; fav` then added a second Berlin at the same coordinates, and
/// once the entry was mended `favs` listed two. A favorite is identified by its coordinates: an
/// unreadable entry that may be the place — nothing read of it says otherwise, and its name is
/// the place's or both its coordinates could be read — keeps `fav` from adding it, in one line
/// naming the entry; `import favorites` counts that place as saved already. A place the entry's
/// readable coordinates rule out is added as before.
@Suite(.tags(.endToEnd))
struct KeptUnreadablePlaceEndToEndTests {
    let now = "2026-10-23T05:10:00Z"

    /// A state.plist whose one favorite is `entry`.
    static func plist(_ entry: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>2</integer>
        <key>favorites</key><array><dict>\(entry)</dict></array><key>settings</key><dict/></dict></plist>
        """
    }

    /// Berlin with an unreadable latitude: by name and longitude.
    static let byName =
        "<key>name</key><string>Berlin</string><key>latitude</key><string>fifty</string>"
        + "<key>longitude</key><real>13.3889</real><key>displayName</key><string>Berlin, Deutschland</string>"
    /// Another name, both coordinates readable, a display name of the wrong type.
    static let byCoordinates =
        "<key>name</key><string>Home</string><key>latitude</key><real>52.517</real>"
        + "<key>longitude</key><real>13.3889</real><key>displayName</key><integer>5</integer>"

    @Test(arguments: [
        (byName, "“Berlin” at ?, 13.3889"), (byCoordinates, "“Home” at 52.5170, 13.3889"),
    ])
    func fav(entry: String, named: String) throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let state = home.path + "/state.plist"
        try Self.plist(entry).write(toFile: state, atomically: true, encoding: .utf8)
        for command in ["find Berlin; fav", "find Berlin; fav add"] {
            let run = try runWX(["-c", command], home: home, server: server, now: now)
            #expect(run.status == 1, "\(command)")
            let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
            #expect(
                errors == [
                    "error: “Berlin” not added to favorites: state.plist holds a favorite \(named) that wx cannot read, which may be this place; mend that entry in state.plist (“favs” lists it then), or remove it there to add this one"
                ], "\(command): \(run.stderr)")
            #expect(try String(contentsOfFile: state, encoding: .utf8) == Self.plist(entry), "\(command)")
        }
        // A place elsewhere is added beside it.
        let other = try runWX(["-c", "find Hamburg; fav"], home: home, server: server, now: now)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout.contains("saved to favorites"), "\(other.stdout)")
    }

    @Test func importCountsThePlaceAsSaved() throws {
        let home = TemporaryFolder()
        try Self.plist(Self.byName).write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let file = home.path + "/fav.csv"
        try "name,latitude,longitude\nBerlin,52.517,13.3889\nHamburg,53.55,10\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try runWX(["-c", "import favorites \(file); favs"], home: home, now: now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 favorite imported"), "\(run.stdout)")
        #expect(run.stdout.contains("1 already saved"), "\(run.stdout)")
        #expect(!run.stdout.contains("Berlin"), "\(run.stdout)")
    }
}
