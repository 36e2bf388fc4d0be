import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// log.jsonl: records, reading from either end, failed writes kept in memory, compaction.
@Suite(.tags(.unit)) struct EventLogTests {
    let home = TemporaryFolder()
    /// The file system the stores use: the real one, failing where a test says.
    let files = FailingFileSystem()
    let time = Date(timeIntervalSince1970: 1_770_414_000)

    func reading() -> SnapshotReading {
        SnapshotReading(
            dataTime: time, temperatureCelsius: 7.4, precipitationProbabilityPercent: 40, precipitationMillimetres: 0.3,
            weatherCode: 3)
    }

    @Test func recordsCarryVersionTimeAndKind() throws {
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(try log.appendCommand("find Hamburg", at: time) == 1)
        #expect(try log.appendCommand("show", at: time) == 2)
        _ = try log.appendSnapshot(
            placeName: "Hamburg", coordinate: Coordinate(latitude: 53.55, longitude: 9.99), utcOffsetSeconds: 3_600,
            timeZone: "Europe/Berlin", reading: reading(), at: time)
        let lines = home.text("log.jsonl").split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["v"] as? Int == 1)
            #expect(object["ts"] as? String == "2026-02-06T21:40:00Z")
        }
        #expect(lines[0] == #"{"kind":"command","line":"find Hamburg","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#)
        #expect(lines[2].contains(#""kind":"snapshot""#) && lines[2].contains(#""temperature_celsius":7.4"#))
    }

    @Test func historyIsReadFromTheEndAndNumberedAcrossSessions() throws {
        let first = EventLog(folder: home.path, fileSystem: files)
        for index in 1...30 { try first.appendCommand("show \(index)", at: time) }
        let second = EventLog(folder: home.path, fileSystem: files)
        #expect(try second.appendCommand("favs", at: time) == 31)
        #expect(second.history(last: 3).map(\.number) == [29, 30, 31])
        #expect(second.history(last: 3).map(\.line) == ["show 29", "show 30", "favs"])
        #expect(second.command(number: 7)?.line == "show 7")
        #expect(second.command(number: 99) == nil)
        #expect(second.commands(in: 3...5).map(\.line) == ["show 3", "show 4", "show 5"])
    }

    @Test func tornLastLineIsSkippedAndNotGluedOnto() throws {
        let log = EventLog(folder: home.path, fileSystem: files)
        try log.appendCommand("find Hamburg", at: time)
        let handle = try FileHandle(forWritingTo: home.url.appendingPathComponent("log.jsonl"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"kind":"command","line":"sho"#.utf8))
        try handle.close()
        #expect(log.history(last: 5).map(\.line) == ["find Hamburg"])
        #expect(try log.appendCommand("favs", at: time) == 2)
        let lines = home.text("log.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)  // record, torn line, record, final empty
        #expect(lines[2] == #"{"kind":"command","line":"favs","n":2,"ts":"2026-02-06T21:40:00Z","v":1}"#)
        #expect(log.history(last: 5).map(\.line) == ["find Hamburg", "favs"])
    }

    @Test func unknownKindsAndGarbageAreSkipped() throws {
        let text = """
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"command","n":1,"line":"a"}
            {"v":9,"ts":"2026-02-06T21:40:00Z","kind":"telemetry","x":1}
            garbage here
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"snapshot","id":4,"place":{"name":"X","latitude":1,"longitude":2},"data_time":"2026-02-06T21:30:00Z","temperature_celsius":null}
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"snapshot","id":"oops"}
            {"v":1,"ts":"2026-02-06T21:40:00Z","kind":"command","n":2,"line":"b"}

            """
        try Data(text.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.history(last: 10).map(\.line) == ["a", "b"])
        let snapshots = log.snapshots()
        #expect(snapshots.map(\.id) == [4])
        #expect(snapshots[0].reading.temperatureCelsius == nil)
        #expect(log.skippedLines == 2)
        #expect(log.takeNotes() == [.unreadableLinesSkipped])
        let next = try log.appendSnapshot(
            placeName: "Y", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil,
            reading: reading(), at: time)
        #expect(next.id == 5)
    }

    @Test func anotherWritersSnapshotsAreSeen() throws {
        let first = EventLog(folder: home.path, fileSystem: files)
        let second = EventLog(folder: home.path, fileSystem: files)
        #expect(first.snapshots().isEmpty)
        let saved = try second.appendSnapshot(
            placeName: "Y", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil,
            reading: reading(), at: time)
        #expect(first.snapshots().map(\.id) == [saved.id])
        let mine = try first.appendSnapshot(
            placeName: "Z", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil,
            reading: reading(), at: time)
        #expect(mine.id == 2)
    }

    @Test func longHistoryAcrossChunkBoundaries() throws {
        let log = EventLog(folder: home.path, fileSystem: files)
        // Longer than a chunk read backwards would hold if lines were cut at 64 KiB boundaries
        // often; still within the longest line read as a record.
        let long = String(repeating: "x", count: 60_000)
        try log.appendCommand("first", at: time)
        try log.appendCommand("find \(long)", at: time)
        for index in 0..<2_000 { try log.appendCommand("show \(index)", at: time) }
        #expect(log.history(last: 2_002).first?.line == "first")
        #expect(log.history(last: 2_001).first?.line == "find \(long)")
        #expect(log.command(number: 2)?.line.count == 60_005)
    }

    @Test func historyKeptInMemoryIsWrittenInOrder() throws {
        defer { files.allow() }
        let log = EventLog(folder: home.path, fileSystem: files)
        try log.appendCommand("first", at: Recorded.newYorkNow)
        files.fail(with: ENOSPC)
        #expect { try log.appendCommand("second", at: Recorded.newYorkNow) } throws: { error in
            guard case StoreError.file(let cause) = error else { return false }
            return cause.code == ENOSPC && cause.path == home.path + "/.wx.lock"
        }
        #expect(throws: StoreError.self) { try log.appendCommand("third", at: Recorded.newYorkNow) }
        #expect(log.hasUnwrittenRecords)
        files.allow()
        #expect(try log.appendCommand("fourth", at: Recorded.newYorkNow) == 4)
        #expect(log.history(last: 10).map(\.line) == ["first", "second", "third", "fourth"])
        #expect(!log.hasUnwrittenRecords)
        #expect(log.takeNotes() == [.keptRecordsWritten(commands: 2, snapshotIDs: [])])
    }

    /// Records are read by their JSON, not their bytes: another writer's layout (spaces, keys
    /// in another order, CRLF) reads the same; a line that is not a whole record is counted,
    /// skipped, and moved aside by `log compact`, never lost.
    @Test func compactionKeepsEverythingButDeletedSnapshotsAndSetsAsideGarbage() throws {
        let lines = [
            #"{"kind":"command","line":"a","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"snapshot","data_time":"2026-02-06T21:30:00Z","id":1,"place":{"latitude":1,"longitude":2,"name":"A"},"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"garbage"#,
            #"{"kind":"snapshot","data_time":"2026-02-06T21:30:00Z","id":2,"place":{"latitude":1,"longitude":2,"name":"B"},"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"v":3,"kind":"forecast.pinned","ts":"2026-02-06T21:41:00Z","future":true}"#,
            #"{"kind":"snapshot.deleted","id":1,"ts":"2026-02-06T21:41:00Z","v":1}"#,
            #"{"kind":"command","line":"b","n":2,"ts":"2026-02-06T21:42:00Z","v":1}"#,
            #"{"v": 1, "ts": "2026-02-06T21:43:00Z", "kind": "command", "n": 3, "line": "spaced"}"#,
            #"{"n":4,"line":"reordered","kind":"command","ts":"2026-02-06T21:44:00Z","v":1}"# + "\r",
            #"{"v":1,"kind":"command"}"#,
            #"{"v": 1, "kind": "snapshot", "id": 3, "ts": "2026-02-06T21:45:00Z", "data_time": "2026-02-06T21:30:00Z", "place": {"name": "C", "latitude": 1, "longitude": 2}}"#,
            #"{"kind":"comm"#,
        ]
        let text = lines.joined(separator: "\n")
        try Data(text.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.snapshots().map(\.id) == [2, 3])
        #expect(log.history(last: 10).map(\.line) == ["a", "b", "spaced", "reordered"])
        #expect(log.takeNotes() == [.unreadableLinesSkipped])
        let compaction = try log.compact(now: Recorded.newYorkNow)
        let (before, after) = (compaction.before, compaction.after)
        #expect(
            before.commands == 4 && before.snapshots == 2 && before.deletedSnapshots == 1 && before.unreadableLines == 2
        )
        #expect(
            after.commands == 4 && after.snapshots == 2 && after.deletedSnapshots == 0 && after.unreadableLines == 0
                && after.otherRecords == 1)
        #expect(
            home.text("log.jsonl") == [lines[0], lines[3], lines[4], lines[6], lines[7], lines[8], lines[10]].joined(
                separator: "\n") + "\n")
        // The unreadable lines, byte for byte, in a file of their own, and after them the torn
        // tail (no line end in the log), ended with one there (nu61: it was dropped).
        let aside = try #require(compaction.unreadableLinesFile)
        #expect(aside == home.path + "/log.jsonl.unreadable-20260206T214000Z")
        #expect(
            try String(contentsOfFile: aside, encoding: .utf8)
                == "garbage\n{\"v\":1,\"kind\":\"command\"}\n" + lines[11] + "\n")
        #expect(compaction.unterminatedBytesMoved == lines[11].utf8.count)
        // Numbers and ids stay; the next ones follow on.
        #expect(log.snapshots().map(\.id) == [2, 3])
        #expect(try log.appendCommand("c", at: Recorded.newYorkNow) == 5)
        // A second compaction has nothing to set aside.
        #expect(try log.compact(now: Recorded.newYorkNow).unreadableLinesFile == nil)
    }

    @Test func failedCompactionLeavesTheLogAsItWas() throws {
        defer { files.allow() }
        let log = EventLog(folder: home.path, fileSystem: files)
        try log.appendCommand("a", at: Recorded.newYorkNow)
        let before = home.text("log.jsonl")
        files.fail(with: ENOSPC, matching: { $0.hasSuffix("log.jsonl") })
        #expect {
            try log.compact(now: Recorded.newYorkNow)
        } throws: { error in
            guard case StoreError.notCompacted(.file(let cause)) = error else { return false }
            return cause.code == ENOSPC && cause.path == home.path + "/log.jsonl"
        }
        #expect(home.text("log.jsonl") == before)
    }

    /// A snapshot or deletion that cannot be written holds for this session (a snapshot with id
    /// 0) and is written, with its id, by the next record that can be.
    @Test func snapshotsAndDeletionsKeptInMemoryAreWrittenLater() throws {
        defer { files.allow() }
        let log = EventLog(folder: home.path, fileSystem: files)
        let first = try log.appendSnapshot(
            placeName: "A", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil,
            reading: reading(), at: time)
        files.fail(with: EROFS)
        #expect {
            try log.appendSnapshot(
                placeName: "B", coordinate: Coordinate(latitude: 2, longitude: 2), utcOffsetSeconds: 0, timeZone: nil,
                reading: reading(), at: time)
        } throws: { error in
            guard case StoreError.snapshotKeptInMemory(.file(let cause)) = error else { return false }
            return cause.code == EROFS
        }
        #expect {
            try log.deleteSnapshot(first.id, at: time)
        } throws: { error in
            guard case StoreError.deletionKeptInMemory(id: first.id, .file(let cause)) = error else { return false }
            return cause.code == EROFS
        }
        #expect(log.snapshots().map(\.placeName) == ["B"])
        #expect(log.snapshots().map(\.id) == [0])
        #expect(throws: StoreError.noSuchSnapshot(first.id)) { try log.deleteSnapshot(first.id, at: time) }
        files.allow()
        try log.appendCommand("show", at: time)
        #expect(log.takeNotes() == [.keptRecordsWritten(commands: 0, snapshotIDs: [2])])
        #expect(EventLog(folder: home.path, fileSystem: files).snapshots().map(\.id) == [2])
    }

    /// The lock creates the folders it needs, private.
    @Test func lockCreatesPrivateFolders() throws {
        func mode(_ path: String) throws -> Int {
            try #require(
                (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
        }
        let folder = home.path + "/a/b/wx"
        try StoreFiles.locked(folder, POSIXFileSystem()) { () throws(StoreError) in }
        #expect(try mode(home.path + "/a") == 0o700)
        #expect(try mode(folder) == 0o700)
        try EventLog(folder: folder).appendCommand("a", at: time)
        #expect(try mode(folder + "/log.jsonl") == 0o600)
    }

    func write(_ text: String) throws {
        try Data(text.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
    }

    func command(_ number: Int, _ line: String) -> String {
        #"{"kind":"command","line":"\#(line)","n":\#(number),"ts":"2026-02-06T21:40:00Z","v":1}"# + "\n"
    }

    /// A line far longer than any record wx writes is skipped without being assembled, and the
    /// session is told that lines were skipped; shorter lines around it still read.
    @Test func overlongLinesAreSkippedAndTold() throws {
        let huge = String(repeating: "y", count: 100_000)  // a valid record, but 100 KB
        try write(command(1, "first") + command(2, huge) + command(3, "third"))
        let log = EventLog(folder: home.path)
        #expect(log.history(last: 5).map(\.number) == [1, 3])
        #expect(log.takeNotes() == [.unreadableLinesSkipped])
        #expect(log.command(number: 2) == nil)
        #expect(log.statistics().unreadableLines == 1)
        #expect(log.statistics().commands == 2)
        #expect(try log.appendCommand("fourth", at: time) == 4)
    }

    /// Reading backwards is linear in the length of one line: 16 MB of NUL bytes with no newline
    /// (a torn tail), or as one line, take well under a second each (the old reader copied the
    /// line again for each 64 KiB it read backwards, and searched all of it again: minutes).
    @Test func oneHugeLineIsReadInLinearTime() throws {
        let nul = [UInt8](repeating: 0, count: 16 << 20)
        var bytes = Array(command(1, "first").utf8) + nul
        try Data(bytes).write(to: home.url.appendingPathComponent("log.jsonl"))
        let log = EventLog(folder: home.path)
        var started = Date()
        #expect(log.history(last: 2).map(\.line) == ["first"])
        #expect(Date().timeIntervalSince(started) < 3)
        bytes += Array("\n".utf8) + Array(command(2, "second").utf8)
        try Data(bytes).write(to: home.url.appendingPathComponent("log.jsonl"))
        started = Date()
        #expect(log.history(last: 2).map(\.line) == ["first", "second"])
        #expect(log.snapshots().isEmpty)
        #expect(log.skippedLines == 1)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    /// `log compact` moves an overlong line aside whole, byte for byte, and keeps the rest.
    @Test func compactionMovesAnOverlongLineAside() throws {
        let huge = String(repeating: "z", count: 3 << 20)
        try write(command(1, "first") + huge + "\n" + command(2, "second"))
        let log = EventLog(folder: home.path)
        let result = try log.compact(now: time)
        #expect(home.text("log.jsonl") == command(1, "first") + command(2, "second"))
        let aside = try #require(result.unreadableLinesFile)
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == huge + "\n")
        #expect(result.before.unreadableLines == 1)
    }

    /// Trial 16: three snapshots saved and all three deleted, `log` said "2 deleted snapshots":
    /// the newest one's deletion, whose records compaction keeps, is counted on its own.
    @Test func statisticsCountTheNewestDeletedSnapshotApart() throws {
        let log = EventLog(folder: home.path)
        for _ in 1...3 {
            _ = try log.appendSnapshot(
                placeName: "Y", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil,
                reading: reading(), at: time)
        }
        for id in [1, 3, 2] { _ = try log.deleteSnapshot(id, at: time) }
        let stats = log.statistics()
        #expect(stats.snapshots == 0)
        #expect(stats.deletedSnapshots == 2)
        #expect(stats.deletedKept == 1)
    }

    /// An id once given is never given again, even when the snapshot that had it was deleted
    /// and the log compacted: compaction keeps the highest id's record and its deletion.
    @Test func idsAreNotReusedAfterCompaction() throws {
        let log = EventLog(folder: home.path)
        func save() throws -> Int {
            try log.appendSnapshot(
                placeName: "Y", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil,
                reading: reading(), at: time
            ).id
        }
        #expect(try save() == 1)
        #expect(try save() == 2)
        _ = try log.deleteSnapshot(2, at: time)
        let result = try log.compact(now: time)
        #expect(result.after.snapshots == 1)
        #expect(result.before.deletedSnapshots == 0)  // kept: nothing for compaction to drop
        #expect(result.after.deletedSnapshots == 0)
        #expect(log.snapshots().map(\.id) == [1])
        #expect(try save() == 3)
        _ = try log.deleteSnapshot(3, at: time)
        _ = try log.deleteSnapshot(1, at: time)
        _ = try log.compact(now: time)
        #expect(log.snapshots().isEmpty)
        #expect(EventLog(folder: home.path).snapshots().isEmpty)
        #expect(try save() == 4)
        // Only the highest id's two records were kept.
        #expect(home.text("log.jsonl").split(separator: "\n").count == 3)
    }
}
