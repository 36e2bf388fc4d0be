import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// `log`'s counts come from `log.jsonl.index`'s header and what was appended since, never from
/// the whole log; they are what reading every line gives (`scannedStatistics`), and what
/// Fixtures/log/statistics_expected.py counts with rules of its own. The index is kept current as
/// the log grows, and made in one reading of the log.
@Suite(.tags(.unit)) struct LogStatisticsTests {
    let home = TemporaryFolder()
    let time = Date(timeIntervalSince1970: 1_770_414_000)
    var logPath: String { home.path + "/log.jsonl" }
    var indexPath: String { home.path + "/log.jsonl.index" }
    static let script = TestPaths.packageRoot.path + "/Fixtures/log/statistics_expected.py"

    func python(_ arguments: [String]) throws -> String {
        let run = try runProgram("/usr/bin/python3", [Self.script] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// The counts the script finds in the log now.
    func expected() throws -> [String: Int] {
        let text = try python(["count", logPath])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int])
    }

    func matches(_ stats: EventLog.Statistics, _ expected: [String: Int]) -> Bool {
        stats.bytes == expected["bytes"] && stats.commands == expected["commands"]
            && stats.snapshots == expected["snapshots"] && stats.deletedSnapshots == expected["deleted_snapshots"]
            && stats.deletedKept == expected["deleted_kept"] && stats.unreadableLines == expected["unreadable_lines"]
            && stats.otherRecords == expected["other_records"] && stats.looks == expected["looks"]
    }

    func header() throws -> SnapshotIndex.Header {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: indexPath))
        let newline = try #require(bytes.firstIndex(of: 10))
        return try #require(
            bytes.withUnsafeBytes { SnapshotIndex.Header(UnsafeRawBufferPointer(rebasing: $0[..<newline])) })
    }

    func reading(_ id: Int) -> SnapshotReading {
        SnapshotReading(
            dataTime: time, temperatureCelsius: Double(id), precipitationProbabilityPercent: nil,
            precipitationMillimetres: nil, weatherCode: 3)
    }

    /// The index's header holds the counts the script finds; `log` gives them, and so does a
    /// reading of every line. The log mixes every kind of line: commands in wx's layout and in
    /// another, with escapes, UTF-8 and `\u`; unreadable commands (n 0, n a string, a time that
    /// is none, a brace missing); snapshots, deletions, the highest id deleted, an id deleted
    /// twice; a broken look, a kind wx does not know, a line too long, a torn last line.
    @Test func theHeadersCountsAreTheScriptsCount() throws {
        _ = try python(["generate", logPath])
        let expected = try expected()
        #expect(expected["commands"] ?? 0 > 10_000)
        #expect(expected["unreadable_lines"] ?? 0 > 250)
        let log = EventLog(folder: home.path)
        let stats = log.statistics()
        #expect(matches(stats, expected), "\(stats) against \(expected)")
        #expect(log.scannedStatistics() == stats)
        let counts = try header().counts
        #expect(counts.commands == expected["commands"])
        #expect(counts.unreadableLines == expected["unreadable_lines"])
        #expect(counts.otherRecords == expected["other_records"])
        #expect(counts.highestSnapshotID == expected["highest_snapshot_id"])
    }

    /// A listing makes the index without checking the command lines in wx's own layout (they
    /// hold nothing it shows): its header counts them as unchecked, and the other lines as
    /// `log` does. The first `log` checks them and writes the index again with them counted;
    /// from then on `log` reads the index, not the log — a second `log` whose every read of the
    /// log's middle fails counts the same.
    @Test func theFirstLogCountsTheCommandLinesAListingLeftUnchecked() throws {
        _ = try python(["generate", logPath])
        let expected = try expected()
        let own = try #require(expected["own_layout_command_lines"])
        let ownUnreadable = try #require(expected["own_layout_unreadable"])
        #expect(own > 10_000 && ownUnreadable > 100)
        _ = EventLog(folder: home.path).snapshots(keptForecasts: false)
        let made = try header()
        #expect(made.counts.uncheckedCommands == own)
        #expect(made.counts.uncheckedBytes == made.coveredBytes)
        #expect(made.counts.commands == (expected["commands"] ?? 0) - (own - ownUnreadable))
        #expect(made.counts.unreadableLines == (expected["unreadable_lines"] ?? 0) - ownUnreadable)
        #expect(made.counts.otherRecords == expected["other_records"])
        #expect(made.counts.highestSnapshotID == expected["highest_snapshot_id"])

        let stats = EventLog(folder: home.path).statistics()
        #expect(matches(stats, expected), "\(stats) against \(expected)")
        let counted = try header()
        #expect(counted.counts.uncheckedCommands == 0 && counted.counts.uncheckedBytes == 0)
        #expect(counted.counts.commands == expected["commands"])
        #expect(counted.counts.unreadableLines == expected["unreadable_lines"])
        #expect(counted.coveredBytes == made.coveredBytes)

        let files = FailingFileSystem()
        let logPath = self.logPath
        files.failReads(in: 8_192..<(made.coveredBytes - 8_192), matching: { $0 == logPath })
        let again = EventLog(folder: home.path, fileSystem: files)
        #expect(again.statistics() == stats)
        #expect(again.readProblem() == nil)
    }

    /// With the index made and its command lines counted (by a first `log`), `log` reads only
    /// the index and the log's ends (the fingerprint) and what was appended since — here by
    /// another wx: a command, a snapshot, a deletion. Every read of the log's middle fails, and
    /// the counts are right all the same: the old `log`, which read every line, could not count
    /// them.
    @Test func logReadsTheIndexAndWhatWasAppendedNotTheLog() throws {
        _ = try python(["generate", logPath])
        _ = EventLog(folder: home.path).statistics()
        let covered = try header().coveredBytes
        #expect(covered > 1 << 20)
        let other = EventLog(folder: home.path)
        try other.appendCommand("show", at: time)
        _ = try other.appendSnapshot(
            placeName: "Oslo", coordinate: Coordinate(latitude: 59.9, longitude: 10.7), utcOffsetSeconds: 3_600,
            timeZone: nil, reading: reading(1), at: time)
        _ = try other.deleteSnapshot(12, at: time)
        let expected = try expected()
        let files = FailingFileSystem()
        let logPath = self.logPath
        files.failReads(in: 8_192..<(covered - 8_192), matching: { $0 == logPath })
        let log = EventLog(folder: home.path, fileSystem: files)
        let stats = log.statistics()
        #expect(log.readProblem() == nil)
        #expect(matches(stats, expected), "\(stats) against \(expected)")
    }

    /// `log` in a session counts what another wx appended after its last `log`: commands,
    /// snapshots, deletions (the highest id's too), also once the index is written again.
    @Test func theCountsFollowAppendsByAnotherProcess() throws {
        _ = try python(["generate", logPath])
        let log = EventLog(folder: home.path)
        #expect(matches(log.statistics(), try expected()))
        let other = EventLog(folder: home.path)
        for step in 0..<6 {
            try other.appendCommand("show \(step)", at: time)
            let snapshot = try other.appendSnapshot(
                placeName: "Oslo", coordinate: Coordinate(latitude: 59.9, longitude: 10.7), utcOffsetSeconds: 3_600,
                timeZone: nil, reading: reading(step), at: time)
            if step % 2 == 0 { _ = try other.deleteSnapshot(snapshot.id, at: time) }
            let stats = log.statistics()
            #expect(matches(stats, try expected()), "step \(step): \(stats)")
            #expect(stats == EventLog(folder: home.path).scannedStatistics())
        }
        // A whole history imported at once (over 1 MiB): the index is brought up to the end.
        let entries = (1...14_000).map { HistoryEntry(number: $0, line: "find Hamburg \($0)", time: time) }
        _ = try other.importCommands(entries)
        let stats = log.statistics()
        #expect(matches(stats, try expected()), "\(stats)")
        #expect(stats.commands == (try expected())["commands"])
    }

    /// An append that takes the log past a multiple of 1 MiB brings the index up to the log's
    /// end at once — it is kept current as the log grows, and a listing never makes it from the
    /// whole log — here an import of a history of 1.2 MB into a log that had no index.
    @Test func anAppendPastAMebibyteWritesTheIndex() throws {
        let log = EventLog(folder: home.path)
        try log.appendCommand("show", at: time)
        #expect(!FileManager.default.fileExists(atPath: indexPath))
        let entries = (1...14_000).map { HistoryEntry(number: $0 + 1, line: "find Hamburg \($0)", time: time) }
        _ = try log.importCommands(entries)
        let size = try #require(POSIXFileSystem().version(of: logPath)?.size)
        #expect(size > 1 << 20)
        let made = try header()
        #expect(made.coveredBytes == size)
        // Made afresh from the log: its command lines are left for `log` to check.
        #expect(made.counts.commands + made.counts.uncheckedCommands == 14_001)
        // And again past the next: the index is written again, covering the end.
        let more = (1...14_000).map { HistoryEntry(number: $0 + 14_001, line: "find Bremen \($0)", time: time) }
        _ = try log.importCommands(more)
        let again = try header()
        #expect(again.coveredBytes == POSIXFileSystem().version(of: logPath)?.size)
        #expect(again.counts.commands + again.counts.uncheckedCommands == 28_001)
        #expect(log.statistics().commands == 28_001)
        #expect(try header().counts.commands == 28_001)
    }

    /// An index of version 3 (no counts in its header) is not read as one of this version: it is
    /// made again, and `log` counts right.
    @Test func anIndexOfTheLastVersionIsMadeAgain() throws {
        _ = try python(["generate", logPath])
        _ = EventLog(folder: home.path).snapshots(keptForecasts: false)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: indexPath))
        let newline = try #require(bytes.firstIndex(of: 10))
        var fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: "\t").map(String.init)
        #expect(fields[1] == "6")
        // Version 3's header: no counts; its check made again over the same body.
        fields[1] = "3"
        fields.removeSubrange(11..<19)
        let body = bytes[(newline + 1)...]
        var hash = StreamingChecksum()
        body.withUnsafeBytes { hash.add($0) }
        let start = Array((fields.dropLast().joined(separator: "\t") + "\t").utf8)
        let check = start.withUnsafeBytes { StreamingChecksum.combine(header: $0, body: hash.value) }
        try Data(start + Array(check.paddedHex.utf8) + [10] + body).write(to: URL(fileURLWithPath: indexPath))
        let stats = EventLog(folder: home.path).statistics()
        #expect(matches(stats, try expected()))
        #expect(try header().counts.commands == (try expected())["commands"])
    }

    /// The rebuild checks one command line after another (`OwnCommandCheck`, which remembers the
    /// date of the last time that read, and passes over eight bytes of text at a time): on every
    /// line of the script's log (long texts with quotes, backslashes, UTF-8 and control
    /// characters past their eighth byte), and on times of the day just read that are none (an
    /// hour 24, a minute 60, a letter, a lower-case "z", a misplaced colon) and days that are
    /// none, each after a line of that day, it answers as a check of that line alone, and where
    /// its answer is "whole", the parser reads the line.
    @Test func aCommandCheckedAfterOthersIsCheckedAsAlone() throws {
        _ = try python(["generate", logPath])
        let data = try Data(contentsOf: URL(fileURLWithPath: logPath))
        var lines = data.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        func command(_ time: String) -> [UInt8] {
            Array(#"{"kind":"command","line":"show","n":5,"ts":"\#(time)","v":1}"#.utf8)
        }
        let days = ["2026-02-06", "2024-02-29", "2023-02-28", "2026-02-30", "2023-02-29", "1899-12-31"]
        let clocks = [
            "T24:10:00Z", "T21:60:00Z", "T21:40:0aZ", "T21:40:00z", "T2:40:00Z0", "T23:59:59Z", "T21:40:60Z",
        ]
        for day in days {
            for clock in clocks { lines += [command(day + "T12:00:00Z"), command(day + clock)] }
        }
        // Each day again after the others (its date kept from before, not the last one read).
        for clock in clocks {
            for day in days { lines += [command(day + clock), command(day + "T12:00:00Z")] }
        }
        var check = OwnCommandCheck()
        var told = 0
        for bytes in lines {
            let alone = bytes.withUnsafeBytes(EventLog.ownCommandReadsWhole)
            let after = bytes.withUnsafeBytes { check.readsWhole($0) }
            #expect(after == alone, "\(String(decoding: bytes.prefix(200), as: UTF8.self))")
            if let after {
                told += 1
                #expect(after == (bytes.withUnsafeBytes { EventLog.commandEntry($0) } != nil))
            }
        }
        #expect(told > 15_000)
    }

    /// A command in wx's own layout is counted by its bytes exactly as the parser reads it: where
    /// the bytes say "whole", `commandEntry` reads it; anything else is left to the parser.
    @Test func aCommandToldByItsBytesIsOneTheParserReads() {
        let lines = [
            #"{"kind":"command","line":"show","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"find München","n":12,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"a \"b\" \\ \t \/ \n","n":999999999999999,"ts":"2024-02-29T23:59:59Z","v":0}"#,
            #"{"kind":"command","line":"","n":3,"ts":"2026-02-06T21:40:00Z","v":12}"#,
            #"{"kind":"command","line":"caf\u00e9","n":3,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"x","n":0,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"x","n":01,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"x","n":1234567890123456,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"x","n":1.5,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"x","n":1,"ts":"2023-02-29T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T24:40:00Z","v":1}"#,
            #"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T21:40:00+01:00","v":1}"#,
            #"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T21:40:00Z","v":-1}"#,
            #"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T21:40:00Z","v":1} "#,
            #"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T21:40:00Z","v":1,"v":2}"#,
            #"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T21:40:00Z"}"#,
            #"{"kind":"command","line":"\q","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            "{\"kind\":\"command\",\"line\":\"tab\there\",\"n\":1,\"ts\":\"2026-02-06T21:40:00Z\",\"v\":1}",
        ]
        var told = 0
        for line in lines {
            let bytes = Array(line.utf8)
            let byBytes = bytes.withUnsafeBytes(EventLog.ownCommandReadsWhole)
            let parsed = bytes.withUnsafeBytes { EventLog.commandEntry($0) } != nil
            if let byBytes {
                told += 1
                #expect(byBytes == parsed, "\(line)")
            }
        }
        // Invalid UTF-8 in the line: the parser refuses it, and so do the bytes.
        let invalid =
            Array(#"{"kind":"command","line":"a"#.utf8) + [0xC3, 0x28]
            + Array(#"","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#.utf8)
        #expect(invalid.withUnsafeBytes(EventLog.ownCommandReadsWhole) == nil)
        #expect(invalid.withUnsafeBytes { EventLog.commandEntry($0) } == nil)
        // wx's own commands are all told by their bytes.
        #expect(told >= 4)
        for line in lines.prefix(4) {
            #expect(Array(line.utf8).withUnsafeBytes(EventLog.ownCommandReadsWhole) == true, "\(line)")
        }
    }
}
