import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Write failures through the injected file system (`FailingFileSystem`, this suite's own): the
/// in-memory state is kept, the session goes on, and the next write that succeeds saves
/// everything. The stores' own behaviour is tested in WeatherStoreTests.
@MainActor
@Suite(.tags(.unit)) struct DurabilityTests {
    let home = TemporaryFolder()
    /// The file system the stores use: the real one, failing where a test says.
    let files = FailingFileSystem()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    func session() -> WeatherSession {
        let provider = FakeForecastProvider(forecasts: [
            Self.hamburg[0].coordinate: Recorded.newYorkForecast(at: Self.hamburg[0].coordinate)
        ])
        return makeTestSession(
            home: home, geocoder: FakeGeocoder(places: ["Hamburg": Self.hamburg]), forecasts: provider,
            fileSystem: files)
    }

    /// Fails this test's writes only: each test has its own file system value.
    func failWrites(with code: Int32) { files.fail(with: code) }
    func allowWrites() { files.allow() }

    /// `wx -c "…; save"` on a full disk: the snapshot is kept in memory, but the process ends
    /// right after, so wx says it is lost rather than that it will be written later.
    @Test func whatIsStillInMemoryAtTheEndIsSaidToBeLost() async {
        defer { allowWrites() }
        let console = TestConsole()
        let session = session()
        let host = AppHost(
            variable: { ["WX_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8"][$0] }, output: console,
            inputIsTerminal: false, outputIsTerminal: false, terminalWidth: { 80 },
            makeSession: { _, _ in session },
            standardInput: ScriptedLineReader([]), prompt: ScriptedPrompt(reader: ScriptedLineReader([])))
        _ = try? await session.execute(.show("Hamburg"))
        // Its look written after the output, as the front end does, while writes still work.
        _ = session.keepLook()
        failWrites(with: ENOSPC)
        #expect(await WXApp(host: host).run(["-c", "save"]) == 1)
        #expect(console.errors.hasSuffix("wx: records of log.jsonl that could not be written are lost as wx ends\n"))
        allowWrites()
        console.clear()
        // Written with the next record (`wx -c` lines are no longer in the history: a snapshot).
        #expect(await WXApp(host: host).run(["-c", "save"]) == 0)
        #expect(!console.errors.contains("lost"))
    }

    @Test(arguments: [ENOSPC, EROFS, EACCES])
    func favoritesAndSnapshotsSurviveAFailedWrite(code: Int32) async throws {
        defer { allowWrites() }
        let session = session()
        _ = try await session.execute(.show("Hamburg"))
        // Its look written after the output, as the front end does, while writes still work.
        _ = session.keepLook()
        failWrites(with: code)
        let added = try await session.execute(.favoriteToggle)
        // Nothing says the favorite was saved: only that it was not (issue 11, item 8).
        guard added.count == 1, case .notSaved(.store(.file(let cause)), .favoriteAdded?) = added.first else {
            Issue.record("\(added)")
            return
        }
        #expect(cause.code == code)
        #expect(ShellError.store(.file(cause)).description.hasSuffix(String(cString: strerror(code))))
        #expect(session.favorites.map(\.name) == ["Elbphilharmonie"])  // kept in memory
        await #expect(throws: ShellError.self) { try await session.execute(.save) }
        let kept = try await session.execute(.snapshots)
        guard case .snapshotList(let list) = kept.first else {
            Issue.record("\(kept)")
            return
        }
        let snapshots = list.collected
        #expect(snapshots.map(\.id) == [0])  // kept, not yet written
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state.plist"))

        allowWrites()
        _ = try await session.execute(.units(.preset(.imperial)))
        // The favorite kept in memory is saved with the units, and said so (trial 62, fault 9).
        #expect(
            session.takeNotices() == [
                "the change kept in memory (“Elbphilharmonie” added to favorites) was saved to state.plist with this one"
            ])
        try session.recordCommand("units imperial")
        #expect(session.takeNotices() == ["snapshot 1 kept in memory was written to log.jsonl"])
        // Everything is on disk now: the favorite with the units, and the snapshot.
        let reopened = StateStore(folder: home.path, now: { Date() }, fileSystem: files)
        #expect(reopened.document.favorites.map(\.name) == ["Elbphilharmonie"])
        #expect(reopened.document.settings.units == .imperial)
        #expect(EventLog(folder: home.path, fileSystem: files).snapshots().map(\.id) == [1])
    }

    /// `import` is one change: a write that fails saves none of the file, the next one all of it.
    @Test func importIsWholeOrAbsent() async throws {
        let session = session()
        let file = home.path + "/c.csv"
        _ = FileManager.default.createFile(
            atPath: file, contents: Data("name,latitude,longitude\nA,1,1\nB,2,2\nC,3,3\n".utf8))
        defer { allowWrites() }
        failWrites(with: ENOSPC)
        let results = try await session.execute(.importFavorites(path: file))
        guard results.count == 1, case .notSaved = results.first else {
            Issue.record("\(results)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state.plist"))
        allowWrites()
        // The next write that succeeds saves the whole import with it.
        _ = try await session.execute(.units(.preset(.imperial)))
        let saved = try PropertyListDecoder().decode(
            StateDocument.self, from: Data(contentsOf: URL(fileURLWithPath: home.path + "/state.plist")))
        #expect(saved.favorites.map(\.name) == ["A", "B", "C"])
    }

    @Test func privateFolderAndFiles() async throws {
        let session = session()
        _ = try await session.execute(.show("Hamburg"))
        _ = try await session.execute(.favoriteToggle)
        _ = try await session.execute(.save)
        func mode(_ path: String) throws -> Int {
            try #require(
                (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
        }
        #expect(try mode(home.path + "/state.plist") == 0o600)
        #expect(try mode(home.path + "/log.jsonl") == 0o600)
    }
}
