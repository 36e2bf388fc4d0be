import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says of log.jsonl: enough to tell that it changed.
struct LogState: Equatable {
    var inode: UInt64
    var size: Int
    /// Modification and status-change times, nanoseconds since 1970.
    var modified: Int
    var changed: Int

    init(_ version: FileVersion) {
        inode = version.inode
        size = version.size
        modified = version.modifiedNanoseconds
        changed = version.changedNanoseconds
    }

    init(inode: UInt64, size: Int, modified: Int, changed: Int) {
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The log at `path` now, as `fileSystem` finds it; nil when nothing is there.
    init?(path: String, _ fileSystem: any FileSystem = POSIXFileSystem()) {
        guard let version = fileSystem.version(of: path) else { return nil }
        self.init(version)
    }
}

/// How log.jsonl stood right after this wx last wrote to it, and an epoch: a random number that
/// changes whenever wx finds the log changed by anything but its own writes — an editor, another
/// program, an older wx. Kept in the log folder's lock file, `.wx.lock`, and written under the
/// lock after every append and compaction.
///
/// `log.jsonl.index` is trusted only while the log is as the seal says and the index was made in
/// the seal's epoch: every change to the log since the index was an append by this wx. An edit in
/// the middle of the log, which keeps its inode and perhaps its size and both its ends, is
/// caught this way.
///
/// One line: `wx-log-seal 1 <epoch> <inode> <size> <modified ns> <changed ns> <check>`, the
/// check being a hash of the rest (a torn or edited seal is no seal).
struct LogSeal: Equatable {
    var epoch: UInt64
    var log: LogState

    static let lockName = ".wx.lock"

    /// The seal in `folder`'s lock file, read through `fileSystem`; nil when there is none, or it
    /// cannot be read whole (no seal: the index is then not trusted, and the list only slower).
    static func read(folder: String, _ fileSystem: any FileSystem = POSIXFileSystem()) -> LogSeal? {
        guard let file = try? fileSystem.openForReading(folder + "/" + lockName) else { return nil }
        defer { file.close() }
        var bytes = [UInt8](repeating: 0, count: 160)
        let count = bytes.withUnsafeMutableBytes { (try? file.read(into: $0, at: 0)) ?? 0 }
        guard count > 0 else { return nil }
        return parse(String(decoding: bytes.prefix(count), as: UTF8.self))
    }

    static func parse(_ text: String) -> LogSeal? {
        guard text.hasSuffix("\n") else { return nil }
        let fields = text.dropLast().split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 8, fields[0] == "wx-log-seal", fields[1] == "1",
            let epoch = UInt64(fields[2], radix: 16), epoch > 0, let inode = UInt64(fields[3]),
            let size = Int(fields[4]), let modified = Int(fields[5]), let changed = Int(fields[6]),
            UInt64(fields[7], radix: 16) == check(fields[..<7].joined(separator: " "))
        else { return nil }
        return LogSeal(epoch: epoch, log: LogState(inode: inode, size: size, modified: modified, changed: changed))
    }

    var text: String {
        let body = "wx-log-seal 1 \(String(epoch, radix: 16)) \(log.inode) \(log.size) \(log.modified) \(log.changed)"
        return body + " " + String(Self.check(body), radix: 16) + "\n"
    }

    static func check(_ text: String) -> UInt64 { FNV1a.hash(utf8: text) }

    /// After wx wrote to the log (under the folder's lock): the log as it is now, in the same epoch
    /// when the log was as the seal said just before (`before`), else in a new one. A seal that
    /// cannot be written leaves the old one, which then no longer matches the log: the index is
    /// not trusted, and the list is only slower.
    static func advance(
        folder: String, logWas before: LogState?, logIs after: LogState?,
        _ fileSystem: any FileSystem = POSIXFileSystem()
    ) {
        guard let after else { return }
        let previous = read(folder: folder, fileSystem)
        let epoch =
            if let previous, let before, previous.log == before { previous.epoch } else {
                UInt64.random(in: 1...UInt64.max)
            }
        let fd = open(folder + "/" + lockName, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let bytes = Array(LogSeal(epoch: epoch, log: after).text.utf8)
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        if written == bytes.count { _ = ftruncate(fd, off_t(bytes.count)) }
    }
}
