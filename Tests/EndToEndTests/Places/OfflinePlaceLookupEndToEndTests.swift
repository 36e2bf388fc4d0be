import Foundation
import Testing
import WeatherTestSupport

/// A place looked up under `--offline` that no favorite and no saved answer has, through the
/// built wx: every command that takes a place says that nothing was asked and what to do — not
/// that a geocoder was "asked instead" and found nothing (a fresh user's `wx --offline -c "show
/// Lyon"`), nor that one failed.
@Suite(.tags(.endToEnd))
struct OfflinePlaceLookupEndToEndTests {
    static let said =
        "error: offline: no favorite or saved place matches “Lyon”, and nothing was asked; without --offline, “find Lyon” looks it up and keeps its places\n"
    static let commands = ["find Lyon", "show Lyon", "hourly Lyon", "daily 3 Lyon", "rain Lyon", "plume gusts Lyon"]

    /// Nothing saved at all.
    @Test func nothingSaved() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        for command in Self.commands {
            let run = try runWX(["--offline", "-c", command], home: home, server: server)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr == Self.said, "\(command): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
        }
        #expect(try server.requests().isEmpty)
    }

    /// Saved earlier: Nominatim could not be reached and Open-Meteo's geocoder, standing in,
    /// found nothing. Offline that saved answer is no geocoder "asked instead".
    @Test func aSavedAnswerThatFoundNothing() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let unreachable = ["WX_NOMINATIM_URL": "http://127.0.0.1:1"]
        let online = try runWX(["-c", "find Lyon"], home: home, server: server, environment: unreachable)
        #expect(online.status == 1)
        #expect(online.stderr.contains("Open-Meteo geocoding, asked instead, found no place for “Lyon”"))
        let before = try server.requests().count
        for command in Self.commands {
            let run = try runWX(["--offline", "-c", command], home: home, server: server, environment: unreachable)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr == Self.said, "\(command): \(run.stderr)")
        }
        #expect(try server.requests().count == before)
    }

    /// A favorite's name mistyped offline: the same words, and the favorite meant offered.
    @Test func aMistypedFavoriteOffline() throws {
        let home = TemporaryFolder()
        let csv = home.path + "/f.csv"
        try "name,latitude,longitude\nLyon,45.76,4.84\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try runWX(["import", "favorites", csv], home: home).status == 0)
        let run = try runWX(["--offline", "-c", "show Lyn"], home: home)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr
                == "error: offline: no favorite or saved place matches “Lyn”, and nothing was asked; without --offline, “find Lyn” looks it up and keeps its places; did you mean the favorite “Lyon”?\n"
        )
    }
}
