import Foundation
import Testing
import WeatherTestSupport

/// A favorite's name mistyped, through the built wx and the loopback server: wx offers the
/// favorite ("did you mean") and never answers silently for another place — not `check`, whose
/// exit status a cron job reads, nor `show`. A place found under the name typed is answered.
@Suite(.tags(.endToEnd))
struct NearFavoriteEndToEndTests {
    static let now = "2025-07-27T03:10:00Z"

    /// Favorites "Hamburg" (the Elbphilharmonie) and "Home" (Berlin).
    func home(_ server: FixtureServer) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let made = try runWX(
            ["-c", "find Hamburg; fav; fav rename Elbphilharmonie Hamburg; find Berlin; fav; fav rename Berlin Home"],
            home: home, server: server, now: Self.now)
        #expect(made.status == 0, "\(made.stderr)")
        return home
    }

    @Test func aMistypedFavoriteThatNamesNoPlaceOffersTheFavorite() throws {
        let server = try FixtureServer()
        let home = try home(server)
        let check = try runWX(["check", "--rain", "50%", "Hambrug"], home: home, server: server, now: Self.now)
        #expect(check.status == 3, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr == "error: no place found for “Hambrug”; did you mean the favorite “Hamburg”?\n")
        let show = try runWX(["show", "Hambrug"], home: home, server: server, now: Self.now)
        #expect(show.status == 1)
        #expect(show.stderr == "error: no place found for “Hambrug”; did you mean the favorite “Hamburg”?\n")
        // `hourly`'s word for a count typed wrong gives way to the favorite meant.
        let hourly = try runWX(["hourly", "Hambrug"], home: home, server: server, now: Self.now)
        #expect(hourly.stderr.contains("did you mean the favorite “Hamburg”?"), "\(hourly.stderr)")
    }

    /// The trial's case: "Home" mistyped, geocoded to Dunstable, and `check` answered for
    /// Dunstable with no word of the favorite.
    @Test func aMistypedFavoriteIsNotAnsweredForThePlaceFoundForIt() throws {
        let server = try FixtureServer()
        let home = try home(server)
        try server.queue(.init(path: "/search", file: "cases/nominatim-search-town-suburb.json", times: 1))
        let before = try server.requests().count
        let run = try runWX(["check", "--rain", "50%", "Hmoe"], home: home, server: server, now: Self.now)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(
            run.stderr.hasPrefix("error: “Hmoe” is no favorite, and the place found for it is Dunstable"),
            "\(run.stderr)")
        #expect(run.stderr.contains("did you mean the favorite “Home”?"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        // Nothing was asked for Dunstable.
        #expect(try server.requests().dropFirst(before).allSatisfy { $0.path == "/search" })
    }

    @Test func aPlaceFoundUnderTheNameTypedIsAnswered() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // A favorite one letter from Berlin.
        _ = try runWX(
            ["-c", "find Hamburg; fav; fav rename Elbphilharmonie Berlix"], home: home, server: server, now: Self.now)
        let run = try runWX(["show", "Berlin"], home: home, server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Berlin, Deutschland"), "\(run.stdout)")
    }
}
