import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Issue 11 at the stores: what they report (StoreError, StateProblem) when their files are hurt.
/// Failures a root test run cannot make for real (EACCES: root ignores mode 000; EIO) come from
/// the injected `FailingFileSystem`; folders and FIFOs in a file's place are made for real.
@Suite(.tags(.unit)) struct StoreSafetyTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    let now = Date(timeIntervalSince1970: 1_770_414_000)  // 2026-02-06T21:40:00Z
    static let place = Place(
        name: "Hamburg", region: "Germany", countryCode: "de", coordinate: Coordinate(latitude: 53.55, longitude: 9.99),
        displayName: "Hamburg, Germany")

    var statePath: String { home.path + "/state.plist" }
    func store() -> StateStore { StateStore(folder: home.path, now: { [now] in now }, fileSystem: files) }

    func writeOneFavorite() throws -> Data {
        try store().update { $0.favorites.append(Favorite(name: "Hamburg", place: Self.place)) }
        return try #require(FileManager.default.contents(atPath: statePath))
    }

    /// A file there that cannot be read is read-only with the cause — never empty, never replaced.
    @Test(arguments: [EACCES, EIO])
    func aFileThatCannotBeReadIsNeverReplaced(code: Int32) throws {
        let before = try writeOneFavorite()
        files.fail([.read], with: code, matching: { $0.hasSuffix("/state.plist") })
        let store = store()
        let problem = StateProblem.notReadable(FileError(cannot: "read", statePath, code: code))
        #expect(store.refresh() == .readOnly(problem))
        #expect(store.document.favorites.isEmpty)
        #expect(throws: StoreError.stateReadOnly(problem)) { try store.update { $0.settings.language = "de" } }
        #expect(FileManager.default.contents(atPath: statePath) == before)
        #expect(store.hasUnsavedChanges)
        // Readable again (permissions fixed): the file is read as it is, the kept change saved.
        files.allow()
        try store.update { $0.settings.provider = "open-meteo" }
        let reopened = self.store()
        #expect(reopened.document.favorites.map(\.name) == ["Hamburg"])
        #expect(reopened.document.settings.language == "de")
    }

    /// A folder or a FIFO in the file's place: refused without blocking, never replaced.
    @Test(.hangLimit) func aFolderOrFIFOInPlaceIsRefused() throws {
        for (make, kind) in [
            ({ (path: String) in mkdir(path, 0o700) }, "it is a folder, not a file"),
            ({ (path: String) in mkfifo(path, 0o600) }, "it is a FIFO, not a regular file"),
        ] {
            #expect(make(statePath) == 0)
            let store = store()
            let problem = StateProblem.notReadable(FileError(cannot: "read", statePath, reason: kind))
            #expect(store.refresh() == .readOnly(problem))
            #expect(throws: StoreError.stateReadOnly(problem)) { try store.update { $0.settings.language = "de" } }
            // `reset state` moves it aside and starts afresh.
            let aside = try #require(try store.reset())
            #expect(aside == statePath + ".reset-20260206T214000Z")
            #expect(FileIO.notRegular(at: aside) == kind)
            #expect(FileIO.notRegular(at: statePath) == nil)
            #expect(rmdir(aside) == 0 || unlink(aside) == 0)
            unlink(statePath)
        }
    }

    /// The log refuses a FIFO as its file: an error, not a hang.
    @Test(.hangLimit) func aFIFOInPlaceOfTheLogIsRefused() throws {
        let path = home.path + "/log.jsonl"
        #expect(mkfifo(path, 0o600) == 0)
        let log = EventLog(folder: home.path, fileSystem: files)
        let problem = StoreError.file(FileError(cannot: "write", path, reason: "it is a FIFO, not a regular file"))
        #expect(throws: problem) { try log.appendCommand("a", at: now) }
        #expect(
            log.readProblem()
                == .logNotReadable(FileError(cannot: "read", path, reason: "it is a FIFO, not a regular file")))
        // Nothing is read from it; the command not written is kept, and listed (trial 15).
        #expect(log.history(last: 5).map(\.line) == ["a"])
    }

    /// `reset state` keeps whatever it replaces: a newer wx's file, an unreadable one.
    @Test func resetKeepsWhatItReplaces() throws {
        let newer = Data(
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>version</key><integer>3</integer></dict></plist>"#
                .utf8)
        try newer.write(to: URL(fileURLWithPath: statePath))
        let store = store()
        #expect(store.refresh() == .readOnly(.unknownVersion(3)))
        #expect(try store.reset() == statePath + ".reset-20260206T214000Z")
        #expect(FileManager.default.contents(atPath: statePath + ".reset-20260206T214000Z") == newer)
        // Again, with a file wx may not read: moved aside (a rename needs no read permission).
        let before = try writeOneFavorite()
        files.fail([.read], with: EACCES, matching: { [statePath] in $0 == statePath })
        let locked = self.store()
        #expect(locked.refresh() == .readOnly(.notReadable(FileError(cannot: "read", statePath, code: EACCES))))
        #expect(try locked.reset() == statePath + ".reset-20260206T214000Z-2")
        #expect(FileManager.default.contents(atPath: statePath + ".reset-20260206T214000Z-2") == before)
        // When it cannot be moved aside, nothing changes.
        files.fail([.rename], with: EROFS)
        #expect(throws: StoreError.file(FileError(cannot: "rename", statePath, code: EROFS))) { try locked.reset() }
    }

    /// Numbers in the log: none past 2^53; a record with a number beyond, a non-positive history
    /// number or a UTC offset beyond a day is unreadable, never arithmetic.
    @Test func numbersFromTheLogAreRangeChecked() throws {
        let path = home.path + "/log.jsonl"
        let lines = [
            #"{"kind":"command","line":"a","n":9223372036854775807,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"b","n":-4,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"data_time":"2026-02-06T21:30:00Z","id":9223372036854775807,"kind":"snapshot","place":{"latitude":1,"longitude":1,"name":"X"},"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"data_time":"2026-02-06T21:30:00Z","id":2,"kind":"snapshot","place":{"latitude":1,"longitude":1,"name":"Y"},"ts":"2026-02-06T21:40:00Z","utc_offset_seconds":4503599627370496,"v":1}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.history(last: 10).isEmpty)
        #expect(log.snapshots().isEmpty)
        #expect(try log.appendCommand("c", at: now) == 1)
        #expect(log.statistics().unreadableLines == 4)
        // The largest number there is: the next cannot be given, and nothing is written.
        try Data(
            (#"{"kind":"command","line":"a","n":9007199254740991,"ts":"2026-02-06T21:40:00Z","v":1}"# + "\n").utf8
        ).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.numbersExhausted(.log, field: "n")) {
            try EventLog(folder: home.path).appendCommand("b", at: now)
        }
        try Data(
            (#"{"data_time":"2026-02-06T21:30:00Z","id":9007199254740991,"kind":"snapshot","place":{"latitude":1,"longitude":1,"name":"X"},"ts":"2026-02-06T21:40:00Z","v":1}"#
                + "\n").utf8
        ).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.snapshotKeptInMemory(.numbersExhausted(.log, field: "id"))) {
            try EventLog(folder: home.path).appendSnapshot(
                placeName: "A", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0, timeZone: nil,
                reading: SnapshotReading(
                    dataTime: now, temperatureCelsius: 1, precipitationProbabilityPercent: nil,
                    precipitationMillimetres: nil, weatherCode: nil), at: now)
        }
        #expect(home.text("log.jsonl").split(separator: "\n").count == 1)
    }

    /// 2^53 + 1 reads as the Double 2^53: such a record is unreadable and skipped, as every
    /// number beyond the largest, and the history goes on after the readable ones. It used to be
    /// read as 2^53, the largest number, and every later command then failed to be recorded.
    @Test func aNumberADoubleCannotHoldExactlyMakesTheRecordUnreadable() throws {
        let path = home.path + "/log.jsonl"
        let lines = [
            #"{"kind":"command","line":"a","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"b","n":9007199254740993,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"kind":"command","line":"c","n":9007199254740992,"ts":"2026-02-06T21:40:00Z","v":1}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect(log.history(last: 10).map(\.line) == ["a"])
        #expect(try log.appendCommand("d", at: now) == 2)
        #expect(log.statistics().unreadableLines == 2)
    }

    /// Nesting is bounded before the property-list parser recurses.
    @Test func deepNestingIsRefusedBeforeParsing() throws {
        func plist(depth: Int) -> Data {
            Data(
                (#"<?xml version="1.0"?><plist version="1.0"><dict><key>version</key><integer>2</integer><key>x</key>"#
                    + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
                    + "</dict></plist>").utf8)
        }
        #expect(StateStore.xmlDepth(plist(depth: 62), within: StateStore.maximumDepth))
        #expect(!StateStore.xmlDepth(plist(depth: 63), within: StateStore.maximumDepth))
        #expect(StateStore.decodeDocument(plist(depth: 62)) != nil)
        #expect(StateStore.decodeDocument(plist(depth: 10_000)) == nil)
        #expect(StateStore.decodeDocument(Data("bplist00".utf8)) == nil)
        try plist(depth: 10_000).write(to: URL(fileURLWithPath: statePath))
        #expect(store().refresh() == .readOnly(.unreadable(copy: statePath + ".corrupt-20260206T214000Z")))
        // JSON (log lines, service bodies) has its own bound.
        let deepJSON = Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
        #expect(throws: (any Error).self) { try JSONValue.parse(deepJSON) }
    }

    /// Keys this wx does not know survive its writes, at every level.
    @Test func unknownKeysAreKept() throws {
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>favorites</key><array><dict><key>displayName</key><string>Hamburg, Germany</string>
            <key>latitude</key><real>53.55</real><key>longitude</key><real>9.99</real><key>name</key><string>Hamburg</string>
            <key>pinned</key><true/><key>rank</key><integer>3</integer></dict></array>
            <key>settings</key><dict><key>theme</key><string>dark</string></dict>
            <key>version</key><integer>2</integer>
            <key>newer</key><dict><key>list</key><array><integer>1</integer><real>1.5</real></array></dict>
            </dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: statePath))
        try store().update { $0.settings.language = "de" }
        let document = store().document
        #expect(document.favorites.first?.otherEntries == ["pinned": .bool(true), "rank": .integer(3)])
        #expect(document.settings.otherEntries == ["theme": .string("dark")])
        #expect(document.otherEntries == ["newer": .dictionary(["list": .array([.integer(1), .real(1.5)])])])
        #expect(document.settings.language == "de")
    }

    /// Stale temporary files are removed under the lock: only wx's own pattern, only when the
    /// writer is gone or the file is old.
    @Test func staleTemporariesAreRemovedUnderTheLock() throws {
        let names = [
            "state.plist.tmp-\(Int32.max - 1)-1", "log.jsonl.tmp-1-2", "state.plist.tmp-1-3",
            "state.plist.tmp-1-x", "other.tmp-\(Int32.max - 1)-1",
        ]
        for name in names { #expect(FileManager.default.createFile(atPath: home.path + "/" + name, contents: Data())) }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3_600)], ofItemAtPath: home.path + "/log.jsonl.tmp-1-2")
        let store = store()
        // The names file written whatever the file system's clock (one of a coarse step could
        // still show state.plist's time).
        store.namesClock = Int.max
        try store.update { $0.settings.language = "de" }
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: home.path))
        #expect(
            left == [
                "state.plist", "state.plist.names", ".wx.lock", "state.plist.tmp-1-3", "state.plist.tmp-1-x",
                "other.tmp-\(Int32.max - 1)-1",
            ])
        #expect(StoreFiles.temporaryWriter("state.plist.tmp-42-7") == 42)
        #expect(StoreFiles.temporaryWriter("state.plist.tmp-42") == nil)
        #expect(StoreFiles.temporaryWriter("state.plist.tmp--1-7") == nil)
    }
}
