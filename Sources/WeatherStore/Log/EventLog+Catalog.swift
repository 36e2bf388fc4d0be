import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

extension EventLog {
    /// The snapshots of the whole log with their kept forecasts; nil when there is no log.
    func foldWhole() -> SnapshotCatalog? {
        guard let file = openLog() else { return nil }
        var folded = SnapshotCatalog(device: file.device, inode: file.inode, keepingForecasts: true)
        folded.coveredBytes = file.linesForward(from: 0, long: { _ in folded.skippedLines += 1 }) {
            Self.fold($0, into: &folded)
        }
        folded.finishFold()
        return folded
    }

    /// Brings `catalog` to the end of the log and returns it (nil when there is no log). It
    /// starts from the one in memory, else from `log.jsonl.index`, when either was made from this
    /// log as it is — sealed (`LogSeal`: every change since was an append by this wx) in the same
    /// epoch, and matching its ends (`LogFile.holds`) — else from the start of the log, and folds
    /// what was appended since. The index is written again once more than
    /// `SnapshotIndex.rewriteAfter` bytes were folded beyond it, and only for a sealed log; when
    /// it cannot be written, the listing is only slower.
    func refreshCatalog() -> SnapshotCatalog? {
        guard let file = openLog() else {
            catalog = nil
            return nil
        }
        // The epoch when the log is as this wx last left it; when something else changed it
        // since (or no wx sealed it yet), a new epoch for the log as it is now, in which nothing
        // folded before counts: it is then folded from the start.
        let sealed =
            LogSeal.read(folder: folder, fileSystem).flatMap { $0.log == file.state ? $0.epoch : nil }
            ?? sealAfresh(file)
        var folded: SnapshotCatalog
        if let current = catalog, let sealed, current.epoch == sealed, file.holds(current) {
            folded = current
        } else if let sealed, let stored = readIndex(logSize: file.size), stored.epoch == sealed, file.holds(stored) {
            folded = stored
            indexedBytes = stored.coveredBytes
        } else {
            folded = SnapshotCatalog(device: file.device, inode: file.inode)
            folded.epoch = sealed ?? 0
            folded.fingerprint = file.fingerprint(coveredBytes: 0) ?? 0
            indexedBytes = 0
        }
        guard folded.coveredBytes < file.size else {
            file.close()
            catalog = folded
            return folded
        }
        folded.coveredBytes = file.linesForward(from: folded.coveredBytes, long: { _ in folded.skippedLines += 1 }) {
            Self.fold($0, into: &folded)
        }
        folded.finishFold()
        // The fingerprint of what is folded now, from the same file (a log replaced meanwhile is
        // not kept: it is folded afresh next time).
        guard let again = openLog() else { return folded }
        defer { again.close() }
        guard again.device == folded.device, again.inode == folded.inode,
            let fingerprint = again.fingerprint(coveredBytes: folded.coveredBytes)
        else {
            catalog = nil
            return folded
        }
        folded.fingerprint = fingerprint
        catalog = folded
        // Written again once enough was folded beyond it, for a sealed log; never over something
        // that is not a regular file (not wx's: left as it is, and the list is only slower).
        let indexPath = folder + "/" + SnapshotIndex.name
        if sealed != nil, folded.coveredBytes - indexedBytes >= SnapshotIndex.rewriteAfter,
            fileSystem.kind(at: indexPath) ?? .regular == .regular
        {
            indexedBytes = folded.coveredBytes
            let bytes = SnapshotIndex.encode(folded)
            try? StoreFiles.locked(folder, fileSystem) { () throws(StoreError) in
                try StoreFiles.replace(indexPath, with: bytes, fileSystem)
            }
        }
        return folded
    }

    /// Seals the log as `file` found it, in a new epoch, under the folder's lock (so that no
    /// append of this wx is half done); nil when the lock cannot be had (a read-only folder) or
    /// the log changed meanwhile.
    func sealAfresh(_ file: LogFile) -> UInt64? {
        try? StoreFiles.locked(folder, fileSystem) { () throws(StoreError) in
            LogSeal.advance(folder: folder, logWas: nil, logIs: logState(), fileSystem)
        }
        return LogSeal.read(folder: folder, fileSystem).flatMap { $0.log == file.state ? $0.epoch : nil }
    }

    /// The catalog `log.jsonl.index` holds; nil when it is absent or cannot be read whole, or is
    /// larger than the log it would describe (an index is always smaller: not read at all).
    func readIndex(logSize: Int) -> SnapshotCatalog? {
        // `contents` refuses, without reading or blocking, what is larger than the limit or is
        // not a regular file (a FIFO).
        let limit = min(logSize, SnapshotIndex.largest)
        guard let data = try? fileSystem.contents(of: folder + "/" + SnapshotIndex.name, limit: limit) else {
            return nil
        }
        return data.withUnsafeBytes(SnapshotIndex.decode)
    }

    /// Takes one line of the log into `catalog`: a snapshot, a deletion, or a line counted as
    /// unreadable. Most lines are commands: bytes tell them apart without parsing. wx writes
    /// keys sorted, so `kind` comes first; lines from other writers are parsed.
    static func fold(_ line: UnsafeRawBufferPointer, into catalog: inout SnapshotCatalog) {
        let (kind, parsed) = classify(line)
        switch kind {
        case .command:
            // One in wx's own layout is taken as it is; another writer's is checked whole, so
            // that the count of unreadable lines agrees with `log`.
            if !LogFile.starts(line, with: sortedCommandPrefix), commandEntry(line, parsed: parsed) == nil {
                catalog.skippedLines += 1
            }
        case .deletion:
            guard let record = read(line, parsed, as: DeletionRecord.init) else {
                catalog.skippedLines += 1
                return
            }
            catalog.delete(record.id)
        case .snapshot:
            guard let record = read(line, parsed, as: SnapshotRecord.init), record.kind == "snapshot",
                let snapshot = record.snapshot
            else {
                catalog.skippedLines += 1
                return
            }
            catalog.add(snapshot)
        case .unreadable:
            catalog.skippedLines += 1
        case .other:
            break
        }
    }
}

/// Whether `log.jsonl.index` (the snapshot list kept beside the log) describes the log as it
/// is, for `doctor`.
package enum LogIndexState: Hashable, Sendable {
    /// No log yet: nothing to index.
    case noLog
    /// No index yet (a short log, or one never listed): `saved` reads the log.
    case noIndex
    /// The index was made from this log, sealed in the same epoch, and matches its ends.
    case agrees
    /// The index is of an earlier log or epoch (the log was changed by something other than
    /// this wx, or replaced): wx folds the log afresh and writes the index again; nothing is lost.
    case behind
    /// The index cannot be read (damaged, or larger than the log it would describe).
    case unreadable
}

extension EventLog {
    /// How `log.jsonl.index` stands against the log, without changing either (no seal is made).
    package func indexState() -> LogIndexState {
        guard let file = openLog() else { return .noLog }
        defer { file.close() }
        guard fileSystem.kind(at: folder + "/" + SnapshotIndex.name) != nil else { return .noIndex }
        guard let stored = readIndex(logSize: file.size) else { return .unreadable }
        let sealed = LogSeal.read(folder: folder, fileSystem).flatMap { $0.log == file.state ? $0.epoch : nil }
        return sealed == stored.epoch && file.holds(stored) ? .agrees : .behind
    }
}
