#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file being written in pieces (`FileIO.replace(_:writing:)`, `FileIO.writeUserFile(_:writing:)`),
/// so that a file of any size is written in bounded memory: bytes are gathered up to
/// `bufferSize` and written with `write`. The first failure is kept (`failure`, an errno) and
/// later writes are dropped; the caller that made the writer reports it.
package final class FileWriter {
    let fd: Int32
    // Not checked for overlapping access at run time (one writer, on one thread): the checks of
    // a class's vars, with `Array.append(contentsOf:)`, were ~450 instructions a write, 25 M of
    // the first `saved` at 20,000 snapshots (a rebuilt index writes two pieces a line, twice).
    /// Bytes gathered, `gathered` of `capacity`: grown as they come, up to `bufferSize`.
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var gathered = 0
    /// The errno of the first write that failed; nil while all went through.
    @exclusivity(unchecked) package private(set) var failure: Int32?
    /// Bytes gathered before they are written: 1 MiB.
    static let bufferSize = 1 << 20
    /// A piece this large is written as it is, after what is gathered, rather than copied into
    /// the buffer first: a cached answer (137 KB for a forecast) was copied once more for
    /// nothing (issue 39). Small pieces are still gathered into few writes. 16 KiB, not 64: a
    /// forecast of 47 KB was copied into a buffer grown for it by doubling, 12 fresh pages
    /// (page faults) and the copy to spare one `write` (issue 39).
    static let directSize = 16 << 10

    /// The buffer is not reserved here but grows as bytes are gathered, up to `bufferSize`: a
    /// cache entry gathers only its header line (its body goes straight to `write`), and the 1 MiB
    /// reserved for each of `show`'s three entries grew the heap to 3 MB where 0.95 MB serves
    /// (issue 39).
    init(fd: Int32) {
        self.fd = fd
    }

    deinit { free(buffer) }

    /// The file being written as `fstat` gives it now; nil when `fstat` fails. Its times are
    /// the file system's clock when it was last written to (or made, before any write).
    package var version: FileVersion? {
        var info = stat()
        return fstat(fd, &info) == 0 ? FileVersion(info) : nil
    }

    /// Sets the file's times to the file system's clock now (`futimens`), and gives its version
    /// then; nil when that fails.
    package func stamp() -> FileVersion? { futimens(fd, nil) == 0 ? version : nil }

    /// Appends `bytes` to the file.
    package func write(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        guard failure == nil, count > 0, let source = bytes.baseAddress else { return }
        if gathered + count > Self.bufferSize || count >= Self.directSize { flush() }
        if count >= Self.directSize {
            failure = FileIO.writeAll(bytes, to: fd)
            return
        }
        if gathered + count > capacity { grow(to: gathered + count) }
        (buffer! + gathered).copyMemory(from: source, byteCount: count)
        gathered += count
    }

    /// Room for at least `needed` bytes (at most `bufferSize`), what is gathered kept: by
    /// `realloc`, which moves a large block by remapping its pages rather than copying them
    /// into new ones.
    private func grow(to needed: Int) {
        let larger = min(Self.bufferSize, max(needed, capacity * 2, 256))
        guard let grown = realloc(buffer, larger) else { fatalError("out of memory") }
        buffer = grown
        capacity = larger
    }

    /// Appends `bytes` to the file.
    package func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }

    /// Appends `text`, UTF-8, to the file.
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes what is gathered.
    func flush() {
        guard failure == nil, gathered > 0, let buffer else { return }
        failure = FileIO.writeAll(UnsafeRawBufferPointer(start: buffer, count: gathered), to: fd)
        gathered = 0
    }
}

/// Who is told of the temporary files `FileIO.replace` writes (`F.tmp-PID-…` beside F), from
/// when each is made until it is renamed over F or removed: the wx executable notes each for
/// removal when SIGINT or SIGTERM ends wx (a `wx export history F` killed by Ctrl-C in the
/// shell left its temporary beside F). Set once at start, before any other thread runs; by
/// default no one is told.
package enum TemporaryFileWatch {
    /// Told of a temporary file made; returns a token for `ended`.
    nonisolated(unsafe) package static var began: (String) -> Int32 = { _ in -1 }
    /// Told that the temporary of the token `began` returned is renamed or removed.
    nonisolated(unsafe) package static var ended: (Int32) -> Void = { _ in }
}

extension FileIO {
    /// Replaces `path` with what `body` writes, in bounded memory, as `replace(_:with:)` does:
    /// a temporary file in the same folder, fsynced, renamed over, the folder fsynced.
    ///
    /// - Parameters:
    ///   - durable: fsync the file and the folder (state files); the cache skips it.
    ///   - mode: the new file's permission bits (see `replace(_:with:)`).
    ///   - body: writes the contents; returns false to abandon the file (a read it depends on
    ///     failed): the temporary file is removed and the old file left as it was.
    /// - Returns: whether the file was replaced (false when `body` abandoned it).
    /// - Throws: `FileError` (ENOSPC, EROFS, EACCES…); the old file is then untouched.
    @discardableResult
    package static func replace(
        _ path: String, durable: Bool = true, mode: mode_t = 0o600, exactly: Bool = false,
        writing body: (FileWriter) -> Bool
    ) throws(FileError) -> Bool {
        let temporary = temporaryName(for: path)
        // From before it is made until it is renamed or removed, a signal that ends wx removes
        // it (`TemporaryFileWatch`): noted first, so that no moment has it there unnoted.
        let watched = TemporaryFileWatch.began(temporary)
        defer { TemporaryFileWatch.ended(watched) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else {
            let code = errno
            // A file that is there in a folder that takes no new file (/proc, /sys): "No such
            // file or directory" about a file that exists (trial 16) named the wrong cause.
            if code == ENOENT, access(path, F_OK) == 0 {
                let folder =
                    path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
                throw FileError(
                    cannot: "write", path,
                    reason: "\(folder) takes no new files, and a file is replaced through a new one beside it")
            }
            throw FileError(cannot: "write", path, code: code)
        }
        let writer = FileWriter(fd: fd)
        let keep = body(writer)
        writer.flush()
        guard keep else {
            close(fd)
            unlink(temporary)
            return false
        }
        var failure = writer.failure
        // wx's own files are 0600 whatever the umask: one that took the owner's read bit would
        // make a file wx cannot read back.
        if failure == nil, exactly || mode == 0o600, fchmod(fd, mode) != 0 { failure = errno }
        giveToFolderOwner(fd, path)
        if failure == nil, durable, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw FileError(cannot: "write", path, code: failure)
        }
        if durable { syncFolder(of: path) }
        return true
    }

    /// Writes a file the user named with what `body` writes, in bounded memory, as
    /// `writeUserFile(_:with:)` treats what is there.
    ///
    /// - Parameter body: writes the contents; returns false to abandon the file: a regular file
    ///   is then left as it was (a device or FIFO, written in place, has what was written).
    /// - Returns: whether the file was written whole.
    /// - Throws: `FileError` naming the path and the cause (ENOSPC, EACCES, EISDIR…).
    @discardableResult
    package static func writeUserFile(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
        var target = stat()
        var link = stat()
        let exists = stat(path, &target) == 0
        let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
        // `/dev/stdout` in `{ echo a; wx -c "export … /dev/stdout"; } > f` resolves to the shell's
        // file: replacing it lost what came before and sent what came after to a deleted file.
        // Written through wx's own descriptor instead, where the shell's file is — as
        // `cmd > /dev/stdout` writes.
        if exists, let stream = standardStream(openOn: target) {
            let fd = dup(stream)
            guard fd >= 0 else { throw FileError(cannot: "write", path, code: errno) }
            return try writeInPlace(fd, path, writing: body)
        }
        if exists, (target.st_mode & S_IFMT) == S_IFREG, target.st_nlink == 1 {
            var resolved = path
            if isLink, let real = realpath(path, nil) {
                resolved = String(cString: real)
                free(real)
            }
            return try replace(resolved, mode: target.st_mode & 0o7777, exactly: true, writing: body)
        } else if exists || isLink {
            let regular = exists && (target.st_mode & S_IFMT) == S_IFREG
            let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (regular || !exists ? O_TRUNC : 0), 0o666)
            guard fd >= 0 else { throw FileError(cannot: "write", path, code: errno) }
            return try writeInPlace(fd, path, writing: body)
        } else {
            return try replace(path, mode: 0o666, writing: body)
        }
    }

    /// Writes what `body` writes to the open `fd` (named `path` in an error), then closes it.
    private static func writeInPlace(_ fd: Int32, _ path: String, writing body: (FileWriter) -> Bool)
        throws(FileError) -> Bool
    {
        defer { close(fd) }
        let writer = FileWriter(fd: fd)
        let whole = body(writer)
        writer.flush()
        if let failure = writer.failure { throw FileError(cannot: "write", path, code: failure) }
        return whole
    }

    /// wx's standard output or error (1 or 2) when it is open on the regular file `info`
    /// describes (from `stat`): a file named as the target of a write (`/dev/stdout`,
    /// `/proc/self/fd/1`, or the file's own name) that the shell already opened for wx's output.
    /// Such a file is written through that descriptor, at its offset, never truncated or
    /// replaced. Nil for anything else (a terminal, a pipe or `/dev/null` is opened as named).
    /// Whether `path` names wx's own standard output — `/dev/stdout`, `/proc/self/fd/1`, or the
    /// file, pipe or terminal it goes to under another name: the same device and inode. `export`
    /// writes no confirmation line there, which would land among the records.
    package static func isStandardOutput(_ path: String) -> Bool {
        var target = stat()
        return stat(path, &target) == 0 && isOpen(target, on: 1)
    }

    /// Whether descriptor `fd` is open on the file `info` describes (the same device and inode).
    static func isOpen(_ info: stat, on fd: Int32) -> Bool {
        var open = stat()
        return fstat(fd, &open) == 0 && open.st_dev == info.st_dev && open.st_ino == info.st_ino
    }

    package static func standardStream(openOn info: stat) -> Int32? {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return [1, 2].first { isOpen(info, on: $0) }
    }
}
