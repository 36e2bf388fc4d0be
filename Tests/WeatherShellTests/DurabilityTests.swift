import Foundation
import Testing
import WeatherKit
import WXBasics
import WeatherTestSupport

@testable import WeatherShell

/// Write failures through the file-system seam (FileIO.faults): the in-memory state is kept, the
/// session goes on, and the next write that succeeds saves everything.
@MainActor
@Suite(.serialized) struct DurabilityTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    func session() -> WeatherSession {
        let provider = FakeForecastProvider(forecasts: [Self.hamburg[0].coordinate: Recorded.newYorkForecast(at: Self.hamburg[0].coordinate)])
        return makeTestSession(home: home, geocoder: FakeGeocoder(places: ["Hamburg": Self.hamburg]), forecasts: provider)
    }

    /// Fails writes under this test's folder only: other tests run at the same time.
    func failWrites(with code: Int32) {
        let prefix = home.path
        FileIO.faults.set { $0.hasPrefix(prefix) ? code : nil }
    }
    func allowWrites() { FileIO.faults.set(nil) }

    @Test(arguments: [ENOSPC, EROFS, EACCES])
    func favoritesAndSnapshotsSurviveAFailedWrite(code: Int32) async throws {
        defer { allowWrites() }
        let session = session()
        _ = try await session.execute(.show("Hamburg"))
        failWrites(with: code)
        let added = try await session.execute(.favoriteToggle)
        guard case .favoriteAdded = added.first, case .notSaved(.storage(let message)) = added.last else { Issue.record("\(added)"); return }
        #expect(message.hasSuffix(String(cString: strerror(code))))
        #expect(session.favorites.map(\.name) == ["Elbphilharmonie"])  // kept in memory
        await #expect(throws: ShellError.self) { try await session.execute(.save) }
        #expect(session.log.snapshots().map(\.id) == [0])  // kept, not yet written
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state.plist"))

        allowWrites()
        _ = try await session.execute(.units(.preset(.imperial)))
        #expect(session.log.hasUnwrittenRecords)
        try session.log.appendCommand("units imperial", at: Recorded.newYorkNow)
        #expect(!session.log.hasUnwrittenRecords)
        #expect(session.log.takeNotes() == ["snapshot 1 kept in memory was written to log.jsonl"])
        // Everything is on disk now: the favorite with the units, and the snapshot.
        let reopened = StateStore(folder: home.path, now: { Date() })
        #expect(reopened.document.favorites.map(\.name) == ["Elbphilharmonie"])
        #expect(reopened.document.settings.units == .imperial)
        #expect(EventLog(folder: home.path).snapshots().map(\.id) == [1])
    }

    @Test func historyKeptInMemoryIsWrittenInOrder() throws {
        defer { allowWrites() }
        let log = EventLog(folder: home.path)
        try log.appendCommand("first", at: Recorded.newYorkNow)
        failWrites(with: ENOSPC)
        #expect(throws: ShellError.self) { try log.appendCommand("second", at: Recorded.newYorkNow) }
        #expect(throws: ShellError.self) { try log.appendCommand("third", at: Recorded.newYorkNow) }
        allowWrites()
        #expect(try log.appendCommand("fourth", at: Recorded.newYorkNow) == 4)
        #expect(log.history(last: 10).map(\.line) == ["first", "second", "third", "fourth"])
        #expect(log.takeNotes() == ["2 commands kept in memory were written to log.jsonl"])
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
        let log = EventLog(folder: home.path)
        #expect(log.snapshots().map(\.id) == [2, 3])
        #expect(log.history(last: 10).map(\.line) == ["a", "b", "spaced", "reordered"])
        #expect(log.takeNotes() == ["some lines of log.jsonl could not be read and were skipped (“log” counts them; “log compact” moves them to a file of their own)"])
        let compaction = try log.compact(now: Recorded.newYorkNow)
        let (before, after) = (compaction.before, compaction.after)
        #expect(before.commands == 4 && before.snapshots == 2 && before.deletedSnapshots == 1 && before.unreadableLines == 2)
        #expect(after.commands == 4 && after.snapshots == 2 && after.deletedSnapshots == 0 && after.unreadableLines == 0 && after.otherRecords == 1)
        #expect(home.text("log.jsonl") == [lines[0], lines[3], lines[4], lines[6], lines[7], lines[8], lines[10]].joined(separator: "\n") + "\n")
        // The unreadable lines, byte for byte, in a file of their own.
        let aside = try #require(compaction.unreadableLinesFile)
        #expect(aside == home.path + "/log.jsonl.unreadable-20260206T214000Z")
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "garbage\n{\"v\":1,\"kind\":\"command\"}\n")
        // Numbers and ids stay; the next ones follow on.
        #expect(log.snapshots().map(\.id) == [2, 3])
        #expect(try log.appendCommand("c", at: Recorded.newYorkNow) == 5)
        // A second compaction has nothing to set aside.
        #expect(try log.compact(now: Recorded.newYorkNow).unreadableLinesFile == nil)
    }

    @Test func failedCompactionLeavesTheLogAsItWas() throws {
        defer { allowWrites() }
        let log = EventLog(folder: home.path)
        try log.appendCommand("a", at: Recorded.newYorkNow)
        let before = home.text("log.jsonl")
        let prefix = home.path
        FileIO.faults.set { $0.hasPrefix(prefix) && $0.hasSuffix("log.jsonl") ? ENOSPC : nil }
        #expect(throws: ShellError.storage("log.jsonl not compacted: cannot write \(home.path)/log.jsonl: No space left on device")) {
            try log.compact(now: Recorded.newYorkNow)
        }
        #expect(home.text("log.jsonl") == before)
    }

    /// `import` is one change: a write that fails saves none of the file, the next one all of it.
    @Test func importIsWholeOrAbsent() async throws {
        let session = session()
        let file = home.path + "/c.csv"
        FileManager.default.createFile(atPath: file, contents: Data("name,latitude,longitude\nA,1,1\nB,2,2\nC,3,3\n".utf8))
        defer { allowWrites() }
        failWrites(with: ENOSPC)
        let results = try await session.execute(.importFavorites(path: file))
        guard case .notSaved = results.last else { Issue.record("\(results)"); return }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state.plist"))
        allowWrites()
        // The next write that succeeds saves the whole import with it.
        _ = try await session.execute(.units(.preset(.imperial)))
        let saved = try PropertyListDecoder().decode(StateDocument.self, from: Data(contentsOf: URL(fileURLWithPath: home.path + "/state.plist")))
        #expect(saved.favorites.map(\.name) == ["A", "B", "C"])
    }

    @Test func privateFolderAndFiles() async throws {
        let session = session()
        _ = try await session.execute(.show("Hamburg"))
        _ = try await session.execute(.favoriteToggle)
        _ = try await session.execute(.save)
        func mode(_ path: String) throws -> Int {
            try #require((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
        }
        let nested = TemporaryFolder()
        let folder = nested.path + "/a/b/wx"
        try StoreFiles.locked(folder) {}
        #expect(try mode(nested.path + "/a") == 0o700)
        #expect(try mode(folder) == 0o700)
        #expect(try mode(home.path + "/state.plist") == 0o600)
        #expect(try mode(home.path + "/log.jsonl") == 0o600)
    }
}
