import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Trial 62: an import killed with `kill -9` left part of itself and a torn line in the log
/// (the man page promises "whole or not at all"), and Ctrl-C did not stop it. The records now go
/// into a copy of the log renamed over it: a writer killed before the rename, or a task
/// cancelled, leaves the log byte for byte as it was.
@Suite(.tags(.unit)) struct LogImportWholeTests {
    let home = TemporaryFolder()
    let time = Date(timeIntervalSince1970: 1_770_414_000)
    var logPath: String { home.path + "/log.jsonl" }

    /// A writer killed in the middle of writing log.jsonl: an append to it writes the first half
    /// of its bytes and nothing more happens (a killed process takes nothing back); a
    /// replacement of it writes its temporary file and dies before the rename. Everything else
    /// is the real file system's.
    struct KilledMidWrite: FileSystem {
        let log: String
        let base = POSIXFileSystem()

        func killed(_ path: String) -> FileError { FileError(cannot: "write", path, reason: "killed (test)") }

        func appendLine(_ line: [UInt8], to path: String, durable: Bool) throws(FileError) {
            guard path == log else { return try base.appendLine(line, to: path, durable: durable) }
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.seekToEndOfFile()
                handle.write(Data(line.prefix(line.count / 2)))
                handle.closeFile()
            }
            throw killed(path)
        }

        func replace(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
            guard path == log else { return try base.replace(path, writing: body) }
            _ = try base.replace(path) { out in
                _ = body(out)
                return false
            }
            throw killed(path)
        }

        func contents(of path: String, limit: Int) throws(FileError) -> Data? {
            try base.contents(of: path, limit: limit)
        }
        func replace(_ path: String, with data: [UInt8]) throws(FileError) { try base.replace(path, with: data) }
        func lock(_ folder: String, wait: LockWait) throws(FileError) -> FolderLock {
            try base.lock(folder, wait: wait)
        }
        func rename(_ path: String, to destination: String) throws(FileError) {
            try base.rename(path, to: destination)
        }
        func remove(_ path: String) throws(FileError) { try base.remove(path) }
        func names(in folder: String) -> [String] { base.names(in: folder) }
        func version(of path: String) -> FileVersion? { base.version(of: path) }
        func kind(at path: String) -> FileKind? { base.kind(at: path) }
        func openForReading(_ path: String) throws(FileError) -> (any ReadableFile)? {
            try base.openForReading(path)
        }
    }

    static func reading(_ time: Date, _ celsius: Double) -> SnapshotReading {
        SnapshotReading(
            dataTime: time, temperatureCelsius: celsius, precipitationProbabilityPercent: nil,
            precipitationMillimetres: nil, weatherCode: nil)
    }

    func logBytes() -> Data { (try? Data(contentsOf: URL(fileURLWithPath: logPath))) ?? Data() }

    /// 3,000 commands numbered 1…3000, as an export of a history holds them.
    func entries() -> [HistoryEntry] {
        (1...3_000).map {
            HistoryEntry(number: $0, line: "show Berlin \($0)", time: time.addingTimeInterval(Double($0)))
        }
    }

    /// A home with two commands and a snapshot.
    func filledLog() throws {
        let log = EventLog(folder: home.path)
        try log.appendCommand("find Berlin", at: time)
        _ = try log.appendSnapshot(
            placeName: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41), utcOffsetSeconds: 7_200,
            timeZone: "Europe/Berlin", reading: Self.reading(time, 16.5), at: time)
        try log.appendCommand("save", at: time)
    }

    @Test func anImportKilledBeforeItsCommitLeavesTheLogAsItWas() throws {
        try filledLog()
        let before = logBytes()
        let killed = EventLog(folder: home.path, fileSystem: KilledMidWrite(log: logPath))
        #expect(throws: StoreError.self) { try killed.importCommands(entries()) }
        #expect(logBytes() == before)
        let reader = EventLog(folder: home.path)
        #expect(reader.history(last: 10).map(\.line) == ["find Berlin", "save"])
        #expect(reader.statistics().unreadableLines == 0)
        // No temporary copy is left beside it.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
        #expect(!names.contains { $0.hasPrefix("log.jsonl.tmp-") })
    }

    @Test func aKilledSnapshotImportLeavesTheLogAsItWas() throws {
        try filledLog()
        let before = logBytes()
        let killed = EventLog(folder: home.path, fileSystem: KilledMidWrite(log: logPath))
        let snapshots = (1...50).map {
            Snapshot(
                id: $0, savedAt: time.addingTimeInterval(Double($0)), placeName: "Hamburg",
                coordinate: Coordinate(latitude: 53.55, longitude: 9.99), utcOffsetSeconds: 7_200, timeZone: nil,
                reading: Self.reading(time, Double($0) / 10))
        }
        #expect(throws: StoreError.self) { try killed.importSnapshots(snapshots) }
        #expect(logBytes() == before)
    }

    @Test func aCancelledImportWritesNothing() async throws {
        try filledLog()
        let before = logBytes()
        let folder = home.path
        let imported = entries()
        let refused = await Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try EventLog(folder: folder).importCommands(imported)
                return false
            } catch { return true }
        }.value
        #expect(refused)
        #expect(logBytes() == before)
    }

    /// The import that is not stopped: the whole of it, readable, after the log's own records,
    /// and `log` counts every line (the index made again for the new file).
    @Test func anImportIsAddedWholeAfterTheLog() throws {
        try filledLog()
        let before = logBytes()
        let log = EventLog(folder: home.path)
        let outcome = try log.importCommands(entries())
        #expect(outcome.numbers == Array(3...3_002))
        #expect(logBytes().prefix(before.count) == before)
        let reader = EventLog(folder: home.path)
        #expect(reader.statistics().commands == 3_002)
        #expect(reader.history(last: 1).map(\.line) == ["show Berlin 3000"])
        // A torn last line is ended first, so that the first imported record is a line of its own.
        let torn = TemporaryFolder()
        try (String(decoding: before, as: UTF8.self) + #"{"kind":"comm"#).write(
            toFile: torn.path + "/log.jsonl", atomically: true, encoding: .utf8)
        _ = try EventLog(folder: torn.path).importCommands(Array(entries().prefix(2)))
        #expect(EventLog(folder: torn.path).history(last: 2).map(\.line) == ["show Berlin 1", "show Berlin 2"])
    }
}
