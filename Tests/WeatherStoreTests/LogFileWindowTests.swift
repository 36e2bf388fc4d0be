import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherStore

/// `LogFile.linesForward` maps the log a window at a time (`ReadableFile.withMapped`) and reads
/// it in chunks where it cannot be mapped: both pass the same lines at the same offsets, the same
/// overlong ranges and the same end as the log's own lines say — lines across a window's edge,
/// lines longer than a window, an empty line, a torn last line, a start inside the file.
@Suite(.tags(.unit)) struct LogFileWindowTests {
    let home = TemporaryFolder()

    /// What `linesForward(from:)` gave: (offset, bytes) of each line, the overlong ranges, the end.
    struct Pass: Equatable {
        var lines: [(Int, [UInt8])] = []
        var long: [Range<Int>] = []
        var end = 0

        static func == (a: Pass, b: Pass) -> Bool {
            a.long == b.long && a.end == b.end && a.lines.count == b.lines.count
                && zip(a.lines, b.lines).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        }
    }

    /// The lines of `bytes` from `start` as the log's layout says: each "\n"-ended piece that is
    /// not empty, those over `LogFile.longestLine` as ranges; the end after the last "\n".
    static func expected(_ bytes: [UInt8], from start: Int) -> Pass {
        var pass = Pass()
        var lineStart = start
        for index in start..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
            if index - lineStart > LogFile.longestLine {
                pass.long.append(lineStart..<index)
            } else if index > lineStart {
                pass.lines.append((lineStart, Array(bytes[lineStart..<index])))
            }
            lineStart = index + 1
        }
        // A torn line too long to be a record: the end is where it began, as for a short one.
        pass.end = lineStart
        return pass
    }

    func passed(_ bytes: [UInt8], from start: Int, mapped: Bool) throws -> Pass {
        try Data(bytes).write(to: home.url.appendingPathComponent("log.jsonl"))
        let files = FailingFileSystem()
        // Any read rule wraps the file in one that is read only (not mapped); this one cuts no read.
        if !mapped { files.shortReads(of: 1 << 30) { $0.hasSuffix("log.jsonl") } }
        let file = try #require(try files.openForReading(home.path + "/log.jsonl"))
        let mappedHere = file.withMapped(0..<min(bytes.count, 1)) { _ in true } ?? false
        #expect(mappedHere == (mapped && !bytes.isEmpty))
        var pass = Pass()
        let end = LogFile(file, failures: ReadFailures()).linesForward(from: start, long: { pass.long.append($0) }) {
            pass.lines.append(($1, Array($0)))
        }
        pass.end = end
        return pass
    }

    func line(_ length: Int, _ fill: UInt8 = UInt8(ascii: "x")) -> [UInt8] {
        [UInt8](repeating: fill, count: length) + [UInt8(ascii: "\n")]
    }

    @Test(arguments: [
        "across the window's edge", "longer than a window", "overlong within a window", "torn long tail",
        "torn short tail", "empty lines", "one line", "none",
    ])
    func mappedAndReadPassTheSameLines(_ layout: String) throws {
        let window = LogFile.window
        var bytes: [UInt8] = []
        switch layout {
        case "across the window's edge":
            // Lines of 1,000 bytes: one spans the first window's end, and the next window starts
            // at the aligned place before it.
            while bytes.count < 2 * window + 5_000 { bytes += line(999) }
        case "longer than a window":
            bytes = line(10) + line(window + 70_000) + line(20) + line(2 * window) + line(30)
        case "overlong within a window":
            bytes = line(10) + line(LogFile.longestLine + 1) + line(LogFile.longestLine) + line(5)
        case "torn long tail":
            bytes = line(10) + [UInt8](repeating: 0, count: window + 3)
        case "torn short tail":
            bytes = line(10) + line(20) + Array("{\"kind\":".utf8)
        case "empty lines":
            bytes = line(0) + line(0) + line(7) + line(0) + line(window - 20) + line(0) + line(3)
        case "one line":
            bytes = line(40)
        default:
            bytes = []
        }
        for start in Set([0, min(bytes.count, 11), bytes.count / 2, bytes.count]) {
            // A start is a line's start in use; one inside a line passes the rest of it as a line.
            let want = Self.expected(bytes, from: start)
            #expect(try passed(bytes, from: start, mapped: true) == want, "\(layout) from \(start)")
            #expect(try passed(bytes, from: start, mapped: false) == want, "\(layout) from \(start) (read)")
        }
    }
}
