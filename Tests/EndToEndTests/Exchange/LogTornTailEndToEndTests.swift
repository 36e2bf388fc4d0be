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
        "  the log ends in \(bytes) \(bytes == 1 ? "byte" : "bytes") without a line end (a write cut short, or one in progress), not counted until its line end comes; “log compact” moves them to a file of their own"
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

    /// `log compact` moves the tail, byte for byte, to the file the unreadable lines go to, ended
    /// there with a line end, and says so (nu61, fault 5: it was dropped without a word); the
    /// log keeps every command.
    @Test(arguments: [false, true])
    func compactMovesTheTailAsideAndSaysSo(withUnreadableLine: Bool) throws {
        let tail = Array(#"{"v":1,"kind":"comm"#.utf8)
        try logWithTail((withUnreadableLine ? Array("garbage\n".utf8) : []) + tail)
        let run = try runWX(["-c", "log compact"], home: home, now: now)
        #expect(run.status == 0, "\(run.stderr)")
        let asideName = try #require(
            try FileManager.default.contentsOfDirectory(atPath: home.path).first {
                $0.hasPrefix("log.jsonl.unreadable-")
            })
        let aside = home.path + "/" + asideName
        let lines = run.stdout.replacingOccurrences(of: "\n  ", with: " ").split(separator: "\n").map(String.init)
        let moved =
            withUnreadableLine
            ? "1 unreadable line and the 19 bytes after the last line end (a write cut short) moved to \(aside)"
            : "the 19 bytes after the last line end (a write cut short) moved to \(aside)"
        #expect(lines.contains(moved), "\(run.stdout)")
        let kept = try Data(contentsOf: URL(fileURLWithPath: aside))
        #expect(kept == Data((withUnreadableLine ? Array("garbage\n".utf8) : []) + tail + [UInt8(ascii: "\n")]))
        // The log: both commands, and a line end last.
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(log.hasSuffix("\n") && !log.contains("comm\""), "\(log)")
        #expect(log.split(separator: "\n").count == 2, "\(log)")
        let json = try runWX(["--json", "-c", "log compact"], home: home, now: now)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["unterminated_bytes_moved"] as? Int == 0, "\(document)")
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
