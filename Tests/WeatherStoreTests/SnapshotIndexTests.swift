import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// log.jsonl.index: what `saved` lists from. It must always list what a fold of the whole log
/// lists: used only while it matches the log, never trusted when damaged, and never needed.
@Suite(.tags(.unit)) struct SnapshotIndexTests {
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

    /// `text`, an index changed by hand, with its header's check made again: what it refuses
    /// then, it refuses for the value, not for the check.
    func rechecked(_ text: String) -> [UInt8] {
        let newline = text.firstIndex(of: "\n") ?? text.endIndex
        var header = text[..<newline].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let body = Array(text.utf8.dropFirst(text[..<newline].utf8.count + 1))
        let checked = Array((header.dropLast().joined(separator: "\t") + "\t").utf8)
        let check = checked.withUnsafeBytes { start in
            body.withUnsafeBytes { SnapshotIndex.checksum(header: start, body: $0) }
        }
        header[header.count - 1] = check.paddedHex
        return Array((header.joined(separator: "\t") + "\n").utf8) + body
    }

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
    /// A snapshot's line, written as bytes, is the line spelled with `String(_:)`, `paddedHex`
    /// and the escapes (as it was written before): ids and offsets of every length, no offset,
    /// kept days, negative offsets from UTC, values missing, -0.0, a zone and names to escape.
    @Test func aLineIsSpelledAsTheFieldsTextSaysIt() {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        }
        func spelled(_ snapshot: Snapshot, offset: Int?, keptDays: [LocalDate]) -> String {
            let reading = snapshot.reading
            func bits(_ value: Double?) -> String { value.map { $0.bitPattern.paddedHex } ?? "" }
            let days = keptDays.map { String($0.year * 10_000 + $0.month * 100 + $0.day) }.joined(separator: ",")
            return [
                "s", String(snapshot.id), offset.map { String($0) } ?? "", days,
                bits(snapshot.savedAt.timeIntervalSince1970), bits(reading.dataTime.timeIntervalSince1970),
                String(snapshot.utcOffsetSeconds), bits(snapshot.coordinate.latitude),
                bits(snapshot.coordinate.longitude), bits(reading.temperatureCelsius),
                bits(reading.precipitationProbabilityPercent), bits(reading.precipitationMillimetres),
                reading.weatherCode.map { String($0) } ?? "", escaped(snapshot.timeZone ?? ""),
                escaped(snapshot.placeName),
            ].joined(separator: "\t") + "\n"
        }
        let days = [LocalDate(year: 2026, month: 1, day: 27), LocalDate(year: 999, month: 12, day: 1)]
        var cases: [(Snapshot, Int?, [LocalDate])] = catalog().snapshots.map { ($0, nil, []) }
        for (index, id) in [1, 9, 10, 99, 12_345, 999_999_999_999, 9_007_199_254_740_991].enumerated() {
            var snapshot = snapshot(id, "tab\there \\ “Zürich”\r\n", zone: index % 2 == 0 ? "Europe/Berlin" : nil)
            snapshot.utcOffsetSeconds = [0, -34_200, 45_900, -1, 1, 93_600, -93_600][index]
            snapshot.reading.weatherCode = [0, 3, 99, nil, 1_000, 7, 61][index]
            snapshot.reading.temperatureCelsius = [-0.0, nil, 7.4, -40.25, 1e-300, 0, 36.6][index]
            cases.append(
                (snapshot, [0, 7, 10, 123_456_789, nil, 1, Int(Int32.max)][index], Array(days.prefix(index % 3))))
        }
        for (snapshot, offset, keptDays) in cases {
            var line: [UInt8] = []
            SnapshotIndex.appendLine(snapshot, offset: offset, keptDays: keptDays, to: &line)
            #expect(String(decoding: line, as: UTF8.self) == spelled(snapshot, offset: offset, keptDays: keptDays))
        }
    }

    @Test func namesAreEscapedAndReadAsSafeText() throws {
        var written = catalog()
        written.finishFold()
        let text = String(decoding: SnapshotIndex.encode(written), as: UTF8.self)
        #expect(text.contains("\tback\\\\slash, “Zürich” 東京\n"))
        let changed = text.replacingOccurrences(of: "\tParis\n", with: "\tTab\\there\\n\u{1B}[31m\n")
        #expect(decode(Array(changed.utf8)) == nil)  // the check fails
        let read = try #require(decode(rechecked(changed)))
        #expect(read.snapshots.last?.placeName == "Tab here ")  // ESC [ 31 m goes whole (issue 37 item 6)
        #expect(decode(rechecked(text + "d\t9\n")) == nil)  // more than the header says
        #expect(decode(rechecked(text.replacingOccurrences(of: "\tParis\n", with: "\tParis\\q\n"))) == nil)
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
        ("wx-snapshot-index\t6", "wx-snapshot-index\t7"),  // another version
        ("wx-snapshot-index\t6", "wx-snapshot-index\t5"),  // the last version, without unchecked commands
        ("wx-snapshot-index\t6", "wx-snapshot-index\t4"),  // without UTC days marked
        ("wx-snapshot-index", "wx-snapshot-indeX"),
        ("\t404ac66666666666\t", "\t7ff8000000000000\t"),  // a latitude that is NaN
        ("\t404ac66666666666\t", "\t4056c00000000000\t"),  // latitude 91
        ("\t404ac66666666666\t", "\t404ac6666666666G\t"),
        // Bytes at the edges of the digits' ranges, and capitals (wx writes lowercase).
        ("\t404ac66666666666\t", "\t404ac6666666666g\t"),
        ("\t404ac66666666666\t", "\t404ac666666666:6\t"),
        ("\t404ac66666666666\t", "\t/04ac66666666666\t"),
        ("\t404ac66666666666\t", "\t404`c66666666666\t"),
        ("\t404ac66666666666\t", "\t404AC66666666666\t"),
        ("s\t5\t", "s\t1\t"),  // an id twice
        ("s\t5\t", "s\t0\t"),
        ("s\t5\t", "s\t99999999999999999999\t"),
        ("d\t4\n", "d\t5\n"),  // a deleted snapshot listed
        ("\t3600\t", "\t999999\t"),  // a UTC offset of 11 days
    ])
    func refusesWhatWxNeverWrites(_ change: (String, String)) throws {
        let text = String(decoding: SnapshotIndex.encode(catalog()), as: UTF8.self)
        let range = try #require(text.range(of: change.0))
        #expect(decode(rechecked(text)) != nil)
        #expect(decode(rechecked(text.replacingCharacters(in: range, with: change.1))) == nil)
    }

    // MARK: - The log and its index

    /// A log of `commands` command lines with a snapshot every 50 and a deletion every 400,
    /// written by hand (over 1 MiB, so that a listing writes the index); then, unless `sealed` is
    /// false, one command appended by wx, as every wx command is recorded before it runs.
    func writeLog(commands: Int = 16_000, startingAt first: Int = 1, append: Bool = false, sealed: Bool = true) throws {
        var text = ""
        var id = append ? 1_000 : 0
        for number in first..<(first + commands) {
            text += #"{"kind":"command","line":"show Hamburg","n":\#(number),"ts":"2026-02-06T21:40:00Z","v":1}"#
            text += "\n"
            if number % 50 == 0 {
                id += 1
                text +=
                    #"{"data_time":"2026-02-06T21:30:00Z","forecast_days":[{"date":"2026-02-07","temperature_max_celsius":4.5}],"id":\#(id),"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Place \#(id)"},"temperature_celsius":7.4,"timezone":"Europe/Berlin","ts":"2026-02-06T21:40:00Z","utc_offset_seconds":3600,"v":1}"#
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
        if sealed { try EventLog(folder: home.path, fileSystem: files).appendCommand("saved", at: time) }
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

    /// The index as it is, with `change` made to its snapshots, written back whole and valid.
    func rewriteIndex(_ change: (inout [Snapshot]) -> Void) throws {
        let stored = try #require(decode(Array(try Data(contentsOf: indexURL))))
        var snapshots = stored.snapshots
        change(&snapshots)
        var changed = SnapshotCatalog(device: stored.device, inode: stored.inode, snapshots: snapshots)
        changed.epoch = stored.epoch
        changed.coveredBytes = stored.coveredBytes
        changed.fingerprint = stored.fingerprint
        changed.skippedLines = stored.skippedLines
        changed.deleted = stored.deleted
        try Data(SnapshotIndex.encode(changed)).write(to: indexURL)
    }

    /// Overwrites bytes of the log where `old` is, in place (the same inode and size), as an
    /// editor saving over the file would.
    func editLogInPlace(_ old: String, _ new: String) throws {
        let data = try Data(contentsOf: logURL)
        let range = try #require(data.range(of: Data(old.utf8)))
        let handle = try FileHandle(forWritingTo: logURL)
        try handle.seek(toOffset: UInt64(range.lowerBound))
        handle.write(Data(new.utf8))
        try handle.close()
    }

    @Test func listsWhatTheWholeLogHoldsAndWhatWasAppendedSince() throws {
        try writeLog()
        let first = listed()
        #expect(first.count == 320 - 40)
        #expect(first == folded())
        #expect(FileManager.default.fileExists(atPath: indexURL.path))
        // Appended since by wx, in this process and another: read from the log, after the index.
        let log = EventLog(folder: home.path, fileSystem: files)
        for number in 0..<100 { try log.appendCommand("show \(number)", at: time) }
        _ = try log.appendSnapshot(
            placeName: "Kiel", coordinate: Coordinate(latitude: 54.32, longitude: 10.14), utcOffsetSeconds: 3_600,
            timeZone: "Europe/Berlin", reading: snapshot(0, "", zone: nil).reading, at: time)
        _ = try EventLog(folder: home.path, fileSystem: files).deleteSnapshot(3, at: time)
        let second = log.snapshots(keptForecasts: false)
        #expect(second == folded())
        #expect(second.last?.placeName == "Kiel")
        #expect(!second.contains { $0.id == 3 })
        #expect(second.contains { $0.id == 4 })
        // Appended by hand (another program, an older wx): the log is folded again.
        try writeLog(commands: 500, startingAt: 16_001, append: true, sealed: false)
        #expect(listed() == folded())
        #expect(listed().contains { $0.id == 1_010 })
    }

    /// An entry with every field spelled out, the times by their bits.
    static func described(_ entry: SnapshotIndex.Entry) -> String {
        switch entry {
        case .deletion(let id): return "d \(id)"
        case .snapshot(let snapshot, let offset, let days):
            return "s \(snapshot) \(snapshot.savedAt.timeIntervalSince1970.bitPattern) "
                + "\(snapshot.reading.dataTime.timeIntervalSince1970.bitPattern) \(String(describing: offset)) \(days)"
        }
    }

    /// An index made from this log as it is is what the list comes from, with what wx appended
    /// since: shown here by one whose names were changed (and its check made again).
    @Test func anIndexThatMatchesTheLogIsUsed() throws {
        try writeLog()
        _ = listed()
        try rewriteIndex { snapshots in snapshots[0].placeName = "From the index" }
        let log = EventLog(folder: home.path, fileSystem: files)
        _ = try log.appendSnapshot(
            placeName: "Kiel", coordinate: Coordinate(latitude: 54.32, longitude: 10.14), utcOffsetSeconds: 3_600,
            timeZone: "Europe/Berlin", reading: snapshot(0, "", zone: nil).reading, at: time)
        let list = listed()
        #expect(list.first?.placeName == "From the index")
        #expect(list.last?.placeName == "Kiel")
    }

    /// Issue 11's hand edit: a temperature changed in the middle of the log, in place, keeping
    /// its inode, its size and both its ends. The next command wx records finds the log changed.
    @Test(arguments: [false, true])
    func anEditInTheMiddleOfTheLogIsNoticed(commandAfter: Bool) throws {
        try writeLog()
        #expect(listed().first { $0.id == 151 }?.reading.temperatureCelsius == 7.4)
        let size = try Data(contentsOf: logURL).count
        try editLogInPlace(
            #""id":151,"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Place 151"},"temperature_celsius":7.4"#,
            #""id":151,"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Place 151"},"temperature_celsius":9.9"#
        )
        #expect(try Data(contentsOf: logURL).count == size)
        if commandAfter { try EventLog(folder: home.path, fileSystem: files).appendCommand("saved", at: time) }
        #expect(listed().first { $0.id == 151 }?.reading.temperatureCelsius == 9.9)
        #expect(listed() == folded())
    }

    /// Every field of the header is under the check too: a count of unreadable lines changed by
    /// hand would otherwise warn of lines that are fine.
    @Test func theHeaderIsChecked() {
        let text = String(decoding: SnapshotIndex.encode(catalog()), as: UTF8.self)
        #expect(decode(Array(text.utf8)) != nil)
        #expect(
            decode(
                Array(text.replacingOccurrences(of: "\t64dec58fae7d48f7\t3\t", with: "\t64dec58fae7d48f7\t123\t").utf8))
                == nil)
    }

    /// A hand-edited index fails its check and is not read.
    @Test func anIndexEditedByHandIsNotRead() throws {
        try writeLog()
        let before = listed()
        let text = try String(contentsOf: indexURL, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\tPlace 7\n", with: "\tEvil Place\n").utf8).write(to: indexURL)
        #expect(listed() == before)
        #expect(!listed().contains { $0.placeName == "Evil Place" })
    }

    @Test func anIndexOfAnotherLogIsNotUsed() throws {
        try writeLog()
        let before = listed()
        try rewriteIndex { snapshots in snapshots[5].placeName = "From the index" }

        // Compacted (a new file): the deleted snapshots' records are gone.
        _ = try EventLog(folder: home.path, fileSystem: files).compact(now: time)
        #expect(listed() == before)

        // Rewritten in place (the same inode), longer, with other first bytes.
        _ = listed()
        let original = try Data(contentsOf: logURL)
        let handle = try FileHandle(forWritingTo: logURL)
        handle.write(Data(#"{"kind":"command","line":"favs","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#.utf8))
        try handle.close()
        try writeLog(commands: 10, startingAt: 20_000, append: true)
        #expect(try Data(contentsOf: logURL).count > original.count)
        #expect(listed() == folded())

        // Replaced by a shorter log.
        try writeLog(commands: 200)
        #expect(listed() == folded())
        #expect(listed().count == 4)
    }

    @Test(arguments: ["garbage", "", "wx-snapshot-index\t2\t0\t0\t0\t0000000000000000\t0\t5\t0\n"])
    func aDamagedIndexIsFoldedAgainAndReplaced(_ damage: String) throws {
        try writeLog()
        let before = listed()
        try Data(damage.utf8).write(to: indexURL)
        #expect(listed() == before)
        let rewritten = try Data(contentsOf: indexURL)
        #expect(rewritten.withUnsafeBytes(SnapshotIndex.decode) != nil)
    }

    /// The seal in .wx.lock torn, edited or gone: the log is folded whole, and the next command
    /// wx records seals it again.
    @Test(arguments: ["", "wx-log-seal 1 5 1 1 1 1 0\n", "garbage\n"])
    func aDamagedSealIsNoSeal(_ damage: String) throws {
        try writeLog()
        let before = listed()
        try Data(damage.utf8).write(to: home.url.appendingPathComponent(".wx.lock"))
        #expect(listed() == before)
        try EventLog(folder: home.path, fileSystem: files).appendCommand("saved", at: time)
        #expect(LogSeal.read(folder: home.path)?.log == LogState(path: logURL.path))
        #expect(listed() == before)
    }

    @Test func theSealReadsBackWhatItWrote() throws {
        let seal = LogSeal(
            epoch: 0xdead_beef_0000_0001,
            log: LogState(inode: 42, size: 86_517_868, modified: 1_770_414_000_123_456_789, changed: 7))
        #expect(LogSeal.parse(seal.text) == seal)
        #expect(LogSeal.parse(seal.text.replacingOccurrences(of: " 42 ", with: " 43 ")) == nil)
        #expect(LogSeal.parse(String(seal.text.dropLast())) == nil)
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
        try writeLog(sealed: false)
        let handle = try FileHandle(forWritingTo: logURL)
        handle.seekToEndOfFile()
        handle.write(Data("not json\n".utf8))
        try handle.close()
        try EventLog(folder: home.path, fileSystem: files).appendCommand("saved", at: time)
        _ = listed()
        #expect(FileManager.default.fileExists(atPath: indexURL.path))
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

    /// A log edited by hand to hold ids out of order (10, then 7): a listed snapshot can be
    /// opened and deleted, and no id is given twice.
    @Test func idsOutOfOrderAreFoundAndNeverGivenAgain() throws {
        func record(_ id: Int) -> String {
            #"{"data_time":"2026-02-06T21:30:00Z","id":\#(id),"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Place \#(id)"},"ts":"2026-02-06T21:40:00Z","utc_offset_seconds":3600,"v":1}"#
        }
        try Data(([1, 2, 3, 10, 7].map(record).joined(separator: "\n") + "\n").utf8).write(to: logURL)
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.snapshots(keptForecasts: false).map(\.id) == [1, 2, 3, 7, 10])
        #expect(log.snapshot(10)?.placeName == "Place 10")
        #expect(try log.deleteSnapshot(10, at: time).id == 10)
        #expect(log.snapshot(10) == nil)
        let next = try log.appendSnapshot(
            placeName: "Kiel", coordinate: Coordinate(latitude: 54.32, longitude: 10.14), utcOffsetSeconds: 3_600,
            timeZone: nil, reading: snapshot(0, "", zone: nil).reading, at: time)
        #expect(next.id == 11)
        #expect(listed().map(\.id) == [1, 2, 3, 7, 11])
    }

    /// A snapshot record that comes again after its deletion (by hand) stays deleted, both in
    /// the list and for `saved N`.
    @Test func aDeletedIdThatComesAgainStaysDeleted() throws {
        let log = EventLog(folder: home.path, fileSystem: files)
        for _ in 1...3 {
            _ = try log.appendSnapshot(
                placeName: "Kiel", coordinate: Coordinate(latitude: 54.32, longitude: 10.14), utcOffsetSeconds: 3_600,
                timeZone: nil, reading: snapshot(0, "", zone: nil).reading, at: time)
        }
        _ = try log.deleteSnapshot(2, at: time)
        let again =
            #"{"data_time":"2026-02-06T21:30:00Z","id":2,"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Again"},"ts":"2026-02-06T21:40:00Z","utc_offset_seconds":3600,"v":1}"#
        let handle = try FileHandle(forWritingTo: logURL)
        handle.seekToEndOfFile()
        handle.write(Data((again + "\n").utf8))
        try handle.close()
        let fresh = EventLog(folder: home.path, fileSystem: files)
        #expect(fresh.snapshots(keptForecasts: false).map(\.id) == [1, 3])
        #expect(fresh.snapshots().map(\.id) == [1, 3])
        #expect(fresh.snapshot(2) == nil)
        #expect(fresh.snapshot(3)?.placeName == "Kiel")
    }

    /// A record written before wx kept the UTC offset gets its zone's: text and JSON agree.
    @Test func aRecordWithoutAnOffsetTakesItsZones() throws {
        let line =
            #"{"data_time":"2026-07-01T12:00:00Z","id":1,"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Hamburg"},"timezone":"Europe/Berlin","ts":"2026-07-01T12:00:00Z","v":1}"#
        try Data((line + "\n").utf8).write(to: logURL)
        #expect(listed().first?.utcOffsetSeconds == 7_200)
        #expect(folded().first?.utcOffsetSeconds == 7_200)
    }
}
