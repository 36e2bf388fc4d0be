#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations wx's stores (state.plist, log.jsonl) use, as a value passed in: the
/// product passes `POSIXFileSystem`, tests a double that fails chosen operations (see
/// WeatherTestSupport's `FailingFileSystem`).
///
/// Every failure is a `FileError` carrying the path and, when a system call gave it, the errno.
package protocol FileSystem: Sendable {
    /// The whole contents of the regular file at `path`; nil when nothing is there (ENOENT).
    ///
    /// - Parameter limit: the largest size read, bytes.
    /// - Throws: `FileError` when something is there that cannot be read: no permission
    ///   (EACCES), an I/O error (EIO), a folder, FIFO, socket or device in the file's place
    ///   (found without blocking), a file larger than `limit`.
    func contents(of path: String, limit: Int) throws(FileError) -> Data?
    /// Replaces `path` whole and atomically (temporary file, fsync, rename, fsync of the folder).
    func replace(_ path: String, with data: [UInt8]) throws(FileError)
    /// Appends one whole line (ending in "\n") to the regular file `path` with one `write`.
    func appendLine(_ line: [UInt8], to path: String) throws(FileError)
    /// Takes the exclusive lock of `folder` (`<folder>/.wx.lock`), creating the folder.
    func lock(_ folder: String) throws(FileError) -> FolderLock
    /// Renames `path` to `destination` (in the same folder).
    func rename(_ path: String, to destination: String) throws(FileError)
    /// Removes the file `path`.
    func remove(_ path: String) throws(FileError)
    /// The names in `folder` (not `.` and `..`); empty when it cannot be listed.
    func names(in folder: String) -> [String]
    /// Identity of a file's current version (inode, size, modification time in s and ns);
    /// nil when nothing is there.
    func version(of path: String) -> [Int]?
}

/// What `FailingFileSystem` and error messages call each operation.
package enum FileOperation: String, Hashable, Sendable, CaseIterable {
    case read, write, append, lock, rename, remove
}

/// The file system itself, through POSIX calls (`FileIO`).
package struct POSIXFileSystem: FileSystem {
    package init() {}

    package func contents(of path: String, limit: Int) throws(FileError) -> Data? {
        do { return try FileIO.contents(of: path, limit: limit) } catch {
            if error.code == ENOENT { return nil }
            throw error
        }
    }

    package func replace(_ path: String, with data: [UInt8]) throws(FileError) {
        try FileIO.replace(path, with: data)
    }

    package func appendLine(_ line: [UInt8], to path: String) throws(FileError) {
        try FileIO.appendLine(line, to: path)
    }

    package func lock(_ folder: String) throws(FileError) -> FolderLock { try FileIO.lock(folder) }

    package func rename(_ path: String, to destination: String) throws(FileError) {
        if Glibc.rename(path, destination) != 0 { throw FileError(cannot: "rename", path, code: errno) }
    }

    package func remove(_ path: String) throws(FileError) {
        if unlink(path) != 0 { throw FileError(cannot: "remove", path, code: errno) }
    }

    package func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    package func version(of path: String) -> [Int]? { FileIO.version(of: path) }
}
