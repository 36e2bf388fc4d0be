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

    func store() -> StateStore { StateStore(folder: home.path, now: { Date(timeIntervalSince1970: 1_770_414_000) }) }

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
}
