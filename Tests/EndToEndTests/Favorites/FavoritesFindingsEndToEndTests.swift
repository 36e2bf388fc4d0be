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
        #expect(wrong.stderr == "error: usage: fav add\n")
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
}
