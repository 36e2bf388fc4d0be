import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// log.jsonl.index read and written a line at a time: a listing holds no list, `saved N` reads
/// one record where the index says it starts, and an index made again from the log — missing,
/// damaged, behind, or cut short by a crash — lists what the whole log holds.
@Suite(.tags(.unit)) struct SnapshotIndexStreamingTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    let time = Date(timeIntervalSince1970: 1_770_414_000)
    var logURL: URL { home.url.appendingPathComponent("log.jsonl") }
    var indexURL: URL { home.url.appendingPathComponent("log.jsonl.index") }
    var linesURL: URL { home.url.appendingPathComponent("log.jsonl.index.lines") }

    /// A log of `snapshots` snapshot records (each with two kept forecast days, of 7 places),
    /// a command between each, and a deletion of every 9th; over 1 MiB, so that the index is
    /// made; then a command appended by wx, which seals it.
    func writeLog(snapshots: Int = 4_000) throws {
        var text = ""
        for id in 1...snapshots {
            text += #"{"kind":"command","line":"save","n":\#(id),"ts":"2026-02-06T21:40:00Z","v":1}"#
            text += "\n"
            let day = 10 + id % 7
            text +=
                #"{"data_time":"2026-02-06T21:30:00Z","forecast_days":[{"date":"2026-02-\#(day)","temperature_max_celsius":4.5},{"date":"2026-02-\#(day + 1)","temperature_max_celsius":5.5}],"id":\#(id),"kind":"snapshot","place":{"latitude":5\#(id % 7).55,"longitude":9.99,"name":"Place \#(id % 7) “\#(id)”"},"temperature_celsius":\#(id % 40).5,"timezone":"Europe/Berlin","ts":"2026-02-06T21:40:00Z","utc_offset_seconds":3600,"v":1}"#
            text += "\n"
            if id % 9 == 0 {
                text += #"{"id":\#(id - 4),"kind":"snapshot.deleted","ts":"2026-02-06T21:40:00Z","v":1}"#
                text += "\n"
            }
        }
        try Data(text.utf8).write(to: logURL)
        try EventLog(folder: home.path, fileSystem: files).appendCommand("saved", at: time)
    }

    /// The list from the whole log, folded in memory, without the kept forecasts.
    func folded() -> [Snapshot] {
        EventLog(folder: home.path, fileSystem: files).snapshots().map {
            var listed = $0
            listed.reading.forecastDays = nil
            return listed
        }
    }

    /// Writes the index again with every snapshot's offset `offset` (and its check made again).
    func giveEveryOffset(_ offset: Int) throws {
        var stored = try #require(try Data(contentsOf: indexURL).withUnsafeBytes(SnapshotIndex.decode))
        for id in stored.offsets.keys { stored.offsets[id] = offset }
        try Data(SnapshotIndex.encode(stored)).write(to: indexURL)
    }

    func listed() -> [Snapshot] { EventLog(folder: home.path, fileSystem: files).snapshots(keptForecasts: false) }

    /// Pieces of every length from 0 to 20 in turn (a partial word completed, left partial, or
    /// passed over whole), against the whole and against the value the byte-at-a-time hash of
    /// its definition gives (eight bytes a word, little-endian, the last padded, then the count).
    @Test func theChecksumOfManyShortPiecesIsTheChecksumOfTheWhole() {
        let bytes = (0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        var defined: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            defined = (defined ^ word) &* 0x9e37_79b9_7f4a_7c15
            defined ^= defined >> 29
        }
        for start in stride(from: 0, to: bytes.count, by: 8) {
            var word: UInt64 = 0
            for (shift, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
                word |= UInt64(byte) << (8 * UInt64(shift))
            }
            mix(word)
        }
        // The last word, partly filled, is the pending one; a length of whole words leaves it empty.
        if bytes.count % 8 == 0 { mix(0) }
        mix(UInt64(bytes.count))
        var whole = StreamingChecksum()
        bytes.withUnsafeBytes { whole.add($0) }
        #expect(whole.value == defined)
        for first in 0..<21 {
            var pieces = StreamingChecksum()
            var at = 0
            var length = first
            bytes.withUnsafeBytes { raw in
                while at < raw.count {
                    let end = min(raw.count, at + length)
                    pieces.add(UnsafeRawBufferPointer(rebasing: raw[at..<end]))
                    at = end
                    length = (length + 1) % 21
                }
            }
            #expect(pieces.value == whole.value, "pieces from \(first)")
        }
    }

    @Test func theChecksumTakenInPiecesIsTheChecksumOfTheWhole() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var whole = StreamingChecksum()
        bytes.withUnsafeBytes { whole.add($0) }
        for cut in [0, 1, 7, 8, 9, 500, 999, 1_000] {
            var pieces = StreamingChecksum()
            bytes.withUnsafeBytes {
                pieces.add(UnsafeRawBufferPointer(rebasing: $0[..<cut]))
                pieces.add(UnsafeRawBufferPointer(rebasing: $0[cut...]))
            }
            #expect(pieces.value == whole.value, "cut at \(cut)")
        }
        var shorter = StreamingChecksum()
        bytes.withUnsafeBytes { shorter.add(UnsafeRawBufferPointer(rebasing: $0[..<999])) }
        #expect(shorter.value != whole.value)
    }

    /// The index written from the log a line at a time is the one a catalog in memory encodes:
    /// the same bytes, read back as the same list, with each record's offset.
    @Test func theIndexMadeFromTheLogIsTheListInMemory() throws {
        try writeLog()
        let first = listed()
        #expect(first == folded())
        #expect(first.count == 4_000 - 444)
        let bytes = try Data(contentsOf: indexURL)
        let stored = try #require(bytes.withUnsafeBytes(SnapshotIndex.decode))
        #expect(stored.snapshots == first)
        #expect(SnapshotIndex.encode(stored) == Array(bytes))
        #expect(!FileManager.default.fileExists(atPath: linesURL.path))
        // Each offset is where the snapshot's record starts.
        let log = try Data(contentsOf: logURL)
        for snapshot in stored.snapshots.prefix(50) {
            let offset = try #require(stored.offsets[snapshot.id])
            let line = log[offset...].prefix { $0 != 10 }
            #expect(String(decoding: line, as: UTF8.self).contains(#""id":\#(snapshot.id),"kind":"snapshot""#))
        }
        #expect(stored.keptDays[1]?.map(\.day) == [11, 12])
    }

    /// `saved N` and `saved rm N` read the snapshot at its offset, with its kept forecast; a
    /// deleted one is deleted; the last one of the log too.
    @Test func aSnapshotIsReadWhereTheIndexSaysItStarts() throws {
        try writeLog()
        _ = listed()
        let log = EventLog(folder: home.path, fileSystem: files)
        let found = try #require(log.snapshot(1_234))
        #expect(found.placeName == "Place 2 “1234”")
        #expect(found.reading.forecastDays?.count == 2)
        #expect(log.snapshot(5) == nil)  // deleted (9 − 4)
        #expect(log.wasDeleted(5))
        #expect(!log.wasDeleted(6))
        #expect(log.snapshot(4_000)?.reading.temperatureCelsius == 0.5)
        #expect(log.snapshot(4_001) == nil)
        #expect(try log.deleteSnapshot(1_234, at: time).id == 1_234)
        let fresh = EventLog(folder: home.path, fileSystem: files)
        #expect(fresh.snapshot(1_234) == nil)
        #expect(fresh.wasDeleted(1_234))
        #expect(listed() == folded())
    }

    /// An offset that does not lead to the snapshot's record (an index with its check made
    /// again by hand) is not believed: the record is looked for in the log.
    @Test func aWrongOffsetFallsBackToTheLog() throws {
        try writeLog()
        _ = listed()
        try giveEveryOffset(0)
        let found = try #require(EventLog(folder: home.path, fileSystem: files).snapshot(1_234))
        #expect(found.placeName == "Place 2 “1234”")
        #expect(found.reading.forecastDays?.count == 2)
    }

    /// An offset past the log's end — the log compacted by another wx after this one read the
    /// index — is no record, and the log is looked through: `saved rm` trapped on the range from
    /// past the end (SIGILL, found by the stress test).
    @Test func anOffsetPastTheLogsEndFallsBackToTheLog() throws {
        try writeLog()
        _ = listed()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: logURL.path)[.size] as? Int)
        try giveEveryOffset(size + 10_000)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.snapshotRecord(at: size + 10_000) == nil)
        #expect(log.snapshotRecord(at: size) == nil)
        let found = try #require(log.snapshot(1_234))
        #expect(found.placeName == "Place 2 “1234”")
        #expect(try log.deleteSnapshot(1_234, at: time).id == 1_234)
    }

    /// What a crash can leave: the file of lines half written and a temporary index cut short.
    /// Neither is read; the index is made again whole and the leftovers go.
    @Test func whatACrashMidRebuildLeavesIsNotRead() throws {
        try writeLog()
        let before = listed()
        let index = try Data(contentsOf: indexURL)
        try FileManager.default.removeItem(at: indexURL)
        try Data(index.prefix(index.count / 2)).write(to: linesURL)
        let temporary = home.url.appendingPathComponent("log.jsonl.index.tmp-999999-1")
        try Data(index.prefix(index.count / 3)).write(to: temporary)
        #expect(listed() == before)
        #expect(try Data(contentsOf: indexURL) == index)
        #expect(!FileManager.default.fileExists(atPath: linesURL.path))
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        // An index cut short where it stands is not one either.
        try Data(index.prefix(index.count - 100)).write(to: indexURL)
        #expect(listed() == before)
        #expect(try Data(contentsOf: indexURL) == index)
    }

    /// A read of the log that fails halfway through a rebuild writes no index: the list is
    /// the part read, as before, and the next listing makes the index whole.
    @Test func aReadFailingMidRebuildWritesNoIndex() throws {
        try writeLog()
        let before = listed()
        try FileManager.default.removeItem(at: indexURL)
        files.failReads(from: 600_000, matching: { $0.hasSuffix("log.jsonl") })
        _ = listed()
        #expect(!FileManager.default.fileExists(atPath: indexURL.path))
        files.allow()
        #expect(listed() == before)
        #expect(FileManager.default.fileExists(atPath: indexURL.path))
    }

    /// Stale (another epoch: the log was changed by hand) or damaged, the index is made again
    /// from the log, and lists what the log holds.
    @Test func aStaleOrDamagedIndexIsMadeAgain() throws {
        try writeLog()
        _ = listed()
        let handle = try FileHandle(forWritingTo: logURL)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"id":7,"kind":"snapshot.deleted","ts":"2026-02-06T21:40:00Z","v":1}"#.utf8 + [10]))
        try handle.close()
        #expect(listed() == folded())
        #expect(!listed().contains { $0.id == 7 })
        var bytes = try Data(contentsOf: indexURL)
        bytes[bytes.count - 20] ^= 1
        try bytes.write(to: indexURL)
        #expect(listed() == folded())
        #expect(try Data(contentsOf: indexURL).withUnsafeBytes(SnapshotIndex.decode) != nil)
    }

    /// The list passed one at a time is the list, with the kept days of each.
    @Test func theListPassedOneAtATimeIsTheList() throws {
        try writeLog()
        let log = EventLog(folder: home.path, fileSystem: files)
        var passed: [Snapshot] = []
        var days: [Int: [LocalDate]] = [:]
        log.forEachListedSnapshotWithKeptDays { snapshot, kept, _ in
            passed.append(snapshot)
            days[snapshot.id] = kept
        }
        #expect(passed == folded())
        let whole = EventLog(folder: home.path, fileSystem: files).snapshots()
        for snapshot in whole { #expect(days[snapshot.id] == snapshot.reading.forecastDays?.map(\.date)) }
    }

    /// The snapshots read again where the list says their records are (`saved verify`, a place
    /// at a time) are the log's, with their kept forecasts; where the offset is wrong (the log
    /// compacted since), the record is looked for in the log.
    @Test func theSnapshotsReadAtTheirLocationsAreTheLogsWithTheirKeptForecasts() throws {
        try writeLog()
        let log = EventLog(folder: home.path, fileSystem: files)
        var locations: [SnapshotLocation] = []
        log.forEachListedSnapshotWithKeptDays { _, _, location in locations.append(location) }
        let whole = EventLog(folder: home.path, fileSystem: files).snapshots()
        var read: [Snapshot] = []
        log.forEachSnapshot(at: locations) { read.append($0) }
        #expect(read.count == 3_556 && read == whole)
        #expect(read.allSatisfy { $0.reading.forecastDays?.count == 2 })
        // Every offset wrong (the log rewritten since): a few looked for in the log.
        try giveEveryOffset(0)
        let some = Array(locations.prefix(3) + locations.suffix(3))
        var found: [Snapshot] = []
        EventLog(folder: home.path, fileSystem: files).forEachSnapshot(at: some) { found.append($0) }
        #expect(found == Array(whole.prefix(3) + whole.suffix(3)))
    }
}
