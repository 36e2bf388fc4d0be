import FoundationEssentials

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
    /// Replaces `path` whole and atomically with what `body` writes, in bounded memory; `body`
    /// returns false to abandon it (the old file is then left as it was).
    ///
    /// - Returns: whether the file was replaced.
    func replace(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool
    /// As `replace(_:writing:)`, for a file of the moment that is read back and removed at once
    /// (the lines of an index being rebuilt): neither it nor its folder is synced to the disk,
    /// so a crash may leave it shorter or absent. (Syncing 3 MB that are removed right after
    /// cost a `saved` at 20,000 snapshots ~0.6 ms CPU and 7 ms waiting.)
    func replaceScratch(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool
    /// Appends one whole line (ending in "\n") to the regular file `path` with one `write`,
    /// synced to the disk before it returns when `durable` (`FileIO.appendLine`).
    func appendLine(_ line: [UInt8], to path: String, durable: Bool) throws(FileError)
    /// Takes the exclusive lock of `folder` (`<folder>/.wx.lock`), creating the folder; another
    /// process holding it is waited for as `wait` says.
    func lock(_ folder: String, wait: LockWait) throws(FileError) -> FolderLock
    /// Renames `path` to `destination` (in the same folder).
    func rename(_ path: String, to destination: String) throws(FileError)
    /// Removes the file `path`.
    func remove(_ path: String) throws(FileError)
    /// The names in `folder` (not `.` and `..`); empty when it cannot be listed.
    func names(in folder: String) -> [String]
    /// The current version of the file at `path` (following symbolic links), as `stat` gives
    /// it; nil when nothing is there.
    func version(of path: String) -> FileVersion?
    /// What is at `path` (following symbolic links), found without opening it; nil when nothing
    /// is there.
    func kind(at path: String) -> FileKind?
    /// Opens the regular file at `path` for reading, without blocking (a FIFO in its place is
    /// refused, not waited on).
    ///
    /// - Returns: the open file, or nil when nothing is there (ENOENT).
    /// - Throws: `FileError` naming the path when something is there that cannot be read: no
    ///   permission (EACCES), an I/O error (EIO), a folder, FIFO, socket or device.
    func openForReading(_ path: String) throws(FileError) -> (any ReadableFile)?
}

extension FileSystem {
    /// A file system that keeps no scratch files apart (a test double): as `replace(_:writing:)`.
    package func replaceScratch(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
        try replace(path, writing: body)
    }

    /// Takes the lock of `folder` waiting `.bounded` for another process that holds it.
    package func lock(_ folder: String) throws(FileError) -> FolderLock { try lock(folder, wait: .bounded) }
}

/// One version of a file, as `stat`/`fstat` gave it: which file (device, inode) and how it stood
/// (size, modification and status-change times). Two equal versions are, for wx's purposes, the
/// same bytes: every writer changes the size, the modification time or the inode.
package struct FileVersion: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    /// Bytes.
    package var size: Int
    /// Last change of the contents, nanoseconds since 1970-01-01 UTC.
    package var modifiedNanoseconds: Int
    /// Last change of the contents or the metadata (mode, owner, links), nanoseconds since 1970.
    package var changedNanoseconds: Int

    package init(device: UInt64, inode: UInt64, size: Int, modifiedNanoseconds: Int, changedNanoseconds: Int) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedNanoseconds = changedNanoseconds
    }

    /// The version `info` (from `stat` or `fstat`) describes.
    package init(_ info: stat) {
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
            modifiedNanoseconds: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
            changedNanoseconds: Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec))
    }
}

/// What kind of thing a path names.
package enum FileKind: Hashable, Sendable {
    case regular, folder, fifo, socket, device, other

    /// The kind `info` (from `stat` or `fstat`) describes.
    package init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR, S_IFBLK: self = .device
        default: self = .other
        }
    }

    /// Why wx may not read or write this as a file of its own ("it is a FIFO, not a regular
    /// file"), as errors word it; nil for a regular file.
    package var notRegularReason: String? {
        switch self {
        case .regular: nil
        case .folder: "it is a folder, not a file"
        case .fifo: "it is a FIFO, not a regular file"
        case .socket: "it is a socket, not a regular file"
        case .device: "it is a device, not a regular file"
        case .other: "it is not a regular file"
        }
    }
}

/// A regular file open for reading (`FileSystem.openForReading`): read at offsets, never
/// through a shared position, so a reader may go forwards or backwards. Closed by `close()` or
/// when the last reference goes. Used by one thread at a time.
package protocol ReadableFile: AnyObject {
    /// The path it was opened by (for errors).
    var path: String { get }
    /// The file as `fstat` gave it when opened; `version.size` is its size then.
    var version: FileVersion { get }
    /// Reads up to `buffer.count` bytes at `offset` (one `pread`, retried on EINTR).
    ///
    /// - Returns: how many bytes were read: fewer than asked is a short read, 0 the end.
    /// - Throws: `FileError` naming the path and the errno (EIO…).
    func pread(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileError) -> Int
    /// Closes the descriptor; later reads fail with EBADF. Calling it twice is harmless.
    func close()
}

extension ReadableFile {
    /// Reads until `buffer` is full or the file ends, taking short reads in turn.
    ///
    /// - Returns: how many bytes were read (fewer than `buffer.count` only at the end of the file).
    /// - Throws: `FileError` from the first read that failed.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileError) -> Int {
        var done = 0
        while done < buffer.count {
            let count = try pread(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: offset + done)
            if count <= 0 { break }
            done += count
        }
        return done
    }
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

    package func replace(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
        try FileIO.replace(path, writing: body)
    }

    package func replaceScratch(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
        try FileIO.replace(path, durable: false, writing: body)
    }

    package func appendLine(_ line: [UInt8], to path: String, durable: Bool) throws(FileError) {
        try FileIO.appendLine(line, to: path, durable: durable)
    }

    package func lock(_ folder: String, wait: LockWait) throws(FileError) -> FolderLock {
        try FileIO.lock(folder, wait: wait)
    }

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

    package func version(of path: String) -> FileVersion? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileVersion(info)
    }

    package func kind(at path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(info)
    }

    package func openForReading(_ path: String) throws(FileError) -> (any ReadableFile)? {
        // O_NONBLOCK: opening a FIFO would otherwise wait for a writer; fstat then refuses it.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw FileError(cannot: "read", path, code: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw FileError(cannot: "read", path, code: code)
        }
        if let problem = FileKind(info).notRegularReason {
            Glibc.close(fd)
            throw FileError(cannot: "read", path, reason: problem)
        }
        return POSIXReadableFile(fd: fd, path: path, version: FileVersion(info))
    }
}

/// A file opened by `POSIXFileSystem.openForReading`.
final class POSIXReadableFile: ReadableFile {
    let path: String
    let version: FileVersion
    private var fd: Int32

    init(fd: Int32, path: String, version: FileVersion) {
        self.fd = fd
        self.path = path
        self.version = version
    }

    deinit { close() }

    func pread(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = Glibc.pread(fd, base, buffer.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw FileError(cannot: "read", path, code: errno) }
        }
    }

    func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }
}
