import Foundation
import Testing
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// What the user reads when a store reports something: the wording lives in the shell
/// (StoreMessages.swift), the facts in WeatherStore's values.
@MainActor
@Suite(.tags(.unit)) struct StoreMessagesTests {
    let home = TemporaryFolder()
    /// The file system the stores use: the real one, failing where a test says.
    let files = FailingFileSystem()

    @Test func stateWarnings() {
        let copy = "/h/state.plist.corrupt-20260206T214000Z"
        #expect(
            StateWarning.entriesLeftOut(count: 3, copy: copy).userText
                == "3 entries of state.plist could not be read and are left out (the file as it was is at \(copy))")
        #expect(
            StateWarning.entriesLeftOut(count: 1, copy: nil).userText
                == "1 entry of state.plist could not be read and is left out")
        #expect(
            StateWarning.entriesKept(count: 2).userText
                == "2 entries of state.plist could not be read: they are left out here and kept in the file as they are"
        )
        #expect(
            StateWarning.readOnly(.unreadable(copy: copy)).userText
                == "state.plist could not be read (a copy is at \(copy)); favorites and settings are read-only until “reset state”"
        )
        #expect(
            StateWarning.readOnly(.unknownVersion(7)).userText
                == "state.plist has format version 7, which wx \(WXVersion.current) does not know; favorites and settings are read-only (a newer wx wrote it)"
        )
        #expect(!StateWarning.readOnly(.unknownVersion(0)).userText.contains("newer"))
    }

    @Test func logNotes() {
        #expect(
            StoreNote.keptRecordsWritten(commands: 2, snapshotIDs: []).userText
                == "2 commands kept in memory were written to log.jsonl")
        #expect(
            StoreNote.keptRecordsWritten(commands: 0, snapshotIDs: [1]).userText
                == "snapshot 1 kept in memory was written to log.jsonl")
        #expect(
            StoreNote.keptRecordsWritten(commands: 1, snapshotIDs: [7]).userText
                == "1 command, snapshot 7 kept in memory were written to log.jsonl")
        #expect(
            StoreNote.unreadableLinesSkipped.userText
                == "some lines of log.jsonl could not be read and were skipped (“log” counts them; “log compact” moves them to a file of their own)"
        )
    }

    @Test func aMissingSnapshotIsTheShellsOwnError() {
        #expect(ShellError(StoreError.noSuchSnapshot(4)) == .noSuchSnapshot(4))
        #expect(ShellError(StoreError.stateReadOnly(.unknownVersion(9))) == .store(.stateReadOnly(.unknownVersion(9))))
    }

    /// The sentences of a failed write, from a real failure through the session.
    @Test func failedWritesAreWordedWithTheFileAndTheCause() async throws {
        let session = makeTestSession(home: home, fileSystem: files)
        _ = try session.recordCommand("a")
        files.fail(with: ENOSPC, matching: { $0.hasSuffix("log.jsonl") })
        defer { files.allow() }
        do {
            _ = try await session.execute(.log(compact: true))
            Issue.record("the log was compacted")
        } catch {
            #expect(
                error.description
                    == "log.jsonl not compacted: cannot write \(home.path)/log.jsonl: No space left on device")
        }
        do {
            try session.recordCommand("b")
            Issue.record("the history was written")
        } catch {
            #expect(error.description == "cannot write \(home.path)/log.jsonl: No space left on device")
        }
        await #expect(throws: ShellError.noSuchSnapshot(3)) { try await session.execute(.snapshotRemove(3)) }
    }
}
