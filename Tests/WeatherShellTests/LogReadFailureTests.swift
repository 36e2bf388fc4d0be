import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// A log.jsonl that cannot be read, as the user meets it: `saved`, `history` and `log` say which
/// file and why, never "no snapshots yet" or "0 commands". Faults come through the injected
/// `FailingFileSystem`; the store's own handling is tested in WeatherStoreTests.
@MainActor
@Suite struct LogReadFailureTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    static let isLog: @Sendable (String) -> Bool = { $0.hasSuffix("/log.jsonl") }

    /// The error `command` ends with; nil when it succeeds.
    func failure(of command: Command, in session: WeatherSession) async -> String? {
        do {
            _ = try await session.execute(command)
            return nil
        } catch { return error.description }
    }

    func prepared() throws -> (WeatherSession, String) {
        let session = makeTestSession(home: home, fileSystem: files)
        try session.recordCommand("units metric")
        try session.recordCommand("history")
        return (session, session.log.path)
    }

    @Test(arguments: [EIO, EACCES])
    func aLogThatCannotBeOpenedIsAnErrorNamingIt(code: Int32) async throws {
        let (session, path) = try prepared()
        files.fail([.read], with: code, matching: Self.isLog)
        let cause = FileError(cannot: "read", path, code: code).description
        for command in [Command.history(nil), .snapshots, .log(compact: false)] {
            #expect(await failure(of: command, in: session)?.contains(cause) == true, "\(command)")
        }
    }

    /// The file opens, and a read fails on the way.
    @Test func anIOErrorWhileReadingIsAnErrorNamingTheFile() async throws {
        let (session, path) = try prepared()
        files.failReads(with: EIO, matching: Self.isLog)
        let cause = FileError(cannot: "read", path, code: EIO).description
        for command in [Command.history(nil), .snapshots, .log(compact: false)] {
            #expect(await failure(of: command, in: session)?.contains(cause) == true, "\(command)")
        }
        files.allow()
        #expect(await failure(of: .history(nil), in: session) == nil)
    }
}
