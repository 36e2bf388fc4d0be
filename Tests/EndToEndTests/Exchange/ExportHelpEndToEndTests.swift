import Foundation
import Testing
import WeatherTestSupport

/// What `help export` (and so wx.1) says a JSON export is, against an export wx writes.
@Suite(.tags(.endToEnd)) struct ExportHelpEndToEndTests {
    /// The help said "JSON is one array of the objects --json prints"; the file is one object
    /// holding `schema_version`, `what` and `records`. The help's sample must have the keys, in
    /// the order, and the version of a real export, and its records the CSV's fields.
    @Test func helpDescribesTheJSONExportAsWritten() throws {
        let home = TemporaryFolder()
        let csv = home.path + "/in.csv"
        try "name,latitude,longitude\nSomewhere,1.5,2.5\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try runWX(["import", "favorites", csv], home: home).status == 0)
        let file = home.path + "/out.json"
        let exported = try runWX(["-c", "export favorites \(file)"], home: home)
        #expect(exported.status == 0, "\(exported.stderr)")
        let written = try String(contentsOfFile: file, encoding: .utf8)

        let help = try runWX(["-c", "help export"], home: home)
        #expect(help.status == 0)
        // The sample as the help prints it, wrapped lines joined.
        let text = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        #expect(!text.contains("one array"))
        let sample = try #require(
            text.range(of: #"\{"schema_version":\d+,"what":"favorites","records":\[…\]\}"#, options: .regularExpression)
        )
        let shown = String(text[sample]).replacingOccurrences(of: "…", with: "")
        // The real file with its records taken out: the same object.
        let recordsStart = try #require(written.range(of: #""records":["#))
        #expect(written.hasPrefix(String(shown.prefix(upTo: shown.range(of: "[")!.upperBound))))
        #expect(String(written[..<recordsStart.upperBound]) + "]}" == shown)
        // Each record: the CSV's fields as an object.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        let records = try #require(object["records"] as? [[String: Any]])
        let header = try runWX(["export", "favorites"], home: home).stdout.split(whereSeparator: \.isNewline)[0]
        #expect(Set(records[0].keys) == Set(header.split(separator: ",").map(String.init)))
        #expect(text.contains("each record the fields of a CSV row as a JSON object"))
    }
}
