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
/// The seal also keeps the highest snapshot id wx found in the log when `log compact` last
/// rewrote it, unreadable lines included (`EventLog.reservedSnapshotID`): compaction moves such
/// lines aside, and their ids must not be given again (trial 62). Carried on by every later seal.
///
/// One line: `wx-log-seal 2 <epoch> <inode> <size> <modified ns> <changed ns> <highest id>
/// <check>`, the check being a hash of the rest (a torn or edited seal is no seal). A seal of
/// version 1 (without the id; an older wx writes it) reads with the id 0.
struct LogSeal: Equatable {
    var epoch: UInt64
    var log: LogState
    /// The highest snapshot id found in the log when it was last compacted (0: none known).
    var highestSnapshotID = 0

    static let lockName = ".wx.lock"

    /// The seal in `folder`'s lock file, read through `fileSystem`; nil when there is none, or it
    /// cannot be read whole (no seal: the index is then not trusted, and the list only slower).
    static func read(folder: String, _ fileSystem: any FileSystem = POSIXFileSystem()) -> LogSeal? {
        guard let file = try? fileSystem.openForReading(folder + "/" + lockName) else { return nil }
        defer { file.close() }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { (try? file.read(into: $0, at: 0)) ?? 0 }
        guard count > 0 else { return nil }
        return parse(String(decoding: bytes.prefix(count), as: UTF8.self))
    }

    static func parse(_ text: String) -> LogSeal? {
        guard text.hasSuffix("\n") else { return nil }
        let fields = text.dropLast().split(separator: " ", omittingEmptySubsequences: false)
        let count = fields.count
        guard count == 8 || count == 9, fields[0] == "wx-log-seal", fields[1] == (count == 8 ? "1" : "2"),
            let epoch = UInt64(fields[2], radix: 16), epoch > 0, let inode = UInt64(fields[3]),
            let size = Int(fields[4]), let modified = Int(fields[5]), let changed = Int(fields[6]),
            UInt64(fields[count - 1], radix: 16) == check(fields[..<(count - 1)].joined(separator: " "))
        else { return nil }
        var highest = 0
        if count == 9 {
            guard let id = Int(fields[7]), id >= 0, id <= EventLog.maximumNumber else { return nil }
            highest = id
        }
        return LogSeal(
            epoch: epoch, log: LogState(inode: inode, size: size, modified: modified, changed: changed),
            highestSnapshotID: highest)
    }

    var text: String {
        let body =
            "wx-log-seal 2 \(String(epoch, radix: 16)) \(log.inode) \(log.size) \(log.modified) \(log.changed) \(highestSnapshotID)"
        return body + " " + String(Self.check(body), radix: 16) + "\n"
    }

    static func check(_ text: String) -> UInt64 { FNV1a.hash(utf8: text) }

    /// After wx wrote to the log (under the folder's lock): the log as it is now, in the same epoch
    /// when the log was as the seal said just before (`before`), else in a new one. A seal that
    /// cannot be written leaves the old one, which then no longer matches the log: the index is
    /// not trusted, and the list is only slower.
    ///
    /// - Parameter highestSnapshotID: a snapshot id found in the log (`log compact`); the seal
    ///   keeps the higher of it and the one it kept.
    static func advance(
        folder: String, logWas before: LogState?, logIs after: LogState?,
        _ fileSystem: any FileSystem = POSIXFileSystem(), highestSnapshotID: Int = 0
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
        let highest = max(previous?.highestSnapshotID ?? 0, highestSnapshotID)
        let bytes = Array(LogSeal(epoch: epoch, log: after, highestSnapshotID: highest).text.utf8)
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        if written == bytes.count { _ = ftruncate(fd, off_t(bytes.count)) }
    }
}
