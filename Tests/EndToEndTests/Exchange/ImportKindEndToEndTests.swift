import Foundation
import Testing
import WeatherTestSupport

/// Trial 57, finding 8: `import favorites` of a CSV export of snapshots printed the header
/// ("the CSV header must name the columns … (it has: id, saved_at, …, precipita)"), cut
/// mid-word. Each of wx's own export kinds is named, as `import snapshots` names a history
/// export; a header of no kind is shown in whole column names.
@Suite(.tags(.endToEnd))
struct ImportKindEndToEndTests {
    @Test(arguments: ["snapshots", "history"], ["csv", "json"])
    func anExportOfAnotherKindIsNamed(kind: String, format: String) throws {
        let old = TemporaryFolder()
        try LogImportEndToEndTests.oldLog.write(toFile: old.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let file = old.path + "/\(kind).\(format)"
        let export = try runWX(["-c", "export \(kind) \(file)"], home: old)
        #expect(export.status == 0, "\(export.stderr)")
        let new = TemporaryFolder()
        let imported = try runWX(["-c", "import favorites \(file)"], home: new)
        #expect(imported.status == 1)
        #expect(imported.stdout == "")
        #expect(
            imported.stderr == "error: \(file): this is an export of \(kind), not of favorites; nothing imported\n")
        #expect(!FileManager.default.fileExists(atPath: new.path + "/state.plist"))
    }

    /// A header of no export's: its column names whole, as many as fit, then how many more.
    @Test func aHeaderOfNoKindIsShownInWholeColumnNames() throws {
        let home = TemporaryFolder()
        let columns = (1...12).map { "measurement_column_\($0)" }
        let file = home.path + "/other.csv"
        try (columns.joined(separator: ",") + "\r\n" + columns.map { _ in "1" }.joined(separator: ",") + "\r\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        // Five names and their separators are 108 characters; a sixth would pass 120.
        let shown = columns.prefix(5).joined(separator: ", ") + ", and 7 more"
        for command in ["import favorites", "import snapshots"] {
            let result = try runWX(["-c", "\(command) \(file)"], home: home)
            #expect(result.status == 1)
            #expect(result.stderr.hasSuffix(" (it has: \(shown)); nothing imported\n"), "\(result.stderr)")
            if command == "import favorites" {
                #expect(
                    result.stderr.hasPrefix(
                        "error: \(file): the CSV header must name the columns name, latitude and longitude (it has: "))
            }
        }
    }
}
