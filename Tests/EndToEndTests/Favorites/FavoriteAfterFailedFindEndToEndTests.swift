import Foundation
import Testing
import WeatherTestSupport

/// Trial 57, finding 2: a `find` that fails leaves the current location as it was, and the next
/// plain `fav` — meant for the place asked for — toggled the old one off: a script of `find X`
/// and `fav` lines lost a favorite, with one "☆ … removed" line the only sign. Such a `fav` is
/// refused, naming both — and one that would add the old place too; once a command chooses or
/// shows a place, `fav` toggles again.
@Suite(.tags(.endToEnd)) struct FavoriteAfterFailedFindEndToEndTests {
    static let now = "2025-07-27T03:00:00Z"
    static let refusal = "error: “find Munich” found nothing, so “fav” would remove Berlin; “fav rm Berlin” does that\n"

    /// The loopback server finds Berlin and nothing for Munich (routes.json's "*": `[]`).
    func run(_ script: String, home: TemporaryFolder) throws -> WXResult {
        try runWX(stdin: script, home: home, server: try FixtureServer(), now: Self.now)
    }

    @Test func aPlainFavAfterAFailedFindRefusesToRemoveTheFavoriteKept() throws {
        let home = TemporaryFolder()
        let result = try run("find Berlin\nfav\nfind Munich\nfav\nfavs\n", home: home)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "error: no place found for “Munich”\n" + Self.refusal, "\(result.stderr)")
        #expect(!result.stdout.contains("removed"), "\(result.stdout)")
        #expect(result.stdout.contains("★ Berlin saved to favorites\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("52.5170, 13.3889\n"), "\(result.stdout)")
        #expect(home.text("state.plist").contains("<string>Berlin</string>"))
        // `wx -c` the same: each command runs after an error, the exit status says there was one.
        let oneLine = try runWX(
            ["-c", "find Munich; fav; favs"], home: home, server: try FixtureServer(), now: Self.now)
        #expect(oneLine.status == 1)
        #expect(!oneLine.stdout.contains("removed"), "\(oneLine.stdout)")
    }

    /// The refusal lasts until a command chooses or shows a place; other commands between leave
    /// it (`favs`, `help`), and what is meant can be said (`fav rm`, `fav add`).
    @Test func theRefusalEndsWhenAPlaceIsChosenOrShown() throws {
        let between = try run("find Berlin\nfav\nfind Munich\nfavs\nhelp fav\nfav\nfav add\n", home: TemporaryFolder())
        #expect(between.stderr.hasSuffix(Self.refusal + "★ Berlin is a favorite already\n"), "\(between.stderr)")
        // `use 1` chooses Berlin again (the last list found): `fav` removes it, as asked.
        let chosen = try run("find Berlin\nfav\nfind Munich\nuse 1\nfav\n", home: TemporaryFolder())
        #expect(chosen.stderr == "error: no place found for “Munich”\n", "\(chosen.stderr)")
        #expect(chosen.stdout.hasSuffix("☆ Berlin removed from favorites\n"), "\(chosen.stdout)")
        // A failed `find` then a plain `fav` that would add is refused the same way: the place
        // before is not the one the `fav` was meant for (the old wx added Berlin); `fav add`
        // adds it when meant.
        let adding = try run("find Berlin\nfind Munich\nfav\nfavs\nfav add\n", home: TemporaryFolder())
        #expect(adding.status == 1)
        #expect(
            adding.stderr
                == "error: no place found for “Munich”\n"
                + "error: “find Munich” found nothing, so “fav” would add Berlin; “fav add” does that\n",
            "\(adding.stderr)")
        #expect(adding.stdout.contains("no favorites yet"), "\(adding.stdout)")
        #expect(adding.stdout.hasSuffix("★ Berlin saved to favorites\n"), "\(adding.stdout)")
        #expect(adding.stdout.components(separatedBy: "saved to favorites").count == 2, "\(adding.stdout)")
        // Without a failed find, `fav` toggles as before; `fav rm` removes after one.
        let plain = try run("find Berlin\nfav\nfav\nfav\nfind Munich\nfav rm Berlin\nfavs\n", home: TemporaryFolder())
        #expect(
            plain.stdout.contains(
                "★ Berlin saved to favorites\n☆ Berlin removed from favorites\n★ Berlin saved to favorites\n"
                    + "☆ Berlin removed from favorites\n"), "\(plain.stdout)")
        #expect(plain.stdout.hasSuffix("no favorites yet: “fav” saves the current location\n"), "\(plain.stdout)")
        #expect(!plain.stderr.contains("would remove"), "\(plain.stderr)")
    }

    /// A new user on a clean clone: `show 53.55,10.0` whose forecast failed (HTTP 502) left Berlin
    /// the current location, and the `fav` meant for the place shown removed Berlin. A place named
    /// and not shown is refused as after a failed `find`; state.plist keeps Berlin.
    @Test func aPlainFavAfterAFailedShowOfANamedPlaceIsRefusedToo() throws {
        let home = TemporaryFolder()
        let kept = try run("find Berlin\nfav\n", home: home)
        #expect(kept.status == 0, "\(kept.stderr)")
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", status: 502, body: "bad gateway", times: 5))
        let result = try runWX(
            stdin: "find Berlin\nshow 53.55,10.0\nfav\nfavs\n", home: home, server: server, now: Self.now)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "error: “show 53.55,10.0” failed, so “fav” would remove Berlin; “fav rm Berlin” does that\n"),
            "\(result.stderr)")
        #expect(!result.stdout.contains("removed"), "\(result.stdout)")
        #expect(home.text("state.plist").contains("<string>Berlin</string>"))
    }

    /// A new user (stop 57): `find Portland; fav; use 2; fav` — `use 2` failing, the line going
    /// on — removed Portland. A failed `use N` leaves the current location as a failed `find`
    /// does, and the `fav` after it is refused the same way.
    @Test func aPlainFavAfterAFailedUseRefusesToRemove() throws {
        let home = TemporaryFolder()
        let result = try run("find Berlin\nfav\nuse 9\nfav\nfavs\n", home: home)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix("error: “use 9” failed, so “fav” would remove Berlin; “fav rm Berlin” does that\n"),
            "\(result.stderr)")
        #expect(!result.stdout.contains("removed"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("52.5170, 13.3889\n"), "\(result.stdout)")
    }
}
