import Foundation
import Testing
import WeatherTestSupport

/// The backup paths stream (issue 22): `log compact`, `export` (to a file or to standard output)
/// and `saved --json` take bounded memory whatever the size of the log. Measured with
/// /usr/bin/time (peak RSS) on logs of ~80–90 MB made of long records, which a version that held
/// the log or the document in memory needs hundreds of MB for.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")), .tags(.stress))
struct MemoryBoundTests {
    static let limitKilobytes = 64 << 10

    /// Runs `wx -c command` under /usr/bin/time; its result and the peak RSS in KB.
    func measured(_ command: String, home: TemporaryFolder) throws -> (WXResult, Int) {
        try measured(["-c", command], home: home)
    }

    /// Runs wx with `arguments` under /usr/bin/time, its standard output to `file` when given;
    /// its result and the peak RSS in KB.
    func measured(_ arguments: [String], home: TemporaryFolder, output file: String? = nil) throws -> (WXResult, Int) {
        let wx = [TestPaths.wxBinary] + arguments
        let redirected = file.map { ["/bin/sh", "-c", #"out="$1"; shift; exec "$@" > "$out""#, "sh", $0] + wx } ?? wx
        let result = try runProgram(
            "/usr/bin/time", ["-f", "peak-rss-kb %M"] + redirected,
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path],
            timeout: 300)
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }
        return (result, line.flatMap { Int($0.dropFirst(12)) } ?? Int.max)
    }

    /// 1,500 commands of ~60 KB each.
    func writeLongCommands(to home: TemporaryFolder) throws {
        let line = String(repeating: "show Hamburg ", count: 4_600)
        try write(
            { #"{"kind":"command","line":"\#(line)","n":\#($0),"ts":"2026-02-06T21:40:00Z","v":1}"# }, count: 1_500,
            to: home)
    }

    /// 1,500 snapshots of ~50 KB each (a kept forecast of 300 days), ids 1…1,500, the even ones
    /// deleted.
    func writeLongSnapshots(to home: TemporaryFolder) throws {
        let day =
            #"{"date":"2026-01-01","precipitation_probability_max_percent":20,"precipitation_sum_millimetres":0.4,"#
            + #""temperature_max_celsius":9.1,"temperature_min_celsius":2.3,"weather_code":61}"#
        let days = Array(repeating: day, count: 300).joined(separator: ",")
        try write(
            { id in
                #"{"data_time":"2026-01-01T12:00:00Z","forecast_days":[\#(days)],"id":\#(id),"kind":"snapshot","#
                    + #""place":{"latitude":53.55,"longitude":9.99,"name":"Hamburg"},"precipitation_millimetres":0.3,"#
                    + #""precipitation_probability_percent":40,"temperature_celsius":7.4,"timezone":"Europe/Berlin","#
                    + #""ts":"2026-01-01T12:00:00Z","utc_offset_seconds":3600,"v":1,"weather_code":3}"#
                    + (id % 2 == 0
                        ? "\n" + #"{"id":\#(id),"kind":"snapshot.deleted","ts":"2026-01-01T12:00:00Z","v":1}"# : "")
            }, count: 1_500, to: home)
    }

    func write(_ lines: (Int) -> String, count: Int, to home: TemporaryFolder, tail: [UInt8] = []) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 60_100 + tail.count)
        for index in 1...count { bytes += Array(lines(index).utf8) + [UInt8(ascii: "\n")] }
        try Data(bytes + tail).write(to: home.url.appendingPathComponent("log.jsonl"))
    }

    @Test func logCompactStreams() throws {
        let home = TemporaryFolder()
        let pad = String(repeating: "p", count: 60_000)
        // 1,500 records of a kind a newer wx wrote (kept), then a 100 MB line that is no record
        // (moved aside whole).
        let garbage = [UInt8](repeating: UInt8(ascii: "x"), count: 100 << 20) + [UInt8(ascii: "\n")]
        try write(
            // Whole JSON: a line that does not parse is no record of any kind (trial 62).
            { #"{"kind":"x-future","n":"# + "\($0 % 10)" + #","pad":"\#(pad)","v":1}"# }, count: 1_500, to: home,
            tail: garbage)
        let (result, peak) = try measured("log compact", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(peak < Self.limitKilobytes, "peak RSS \(peak) KB")
        let aside = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.hasPrefix("log.jsonl.unreadable-")
        }
        #expect(aside.count == 1)
        let size = try FileManager.default.attributesOfItem(atPath: home.path + "/" + aside[0])[.size] as? Int
        #expect(size == garbage.count)
    }

    @Test func exportHistoryStreams() throws {
        let home = TemporaryFolder()
        try writeLongCommands(to: home)
        let file = home.path + "/history.json"
        let (result, peak) = try measured("export history \(file)", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        // The 1,500 written; `wx -c "export history …"` itself is not in the history.
        #expect(result.stdout.contains("1500 commands exported"), "\(result.stdout)")
        #expect(peak < Self.limitKilobytes, "peak RSS \(peak) KB")
        let exported =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        #expect((exported?["records"] as? [Any])?.count == 1_500)
    }

    @Test func exportHistoryToStandardOutputStreams() throws {
        let home = TemporaryFolder()
        try writeLongCommands(to: home)
        let file = home.path + "/history.csv"
        let (result, peak) = try measured(["-c", "export history"], home: home, output: file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(peak < Self.limitKilobytes, "peak RSS \(peak) KB")
        let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\r\n")
        // The heading and the 1,500 written; `wx -c "export history"` itself is not in the history.
        #expect(rows.count == 1 + 1_500)
    }

    /// What wx printed for `arguments` on a log of 1,500 long snapshots (`writeLongSnapshots`),
    /// parsed, once it ran within the limit.
    func printedOnLongSnapshots(_ arguments: [String]) throws -> Any? {
        let home = TemporaryFolder()
        try writeLongSnapshots(to: home)
        let file = home.path + "/printed.json"
        let (result, peak) = try measured(arguments, home: home, output: file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(peak < Self.limitKilobytes, "\(arguments): peak RSS \(peak) KB")
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
    }

    @Test func exportSnapshotsToStandardOutputStreams() throws {
        let exported = try printedOnLongSnapshots(["-c", "export snapshots --format json"]) as? [String: Any]
        #expect((exported?["records"] as? [Any])?.count == 750)
    }

    /// `saved N` (issue 38): it held every snapshot of the log with its kept forecast to find
    /// the place's range of days (833 MB at 150,000 snapshots); now one pass keeps the range.
    /// `--offline`: what happened is not asked here, only the memory measured.
    @Test func savedOneStreams() throws {
        let home = TemporaryFolder()
        try writeLongSnapshots(to: home)
        let (result, peak) = try measured(["--offline", "saved", "1499"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("snapshot 1499: Hamburg"), "\(result.stdout.prefix(200))")
        #expect(peak < Self.limitKilobytes, "saved 1499: peak RSS \(peak) KB")
    }

    @Test func savedAsJSONStreams() throws {
        let document = try printedOnLongSnapshots(["--json", "saved"]) as? [String: Any]
        let snapshots = document?["snapshots"] as? [[String: Any]]
        #expect(snapshots?.count == 750)
        #expect((snapshots?.first?["forecast_days"] as? [Any])?.count == 300)
    }
}
