import Dispatch
import FoundationEssentials
import Synchronization
import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// A file system that fails chosen operations on chosen paths with a chosen errno, and passes
/// everything else to `base` (the real one by default): full disks (ENOSPC), read-only file
/// systems (EROFS), files wx may not read (EACCES — tests run as root, which mode 000 does not
/// stop), I/O errors (EIO).
///
/// Reads can fail three more ways, each on the files a test picks: a `pread` that fails with an
/// errno from some offset on (`failReads`), reads that return fewer bytes than asked
/// (`shortReads`), and something that is not a regular file in the file's place (`pretend`).
/// `fail([.read], …)` makes opening the file (and `contents(of:)`) fail.
///
/// Each test makes its own, so failures never leak into another test running at the same time.
package final class FailingFileSystem: FileSystem {
    private struct Rule: Sendable {
        var operations: Set<FileOperation>
        var matching: @Sendable (String) -> Bool
        var code: Int32
    }

    private struct ReadRule: Sendable {
        var matching: @Sendable (String) -> Bool
        /// A pread at or beyond this offset fails with `code`.
        var failFrom: Int?
        var code: Int32 = EIO
        /// The most bytes one pread returns.
        var atMost: Int?
        /// A pread that reads any byte of this range fails with `code`.
        var failIn: Range<Int>?
    }

    private let base: any FileSystem
    private let rules = Mutex<[Rule]>([])
    private let readRules = Mutex<[ReadRule]>([])
    private let kinds = Mutex<[(matching: @Sendable (String) -> Bool, kind: FileKind)]>([])
    private let held = Mutex<(matching: (@Sendable (String) -> Bool)?, tooLong: Bool)>((nil, false))
    private let heldRead = DispatchSemaphore(value: 0)

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

    /// Makes each `pread` of an opened file for which `matching` holds fail with `code` (EIO by
    /// default) when it reads at or beyond byte `offset`; opening the file still works.
    package func failReads(
        with code: Int32 = EIO, from offset: Int = 0, matching: @escaping @Sendable (String) -> Bool
    ) {
        readRules.withLock { $0.append(ReadRule(matching: matching, failFrom: offset, code: code)) }
    }

    /// Makes each `pread` of an opened file for which `matching` holds fail with EIO when it
    /// reads any byte of `range`: what a reader must not need to read.
    package func failReads(in range: Range<Int>, matching: @escaping @Sendable (String) -> Bool) {
        readRules.withLock { $0.append(ReadRule(matching: matching, failIn: range)) }
    }

    /// Makes each `pread` of an opened file for which `matching` holds return at most `bytes`
    /// bytes: a short read, as a network file system or a signal may give.
    package func shortReads(of bytes: Int, matching: @escaping @Sendable (String) -> Bool) {
        readRules.withLock { $0.append(ReadRule(matching: matching, atMost: bytes)) }
    }

    /// Makes paths for which `matching` holds look like `kind` (a FIFO, a folder): `kind(at:)`
    /// says so, and opening one for reading is refused as the real one refuses it.
    package func pretend(_ kind: FileKind, matching: @escaping @Sendable (String) -> Bool) {
        kinds.withLock { $0.append((matching, kind)) }
    }

    /// Makes the next `contents(of:)` of a path for which `matching` holds wait until
    /// `releaseHeld()`, as a slow disk would: for a test that code does not wait for a read on
    /// another thread (state.plist's background decode). It waits at most `seconds` of real
    /// time, spent only when that code does wait — then `heldTooLong` says so.
    package func hold(matching: @escaping @Sendable (String) -> Bool) {
        held.withLock { $0.matching = matching }
    }

    /// Lets the held read go on.
    package func releaseHeld() { heldRead.signal() }

    /// Whether a held read gave up waiting for `releaseHeld()`.
    package var heldTooLong: Bool { held.withLock { $0.tooLong } }

    /// The longest a held read waits, seconds.
    package static let holdLimitSeconds = 5

    /// Every operation goes through again.
    package func allow() {
        rules.withLock { $0 = [] }
        readRules.withLock { $0 = [] }
        kinds.withLock { $0 = [] }
    }

    private func pretended(_ path: String) -> FileKind? {
        kinds.withLock { list in list.last { $0.matching(path) }?.kind }
    }

    private func check(_ operation: FileOperation, _ path: String) throws(FileError) {
        let rules = self.rules.withLock { $0 }
        for rule in rules where rule.operations.contains(operation) && rule.matching(path) {
            // Worded as FileIO words the real failure: an append is a write.
            throw FileError(cannot: operation == .append ? "write" : operation.rawValue, path, code: rule.code)
        }
    }

    package func contents(of path: String, limit: Int) throws(FileError) -> Data? {
        try check(.read, path)
        let hold = held.withLock { state -> Bool in
            guard let matching = state.matching, matching(path) else { return false }
            state.matching = nil
            return true
        }
        if hold, heldRead.wait(timeout: .now() + .seconds(Self.holdLimitSeconds)) == .timedOut {
            held.withLock { $0.tooLong = true }
        }
        return try base.contents(of: path, limit: limit)
    }

    package func replace(_ path: String, with data: [UInt8]) throws(FileError) {
        try check(.write, path)
        try base.replace(path, with: data)
    }

    package func replace(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
        try check(.write, path)
        return try base.replace(path, writing: body)
    }

    package func appendLine(_ line: [UInt8], to path: String, durable: Bool) throws(FileError) {
        try check(.append, path)
        try base.appendLine(line, to: path, durable: durable)
    }

    package func lock(_ folder: String, wait: LockWait) throws(FileError) -> FolderLock {
        try check(.lock, folder + "/.wx.lock")
        return try base.lock(folder, wait: wait)
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

    package func version(of path: String) -> FileVersion? { base.version(of: path) }

    package func kind(at path: String) -> FileKind? { pretended(path) ?? base.kind(at: path) }

    package func openForReading(_ path: String) throws(FileError) -> (any ReadableFile)? {
        try check(.read, path)
        if let kind = pretended(path), let reason = kind.notRegularReason {
            throw FileError(cannot: "read", path, reason: reason)
        }
        guard let file = try base.openForReading(path) else { return nil }
        let rules = readRules.withLock { $0 }.filter { $0.matching(path) }
        return rules.isEmpty
            ? file : FaultyFile(file, rules: rules.map { ($0.failFrom, $0.code, $0.atMost, $0.failIn) })
    }
}

/// A file whose reads fail or come short as `FailingFileSystem.failReads`/`shortReads` asked.
private final class FaultyFile: ReadableFile {
    let file: any ReadableFile
    let rules: [(failFrom: Int?, code: Int32, atMost: Int?, failIn: Range<Int>?)]

    init(_ file: any ReadableFile, rules: [(failFrom: Int?, code: Int32, atMost: Int?, failIn: Range<Int>?)]) {
        self.file = file
        self.rules = rules
    }

    var path: String { file.path }
    var version: FileVersion { file.version }

    func pread(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileError) -> Int {
        var buffer = buffer
        for rule in rules {
            if let from = rule.failFrom, offset + buffer.count > from {
                throw FileError(cannot: "read", path, code: rule.code)
            }
            if let range = rule.failIn, offset < range.upperBound, offset + buffer.count > range.lowerBound {
                throw FileError(cannot: "read", path, code: rule.code)
            }
            if let most = rule.atMost, buffer.count > most {
                buffer = UnsafeMutableRawBufferPointer(rebasing: buffer[..<most])
            }
        }
        return try file.pread(into: buffer, at: offset)
    }

    func close() { file.close() }
}
