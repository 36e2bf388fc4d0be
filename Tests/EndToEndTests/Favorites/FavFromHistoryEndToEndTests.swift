import Foundation
import Testing
import WeatherTestSupport

/// A daily user: `replay 1..2` over `find Berlin` and `fav`, with Berlin a favorite already,
/// removed it — the `fav` toggled, where the person replaying expects the place to end up a
/// favorite as it did then. A `fav` run from the history (`replay`, `!N`, `!!`, `^old^new`)
/// only adds: "a favorite already" when it is one; a `fav` typed on the same line still toggles.
@Suite(.tags(.endToEnd))
struct FavFromHistoryEndToEndTests {
    static let now = "2025-07-27T03:00:00Z"
    static let saved = "★ Berlin saved to favorites\n"
    static let already = "★ Berlin is a favorite already: a “fav” run from the history adds, never removes\n"

    func run(_ script: String, home: TemporaryFolder) throws -> WXResult {
        try runWX(stdin: script, home: home, server: try FixtureServer(), now: Self.now)
    }

    @Test func replayAndBangNumberKeepAFavoriteTheyFind() throws {
        let home = TemporaryFolder()
        // History: 1 find Berlin, 2 fav (adds it).
        let first = try run("find Berlin\nfav\n", home: home)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix(Self.saved), "\(first.stdout)")
        let replayed = try run("replay 1..2\nfavs\n", home: home)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(!replayed.stdout.contains("removed"), "\(replayed.stdout)")
        #expect(replayed.stderr == Self.already, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("» fav\n"), "\(replayed.stdout)")
        #expect(replayed.stdout.hasSuffix("52.5170, 13.3889\n"), "\(replayed.stdout)")
        // `!2` (the `fav`), `!!` and `^fav^fav` of that: the same.
        let bang = try run("find Berlin\n!2\n!!\n^fav^fav\nfavs\n", home: home)
        #expect(bang.status == 0, "\(bang.stderr)")
        #expect(bang.stderr == Self.already + Self.already + Self.already, "\(bang.stderr)")
        #expect(bang.stdout.hasSuffix("52.5170, 13.3889\n"), "\(bang.stdout)")
        #expect(home.text("state.plist").contains("<string>Berlin</string>"))
    }

    /// The place not a favorite now: the replayed `fav` adds it, as it did then; a `fav` typed
    /// beside a history reference, and a typed `fav` after the replay, still toggle.
    @Test func aReplayedFavAddsAndATypedFavStillToggles() throws {
        let home = TemporaryFolder()
        let first = try run("find Berlin\nfav\nfav\n", home: home)
        #expect(first.stdout.hasSuffix(Self.saved + "☆ Berlin removed from favorites\n"), "\(first.stdout)")
        let replayed = try run("replay 1..2\nfav\n!1; fav\n", home: home)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stderr == "", "\(replayed.stderr)")
        #expect(
            replayed.stdout.components(separatedBy: "\n").filter { $0.contains("Berlin") && $0.contains("favorites") }
                == [
                    "★ Berlin saved to favorites", "☆ Berlin removed from favorites", "★ Berlin saved to favorites",
                ], "\(replayed.stdout)")
        // After a `find` that failed, the replayed `fav` would add the place before: refused, as a
        // typed one is.
        let failed = try run("find Berlin\nfav rm Berlin\nfind Munich\n!2\nfavs\n", home: home)
        #expect(failed.status == 1)
        #expect(
            failed.stderr
                == "error: no place found for “Munich”\n"
                + "error: “find Munich” found nothing, so “fav” would add Berlin; “fav add” does that\n",
            "\(failed.stderr)")
    }
}
