import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Reads of log.jsonl that fail through the `FileSystem` seam (`FailingFileSystem`): a log that
/// cannot be opened, an I/O error in the middle, short reads, a FIFO in its place. What was read
/// before a failure is never taken for the log: `readProblem()` names the file and the cause, a
/// write does not take its number from part of the log, compaction does not rewrite it.
@Suite(.tags(.unit)) struct LogReadFaultTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    let time = Date(timeIntervalSince1970: 1_770_414_000)
    var path: String { home.path + "/log.jsonl" }
    static let isLog: @Sendable (String) -> Bool = { $0.hasSuffix("/log.jsonl") }

    /// A log of `commands` commands and two snapshots (ids 1 and 2), written without faults.
    func written(commands: Int = 40) throws -> EventLog {
        let log = EventLog(folder: home.path, fileSystem: files)
        for number in 1...commands { try log.appendCommand("show place \(number)", at: time) }
        for name in ["Hamburg", "Lyon"] {
            _ = try log.appendSnapshot(
                placeName: name, coordinate: Coordinate(latitude: 53.55, longitude: 9.99), utcOffsetSeconds: 3_600,
                timeZone: "Europe/Berlin",
                reading: SnapshotReading(
                    dataTime: time, temperatureCelsius: 7.4, precipitationProbabilityPercent: 40,
                    precipitationMillimetres: 0.3, weatherCode: 3),
                at: time)
        }
        return log
    }

    @Test(arguments: [EACCES, EIO])
    func aLogThatCannotBeOpenedIsAProblemNamingIt(code: Int32) throws {
        _ = try written()
        files.fail([.read], with: code, matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.readProblem() == .logNotReadable(FileError(cannot: "read", path, code: code)))
        #expect(log.history(last: 5).isEmpty)
        #expect(log.readProblem() == .logNotReadable(FileError(cannot: "read", path, code: code)))
    }

    @Test func anIOErrorWhileReadingIsKeptForReadProblem() throws {
        _ = try written()
        files.failReads(with: EIO, from: 0, matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.readProblem() == nil)  // it opens
        #expect(log.history(last: 5).isEmpty)
        #expect(log.readProblem() == .logNotReadable(FileError(cannot: "read", path, code: EIO)))
        #expect(log.snapshots().isEmpty)
        #expect(log.readProblem() == .logNotReadable(FileError(cannot: "read", path, code: EIO)))
        #expect(log.statistics().commands == 0)
        #expect(log.readProblem() == .logNotReadable(FileError(cannot: "read", path, code: EIO)))
    }

    /// The next number comes from the end of the log: read in part, it could be one given already.
    @Test func aWriteDoesNotNumberFromALogItCouldNotRead() throws {
        _ = try written(commands: 3)
        files.failReads(with: EIO, from: 0, matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(throws: StoreError.file(FileError(cannot: "read", path, code: EIO))) {
            try log.appendCommand("kept", at: time)
        }
        #expect(throws: StoreError.snapshotKeptInMemory(.file(FileError(cannot: "read", path, code: EIO)))) {
            _ = try log.appendSnapshot(
                placeName: "Oslo", coordinate: Coordinate(latitude: 59.9, longitude: 10.7), utcOffsetSeconds: 3_600,
                timeZone: nil,
                reading: SnapshotReading(
                    dataTime: time, temperatureCelsius: 1, precipitationProbabilityPercent: nil,
                    precipitationMillimetres: nil, weatherCode: 3),
                at: time)
        }
        files.allow()
        #expect(try log.appendCommand("next", at: time) == 5)  // "kept" took 4
        #expect(log.history(last: 2).map(\.line) == ["kept", "next"])
        #expect(log.snapshots().map(\.id) == [1, 2, 3])
    }

    /// An I/O error past the first snapshot: `saved` would list one of two; compaction would
    /// rewrite the log from its first part.
    @Test func compactionDoesNotRewriteALogReadInPart() throws {
        let written = try written()
        _ = try written.deleteSnapshot(1, at: time)
        let before = home.text("log.jsonl")
        let secondSnapshot = try #require(before.range(of: #""id":2"#)).lowerBound.utf16Offset(in: before)
        files.failReads(with: EIO, from: secondSnapshot - 10, matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.snapshots().isEmpty)
        #expect(log.readProblem() == .logNotReadable(FileError(cannot: "read", path, code: EIO)))
        #expect(throws: StoreError.notCompacted(.logNotReadable(FileError(cannot: "read", path, code: EIO)))) {
            _ = try log.compact(now: time)
        }
        #expect(home.text("log.jsonl") == before)
    }

    /// Reads that return a few bytes at a time are read on: the same lines, no problem.
    @Test func shortReadsReadTheSameLog() throws {
        let clean = try written(commands: 300)
        let expectedHistory = clean.history(last: 250)
        let expectedSnapshots = clean.snapshots()
        let expectedStatistics = clean.statistics()
        files.shortReads(of: 7, matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.history(last: 250) == expectedHistory)
        #expect(log.snapshots() == expectedSnapshots)
        #expect(log.snapshots(keptForecasts: false).map(\.id) == [1, 2])
        #expect(log.statistics() == expectedStatistics)
        #expect(log.command(number: 3)?.line == "show place 3")
        #expect(log.readProblem() == nil)
    }

    @Test func aFIFOInTheLogsPlaceIsAProblemNamingIt() throws {
        _ = try written()
        files.pretend(.fifo, matching: Self.isLog)
        let log = EventLog(folder: home.path, fileSystem: files)
        let problem = StoreError.logNotReadable(
            FileError(cannot: "read", path, reason: "it is a FIFO, not a regular file"))
        #expect(log.readProblem() == problem)
        #expect(log.history(last: 5).isEmpty)
        #expect(log.readProblem() == problem)
    }
}
