import Foundation
import Testing
import WeatherTestSupport

/// Limits a hostile input or a long life must not break: ids never given twice, history numbers
/// of any length, one huge line in the log.
@Suite(.serialized) struct LimitsTests {
    static let now = "2025-07-27T03:10:00Z"

    /// Save 1, save 2, delete 2, compact, save: the new snapshot is 3, not 2 again.
    @Test func snapshotIDsAreNotReusedAfterLogCompact() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let result = try runWX(
            stdin: "find Hamburg\nshow\nsave\nsave\nsaved rm 2\nlog compact\nsave\nsaved\n", home: home, server: server,
            now: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nsnapshot 3 saved: "))
        #expect(result.stdout.components(separatedBy: "\nsnapshot 2 saved: ").count == 2)
    }

    /// A history number of seven digits is printed whole, so that it can be given to `!N`.
    @Test func longHistoryNumbersArePrintedWhole() throws {
        let home = TemporaryFolder()
        let record =
            #"{"kind":"command","line":"units metric","n":1234567,"ts":"2026-02-06T21:40:00Z","v":1}"# + "\n"
        try Data(record.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
        let result = try runWX(stdin: "history 2\n!1234567\n", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("1234567  units metric\n1234568  history 2\n"))
    }

    /// `history 2` with one 100 MB line in the log (and a 48 MB torn tail of NUL bytes) answers at
    /// once and says that a line was skipped.
    @Test func hugeLinesInTheLogDoNotStallHistory() throws {
        let home = TemporaryFolder()
        var bytes = Array((#"{"kind":"command","line":"favs","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"# + "\n").utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 100 << 20) + [UInt8(ascii: "\n")]
        bytes += Array((#"{"kind":"command","line":"units","n":2,"ts":"2026-02-06T21:40:00Z","v":1}"# + "\n").utf8)
        bytes += [UInt8](repeating: 0, count: 48 << 20)
        try Data(bytes).write(to: home.url.appendingPathComponent("log.jsonl"))
        let result = try runWX(stdin: "history 2\n", home: home, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "     2  units\n     3  history 2\n")
        #expect(result.stderr.contains("some lines of log.jsonl could not be read and were skipped"))
        #expect(result.seconds < 5)
    }
}
