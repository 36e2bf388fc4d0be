import Foundation
import Testing
import WeatherTestSupport

/// nu59 fault 5: a failed `find London` is kept in the history, a failed `import history
/// /tmp/bad.csv` was not, so Up or `!` could not recall it to mend the path. It is kept after it
/// failed (it imported nothing); a successful one is still not, so the history is the one exported.
@Suite(.tags(.endToEnd))
struct FailedHistoryImportEndToEndTests {
    @Test func aFailedHistoryImportIsKeptToBeRecalled() throws {
        let home = TemporaryFolder()
        let bad = home.path + "/bad.csv"
        try Data([0x6E, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: bad))
        let result = try runWX(stdin: "units\nimport history \(bad)\nhistory\n", home: home)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("nothing imported"), "\(result.stderr)")
        #expect(
            result.stdout.hasSuffix("     1  units\n     2  import history \(bad)\n     3  history\n"),
            "\(result.stdout)")
        // Recalled by `!`, mended by `^old^new`.
        let good = home.path + "/good.csv"
        let exported = try runWX(["-c", "export history \(good)"], home: home)
        #expect(exported.status == 0, "\(exported.stderr)")
        let again = try runWX(stdin: "!import\n^bad^good\n", home: home)
        #expect(again.stdout.hasPrefix("» import history \(bad)\n» import history \(good)\n"), "\(again.stdout)")
    }
}
