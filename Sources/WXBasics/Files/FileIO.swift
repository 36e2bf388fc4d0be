import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operation that failed: one line naming the file and the cause ("No space left on device").
package struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
    /// The file or folder the operation was on; empty when the error was made from text alone.
    package private(set) var path = ""
    /// The errno of the call that failed; nil when no system call gave the cause (a short write,
    /// not a regular file).
    package private(set) var code: Int32?
    /// Whether the file was refused for being larger than the reader's limit (`contents(of:limit:)`),
    /// so that a caller can say what to do without reading the words.
    package fileprivate(set) var isOverLimit = false

    /// `operation` ("write", "lock") on `path` failed with errno `code`: "cannot write PATH: No
    /// space left on device".
    package init(cannot operation: String, _ path: String, code: Int32) {
        self.init("cannot \(operation) \(path): \(String(cString: strerror(code)))")
        self.path = path
        self.code = code
    }

    /// `operation` on `path` failed for a reason no errno names ("short write").
    package init(cannot operation: String, _ path: String, reason: String) {
        self.init("cannot \(operation) \(path): \(reason)")
        self.path = path
    }

    /// The lock file `path` (`.wx.lock`) another process holds was not had: `end` says why,
    /// `reason` in words ("it was held by another process, pid 123, for 20 s (WX_TIMEOUT): gave up").
    package init(lockNotHad path: String, _ end: LockWaitEnd, reason: String) {
        self.init(cannot: "lock", path, reason: reason)
        lockWaitEnd = end
    }

    /// Why a lock another process holds was not had; nil for any other failure.
    package private(set) var lockWaitEnd: LockWaitEnd?
}

/// The file-system operations the stores and the cache need, with POSIX semantics spelled out: private
/// permissions, advisory locks, whole-line appends and crash-safe replacement.
package enum FileIO {

    /// Why the file `info` describes (from `fstat` or `stat`) is not one wx may read or write as
    /// a file of its own: nil for a regular file, else "it is a folder, not a file", "it is a
    /// FIFO, not a regular file"…
    static func notRegular(_ info: stat) -> String? { FileKind(info).notRegularReason }

    /// What is at `path` (following symbolic links) when it is not a regular file, as
    /// `notRegular(_:)` words it; nil when it is one or nothing is there. Never opens it.
    package static func notRegular(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return notRegular(info)
    }

    /// Creates `path` and its parents with mode 0700 when missing.
    ///
    /// - Parameter durable: sync the parent after making `path`, so that the new entry survives a
    ///   crash (wx's own folders); the cache's folder skips it, as its entries do. Missing parents
    ///   are made durable either way: a later durable call finds them and syncs nothing.
    ///
    /// A folder made is synced into its parent here, once, even when what is written in it
    /// first may be lost (a look, the cache), rather than by each durable writer after: a later
    /// writer, in another process, finds the folder there and cannot tell whether its name is
    /// on the disk, so it would have to sync the parent at every write — a folder that is not
    /// wx's (`~/.local/share`), whose sync may write other programs' changes. Durable writers
    /// carry the chain from the folder down: a file and its folder (`appendLine`, `replace`).
    /// - Throws: `FileError` naming the folder and the cause.
    package static func ensureFolder(_ path: String, durable: Bool = true) throws(FileError) {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw FileError(cannot: "use", path, reason: "it is a file, not a folder")
        }
        // Parents first, each 0700; errno is read right after the call that failed.
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try ensureFolder(String(path[..<slash]))
        }
        if mkdir(path, 0o700) != 0 {
            if errno == EEXIST { return }
            throw FileError(cannot: "create the folder", path, code: errno)
        }
        // 0700 whatever the umask, and the parent's owner's when wx runs as root there.
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fchmod(fd, 0o700)
            giveToFolderOwner(fd, path)
            close(fd)
        }
        // The new entry is durable in its parent before anything in it is acknowledged: a
        // crash after a `save` must not lose the whole new WX_HOME (issue 38).
        guard durable else { return }
        let parent = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let parentFD = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if parentFD >= 0 {
            fsync(parentFD)
            close(parentFD)
        }
    }

    /// Takes an exclusive `flock` on `<folder>/.wx.lock` (creating the folder 0700), so that two
    /// wx processes never interleave their read-modify-write of the same files.
    ///
    /// Another process holding it is waited for as `wait` says (`LockWaiting.wait`).
    ///
    /// - Returns: the held lock; call `unlock()` when done.
    /// - Throws: `FileError` when the folder or lock file cannot be made, or the lock was not
    ///   had in time (`lockWaitEnd` set).
    package static func lock(_ folder: String, wait: LockWait = .bounded) throws(FileError) -> FolderLock {
        try ensureFolder(folder)
        // O_NONBLOCK: a FIFO put in the lock file's place must not hang the open.
        let fd = open(folder + "/.wx.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw FileError(cannot: "lock", folder + "/.wx.lock", code: errno) }
        var info = stat()
        if fstat(fd, &info) == 0, let problem = notRegular(info) {
            close(fd)
            throw FileError(cannot: "lock", folder + "/.wx.lock", reason: problem)
        }
        // wx's own, 0600 whatever the umask (it also holds the log's seal, read back).
        if info.st_mode & 0o600 != 0o600 { _ = fchmod(fd, 0o600) }
        giveToFolderOwner(fd, folder + "/.wx.lock")
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(fd)
                throw FileError(cannot: "lock", folder, code: code)
            }
            do { try LockWaiting.wait(fd, path: folder + "/.wx.lock", wait) } catch {
                close(fd)
                throw error
            }
        }
        return FolderLock(fd: fd)
    }

    /// Replaces `path` with `data` so that a crash at any instant leaves the old file or the new
    /// one: write a temporary file in the same folder, fsync it, rename it over, fsync the folder.
    ///
    /// - Throws: `FileError` (ENOSPC, EROFS, EACCES…); the old file is then untouched.
    /// - Parameter durable: fsync the file and the folder (state files); the cache skips it.
    /// - Parameter mode: the new file's permission bits: `0o600` for wx's own files; a user's
    ///   file keeps the mode it had (`exactly`), a new one gets `0o666` less the umask.
    package static func replace(
        _ path: String, with data: [UInt8], durable: Bool = true, mode: mode_t = 0o600, exactly: Bool = false
    ) throws(FileError) {
        try replace(path, durable: durable, mode: mode, exactly: exactly) { writer in
            writer.write(data)
            return true
        }
    }

    /// The temporary file `replace` writes before renaming it over `path`:
    /// `<path>.tmp-<pid>-<random>`, so that one left by a killed writer can be told from a live one.
    package static func temporaryName(for path: String) -> String {
        "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Writes all of `data` to `fd`, retrying short writes; nil, or the errno of the failure.
    static func writeAll(_ data: [UInt8], to fd: Int32) -> Int32? {
        data.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Writes all of `buffer` to `fd`, retrying short writes; nil, or the errno of the failure.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Writes a file the user named (`export … FILE`) the way a shell's `>` would treat what is
    /// there, but crash-safe where it can be: a regular file is replaced atomically through
    /// `replace`, keeping its mode, and through a symbolic link the link's target is the file
    /// replaced; anything else that exists — a device such as `/dev/stdout`, a FIFO, a file with
    /// other hard links, a dangling link — is opened and written in place, never replaced. A
    /// regular file that is wx's standard output or error (`/dev/stdout` when the shell sent
    /// the output to a file) is written through that descriptor, where the output stands, as
    /// `cmd > /dev/stdout` writes (`standardStream(openOn:)`). A new file gets mode 0666 less the umask.
    ///
    /// - Throws: `FileError` naming the path and the cause (ENOSPC, EACCES, EISDIR…).
    package static func writeUserFile(_ path: String, with data: [UInt8]) throws(FileError) {
        try writeUserFile(path) { writer in
            writer.write(data)
            return true
        }
    }

    /// Appends `line` (which ends in "\n") to `path` with one `write` on an `O_APPEND` descriptor,
    /// so that concurrent writers never interleave bytes, and syncs it (`fdatasync`), then its
    /// folder (`fsync`), before returning: what wx acknowledges as written is on the disk, name
    /// and all, as SQLite's COMMIT is. If the file ends in a torn line (a crash mid-write), a
    /// newline goes first so that the new record is not glued onto it.
    ///
    /// The folder is synced at every durable append, not only at the one that made the file: a
    /// file made by a line that was not synced (a look) may have its name only in memory, and
    /// the first durable line after it, in this process or a later one, is what makes it stay.
    /// Once the name is on the disk that sync has nothing to write. (The folder itself was made
    /// durably, `ensureFolder`.)
    ///
    /// - Parameters:
    ///   - durable: false for a line that may be lost in a crash (a `look`, which the next
    ///     answer makes again): nothing is synced, even when the line makes the file — a crash
    ///     may then lose the file, or leave it torn or empty, which every reader takes as the
    ///     lines it holds. A line torn by a crash is skipped by every reader.
    ///   - sync: syncs the file's descriptor, giving 0 or the errno (`fdatasync` in the
    ///     product; tests pass one that fails or counts).
    ///   - syncFolder: syncs the folder's descriptor (`fsync` in the product: `fdatasync` need
    ///     not write a new name); best effort, as the folder's sync after `replace` is.
    /// - Throws: `FileError`; nothing is written then (a short write, or a write whose sync
    ///   failed, is truncated away).
    package static func appendLine(
        _ line: [UInt8], to path: String, durable: Bool = true,
        sync: (Int32) -> Int32 = { fdatasync($0) == 0 ? 0 : errno },
        syncFolder: (Int32) -> Int32 = { fsync($0) == 0 ? 0 : errno }
    ) throws(FileError) {
        // O_NONBLOCK: a FIFO in the file's place fails (ENXIO) or opens at once, never waits
        // for a reader; either way it is refused below.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            let code = errno
            if let problem = notRegular(at: path) { throw FileError(cannot: "write", path, reason: problem) }
            throw FileError(cannot: "write", path, code: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(cannot: "write", path, code: errno) }
        if let problem = notRegular(info) { throw FileError(cannot: "write", path, reason: problem) }
        if info.st_size == 0 {
            // Just made (or empty): readable by its owner whatever the umask, and the folder's
            // owner's when wx runs as root there.
            if info.st_mode & 0o600 != 0o600 { _ = fchmod(fd, 0o600) }
            giveToFolderOwner(fd, path)
        }
        var bytes = line
        if info.st_size > 0 {
            var last: UInt8 = 0
            let readFD = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if readFD >= 0 {
                if pread(readFD, &last, 1, off_t(info.st_size - 1)) == 1, last != UInt8(ascii: "\n") {
                    bytes.insert(UInt8(ascii: "\n"), at: 0)
                }
                close(readFD)
            }
        }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        if written != bytes.count {
            let code = written < 0 ? errno : nil
            if written > 0 { _ = ftruncate(fd, off_t(info.st_size)) }
            throw code.map { FileError(cannot: "write", path, code: $0) }
                ?? FileError(cannot: "write", path, reason: "short write")
        }
        guard durable else { return }
        let failure = sync(fd)
        if failure != 0 {
            // Not known to be on the disk: not acknowledged, and not left to be written twice.
            _ = ftruncate(fd, off_t(info.st_size))
            throw FileError(cannot: "write", path, code: failure)
        }
        withFolder(of: path) { _ = syncFolder($0) }
    }

    /// Gives the file open as `fd` to the owner of the folder holding `path`, when wx runs as
    /// root (`sudo wx`) in a folder that belongs to someone else: the files wx makes there stay
    /// the folder owner's, who can then still read them. Otherwise, and when that fails, nothing.
    static func giveToFolderOwner(_ fd: Int32, _ path: String) {
        guard geteuid() == 0 else { return }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        var owner = stat()
        var file = stat()
        guard stat(folder.isEmpty ? "." : folder, &owner) == 0, owner.st_uid != 0, fstat(fd, &file) == 0,
            file.st_uid != owner.st_uid || file.st_gid != owner.st_gid
        else { return }
        _ = fchown(fd, owner.st_uid, owner.st_gid)
    }

    /// Syncs the folder holding `path`, so that a file just created or renamed there keeps its
    /// name after a crash. Best effort: a folder that cannot be opened is left.
    static func syncFolder(of path: String) {
        withFolder(of: path) { _ = fsync($0) }
    }

    /// Runs `body` with a read-only descriptor of the folder holding `path`, then closes it;
    /// nothing when the folder cannot be opened.
    static func withFolder(of path: String, _ body: (Int32) -> Void) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            body(folderFD)
            close(folderFD)
        }
    }

    /// The whole contents of `path`, read with POSIX calls; nil when it cannot be read or is
    /// larger than `limit` bytes. (FoundationEssentials' `FileManager.contents(atPath:)` leaks
    /// its buffer for an empty file — found by `make fuzz`.)
    package static func read(_ path: String, limit: Int = 256 << 20) -> Data? {
        try? contents(of: path, limit: limit)
    }

    /// The device and inode of what `path` names, following symbolic links (so a link and a
    /// hard link to a file have the file's identity); nil when nothing is there.
    package static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether anything exists at `path` (a broken symbolic link counts as nothing).
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The names in folder `path` ("." and ".." left out), sorted by their UTF-8 bytes, each
    /// with whether it is a folder (a symbolic link to one counts): for completing file names.
    ///
    /// - Returns: nil when the folder cannot be read.
    package static func folderEntries(_ path: String) -> [(name: String, isFolder: Bool)]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            let isFolder = stat(path + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            entries.append((name, isFolder))
        }
        return entries.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }

    /// The whole contents of `path`, as `read` does, or why it cannot be read.
    ///
    /// - Throws: `FileError` ("cannot read PATH: No such file or directory", "… is a folder",
    ///   "… is larger than N MB").
    package static func contents(of path: String, limit: Int = 256 << 20) throws(FileError) -> Data {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever; it
        // is refused by the fstat below, found without blocking.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileError(cannot: "read", path, code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(cannot: "read", path, code: errno) }
        if let problem = notRegular(info) { throw FileError(cannot: "read", path, reason: problem) }
        guard Int(info.st_size) <= limit else {
            var error = FileError(cannot: "read", path, reason: "larger than \(limit >> 20) MB")
            error.isOverLimit = true
            throw error
        }
        // Read straight into the Data returned (no second copy: the files read may be megabytes).
        var bytes = Data(count: Int(info.st_size))
        var offset = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while offset < buffer.count {
                let count = pread(fd, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                if count < 0 && errno == EINTR { continue }
                if count < 0 {
                    failure = errno
                    return
                }
                guard count > 0 else { return }
                offset += count
            }
        }
        if failure != 0 { throw FileError(cannot: "read", path, code: failure) }
        if offset < bytes.count { bytes.removeSubrange(offset...) }
        return bytes
    }

    /// `path` if nothing is there, else the first free `path-2`, `path-3`… (for copies set
    /// aside, which must never overwrite an earlier one).
    package static func unusedName(_ path: String) -> String {
        var candidate = path
        var number = 2
        var info = stat()
        while lstat(candidate, &info) == 0 {
            candidate = "\(path)-\(number)"
            number += 1
        }
        return candidate
    }

    /// Copies `path` to `destination` byte for byte (for setting a corrupt file aside).
    package static func copy(_ path: String, to destination: String) -> Bool {
        guard let data = read(path) else { return false }
        return (try? replace(destination, with: [UInt8](data))) != nil
    }
}

/// A held `flock`; `unlock()` releases it (closing the descriptor).
package struct FolderLock {
    let fd: Int32
    package func unlock() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// Which file a path names, whatever the path's text: the device and inode `stat` gives.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
}
