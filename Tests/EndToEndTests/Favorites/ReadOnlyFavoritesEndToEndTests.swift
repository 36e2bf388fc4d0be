import Foundation
import Testing
import WeatherTestSupport

/// nu59, fault 1: with state.plist damaged before wx started (truncated), favorites are read-only
/// until `reset state` — yet `fav` said it added a favorite "not saved to disk yet", which `-c`
/// then lost at exit, and `favs` gave the bare problem, read as the warning at start, so the list
/// seemed silent. A change of the favorites is refused in one line that says why and what to do
/// (nothing held in memory, nothing claimed added); `favs` says the favorites were not read.
/// The same for a state.plist of a newer version, whose favorites are shown but cannot change.
@Suite(.tags(.endToEnd))
struct ReadOnlyFavoritesEndToEndTests {
    let now = "2026-10-23T05:10:00Z"

    @Test func aTruncatedStatePlistRefusesANewFavorite() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let added = try runWX(["-c", "find Berlin; fav"], home: home, server: server, now: now)
        #expect(added.status == 0, "\(added.stderr)")
        let state = URL(fileURLWithPath: home.path + "/state.plist")
        let truncated = try Data(contentsOf: state).prefix(200)
        try truncated.write(to: state)

        let run = try runWX(["-c", "favs; find Hamburg; fav; favs"], home: home, server: server, now: now)
        #expect(run.status == 1)
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.path)
            .filter { $0.hasPrefix("state.plist.corrupt-") }
        #expect(copies.count == 1, "\(copies)")
        let copy = home.path + "/" + (copies.first ?? "")
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "error: favorites not read: state.plist could not be read (a copy is at \(copy)); favorites and settings are read-only until “reset state”",
                "error: “Elbphilharmonie” not added to favorites: state.plist could not be read, so favorites are read-only; “reset state” starts afresh (the old file stays at \(copy))",
                "error: favorites not read: state.plist could not be read (see above)",
            ], "\(run.stderr)")
        #expect(!run.stdout.contains("Elbphilharmonie  "), "\(run.stdout)")
        #expect(!run.stdout.contains("★"), "\(run.stdout)")
        // Nothing written: the damaged file as it was, and its copy the same bytes.
        #expect(try Data(contentsOf: state) == truncated)
        #expect(FileManager.default.contents(atPath: copy) == truncated)
    }

    static let newer = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>99</integer>
        <key>favorites</key><array><dict><key>name</key><string>Berlin</string><key>latitude</key><real>52.517</real>
        <key>longitude</key><real>13.3889</real><key>displayName</key><string>Berlin, Deutschland</string></dict></array>
        <key>settings</key><dict/></dict></plist>
        """

    @Test(arguments: ["fav rm Berlin", "fav rename Berlin Home", "show Berlin; fav", "show 48.85,2.35; fav add"])
    func aStatePlistOfANewerVersionRefusesEveryChange(command: String) throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        try Self.newer.write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = try runWX(["-c", command], home: home, server: server, now: now)
        #expect(run.status == 1)
        let name = command.hasSuffix("fav add") ? "Paris" : "Berlin"
        let change =
            command.hasPrefix("fav rename")
            ? "not renamed" : command.hasSuffix("fav add") ? "not added to favorites" : "not removed from favorites"
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(
            errors == [
                "error: “\(name)” \(change): state.plist has format version 99, which this wx does not know, so favorites are read-only; a newer wx can change them, or “reset state” starts afresh (the old file is moved aside, not deleted)"
            ], "\(run.stderr)")
        #expect(!run.stderr.contains("not saved to disk"), "\(run.stderr)")
        #expect(try String(contentsOfFile: home.path + "/state.plist", encoding: .utf8) == Self.newer)
    }
}
