import Foundation
import Testing
import WeatherTestSupport

extension SettingsFindingsEndToEndTests {
    /// `fav` toggles, so a script run twice, `replay` or `!N` removed what it had added:
    /// `fav add` only adds.
    @Test func favAddNeverRemoves() throws {
        let home = TemporaryFolder()
        let (first, _) = try runDemo("find Berlin; fav add; fav add; favs", home: home)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.hasSuffix(
                "★ Berlin saved to favorites\n  ★ Berlin                 Deutschland                     52.5170, 13.3889\n"
            ),
            "\(first.stdout)")
        #expect(first.stderr == "★ Berlin is a favorite already\n")
        let (again, _) = try runDemo("find Berlin; fav add; favs", home: home)
        #expect(again.stdout.contains("  ★ Berlin "), "\(again.stdout)")
        #expect(!again.stdout.contains("removed"))
        let (wrong, _) = try runDemo("fav add Berlin", home: home)
        #expect(wrong.status == 2)
        #expect(
            wrong.stderr
                == "error: “fav add” takes no place: it adds the current location — “show Berlin”, then “fav add”\n")
        // A new user's `fav add 48.85,2.35` was told "usage: fav add" alone.
        let (place, _) = try runDemo("fav add 48.85,2.35", home: home)
        #expect(place.status == 2)
        #expect(
            place.stderr
                == "error: “fav add” takes no place: it adds the current location — “show 48.85,2.35”, then “fav add”\n"
        )
    }

    /// Trial 60: a favorite imported as "Qu,x" without a display name was listed as "Qu,x" in
    /// the region "x": its name was split as a display name is. One with a display name keeps
    /// the region that follows the display name's first part.
    @Test func anImportedNameWithACommaIsNoRegion() throws {
        let home = TemporaryFolder()
        let csv = TemporaryFolder()
        try Data("name,latitude,longitude,display_name\n\"Qu,x\",1,1,\nHafen,53.54,9.98,\"Hafen, Hamburg\"\n".utf8)
            .write(to: csv.url.appendingPathComponent("f.csv"))
        let (run, _) = try runDemo("import favorites \(csv.path)/f.csv; favs", home: home)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ★ ") }.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(
            rows == [["★", "Qu,x", "1.0000,", "1.0000"], ["★", "Hafen", "Hamburg", "53.5400,", "9.9800"]],
            "\(run.stdout)")
    }

    /// A new user (stop 57): `fav rename Elbphilharmonie 52.5,13.4` was taken, and `show
    /// 52.5,13.4` then showed Hamburg, 250 km away, as `check --frost 1% 48.85,2.35` did in a
    /// cron line. A name that reads as another place's coordinates is refused, by `fav rename`
    /// and `import favorites` alike; the favorite's own coordinates stay a name it may have.
    @Test func aFavoriteIsNeverNamedAsAnotherPlacesCoordinates() throws {
        let home = TemporaryFolder()
        let (renamed, _) = try runDemo("find Berlin; fav add; fav rename Berlin 48.85,2.35; favs", home: home)
        #expect(
            renamed.stderr.contains(
                "error: “48.85,2.35” reads as coordinates of another place, which it would stand for where they are typed; give a name with a word in it"
            ), "\(renamed.stderr)")
        #expect(renamed.stdout.contains("  ★ Berlin "), "\(renamed.stdout)")
        let (own, _) = try runDemo("fav rename Berlin 52.517,13.3889; favs", home: home)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout.contains("  ★ 52.517,13.3889 "), "\(own.stdout)")
        let csv = TemporaryFolder()
        try Data("name,latitude,longitude\n\"52.5,13.4\",53.54,9.98\nHafen,53.54,9.98\n".utf8)
            .write(to: csv.url.appendingPathComponent("f.csv"))
        let (imported, _) = try runDemo("import favorites \(csv.path)/f.csv; favs", home: TemporaryFolder())
        #expect(
            imported.stderr.contains("the name “52.5,13.4” reads as coordinates of another place"), "\(imported.stderr)"
        )
        #expect(!imported.stdout.contains("★ 52.5,13.4"), "\(imported.stdout)")
        #expect(imported.stdout.contains("★ Hafen"), "\(imported.stdout)")
    }

    /// A new user (stop 57): a favorite named from an address ("17 Jana Pawła Woronicza") typed
    /// after `hourly`, `daily` or `confidence` without quotes was read as 17 hours (days) of
    /// "Jana Pawła Woronicza", found nowhere. The words that together name a favorite are that
    /// favorite.
    @Test func aFavoriteNamedWithANumberFirstIsNotSplitIntoACount() throws {
        let home = TemporaryFolder()
        let csv = TemporaryFolder()
        try Data("name,latitude,longitude\n5 Unter den Linden,52.517,13.3889\n".utf8)
            .write(to: csv.url.appendingPathComponent("f.csv"))
        let (run, _) = try runDemo(
            "import favorites \(csv.path)/f.csv; hourly 5 Unter den Linden; daily 5 Unter den Linden",
            home: home)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("no place found"), "\(run.stderr)")
        let headings = run.stdout.split(separator: "\n").filter { $0.contains(" · ") }
        #expect(headings.filter { $0.hasPrefix("5 Unter den Linden") }.count == 2, "\(run.stdout)")
    }
}
