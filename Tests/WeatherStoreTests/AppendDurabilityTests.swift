import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherStore

#if canImport(Glibc)
import Glibc
#endif

/// Appends to log.jsonl (`save`, `saved rm`, the history) reach the disk before they are
/// acknowledged: written, then synced, else undone and refused.
@Suite(.tags(.unit)) struct AppendDurabilityTests {
    let home = TemporaryFolder()
    var path: String { home.path + "/log.jsonl" }

    @Test func anAppendIsSyncedAfterItIsWrittenAndBeforeItReturns() throws {
        try FileIO.appendLine(Array("one\n".utf8), to: path)
        var synced: [off_t] = []
        try FileIO.appendLine(Array("two\n".utf8), to: path) { fd in
            var info = stat()
            _ = fstat(fd, &info)
            synced.append(info.st_size)  // the line is in the file when it is synced
            return 0
        }
        #expect(synced == [8])
        #expect(home.text("log.jsonl") == "one\ntwo\n")
    }

    /// A line that may be lost (a look, made again by the next answer) is not synced, nor is its
    /// folder — not even when it makes the file (issue 39: an fdatasync and an fsync at every
    /// cold `show`).
    @Test func aLineThatMayBeLostSyncsNothingEvenWhenItMakesTheFile() throws {
        var synced = 0
        try FileIO.appendLine(Array("one\n".utf8), to: path, durable: false) { _ in
            synced += 1
            return 0
        }
        try FileIO.appendLine(Array("two\n".utf8), to: path, durable: false) { _ in
            synced += 1
            return 0
        }
        #expect(synced == 0)
        #expect(home.text("log.jsonl") == "one\ntwo\n")
    }

    /// A durable line after a file made by one that was not synced syncs the file and then its
    /// folder, so that the file's name, left unsynced at its making, is on the disk with it.
    @Test func aDurableLineAfterAnUnsyncedMakingSyncsTheFileThenItsFolder() throws {
        try FileIO.appendLine(Array("look\n".utf8), to: path, durable: false)
        var synced: [String] = []
        try FileIO.appendLine(
            Array("save\n".utf8), to: path,
            sync: { fd in
                synced.append(Self.kind(fd))
                return 0
            },
            syncFolder: { fd in
                synced.append(Self.kind(fd))
                return 0
            })
        #expect(synced == ["file of 10 bytes", "folder"])
        #expect(home.text("log.jsonl") == "look\nsave\n")
    }

    /// Every durable line syncs the folder, the file's first as much as a later one.
    @Test func everyDurableLineSyncsItsFolder() throws {
        var folderSyncs = 0
        for line in ["one\n", "two\n"] {
            try FileIO.appendLine(
                Array(line.utf8), to: path,
                syncFolder: { fd in
                    folderSyncs += Self.kind(fd) == "folder" ? 1 : 0
                    return 0
                })
        }
        #expect(folderSyncs == 2)
    }

    /// What the descriptor `fd` is open on: "folder", or "file of N bytes".
    static func kind(_ fd: Int32) -> String {
        var info = stat()
        _ = fstat(fd, &info)
        return (info.st_mode & S_IFMT) == S_IFDIR ? "folder" : "file of \(info.st_size) bytes"
    }

    /// A line whose sync failed is not known to be on the disk: it is taken back and refused, so
    /// that the record kept in memory is not written twice.
    @Test func anAppendWhoseSyncFailsIsTakenBackAndRefused() throws {
        try FileIO.appendLine(Array("one\n".utf8), to: path)
        #expect(throws: FileError(cannot: "write", path, code: EIO)) {
            try FileIO.appendLine(Array("two\n".utf8), to: path) { _ in EIO }
        }
        #expect(home.text("log.jsonl") == "one\n")
    }
}
