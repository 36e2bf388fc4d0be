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

    /// A line that may be lost (a look, made again by the next answer) is not synced — unless
    /// it is the file's first, whose name the lines after it need.
    @Test func aLineThatMayBeLostIsSyncedOnlyWhenItIsTheFilesFirst() throws {
        var synced = 0
        try FileIO.appendLine(Array("one\n".utf8), to: path, durable: false) { _ in
            synced += 1
            return 0
        }
        #expect(synced == 1)
        try FileIO.appendLine(Array("two\n".utf8), to: path, durable: false) { _ in
            synced += 1
            return 0
        }
        #expect(synced == 1)
        #expect(home.text("log.jsonl") == "one\ntwo\n")
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
