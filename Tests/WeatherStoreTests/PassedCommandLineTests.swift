import CLineScan
import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// A rebuild of the index passes over command lines in wx's usual shape where they start
/// (`OwnCommandCheck.wholeLine`, through `LogFile.linesForward(from:passing:long:_:)`), without
/// finding their ends or reading them whole: every line it passes over is the line memchr finds
/// there, one the full check (`readsWhole`) and the parser call whole; every other line reaches
/// the walk's body as before, at the same offset, and the walk ends where it did.
@Suite(.tags(.unit)) struct PassedCommandLineTests {
    /// Commands as wx writes them, each broken at every byte (a newline among the replacements),
    /// with broken times and numbers, and texts of about the longest line and past it.
    static func candidates() throws -> [[UInt8]] {
        let replacements: [UInt8] =
            Array(#""\0-.eE+ },:{[1x9/TZu"#.utf8) + [0x00, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
        var lines: [[UInt8]] = []
        for line in try OwnCommandLineTests.writtenCommands() {
            lines.append(line)
            for index in line.indices { lines += brokenAt(index, of: line, replacements: replacements) }
        }
        for number in ["0", "01", "7", "12345678", "123456789012345", "1234567890123456", "1.5", "-1", "10"] {
            lines.append(Array(#"{"kind":"command","line":"x","n":\#(number),"ts":"2026-02-06T12:00:00Z","v":1}"#.utf8))
            lines.append(Array(#"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T12:00:00Z","v":\#(number)}"#.utf8))
        }
        for clock in ["2026-02-06T24:00:00Z", "2026-02-30T12:00:00Z", "1899-12-31T12:00:00Z", "2024-02-29T23:59:59Z"] {
            lines.append(Array(#"{"kind":"command","line":"x","n":1,"ts":"\#(clock)","v":1}"#.utf8))
        }
        for length in [LogFile.longestLine - 80, LogFile.longestLine - 73, LogFile.longestLine - 72, 70_000] {
            let text = String(repeating: "a", count: length)
            lines.append(Array(#"{"kind":"command","line":"\#(text)","n":1,"ts":"2026-02-06T12:00:00Z","v":1}"#.utf8))
        }
        return lines
    }

    /// The words `wholeLine` compares with are those of the layout's text.
    @Test func theLayoutsWordsAreItsText() { #expect(OwnCommandCheck().wordsAgree) }

    /// `wholeLine` over each candidate followed by a newline and another line, by a newline
    /// alone, and by nothing: what it takes is the line up to the first newline, one that
    /// `readsWhole` and the parser call whole, no longer than `LogFile.longestLine`.
    @Test func aLinePassedOverIsOneTheFullCheckCallsWhole() throws {
        var check = OwnCommandCheck()
        var full = OwnCommandCheck()
        let next = Array(#"{"kind":"command","line":"next","n":2,"ts":"2026-02-06T21:40:00Z","v":1}"#.utf8)
        var taken = 0
        var wrong: [String] = []
        for line in try Self.candidates() {
            for tail in [[0x0A] + next + [0x0A], [0x0A], []] as [[UInt8]] {
                let bytes = line + tail
                guard !bytes.isEmpty,
                    let length = bytes.withUnsafeBytes({ check.wholeLine(at: $0.baseAddress!, available: $0.count) })
                else { continue }
                taken += 1
                let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
                let first = Array(bytes[..<end])
                let whole = first.withUnsafeBytes { full.readsWhole($0) } == true
                if length != end || !whole || OwnCommandLineTests.parsedRecord(first) != .command
                    || length > LogFile.longestLine
                {
                    wrong.append(String(decoding: bytes.prefix(200), as: UTF8.self))
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // Variants of ASCII texts, digits and times that still read are passed over.
        #expect(taken > 400)
    }

    /// A log of those lines and the fixtures' (some ending in CRLF, one longer than a chunk of
    /// the walk, the last torn), over 2 MiB so that lines cross the walk's chunks: walked with
    /// the commands passed over and without, the same lines reach the body at the same offsets
    /// but for those passed over — each one the full check calls whole, as many as were counted
    /// — the same long lines, and the same end.
    @Test func aWalkPassingCommandsOverSeesEveryOtherLineAsBefore() throws {
        let home = TemporaryFolder()
        let path = home.path + "/log.jsonl"
        try Self.writeMixedLog(to: path)
        func open() throws -> LogFile {
            LogFile(try #require(try POSIXFileSystem().openForReading(path)), failures: ReadFailures())
        }
        let (plain, plainLong, plainEnd) = try Self.plainWalk(path)
        var passed = PassedCommands()
        var quick: [(offset: Int, line: [UInt8])] = []
        var quickLong: [Range<Int>] = []
        let quickEnd = try open().linesForward(from: 0, passing: &passed, long: { quickLong.append($0) }) {
            line, offset in quick.append((offset, Array(line)))
        }
        #expect(quickEnd == plainEnd)
        #expect(quickLong == plainLong)
        var full = OwnCommandCheck()
        var next = 0
        var skipped = 0
        var wrong: [String] = []
        for (offset, line) in plain {
            if next < quick.count, quick[next].offset == offset {
                if quick[next].line != line { wrong.append("differs at \(offset)") }
                next += 1
            } else {
                skipped += 1
                if line.withUnsafeBytes({ full.readsWhole($0) }) != true {
                    wrong.append(String(decoding: line.prefix(200), as: UTF8.self))
                }
            }
        }
        #expect(next == quick.count)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(skipped == passed.count)
        #expect(passed.count > 15_000)
    }

    /// A log of the candidates and the fixtures' lines (some ending in CRLF, one longer than a
    /// chunk of the walk, the last torn), over 2 MiB so that lines cross the walk's chunks.
    static func writeMixedLog(to path: String) throws {
        var pool = try Self.candidates().filter { !$0.contains(0x0A) }
        pool += try OwnRecordLineTests.fixtureLines()
        // And commands in the usual shape, of every length from 68 bytes on.
        for number in 1...20_000 {
            let text = String(repeating: "x", count: number % 61)
            let time = "2026-\(10 + number % 3)-\(10 + number % 19)T\(10 + number % 14):3\(number % 10):00Z"
            pool.append(Array(#"{"kind":"command","line":"\#(text)","n":\#(number),"ts":"\#(time)","v":1}"#.utf8))
        }
        var bytes: [UInt8] = []
        var round = 0
        while bytes.count < 2_500_000 {
            for (index, line) in pool.enumerated() {
                bytes += line
                bytes += (index + round) % 13 == 0 ? [0x0D, 0x0A] : [0x0A]
            }
            if round == 0 { bytes += [UInt8](repeating: UInt8(ascii: "#"), count: LogFile.chunk + 10) + [0x0A] }
            round += 1
        }
        bytes += Array(#"{"kind":"command","line":"torn","n":1,"ts":"2026-02-06T12:00:00Z","v":1}"#.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))

    }

    /// The plain walk of the log at `path`: each line the body gets with its offset, the long
    /// lines, the end.
    static func plainWalk(_ path: String) throws -> (
        lines: [(offset: Int, line: [UInt8])], long: [Range<Int>], end: Int
    ) {
        var lines: [(offset: Int, line: [UInt8])] = []
        var long: [Range<Int>] = []
        let file = LogFile(try #require(try POSIXFileSystem().openForReading(path)), failures: ReadFailures())
        let end = file.linesForward(from: 0, long: { long.append($0) }) { line, offset in
            lines.append((offset, Array(line)))
        }
        return (lines, long, end)
    }

    /// A rebuild's walk passes over the lines in wx's own command layout unchecked
    /// (`UncheckedCommands`, runs of them at a time): every other line reaches the body as in a
    /// plain walk, at the same offset; each line passed over is one the plain walk found there,
    /// starting with the layout's first bytes (whether it reads whole or not); as many as were
    /// counted; the same long lines and the same end. Then the first bytes alone on a line, and
    /// lines cut before their newline at the end of what is at hand.
    @Test func aRebuildPassesOverEveryCommandLineInTheLayoutAndNothingElse() throws {
        let home = TemporaryFolder()
        let path = home.path + "/log.jsonl"
        try Self.writeMixedLog(to: path)
        let plain = try Self.plainWalk(path)
        var unchecked = UncheckedCommands()
        var quick: [(offset: Int, line: [UInt8])] = []
        var quickLong: [Range<Int>] = []
        let file = LogFile(try #require(try POSIXFileSystem().openForReading(path)), failures: ReadFailures())
        let quickEnd = file.linesForward(from: 0, passing: &unchecked, long: { quickLong.append($0) }) { line, offset in
            quick.append((offset, Array(line)))
        }
        #expect(quickEnd == plain.end)
        #expect(quickLong == plain.long)
        var next = 0
        var skipped = 0
        var wrong: [String] = []
        for (offset, line) in plain.lines {
            let own = line.starts(with: EventLog.sortedCommandPrefix)
            if next < quick.count, quick[next].offset == offset {
                if quick[next].line != line || own { wrong.append("handed on at \(offset)") }
                next += 1
            } else {
                skipped += 1
                if !own { wrong.append(String(decoding: line.prefix(200), as: UTF8.self)) }
            }
        }
        #expect(next == quick.count)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(skipped == unchecked.count)
        #expect(unchecked.count > 15_000)

        let prefix = EventLog.sortedCommandPrefix
        let other = Array(#"{"kind":"snapshot.deleted","id":3}"#.utf8)
        for (bytes, length, lines) in [
            (prefix + [0x0A], prefix.count, 1),
            (prefix + [0x0A] + prefix + [0x0A] + other + [0x0A], 2 * prefix.count + 1, 2),
            (prefix + Array("x".utf8) + [0x0A] + prefix, prefix.count + 1, 1),  // the second cut short
            (prefix + Array("xyz".utf8), nil, 0),  // no newline at hand
            (Array(prefix.dropLast()) + [0x0A], nil, 0),
            (other + [0x0A] + prefix + [0x0A], nil, 0),
            (prefix + [UInt8](repeating: 0x61, count: LogFile.longestLine) + [0x0A], nil, 0),  // too long
        ] as [([UInt8], Int?, Int)] {
            var scan = UncheckedCommands()
            let passed = bytes.withUnsafeBytes { scan.quickLine(at: $0.baseAddress!, available: $0.count) }
            #expect(passed == length && scan.count == lines, "\(String(decoding: bytes.prefix(60), as: UTF8.self))")
        }
    }

    /// The scan of a run of lines, with AVX2 where the machine has it and without, against a plain
    /// walk (each line's prefix compared, its end found byte by byte) over 8,000 random buffers
    /// of prefixed lines, other lines, lines without an end and lines past the longest: the same
    /// bytes passed and the same count, from both.
    @Test func theScanOfARunAgreesWithAPlainWalkWithAndWithoutAVX2() {
        let prefix = EventLog.sortedCommandPrefix
        var generator = StatePlistReaderTests.Generator(state: 7)
        func plain(_ bytes: [UInt8], longest: Int) -> (passed: Int, lines: Int) {
            var line = 0
            var passed = 0
            var lines = 0
            while bytes.count - line > prefix.count, bytes[line..<(line + prefix.count)].elementsEqual(prefix) {
                guard let end = bytes[(line + prefix.count)...].firstIndex(of: 0x0A), end - line <= longest else {
                    break
                }
                passed = end
                lines += 1
                line = end + 1
            }
            return (passed, lines)
        }
        var wrong: [String] = []
        for round in 0..<8_000 {
            var bytes: [UInt8] = []
            let size = Int.random(in: 0..<1_500, using: &generator)
            while bytes.count < size {
                if Int.random(in: 0..<10, using: &generator) < 8 { bytes += prefix }
                let length = Int.random(in: 0..<(round % 7 == 0 ? 300 : 120), using: &generator)
                for _ in 0..<length { bytes.append(UInt8.random(in: 0x61...0x7A, using: &generator)) }
                if Int.random(in: 0..<12, using: &generator) > 0 { bytes.append(0x0A) }
            }
            let longest = round % 3 == 0 ? Int.random(in: 18..<200, using: &generator) : LogFile.longestLine
            let expected = plain(bytes, longest: longest)
            for (name, scan) in [("chosen", wx_pass_prefixed_lines), ("portable", wx_pass_prefixed_lines_portable)] {
                var lines = 0
                let passed = bytes.withUnsafeBytes { buffer in
                    prefix.withUnsafeBytes {
                        scan(buffer.baseAddress, buffer.count, $0.baseAddress, $0.count, longest, &lines)
                    }
                }
                if passed != expected.passed || lines != expected.lines {
                    wrong.append(
                        "\(name) round \(round): \(passed)/\(lines), plainly \(expected.passed)/\(expected.lines)")
                }
            }
        }
        let disagreements = wrong.count
        #expect(disagreements == 0, "\(wrong.prefix(5))")
    }
}
