import Synchronization
import WXBasics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file system that fails chosen operations on chosen paths with a chosen errno, and passes
/// everything else to `base` (the real one by default): full disks (ENOSPC), read-only file
/// systems (EROFS), files wx may not read (EACCES — tests run as root, which mode 000 does not
/// stop), I/O errors (EIO).
///
/// Each test makes its own, so failures never leak into another test running at the same time.
package final class FailingFileSystem: FileSystem {
    private struct Rule: Sendable {
        var operations: Set<FileOperation>
        var matching: @Sendable (String) -> Bool
        var code: Int32
    }

    private let base: any FileSystem
    private let rules = Mutex<[Rule]>([])

    package init(base: any FileSystem = POSIXFileSystem()) { self.base = base }

    /// Every operation that writes: `write`, `append`, `lock`, `rename`, `remove`.
    package static let writes: Set<FileOperation> = [.write, .append, .lock, .rename, .remove]

    /// Makes `operations` on paths for which `matching` holds fail with `code`, until `allow()`.
    package func fail(
        _ operations: Set<FileOperation> = FailingFileSystem.writes, with code: Int32,
        matching: @escaping @Sendable (String) -> Bool = { _ in true }
    ) {
        rules.withLock { $0.append(Rule(operations: operations, matching: matching, code: code)) }
    }

    /// Every operation goes through again.
    package func allow() { rules.withLock { $0 = [] } }

    private func check(_ operation: FileOperation, _ path: String) throws(FileError) {
        let rules = self.rules.withLock { $0 }
        for rule in rules where rule.operations.contains(operation) && rule.matching(path) {
            // Worded as FileIO words the real failure: an append is a write.
            throw FileError(cannot: operation == .append ? "write" : operation.rawValue, path, code: rule.code)
        }
    }

    package func contents(of path: String, limit: Int) throws(FileError) -> Data? {
        try check(.read, path)
        return try base.contents(of: path, limit: limit)
    }

    package func replace(_ path: String, with data: [UInt8]) throws(FileError) {
        try check(.write, path)
        try base.replace(path, with: data)
    }

    package func appendLine(_ line: [UInt8], to path: String) throws(FileError) {
        try check(.append, path)
        try base.appendLine(line, to: path)
    }

    package func lock(_ folder: String) throws(FileError) -> FolderLock {
        try check(.lock, folder + "/.wx.lock")
        return try base.lock(folder)
    }

    package func rename(_ path: String, to destination: String) throws(FileError) {
        try check(.rename, path)
        try base.rename(path, to: destination)
    }

    package func remove(_ path: String) throws(FileError) {
        try check(.remove, path)
        try base.remove(path)
    }

    package func names(in folder: String) -> [String] { base.names(in: folder) }

    package func version(of path: String) -> [Int]? { base.version(of: path) }
}
