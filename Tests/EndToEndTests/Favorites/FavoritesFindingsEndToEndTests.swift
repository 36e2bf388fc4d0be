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
}
