import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// `state.plist.names`, the names `wx --complete` reads: written with state.plist, read only while
/// state.plist is the version it was made from, and then the same names state.plist holds.
@Suite(.tags(.unit)) struct FavoriteNamesFileTests {
    let home = TemporaryFolder()
    var plistPath: String { home.path + "/state.plist" }
    var namesPath: String { home.path + "/" + FavoriteNamesFile.name }

    /// A store whose names files are written whatever the file system's clock (`namesClock`):
    /// a state.plist the test writes is always older than it.
    func store(fileSystem: any FileSystem = POSIXFileSystem()) -> StateStore {
        let store = StateStore(
            folder: home.path, now: { Date(timeIntervalSince1970: 1_770_414_000) }, fileSystem: fileSystem)
        store.namesClock = Int.max
        return store
    }

    func favorite(_ name: String, _ latitude: Double = 53.55) -> Favorite {
        Favorite(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: 9.99), displayName: name + ", Germany",
            countryCode: "de")
    }

    func plistVersion() throws -> FileVersion { try #require(POSIXFileSystem().version(of: plistPath)) }

    /// Every write of state.plist writes the names beside it, made from that version; they are
    /// what state.plist holds, and what completion reads.
    @Test func theNamesAreWrittenWithStatePlist() throws {
        let store = store()
        try store.update { $0.favorites += [favorite("Hamburg"), favorite("O’Brien’s Pub"), favorite("Zürich")] }
        #expect(FavoriteNamesFile.isCurrent(folder: home.path, plist: try plistVersion()))
        #expect(FavoriteNamesFile.names(folder: home.path) == ["Hamburg", "O’Brien’s Pub", "Zürich"])
        #expect(StateStore.plistFavoriteNames(folder: home.path) == ["Hamburg", "O’Brien’s Pub", "Zürich"])
        try store.update { $0.favorites.removeFirst() }
        #expect(StateStore.favoriteNames(folder: home.path) == ["O’Brien’s Pub", "Zürich"])
        #expect(FavoriteNamesFile.names(folder: home.path) == ["O’Brien’s Pub", "Zürich"])
    }

    /// Completion reads the names file, not state.plist, while it is current: a names file of the
    /// same version with other names (made by hand here) is what it gets.
    @Test func aCurrentNamesFileIsWhatCompletionReads() throws {
        try store().update { $0.favorites += [favorite("Hamburg")] }
        let bytes = try #require(FavoriteNamesFile.encode(["Read", "from the names file"], plist: try plistVersion()))
        try Data(bytes).write(to: URL(fileURLWithPath: namesPath))
        #expect(StateStore.favoriteNames(folder: home.path) == ["Read", "from the names file"])
    }

    /// A names file of another version of state.plist — state.plist rewritten by another program,
    /// or only touched since (newer than the names) — or one damaged, is not read: the names are
    /// state.plist's.
    @Test func aStaleOrDamagedNamesFileIsNotRead() throws {
        try store().update { $0.favorites += [favorite("Hamburg"), favorite("Bremen")] }
        let stale = try #require(FavoriteNamesFile.encode(["Stale"], plist: try plistVersion()))
        try Data(stale).write(to: URL(fileURLWithPath: namesPath))
        #expect(StateStore.favoriteNames(folder: home.path) == ["Stale"])
        // Touched: a later modification time, the same bytes.
        var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, plistPath, &times, 0) == 0)
        #expect(StateStore.favoriteNames(folder: home.path) == ["Hamburg", "Bremen"])
        // Rewritten in place by another program.
        let current = try #require(FavoriteNamesFile.encode(["Stale"], plist: try plistVersion()))
        try Data(current).write(to: URL(fileURLWithPath: namesPath))
        var document = StateDocument()
        document.favorites = [favorite("Kiel")]
        try Data(try StatePlistReaderTests.encoded(document)).write(to: URL(fileURLWithPath: plistPath))
        #expect(StateStore.favoriteNames(folder: home.path) == ["Kiel"])
        // Damaged: its check fails.
        var damaged = try #require(FavoriteNamesFile.encode(["Kiel"], plist: try plistVersion()))
        damaged[damaged.count - 2] = UInt8(ascii: "X")
        try Data(damaged).write(to: URL(fileURLWithPath: namesPath))
        #expect(FavoriteNamesFile.names(folder: home.path) == nil)
        #expect(StateStore.favoriteNames(folder: home.path) == ["Kiel"])
        // No state.plist: no names, whatever the names file says.
        try FileManager.default.removeItem(atPath: plistPath)
        #expect(FavoriteNamesFile.names(folder: home.path) == nil)
        #expect(StateStore.favoriteNames(folder: home.path).isEmpty)
    }

    /// A state.plist wx did not write (an older wx, a program of the user's) gets its names file
    /// when wx reads it; a FIFO in the names file's place is not waited on nor replaced.
    @Test func readingAStatePlistWithoutNamesMakesThem() throws {
        var document = StateDocument()
        document.favorites = (0..<300).map { favorite("Place \($0)", Double($0 % 80)) }
        try Data(try StatePlistReaderTests.encoded(document)).write(to: URL(fileURLWithPath: plistPath))
        #expect(!FileManager.default.fileExists(atPath: namesPath))
        #expect(store().document.favorites.count == 300)
        #expect(FavoriteNamesFile.isCurrent(folder: home.path, plist: try plistVersion()))
        #expect(FavoriteNamesFile.names(folder: home.path) == StateStore.plistFavoriteNames(folder: home.path))
        try FileManager.default.removeItem(atPath: namesPath)
        #expect(mkfifo(namesPath, 0o600) == 0)
        #expect(store().document.favorites.count == 300)
        #expect(FavoriteNamesFile.names(folder: home.path) == nil)
        #expect(StateStore.favoriteNames(folder: home.path).count == 300)
    }

    /// Completion (`favoriteNames`) of a state.plist another program wrote writes the names file
    /// of that version when state.plist's modification and status-change times are older than
    /// the file system's clock as the read began (`clock`), so that the next Tab reads it: the
    /// names in it are the ones read from state.plist (the scan of a large file, entities and
    /// UTF-8 among them). A state.plist changed within that clock step gets none: it could change
    /// again within the step and keep its times, size and inode.
    @Test func completionWritesTheNamesFileOfAStatePlistOlderThanTheRead() throws {
        var document = StateDocument()
        document.favorites =
            (0..<3_000).map { favorite("Place \($0)", Double($0 % 80)) }
            + [favorite("O’Brien’s Pub"), favorite("Zürich & <Co>"), favorite("東京 \"Tower\"")]
        let data = Data(try StatePlistReaderTests.encoded(document))
        try data.write(to: URL(fileURLWithPath: plistPath))
        // The names as the whole document is decoded (the reference).
        let expected = try #require(StateStore.decodeDocument(data)).favorites.map(\.name)
        #expect(expected.count == 3_003)
        let version = try plistVersion()
        let changed = max(version.modifiedNanoseconds, version.changedNanoseconds)
        // Changed in the step the read began in (or after it): none written, no temporary left.
        for clock in [changed - 1, changed] {
            #expect(StateStore.favoriteNames(folder: home.path, clock: clock) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["state.plist"])
        }
        #expect(StateStore.favoriteNames(folder: home.path, clock: changed + 1) == expected)
        #expect(FavoriteNamesFile.isCurrent(folder: home.path, plist: version))
        #expect(FavoriteNamesFile.names(folder: home.path) == expected)
        #expect(StateStore.favoriteNames(folder: home.path) == expected)
        // A state.plist that cannot be read: no names, and no names file made of it.
        try FileManager.default.removeItem(atPath: namesPath)
        try Data("not a property list".utf8).write(to: URL(fileURLWithPath: plistPath))
        #expect(StateStore.favoriteNames(folder: home.path, clock: Int.max).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["state.plist"])
    }

    /// Without a `clock` given, the file system's own: a state.plist whose modification time is
    /// ahead of it (set so, or changed in this very step) gets no names file, at each Tab, and
    /// none is left half made; a names file of another version beside it is still not read.
    @Test func aStatePlistChangedAfterTheReadBeganGetsNoNamesFile() throws {
        var document = StateDocument()
        document.favorites = (0..<300).map { favorite("Place \($0)", Double($0 % 80)) }
        try Data(try StatePlistReaderTests.encoded(document)).write(to: URL(fileURLWithPath: plistPath))
        let expected = (0..<300).map { "Place \($0)" }
        let ahead = Date().addingTimeInterval(86_400)
        try FileManager.default.setAttributes([.modificationDate: ahead], ofItemAtPath: plistPath)
        for _ in 0..<2 {
            #expect(StateStore.favoriteNames(folder: home.path) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["state.plist"])
        }
        // An old names file, of another version: still not read.
        let old = FileVersion(
            device: 0, inode: 0, size: 1, modifiedNanoseconds: 0, changedNanoseconds: 0)
        try Data(try #require(FavoriteNamesFile.encode(["Old"], plist: old))).write(
            to: URL(fileURLWithPath: namesPath))
        #expect(StateStore.favoriteNames(folder: home.path) == expected)
        #expect(!FileManager.default.fileExists(atPath: namesPath) || FavoriteNamesFile.names(folder: home.path) == nil)
    }

    /// The names file written from a list of names as bytes (`fill`: its lines as
    /// they lie when every name is printable ASCII) is byte for byte the one written from the
    /// names as strings, and read back (`list(folder:)`, its lines read straight into the list)
    /// as the same list: bytes, ends and whether all are printable ASCII. Printable names, names
    /// that are not, none, and an empty name.
    @Test func aListIsWrittenAndReadAsTheNamesAre() throws {
        try store().update { $0.favorites += [favorite("Hamburg")] }
        let version = try plistVersion()
        for names in [
            ["Hamburg", "O'Brien's Pub", "x~y", "Place 1234"], ["Zürich", "Hamburg", "東京"], [], ["a", "", "b"],
        ] {
            let list = FavoriteNameList(names)
            #expect(try FileIO.replace(namesPath) { FavoriteNamesFile.fill($0, list, plist: version) })
            let written = Array(try Data(contentsOf: URL(fileURLWithPath: namesPath)))
            #expect(written == FavoriteNamesFile.encode(names, plist: version), "\(names)")
            #expect(FavoriteNamesFile.list(folder: home.path) == list, "\(names)")
            #expect(FavoriteNamesFile.names(folder: home.path) == names, "\(names)")
        }
    }

    /// A name with a control character (none that wx reads back) makes no names file.
    @Test func aNameWithAControlCharacterMakesNone() throws {
        let version = FileVersion(device: 1, inode: 2, size: 3, modifiedNanoseconds: 4, changedNanoseconds: 5)
        #expect(FavoriteNamesFile.encode(["a\nb"], plist: version) == nil)
        #expect(FavoriteNamesFile.encode(["a", "b"], plist: version) != nil)
        #expect(
            try !FileIO.replace(namesPath) { FavoriteNamesFile.fill($0, FavoriteNameList(["a\u{7}b"]), plist: version) }
        )
        #expect(!FileManager.default.fileExists(atPath: namesPath))
    }

    /// The check the scan's builder takes as names are appended (the names file's,
    /// `FavoriteNameList.check`) is `StreamingChecksum` of the list's bytes: names of 0 to 40
    /// bytes, ASCII and not, by both appends, within the list's room and past it.
    @Test func theBuilderTakesTheCheckOfItsBytes() throws {
        let names = (0..<160).map { String(repeating: "x", count: $0 % 41) + ($0 % 9 == 0 ? "é" : "") }
        for room in [1, 64, 700, 1 << 16] {
            let list = try #require(
                FavoriteNameListBuilder.build(bytes: room, count: 0) { builder in
                    for (index, name) in names.enumerated() {
                        guard index % 2 == 1, name.utf8.allSatisfy({ $0 < 0x80 }) else {
                            builder.append(name)
                            continue
                        }
                        // 16 bytes readable from the name's start, as in the scan's buffer.
                        let padded = Array(name.utf8) + [UInt8](repeating: UInt8(ascii: "<"), count: 16)
                        padded.withUnsafeBytes {
                            builder.appendReadable16(UnsafeRawBufferPointer(rebasing: $0[..<name.utf8.count]))
                        }
                    }
                    return true
                })
            #expect(list.strings == names, "room \(room)")
            var hash = StreamingChecksum()
            list.bytes.withUnsafeBytes { hash.add($0) }
            #expect(list.check == hash.value, "room \(room)")
        }
    }

    /// wx's own write of state.plist makes its names file as completion does
    /// (`FavoriteNamesFile.reading`): not when state.plist's times are not older than the file
    /// system's clock as the names file's temporary is made — another program's change in that
    /// clock step could keep its size, inode and times, and the names file would stand for it.
    /// State.plist written in that step stands here as one whose modification time the file
    /// system shows ahead (`AheadFileSystem`); no names file, and no temporary, is left of it.
    @Test func aWriteChangedInTheClockStepGetsNoNamesFile() throws {
        let store = StateStore(
            folder: home.path, now: { Date(timeIntervalSince1970: 1_770_414_000) },
            fileSystem: AheadFileSystem(plist: plistPath))
        try store.update { $0.favorites += [favorite("Hamburg"), favorite("Bremen")] }
        #expect(!FileManager.default.fileExists(atPath: namesPath))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: home.path)) == ["state.plist", ".wx.lock"])
        // Completion reads state.plist itself meanwhile, and writes none either.
        #expect(StateStore.favoriteNames(folder: home.path) == ["Hamburg", "Bremen"])
        #expect(!FileManager.default.fileExists(atPath: namesPath))
        // Once the clock has moved past it, completion writes it.
        #expect(StateStore.favoriteNames(folder: home.path, clock: Int.max) == ["Hamburg", "Bremen"])
        #expect(FavoriteNamesFile.isCurrent(folder: home.path, plist: try plistVersion()))
    }

    /// A write whose state.plist the file system's clock shows within a step ahead (here 3 ms,
    /// less than `FavoriteNamesFile.settleLimit`) waits that step out, then makes the names file
    /// as completion would: after `wx import` the names file was missing 1 time in 5.
    @Test func aWriteWaitsOutTheClockStepItCameIn() throws {
        let store = StateStore(
            folder: home.path, now: { Date(timeIntervalSince1970: 1_770_414_000) },
            fileSystem: AheadFileSystem(plist: plistPath, ahead: 3_000_000))
        try store.update { $0.favorites += [favorite("Hamburg"), favorite("Bremen")] }
        #expect(FavoriteNamesFile.isCurrent(folder: home.path, plist: try plistVersion()))
        #expect(FavoriteNamesFile.names(folder: home.path) == ["Hamburg", "Bremen"])
    }

    /// The same for a state.plist another program wrote, which wx reads (`refresh`): changed in
    /// the clock step of the read (its time ahead here), it gets no names file.
    @Test func aReadOfAStatePlistChangedInTheClockStepMakesNoNamesFile() throws {
        var document = StateDocument()
        document.favorites = (0..<300).map { favorite("Place \($0)", Double($0 % 80)) }
        try Data(try StatePlistReaderTests.encoded(document)).write(to: URL(fileURLWithPath: plistPath))
        var times = [timespec(tv_sec: Int(Date().timeIntervalSince1970) + 86_400, tv_nsec: 0), timespec()]
        times[1] = times[0]
        #expect(utimensat(AT_FDCWD, plistPath, &times, 0) == 0)
        let store = StateStore(folder: home.path, now: { Date(timeIntervalSince1970: 1_770_414_000) })
        #expect(store.document.favorites.count == 300)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["state.plist"])
    }
}

/// The file system, but a state.plist written through it is given a modification time `ahead`
/// (nanoseconds; a day unless said) of the system clock right after: changed, as far as the file
/// system's clock tells, no earlier than anything made until then. Every other operation is the
/// file system's own.
private struct AheadFileSystem: ForwardingFileSystem {
    let plist: String
    var ahead = 86_400_000_000_000
    let base: any FileSystem = POSIXFileSystem()

    func replace(_ path: String, with data: [UInt8]) throws(FileError) {
        try base.replace(path, with: data)
        guard path == plist else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let time = Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec) + ahead
        var times = [timespec(tv_sec: time / 1_000_000_000, tv_nsec: time % 1_000_000_000), timespec()]
        times[1] = times[0]
        if utimensat(AT_FDCWD, path, &times, 0) != 0 { throw FileError(cannot: "touch", path, code: errno) }
    }
}
