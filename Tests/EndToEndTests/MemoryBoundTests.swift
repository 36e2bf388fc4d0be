import Foundation
import Testing
import WeatherTestSupport

/// The backup paths stream (issue 22): `log compact` and `export history` take bounded memory
/// whatever the size of the log. Measured with /usr/bin/time (peak RSS) on logs of ~90 MB made of
/// long records, which a version that held the log in memory needs hundreds of MB for.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
struct MemoryBoundTests {
    static let limitKilobytes = 64 << 10

    /// Runs wx under /usr/bin/time; its result and the peak RSS in KB.
    func measured(_ command: String, home: TemporaryFolder) throws -> (WXResult, Int) {
        let result = try runProgram(
            "/usr/bin/time", ["-f", "peak-rss-kb %M", TestPaths.wxBinary, "-c", command],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path],
            timeout: 300)
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }
        return (result, line.flatMap { Int($0.dropFirst(12)) } ?? Int.max)
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
            { #"{"kind":"x-future","pad":"\#(pad)","v":1}"# + "\($0 % 10)" }, count: 1_500, to: home, tail: garbage)
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
        let line = String(repeating: "show Hamburg ", count: 4_600)
        try write(
            { #"{"kind":"command","line":"\#(line)","n":\#($0),"ts":"2026-02-06T21:40:00Z","v":1}"# }, count: 1_500,
            to: home)
        let file = home.path + "/history.json"
        let (result, peak) = try measured("export history \(file)", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        // The 1,500 written; `wx -c "export history …"` itself is not in the history.
        #expect(result.stdout.contains("1500 commands exported"), "\(result.stdout)")
        #expect(peak < Self.limitKilobytes, "peak RSS \(peak) KB")
        let exported = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [Any]
        #expect(exported?.count == 1_500)
    }
}
