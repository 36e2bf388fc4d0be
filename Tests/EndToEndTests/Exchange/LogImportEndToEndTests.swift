import Foundation
import Testing
import WeatherTestSupport

/// Moving to a new machine with the real binary (issue 24 item 7): `export snapshots|history`
/// on the old home, `import` into a new one, `export` again — the same bytes, in CSV and JSON.
@Suite(.tags(.endToEnd))
struct LogImportEndToEndTests {
    /// An old home's log as wx writes it: commands, two snapshots (one with a kept forecast, one
    /// named as a spreadsheet formula with a quote and a comma), and a deleted one.
    static let oldLog = """
        {"kind":"command","line":"show Hamburg","n":1,"ts":"2026-02-06T21:40:00Z","v":1}
        {"data_time":"2026-02-06T21:30:00Z","forecast_days":[{"date":"2026-02-07","precipitation_probability_max_percent":30,"precipitation_sum_millimetres":0.4,"temperature_max_celsius":9.1,"temperature_min_celsius":null,"weather_code":61}],"id":1,"kind":"snapshot","place":{"latitude":53.5507,"longitude":9.993,"name":"=Hamburg, \\"Elb\\""},"precipitation_millimetres":0.3,"precipitation_probability_percent":null,"temperature_celsius":-0.5,"ts":"2026-02-06T21:41:00Z","utc_offset_seconds":3600,"v":1,"weather_code":3}
        {"kind":"command","line":"save","n":2,"ts":"2026-02-06T21:41:00Z","v":1}
        {"data_time":"2026-02-06T21:30:00Z","id":2,"kind":"snapshot","place":{"latitude":1,"longitude":2,"name":"Gone"},"ts":"2026-02-06T21:41:30Z","utc_offset_seconds":0,"v":1}
        {"kind":"snapshot.deleted","id":2,"ts":"2026-02-06T21:41:40Z","v":1}
        {"data_time":"2026-02-06T21:30:00Z","id":3,"kind":"snapshot","place":{"latitude":35.6895,"longitude":139.6917,"name":"東京"},"precipitation_millimetres":null,"precipitation_probability_percent":10,"temperature_celsius":7,"ts":"2026-02-06T21:42:00Z","utc_offset_seconds":32400,"timezone":"Asia/Tokyo","v":1,"weather_code":0}
        {"kind":"command","line":"-c 'tab\\there'","n":3,"ts":"2026-02-06T21:43:00Z","v":1}

        """

    func oldHome() throws -> TemporaryFolder {
        let home = TemporaryFolder()
        try Self.oldLog.write(toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        return home
    }

    @Test(arguments: ["snapshots", "history"], ["csv", "json"])
    func anExportImportedIntoANewHomeExportsTheSameBytes(kind: String, format: String) throws {
        let old = try oldHome()
        let file = old.path + "/\(kind).\(format)"
        let export = try runWX(["-c", "export \(kind) \(file)"], home: old)
        #expect(export.status == 0, "\(export.stderr)")
        let first = old.text("\(kind).\(format)")
        #expect(first.contains("東京") || kind == "history")
        let new = TemporaryFolder()
        let imported = try runWX(["-c", "import \(kind) \(file)"], home: new)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "")
        // Ids and numbers kept: a new home has none.
        let count = kind == "snapshots" ? "2 snapshots" : "3 commands"
        let kept = kind == "snapshots" ? "ids 1, 3 kept" : "numbers 1–3 kept"
        #expect(imported.stdout == "\(count) imported from \(file), \(kept)\n")
        // Lines given with -c are not recorded, so the new home's history is the one exported.
        let again = try runWX(["-c", "export \(kind) \(file)"], home: new)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(old.text("\(kind).\(format)") == first)
        // A second import adds nothing and says so.
        let twice = try runWX(["-c", "import \(kind) \(file)"], home: new)
        #expect(twice.status == 0)
        #expect(twice.stdout.hasPrefix("nothing imported from \(file): all "))
    }

    /// A bad row: one error line naming the file and the line, exit status 1, nothing imported.
    @Test func aBadRowIsOneErrorLineAndNothingIsImported() throws {
        let new = TemporaryFolder()
        try "number,line,time\r\n1,units,2026-02-06T21:40:00Z\r\nx,about,2026-02-06T21:41:00Z\r\n".write(
            toFile: new.path + "/h.csv", atomically: true, encoding: .utf8)
        let result = try runWX(["-c", "import history \(new.path)/h.csv"], home: new)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "error: \(new.path)/h.csv: line 3: number “x” is not a number; nothing imported\n")
        #expect(!new.text("log.jsonl").contains("units"))
    }

    /// The import is whole or nothing (trial 62: a `kill -9` left part of it): the log's bytes
    /// and the records go into a temporary file beside it, which is synced and renamed over the
    /// log before wx says it is done; nothing is appended to the log itself.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func theImportIsACopySyncedAndRenamedOverTheLog() throws {
        let old = try oldHome()
        _ = try runWX(["-c", "export history \(old.path)/h.json"], home: old)
        let new = TemporaryFolder()
        try (LogImportEndToEndTests.oldLog.split(separator: "\n").first.map { String($0) + "\n" } ?? "").write(
            toFile: new.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let before = new.text("log.jsonl")
        let trace = new.path + "/trace"
        let result = try runProgram(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-e", "trace=openat,write,fdatasync,fsync,close,rename,renameat,renameat2", "-o", trace,
                TestPaths.wxBinary, "-c", "import history \(old.path)/h.json",
            ],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": new.path, "WX_HOME": new.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = new.text("trace").split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.contains("/log.jsonl\"") && $0.contains("O_APPEND") }, "\(lines)")
        let made = lines.indices.filter { lines[$0].contains("/log.jsonl.tmp-") && lines[$0].contains("O_CREAT") }
        guard made.count == 1,
            let fd = lines[made[0]].split(separator: "=").last?.trimmingCharacters(in: .whitespaces)
        else {
            Issue.record("not one temporary copy of log.jsonl in the trace: \(made.count)")
            return
        }
        let after = lines[(made[0] + 1)...]
        let sync = after.firstIndex { $0.contains("fsync(\(fd))") || $0.contains("fdatasync(\(fd))") }
        let rename = after.firstIndex { $0.contains("rename") && $0.contains("log.jsonl.tmp-") }
        #expect(sync != nil && rename != nil && sync! < rename!, "\(Array(after))")
        let log = new.text("log.jsonl")
        #expect(log.hasPrefix(before))
        // The old home's line is there already (same line, same time): the two others are added.
        #expect(log.split(separator: "\n").count == 3)
    }
}
