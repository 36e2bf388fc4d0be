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
@Suite(.tags(.unit)) struct LogReadFailureTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    static let isLog: @Sendable (String) -> Bool = { $0.hasSuffix("/log.jsonl") }

    /// The error `command` ends with; nil when it succeeds.
    /// The error `command` ends with: from the session, or from reading the records of a result
    /// the runner prints as it reads them (`export`, `saved` with kept forecasts).
    func failure(of command: Command, in session: WeatherSession) async -> String? {
        do {
            for result in try await session.execute(command) {
                switch result {
                case .exportData(_, _, let records): try records.forEachRecord { _ in }
                case .snapshotList(let snapshots): try snapshots.forEachRecord { _ in }
                default: break
                }
            }
            return nil
        } catch let error as ShellError {
            return error.description
        } catch let error as StoreError {
            return ShellError(error).description
        } catch { return "\(error)" }
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
        for command in Self.readers {
            #expect(await failure(of: command, in: session)?.contains(cause) == true, "\(command)")
        }
    }

    /// The commands that read the log and would otherwise say "empty".
    static let readers: [Command] = [
        .history(nil), .snapshots, .log(compact: false), .log(compact: true),
        .export(.history, format: nil, path: nil), .export(.snapshots, format: nil, path: nil),
    ]

    /// Issue 22: after `sudo wx log compact`, log.jsonl is root's; the user saw "no commands in
    /// the history yet" and an empty export. The error names the file and how to fix it.
    @Test func aLogOwnedByRootIsAnErrorWithTheFix() async throws {
        let (session, path) = try prepared()
        files.fail([.read], with: EACCES, matching: Self.isLog)
        for command in Self.readers {
            let message = await failure(of: command, in: session)
            #expect(message?.contains("cannot read \(path): Permission denied") == true, "\(command)")
            #expect(message?.contains("chmod u+rw \(path)") == true, "\(command)")
            #expect(message?.contains("sudo chown") == true, "\(command)")
        }
    }

    /// The file opens, and a read fails on the way.
    @Test func anIOErrorWhileReadingIsAnErrorNamingTheFile() async throws {
        let (session, path) = try prepared()
        files.failReads(with: EIO, matching: Self.isLog)
        let cause = FileError(cannot: "read", path, code: EIO).description
        for command in Self.readers {
            #expect(await failure(of: command, in: session)?.contains(cause) == true, "\(command)")
        }
        files.allow()
        #expect(await failure(of: .history(nil), in: session) == nil)
    }
}
