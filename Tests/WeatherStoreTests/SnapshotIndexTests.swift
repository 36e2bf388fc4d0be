import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// log.jsonl.index: what `saved` lists from. It must always list what a fold of the whole log
/// lists: used only while it matches the log, never trusted when damaged, and never needed.
@Suite struct SnapshotIndexTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    let time = Date(timeIntervalSince1970: 1_770_414_000)
    var logURL: URL { home.url.appendingPathComponent("log.jsonl") }
    var indexURL: URL { home.url.appendingPathComponent("log.jsonl.index") }

    // MARK: - The file

    func catalog() -> SnapshotCatalog {
        var catalog = SnapshotCatalog(device: 65_024, inode: 16_302_171)
        catalog.coveredBytes = 86_517_868
        catalog.fingerprint = 0x64de_c58f_ae7d_48f7
        catalog.skippedLines = 3
        catalog.add(snapshot(1, "Hamburg", zone: "Europe/Berlin"))
        catalog.add(
            Snapshot(
                id: 2, savedAt: time, placeName: #"back\slash, “Zürich” 東京"#,
                coordinate: Coordinate(latitude: -33.8688, longitude: 151.2093), utcOffsetSeconds: -34_200,
                timeZone: nil,
                reading: SnapshotReading(
                    dataTime: time.addingTimeInterval(-0.5), temperatureCelsius: nil,
                    precipitationProbabilityPercent: nil, precipitationMillimetres: nil, weatherCode: nil)))
        catalog.add(snapshot(5, "Paris", zone: "Europe/Paris", temperature: -0.0))
        catalog.delete(3)
        catalog.delete(4)
        return catalog
    }

    func snapshot(_ id: Int, _ place: String, zone: String?, temperature: Double? = 7.4) -> Snapshot {
        Snapshot(
            id: id, savedAt: time, placeName: place, coordinate: Coordinate(latitude: 53.55, longitude: 9.99),
            utcOffsetSeconds: 3_600, timeZone: zone,
            reading: SnapshotReading(
                dataTime: time, temperatureCelsius: temperature, precipitationProbabilityPercent: 40,
                precipitationMillimetres: 0.3, weatherCode: 3))
    }

    func decode(_ bytes: [UInt8]) -> SnapshotCatalog? { bytes.withUnsafeBytes(SnapshotIndex.decode) }

    @Test func readsBackWhatItWrote() throws {
        let written = catalog()
        let read = try #require(decode(SnapshotIndex.encode(written)))
        #expect(read == written)
        #expect(read.snapshots.map(\.id) == [1, 2, 5])
        #expect(read.snapshots[1].placeName == #"back\slash, “Zürich” 東京"#)
        #expect(read.snapshots[1].reading.dataTime == time.addingTimeInterval(-0.5))
        #expect(read.snapshots[2].reading.temperatureCelsius?.sign == .minus)
        #expect(read.deleted == [3, 4])
    }

    /// Names are escaped in the file; one read from it is made safe for a terminal like any name.
    @Test func namesAreEscapedAndReadAsSafeText() throws {
        var written = catalog()
        written.finishFold()
        let text = String(decoding: SnapshotIndex.encode(written), as: UTF8.self)
        #expect(text.contains("\tback\\\\slash, “Zürich” 東京\n"))
        let changed = text.replacingOccurrences(of: "\tParis\n", with: "\tTab\\there\\n\u{1B}[31m\n")
        let read = try #require(decode(Array(changed.utf8)))
        #expect(read.snapshots.last?.placeName == "Tab here [31m")
        #expect(decode(Array((text + "d\t9\n").utf8)) == nil)  // more than the header says
        #expect(decode(Array(text.replacingOccurrences(of: "\tParis\n", with: "\tParis\\q\n").utf8)) == nil)
    }

    /// Its header gives every count: a file cut anywhere (a crash while it was written, a full
    /// disk) is not an index.
    @Test func noPrefixOfAnIndexIsOne() {
        let bytes = SnapshotIndex.encode(catalog())
        for length in 0..<bytes.count {
            #expect(decode(Array(bytes[..<length])) == nil, "cut at \(length) of \(bytes.count)")
        }
    }

    @Test(arguments: [
        ("wx-snapshot-index\t1", "wx-snapshot-index\t2"),  // another version
        ("wx-snapshot-index", "wx-snapshot-indeX"),
        ("\t404ac66666666666\t", "\t7ff8000000000000\t"),  // a latitude that is NaN
        ("\t404ac66666666666\t", "\t4056c00000000000\t"),  // latitude 91
        ("\t404ac66666666666\t", "\t404ac6666666666G\t"),
        ("s\t5\t", "s\t1\t"),  // an id twice
        ("s\t5\t", "s\t0\t"),
        ("s\t5\t", "s\t99999999999999999999\t"),
        ("d\t4\n", "d\t5\n"),  // a deleted snapshot listed
        ("\t3600\t", "\t999999\t"),  // a UTC offset of 11 days
    ])
    func refusesWhatWxNeverWrites(_ change: (String, String)) throws {
        let text = String(decoding: SnapshotIndex.encode(catalog()), as: UTF8.self)
        let range = try #require(text.range(of: change.0))
        #expect(decode(Array(text.replacingCharacters(in: range, with: change.1).utf8)) == nil)
    }

    // MARK: - The log and its index

    /// A log of `commands` command lines with a snapshot every 50 and a deletion every 400,
    /// written as another process would: over 1 MiB, so that a listing writes the index.
    func writeLog(commands: Int = 16_000, startingAt first: Int = 1, append: Bool = false) throws {
        var text = ""
        var id = append ? 1_000 : 0
        for number in first..<(first + commands) {
            text += #"{"kind":"command","line":"show Hamburg","n":\#(number),"ts":"2026-02-06T21:40:00Z","v":1}"#
            text += "\n"
            if number % 50 == 0 {
                id += 1
                text +=
                    #"{"data_time":"2026-02-06T21:30:00Z","forecast_days":[{"date":"2026-02-07","temperature_max_celsius":4.5}],"id":\#(id),"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Place \#(id)"},"timezone":"Europe/Berlin","ts":"2026-02-06T21:40:00Z","utc_offset_seconds":3600,"v":1}"#
                text += "\n"
            }
            if number % 400 == 0 {
                text += #"{"id":\#(id - 2),"kind":"snapshot.deleted","ts":"2026-02-06T21:40:00Z","v":1}"#
                text += "\n"
            }
        }
        if append {
            let handle = try FileHandle(forWritingTo: logURL)
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        } else {
            try Data(text.utf8).write(to: logURL)
        }
    }

    /// The list from the whole log, without the kept forecasts: what the index must give.
    func folded() -> [Snapshot] {
        EventLog(folder: home.path, fileSystem: files).snapshots().map {
            var listed = $0
            listed.reading.forecastDays = nil
            return listed
        }
    }

    func listed() -> [Snapshot] { EventLog(folder: home.path, fileSystem: files).snapshots(keptForecasts: false) }

    @Test func listsWhatTheWholeLogHoldsAndWhatWasAppendedSince() throws {
        try writeLog()
        let first = listed()
        #expect(first.count == 320 - 40)
        #expect(first == folded())
        #expect(FileManager.default.fileExists(atPath: indexURL.path))
        // Appended by another process after the index was written: read from the log.
        try writeLog(commands: 500, startingAt: 16_001, append: true)
        let log = EventLog(folder: home.path, fileSystem: files)
        _ = try log.appendSnapshot(
            placeName: "Kiel", coordinate: Coordinate(latitude: 54.32, longitude: 10.14), utcOffsetSeconds: 3_600,
            timeZone: "Europe/Berlin", reading: snapshot(0, "", zone: nil).reading, at: time)
        _ = try log.deleteSnapshot(1_001, at: time)
        let second = log.snapshots(keptForecasts: false)
        #expect(second == folded())
        #expect(second.last?.placeName == "Kiel")
        #expect(!second.contains { $0.id == 1_001 })
        #expect(second.contains { $0.id == 1_002 })
    }

    /// An index that matches its log is what the list comes from: shown here by one changed by
    /// hand, in the same format.
    @Test func anIndexThatMatchesTheLogIsUsed() throws {
        try writeLog()
        _ = listed()
        let text = try String(contentsOf: indexURL, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\tPlace 7\n", with: "\tFrom the index\n").utf8).write(to: indexURL)
        #expect(listed().contains { $0.placeName == "From the index" })
    }

    @Test func anIndexOfAnotherLogIsNotUsed() throws {
        try writeLog()
        let before = listed()
        let text = try String(contentsOf: indexURL, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\tPlace 7\n", with: "\tFrom the index\n").utf8).write(to: indexURL)

        // Compacted (a new file): the deleted snapshots' records are gone.
        _ = try EventLog(folder: home.path, fileSystem: files).compact(now: time)
        #expect(listed() == before)
        #expect(!listed().contains { $0.placeName == "From the index" })

        // Rewritten in place (the same inode), longer, with other first bytes.
        _ = listed()
        let original = try Data(contentsOf: logURL)
        let handle = try FileHandle(forWritingTo: logURL)
        handle.write(Data(#"{"kind":"command","line":"favs","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#.utf8))
        handle.seekToEndOfFile()
        try writeLog(commands: 10, startingAt: 20_000, append: true)
        try handle.close()
        #expect(try Data(contentsOf: logURL).count > original.count)
        #expect(listed() == folded())

        // Replaced by a shorter log.
        try writeLog(commands: 200)
        #expect(listed() == folded())
        #expect(listed().count == 4)
    }

    @Test(arguments: ["garbage", "", "wx-snapshot-index\t1\t0\t0\t0\t0000000000000000\t0\t5\t0\n"])
    func aDamagedIndexIsFoldedAgainAndReplaced(_ damage: String) throws {
        try writeLog()
        let before = listed()
        try Data(damage.utf8).write(to: indexURL)
        #expect(listed() == before)
        let rewritten = try Data(contentsOf: indexURL)
        #expect(rewritten.withUnsafeBytes(SnapshotIndex.decode) != nil)
    }

    /// Something that is not a regular file in the index's place is not read (a FIFO would block).
    @Test func aFifoInPlaceOfTheIndexDoesNotBlock() throws {
        try writeLog()
        let before = listed()
        try FileManager.default.removeItem(at: indexURL)
        #expect(mkfifo(indexURL.path, 0o600) == 0)
        #expect(listed() == before)
        var info = stat()
        #expect(lstat(indexURL.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)  // left as it was
    }

    /// The index cannot be written (a read-only folder, a full disk): the list is only slower.
    @Test func aListWithoutAnIndexIsTheSame() throws {
        try writeLog()
        files.fail(with: ENOSPC, matching: { $0.hasSuffix("log.jsonl.index") })
        #expect(listed() == folded())
        #expect(!FileManager.default.fileExists(atPath: indexURL.path))
        files.allow()
    }

    /// Unreadable lines are counted in the index: the note is given from it as from the log.
    @Test func unreadableLinesAreCountedThroughTheIndex() throws {
        try writeLog()
        let handle = try FileHandle(forWritingTo: logURL)
        handle.seekToEndOfFile()
        handle.write(Data("not json\n".utf8))
        try handle.close()
        _ = listed()
        let log = EventLog(folder: home.path, fileSystem: files)
        _ = log.snapshots(keptForecasts: false)
        #expect(log.skippedLines == 1)
        #expect(log.takeNotes() == [.unreadableLinesSkipped])
    }

    /// A temporary index left by a killed writer is removed like any other.
    @Test func aTemporaryIndexOfAGoneWriterIsStale() {
        #expect(StoreFiles.temporaryWriter("log.jsonl.index.tmp-4242-17") == 4242)
        #expect(StoreFiles.temporaryWriter("log.jsonl.index.tmp-x-17") == nil)
    }
}
