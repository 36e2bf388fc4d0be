import Foundation
import Testing
import WeatherTestSupport

/// `log` with bytes after the log's last line end — what a crash in the middle of a write leaves,
/// and what an append in progress looks like. No reader takes them as a line until their line end
/// comes (DESIGN.md: readers skip a torn last line), so `log`'s size and counts disagreed without
/// a word; it now says how many bytes there are, in one line (`unterminated_bytes` in --json).
@Suite(.tags(.endToEnd))
struct LogTornTailEndToEndTests {
    let home = TemporaryFolder()
    let now = "2026-02-06T21:40:00Z"
    var logPath: String { home.path + "/log.jsonl" }

    /// Two history lines (a script's lines go into the history; `wx -c` lines do not), then `tail`.
    func logWithTail(_ tail: [UInt8]) throws {
        let made = try runWX(stdin: "units\nfavs\n", home: home, now: now)
        #expect(made.status == 0, "\(made.stderr)")
        let handle = try #require(FileHandle(forWritingAtPath: logPath))
        handle.seekToEndOfFile()
        handle.write(Data(tail))
        try handle.close()
    }

    func line(_ bytes: Int) -> String {
        "  the log ends in \(bytes) \(bytes == 1 ? "byte" : "bytes") without a line end (a write cut short, or one in progress), not counted until its line end comes"
    }

    @Test func aTornLastLineIsSaidWithItsBytes() throws {
        // Cut in the middle of a record, after a two-byte "ü": bytes, not characters.
        let tail = Array(#"{"v":1,"ts":"2026-02-06T21:41:00Z","kind":"command","line":"find Zü"#.utf8)
        try logWithTail(tail)
        let text = try runWX(["-c", "log"], home: home, now: now)
        #expect(text.status == 0, "\(text.stderr)")
        // One line, wrapped at 80 columns: read as one.
        let lines = text.stdout.replacingOccurrences(of: "\n    ", with: " ").split(separator: "\n").map(String.init)
        #expect(lines.contains(line(tail.count)), "\(text.stdout)")
        #expect(lines.contains { $0.contains("2 commands") }, "the torn line is not counted: \(text.stdout)")
        let json = try runWX(["--json", "-c", "log"], home: home, now: now)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["unterminated_bytes"] as? Int == tail.count, "\(document)")
        #expect(document["commands"] as? Int == 2, "\(document)")
        // `log` wrote nothing: the tail is as it was.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: logPath))
        #expect(Array(bytes.suffix(tail.count)) == tail)
    }

    /// A tail longer than one read (64 KiB) is counted whole; a log that ends in its line end
    /// says nothing of it, and --json gives 0.
    @Test func aLongTailIsCountedWholeAndAWholeLogSaysNothing() throws {
        let tail = [UInt8](repeating: UInt8(ascii: "x"), count: 70_001)
        try logWithTail(tail)
        let text = try runWX(["-c", "log"], home: home, now: now)
        let lines = text.stdout.replacingOccurrences(of: "\n    ", with: " ").split(separator: "\n").map(String.init)
        #expect(lines.contains(line(70_001)), "\(text.stdout)")

        let whole = TemporaryFolder()
        #expect(try runWX(stdin: "units\n", home: whole, now: now).status == 0)
        let quiet = try runWX(["-c", "log"], home: whole, now: now)
        #expect(quiet.status == 0 && !quiet.stdout.contains("without a line end"), "\(quiet.stdout)")
        let json = try runWX(["--json", "-c", "log"], home: whole, now: now)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["unterminated_bytes"] as? Int == 0, "\(document)")
    }
}
