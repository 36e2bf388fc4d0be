import Foundation
import Testing
import WeatherTestSupport

/// The place `saved verify` is given, through the built wx and the loopback server: a favorite
/// mistyped is offered as other place-taking commands offer it, and coordinates out of range are
/// the usage error `show` gives for them.
@Suite(.tags(.endToEnd))
struct SavedVerifyPlaceEndToEndTests {
    static let now = "2025-07-27T03:10:00Z"

    /// A home with the favorite Berlin and one snapshot of it.
    func home(_ server: FixtureServer) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let made = try runWX(["-c", "find Berlin; fav; show; save"], home: home, server: server, now: Self.now)
        #expect(made.status == 0, "\(made.stderr)")
        return home
    }

    @Test func aMistypedFavoriteIsOffered() throws {
        let server = try FixtureServer()
        let home = try home(server)
        let run = try runWX(stdin: "saved verify Berln\n", home: home, server: server, now: Self.now)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr == "error: no snapshots of “Berln”; did you mean the favorite “Berlin”?\n")
    }

    /// A snapshot's place name that is no favorite is offered as it is kept.
    @Test func aMistypedSnapshotPlaceIsOffered() throws {
        let server = try FixtureServer()
        let home = try home(server)
        _ = try runWX(["fav", "rm", "Berlin"], home: home, server: server, now: Self.now)
        let run = try runWX(stdin: "saved verify Berlni\n", home: home, server: server, now: Self.now)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == "error: no snapshots of “Berlni”; did you mean “Berlin”?\n")
        // Nothing close: the list is where to look.
        let far = try runWX(stdin: "saved verify Tokyo\n", home: home, server: server, now: Self.now)
        #expect(far.stderr == "error: no snapshots of “Tokyo”: “saved” lists them\n")
    }

    @Test func coordinatesOutOfRangeAreTheUsageErrorShowGives() throws {
        let server = try FixtureServer()
        let home = try home(server)
        let show = try runWX(stdin: "show 99,0\n", home: home, server: server, now: Self.now)
        let verify = try runWX(stdin: "saved verify 99,0\n", home: home, server: server, now: Self.now)
        #expect(show.status == 2)
        #expect(verify.status == 2, "\(verify.stderr)")
        #expect(
            verify.stderr
                == "error: coordinates are “latitude,longitude” in degrees: latitude from -90 to 90, longitude from -180 to 180\n"
        )
        #expect(verify.stderr == show.stderr)
    }
}
