import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, section 12: `import favorites` of a JSON export with `"schema_version": 99` was taken
/// silently, though the man page pins version 4 and a state.plist of a newer version is only
/// read. A newer export may have changed what a field means: nothing of it is imported, and the
/// line says which version it is and which this wx reads — for each kind, and for the `--json`
/// document of `export` (its `schema_version` is --json's, 1).
@Suite(.tags(.endToEnd))
struct ImportNewerSchemaEndToEndTests {
    /// The JSON export of `kind` from a home holding Berlin and the old log's snapshots and history.
    func export(_ kind: String, json: Bool = false) throws -> (folder: TemporaryFolder, text: String) {
        let old = TemporaryFolder()
        try LogImportEndToEndTests.oldLog.write(toFile: old.path + "/log.jsonl", atomically: true, encoding: .utf8)
        if kind == "favorites" {
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key><integer>2</integer>\
                <key>favorites</key><array><dict><key>name</key><string>Berlin</string><key>latitude</key><real>52.517</real>\
                <key>longitude</key><real>13.3889</real><key>displayName</key><string>Berlin, Deutschland</string></dict></array>\
                <key>settings</key><dict/></dict></plist>
                """
            try plist.write(toFile: old.path + "/state.plist", atomically: true, encoding: .utf8)
        }
        let file = old.path + "/\(kind).json"
        guard !json else {
            // Without a file, `--json` prints its own document of the export.
            let run = try runWX(["--json", "-c", "export \(kind)"], home: old)
            #expect(run.status == 0, "\(run.stderr)")
            try run.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            return (old, run.stdout)
        }
        let run = try runWX(["-c", "export \(kind) \(file)"], home: old)
        #expect(run.status == 0, "\(run.stderr)")
        return (old, try String(contentsOfFile: file, encoding: .utf8))
    }

    @Test(arguments: ["favorites", "snapshots", "history"])
    func aNewerExportIsRefusedWhole(kind: String) throws {
        let (old, text) = try export(kind)
        #expect(text.hasPrefix(#"{"schema_version":4,"#), "\(text.prefix(80))")
        let newer = old.path + "/newer.json"
        try text.replacingOccurrences(of: #"{"schema_version":4,"#, with: #"{"schema_version":99,"#)
            .write(toFile: newer, atomically: true, encoding: .utf8)

        let home = TemporaryFolder()
        let refused = try runWX(["-c", "import \(kind) \(newer)"], home: home)
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(
            refused.stderr
                == "error: \(newer): written by a newer wx (schema_version 99; this wx reads up to 4); nothing imported\n"
        )
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state.plist"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/log.jsonl"))

        // The file as exported, version 4, is read as before.
        let current = old.path + "/\(kind).json"
        let imported = try runWX(["-c", "import \(kind) \(current)"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// `wx --json -c "export snapshots"` prints --json's document, `"type":"export"` with
    /// --json's `schema_version` (1): a newer one of those is refused by that number.
    @Test func aNewerJSONDocumentIsRefusedByItsOwnVersion() throws {
        let (old, text) = try export("snapshots", json: true)
        #expect(text.contains(#""type":"export","schema_version":1,"#), "\(text.prefix(80))")
        let newer = old.path + "/newer.json"
        try text.replacingOccurrences(of: #""schema_version":1,"#, with: #""schema_version":2,"#)
            .write(toFile: newer, atomically: true, encoding: .utf8)
        let home = TemporaryFolder()
        let refused = try runWX(["-c", "import snapshots \(newer)"], home: home)
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: \(newer): written by a newer wx (schema_version 2; this wx reads up to 1); nothing imported\n"
        )
        let imported = try runWX(["-c", "import snapshots \(old.path)/snapshots.json"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
    }
}
