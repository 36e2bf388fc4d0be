import Foundation
import Testing
import WeatherTestSupport

/// With state.plist unreadable (not a property list, or a folder), `fav rm` and `fav rename`
/// of a name not in memory give the line `favs` gives — the favorites cannot be read, read-only
/// until `reset state` — never "no favorite named …", which is false then.
@Suite(.tags(.endToEnd)) struct UnreadableFavoritesEndToEndTests {
    @Test(arguments: ["garbage", "folder"])
    func removeAndRenameSayTheFavoritesCannotBeRead(damage: String) throws {
        let home = TemporaryFolder()
        let server = try FixtureServer(demo: demoManifestPath)
        let added = try runWX(
            ["-c", "find Berlin; fav"], home: home, server: server, environment: ["WX_DEMO": demoManifestPath])
        #expect(added.status == 0, "\(added.stderr)")
        let state = home.path + "/state.plist"
        try FileManager.default.removeItem(atPath: state)
        if damage == "folder" {
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false)
        } else {
            try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: state))
        }
        let listed = try runWX(["-c", "favs"], home: home, environment: ["WX_DEMO": demoManifestPath])
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("favorites and settings are read-only until"), "\(listed.stderr)")
        for command in ["fav rm Berlin", "fav rename Berlin X"] {
            let run = try runWX(["-c", command], home: home, environment: ["WX_DEMO": demoManifestPath])
            #expect(run.status == listed.status, "\(command)")
            #expect(!run.stderr.contains("no favorite named"), "\(command): \(run.stderr)")
            let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
            #expect(errors.count == 1, "\(command): \(run.stderr)")
            #expect(errors.first?.contains("favorites and settings are read-only until") == true, "\(run.stderr)")
        }
    }
}
