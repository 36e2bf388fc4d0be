import Foundation
import Testing
import WeatherTestSupport

/// The history append of a real run, seen by strace: log.jsonl is written, then `fdatasync`ed on
/// the same descriptor, before wx goes on. (Skipped where strace is not installed.)
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")), .tags(.endToEnd))
struct AppendSyncTests {
    @Test func theHistoryAppendIsSyncedBeforeWxGoesOn() throws {
        let home = TemporaryFolder()
        let trace = home.path + "/trace"
        let result = try runProgram(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-e", "trace=openat,write,fdatasync,fsync,close", "-o", trace, TestPaths.wxBinary,
            ],
            // A script: its lines go into the history (`wx -c` lines do not).
            stdin: "units\n",
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = home.text("trace").split(separator: "\n").map(String.init)
        // openat(…, "…/log.jsonl", O_WRONLY|O_APPEND|…) = FD, then write(FD, …), then fdatasync(FD).
        guard let open = lines.firstIndex(where: { $0.contains("/log.jsonl\"") && $0.contains("O_APPEND") }),
            let fd = lines[open].split(separator: "=").last?.trimmingCharacters(in: .whitespaces), Int(fd) != nil
        else {
            Issue.record("no append to log.jsonl in the trace")
            return
        }
        let after = lines[(open + 1)...]
        let write = after.firstIndex { $0.contains("write(\(fd), \"{\\\"kind\\\":\\\"command\\\"") }
        let sync = after.firstIndex { $0.contains("fdatasync(\(fd))") || $0.contains("fsync(\(fd))") }
        let close = after.firstIndex { $0.contains("close(\(fd))") }
        #expect(write != nil)
        #expect(sync != nil && write! < sync! && sync! < (close ?? Int.max))
    }
}
