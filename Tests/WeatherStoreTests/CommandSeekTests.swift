import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Commands found by number (`!N`, `rerun N`, `replay N..M`) where the log says they are,
/// found by halving its bytes: never the log read from an end (issue 39 item 4: `!6` in a log
/// of a million lines read all of it backwards, 14 s).
@Suite(.tags(.unit)) struct CommandSeekTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    static let isLog: @Sendable (String) -> Bool = { $0.hasSuffix("/log.jsonl") }

    func command(_ number: Int, _ line: String) -> String {
        #"{"kind":"command","line":"\#(line)","n":\#(number),"ts":"2026-02-06T21:40:00Z","v":1}"# + "\n"
    }

    func snapshot(_ id: Int) -> String {
        #"{"data_time":"2026-02-06T21:00:00Z","id":\#(id),"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Hamburg"},"precipitation_millimetres":0.3,"precipitation_probability_percent":40,"temperature_celsius":7.4,"ts":"2026-02-06T21:40:00Z","utc_offset_seconds":3600,"v":1,"weather_code":3}"#
            + "\n"
    }

    /// A log of `count` commands ("show N"), a snapshot after every 50th, as `make bench`'s is;
    /// its size in bytes.
    @discardableResult
    func writeLog(commands count: Int, extra: (Int) -> String = { _ in "" }) throws -> Int {
        var text = ""
        for number in 1...count {
            text += command(number, "show \(number)") + extra(number)
            if number % 50 == 0 { text += snapshot(number / 50) }
        }
        let data = Data(text.utf8)
        try data.write(to: home.url.appendingPathComponent("log.jsonl"))
        return data.count
    }

    /// `!6` and `replay 6..8` in a log of 30,000 commands read nothing of its second half, where
    /// reading backwards from the end started (that read fails here: the old reader found nothing).
    @Test func anEarlyCommandIsFoundWithoutReadingTheEnd() throws {
        let size = try writeLog(commands: 30_000)
        files.failReads(in: (size / 2 + (64 << 10))..<size, matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.command(number: 6)?.line == "show 6")
        #expect(log.command(number: 1)?.line == "show 1")
        #expect(log.commands(in: 6...8).map(\.line) == ["show 6", "show 7", "show 8"])
        #expect(log.readProblem() == nil)
    }

    /// A command near the end is found without reading the first half either.
    @Test func aLateCommandIsFoundWithoutReadingTheStart() throws {
        let size = try writeLog(commands: 30_000)
        files.failReads(in: 0..<(size / 2 - 2), matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.command(number: 29_990)?.line == "show 29990")
        #expect(log.commands(in: 29_998...30_000).map(\.number) == [29_998, 29_999, 30_000])
        #expect(log.readProblem() == nil)
    }

    /// Every number of a log with snapshots, lines too long to be a record, garbage and a torn
    /// last line among its commands is found, and none that is not there.
    @Test func everyCommandIsFoundAmongOtherLines() throws {
        let long = String(repeating: "x", count: 70_000)
        try writeLog(commands: 2_000) { number in
            switch number % 97 {
            case 3: #"{"kind":"command","line":"\#(long)","n":0,"v":1}"# + "\n"
            case 5: "not json at all\n"
            case 7: String(repeating: "y", count: 20_000) + "\n"
            default: ""
            }
        }
        let handle = try FileHandle(forWritingTo: home.url.appendingPathComponent("log.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"kind":"command","line":"torn","n":2001"#.utf8))
        try handle.close()
        let log = EventLog(folder: home.path)
        // Around each line that is no record, and a stride through the rest.
        var numbers: Set<Int> = [1, 1_999, 2_000]
        for base in stride(from: 0, through: 2_000, by: 97) {
            for offset in [2, 3, 4, 6, 7, 8] where base + offset <= 2_000 { numbers.insert(base + offset) }
        }
        for number in stride(from: 1, through: 2_000, by: 37) { numbers.insert(number) }
        for number in numbers.sorted() {
            #expect(log.command(number: number)?.line == "show \(number)")
        }
        #expect(log.command(number: 2_001) == nil)
        #expect(log.commands(in: 1_990...2_005).map(\.number) == Array(1_990...2_000))
        #expect(log.commands(in: 1...2_000).count == 2_000)
    }

    /// A log whose first numbers are gone (written by an import that numbered on) finds none of
    /// them, and the rest where they are.
    @Test func numbersNotInTheLogAreNotFound() throws {
        var text = ""
        for number in stride(from: 1_000, through: 9_000, by: 2) { text += command(number, "show \(number)") }
        try Data(text.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
        let log = EventLog(folder: home.path)
        #expect(log.command(number: 6) == nil)
        #expect(log.command(number: 1_001) == nil)
        #expect(log.command(number: 4_002)?.line == "show 4002")
        #expect(log.command(number: 9_002) == nil)
        #expect(log.commands(in: 995...1_004).map(\.number) == [1_000, 1_002, 1_004])
    }
}
