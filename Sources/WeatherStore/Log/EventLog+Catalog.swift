import CLineScan
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
        folded.coveredBytes = file.linesForward(from: 0, long: { _ in folded.skipLongLine() }) {
            Self.fold($0, into: &folded)
        }
        folded.finishFold()
        return folded
    }

    /// Brings `catalog` to the end of the log and returns it (nil when there is no log): the
    /// snapshots beyond `listedIndex` when there is one, else all of them. It starts from the one
    /// in memory, else from `log.jsonl.index`, when either was made from this log as it is —
    /// sealed (`LogSeal`: every change since was an append by this wx) in the same epoch, and
    /// matching its ends (`LogFile.holds`) — and folds what was appended since. With neither,
    /// the index is made again from the log, a line at a time into the file (`rebuildIndex`),
    /// for a log of `SnapshotIndex.rewriteAfter` bytes or more; a shorter log, or one whose index
    /// cannot be made (a log not sealed, a folder that takes no file, ids out of order in a log
    /// edited by hand), is folded in memory. Once more than
    /// `SnapshotIndex.rewriteAfter` bytes were folded beyond the index, it is written again
    /// with them (`mergeIndex`).
    func refreshCatalog() -> SnapshotCatalog? {
        guard let file = openLog() else {
            catalog = nil
            listedIndex = nil
            foldedLogSize = 0
            return nil
        }
        foldedLogSize = file.size
        // The epoch when the log is as this wx last left it; when something else changed it
        // since (or no wx sealed it yet), a new epoch for the log as it is now, in which nothing
        // folded before counts: it is then folded from the start.
        let sealed =
            LogSeal.read(folder: folder, fileSystem).flatMap { $0.log == file.state ? $0.epoch : nil }
            ?? sealAfresh(file)
        var folded: SnapshotCatalog
        if let current = catalog, let sealed, current.epoch == sealed, file.holds(current),
            listedIndex == nil || listedIndex?.version == fileSystem.version(of: indexPath)
        {
            folded = current
        } else if let sealed, let stored = checkedIndex(logSize: file.size), stored.header.epoch == sealed,
            file.holds(stored.header.emptyCatalog)
        {
            folded = stored.header.emptyCatalog
            listedIndex = stored
        } else if let sealed, file.size >= SnapshotIndex.rewriteAfter, let made = rebuildIndex(epoch: sealed) {
            folded = made.header.emptyCatalog
            listedIndex = made
        } else {
            folded = SnapshotCatalog(device: file.device, inode: file.inode)
            folded.epoch = sealed ?? 0
            folded.fingerprint = file.fingerprint(coveredBytes: 0) ?? 0
            listedIndex = nil
        }
        guard folded.coveredBytes < file.size else {
            file.close()
            catalog = folded
            return folded
        }
        folded.coveredBytes = file.linesForward(from: folded.coveredBytes, long: { _ in folded.skipLongLine() }) {
            line, offset in Self.fold(line, offset: offset, into: &folded)
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
            listedIndex = nil
            return folded
        }
        folded.fingerprint = fingerprint
        catalog = folded
        // Written again once enough was folded beyond it (or, for a log that had none, once it
        // is that long), only for a sealed log; when it cannot be, the listing is only slower.
        guard sealed != nil else { return folded }
        var written: CheckedIndex?
        if let indexed = listedIndex {
            if folded.coveredBytes - indexed.header.coveredBytes >= SnapshotIndex.rewriteAfter {
                written = mergeIndex(indexed, tail: folded)
            }
        } else if folded.coveredBytes >= SnapshotIndex.rewriteAfter {
            // Held in order of their ids (`SnapshotCatalog.add`).
            written = writeIndex { lines in
                for snapshot in folded.snapshots {
                    lines.put(
                        snapshot, offset: folded.offsets[snapshot.id], keptDays: folded.keptDays[snapshot.id] ?? [])
                }
                return (folded, folded.deleted)
            }
        }
        guard let written else { return folded }
        listedIndex = written
        catalog = written.header.emptyCatalog
        return catalog
    }

    /// Makes `log.jsonl.index` afresh from the whole log in one reading, holding none of its
    /// snapshots: each snapshot's line goes to the file of lines as it is found, the deletions
    /// are gathered, and `writeIndex` leaves out the snapshots found deleted. A command line in
    /// wx's own layout (most of a log) holds nothing a listing shows, whether it reads whole or
    /// not: it is counted as not yet checked (`LogCounts.uncheckedCommands`), which `log` does
    /// once (`countUncheckedCommands`) — checking them here was 42 % of the first `saved` of a
    /// million-line log. Any other line is read as `log` counts it. Nil when the ids do not grow
    /// along the log (a log edited by hand: folded in memory instead), a read fails, or the index
    /// cannot be written.
    ///
    /// The entries written are kept in memory as a reading of the index would decode them
    /// (`rebuiltListing`, up to `RebuiltListing.most`): the listing that asked for the index
    /// takes them from there — reading 18,000 entries back and decoding them cost the first
    /// `saved` of a million-line log ~55 M of its ~355 M instructions.
    func rebuildIndex(epoch: UInt64) -> CheckedIndex? {
        guard let file = openLog() else { return nil }
        rebuiltListing = nil
        var listing: RebuiltListing.Rows?
        var deletions: Set<Int> = []
        let made = writeIndex { lines in
            lines.keepListing()
            defer { listing = lines.listing }
            var base = SnapshotCatalog(device: file.device, inode: file.inode)
            base.epoch = epoch
            var deleted = Set<Int>()
            var unchecked = UncheckedCommands()
            base.coveredBytes = file.linesForward(from: 0, passing: &unchecked, long: { _ in base.skipLongLine() }) {
                line, offset in
                // A snapshot in wx's own layout whose index line is written from its bytes.
                if let id = lines.putOwnSnapshot(line, offset: offset) {
                    base.counts.take(.snapshot(id: id))
                    return
                }
                let taken = Self.read(line)
                base.take(taken)
                switch taken.record {
                case .deletion(let id): deleted.insert(id)
                case .snapshot:
                    guard let snapshot = taken.snapshot else { return }
                    lines.put(snapshot, offset: offset, keptDays: snapshot.reading.forecastDays?.map(\.date) ?? [])
                default: break
                }
            }
            base.counts.uncheckedCommands += unchecked.count
            base.counts.uncheckedBytes = unchecked.count > 0 ? base.coveredBytes : 0
            guard readFailures.first == nil, let again = openLog() else { return nil }
            defer { again.close() }
            guard again.device == file.device, again.inode == file.inode,
                let fingerprint = again.fingerprint(coveredBytes: base.coveredBytes)
            else { return nil }
            base.fingerprint = fingerprint
            deletions = deleted
            return (base, deleted)
        }
        if let made, let listing {
            rebuiltListing = RebuiltListing(version: made.version, rows: listing, deleted: deletions)
        }
        return made
    }

    /// Writes the index `indexed` again with `tail` (what was folded beyond it) taken in: the
    /// deletions of both, the index's lines (copied as they are) and the tail's snapshots, less
    /// those deleted. Nil when the tail holds an id not above the index's (a log edited by hand)
    /// or it cannot be written.
    func mergeIndex(_ indexed: CheckedIndex, tail: SnapshotCatalog) -> CheckedIndex? {
        guard (tail.snapshots.first?.id ?? .max) > indexed.header.highest else { return nil }
        return writeIndex { lines in
            var deletions = tail.deleted
            let whole = scanIndexLines(indexed) { line in
                guard let id = SnapshotIndex.id(of: line) else { return }
                if line[0] == UInt8(ascii: "d") { deletions.insert(id) } else { lines.put(line: line) }
            }
            guard whole else { return nil }
            for snapshot in tail.snapshots {
                lines.put(snapshot, offset: tail.offsets[snapshot.id], keptDays: tail.keptDays[snapshot.id] ?? [])
            }
            return (tail, deletions)
        }
    }

    /// Seals the log as `file` found it, in a new epoch, under the folder's lock (so that no
    /// append of this wx is half done); nil when the lock cannot be had (a read-only folder) or
    /// the log changed meanwhile.
    func sealAfresh(_ file: LogFile) -> UInt64? {
        try? StoreFiles.locked(folder, fileSystem, wait: .briefly) { () throws(StoreError) in
            LogSeal.advance(folder: folder, logWas: nil, logIs: logState(), fileSystem)
        }
        return LogSeal.read(folder: folder, fileSystem).flatMap { $0.log == file.state ? $0.epoch : nil }
    }

    /// Takes one line of the log into `catalog`: a snapshot (its record starting at `offset`),
    /// a deletion, or a line counted as unreadable; and counts it as `log` does (`read(_:)`).
    static func fold(_ line: UnsafeRawBufferPointer, offset: Int? = nil, into catalog: inout SnapshotCatalog) {
        let taken = read(line)
        catalog.take(taken)
        switch taken.record {
        case .deletion(let id): catalog.delete(id)
        case .snapshot:
            if let snapshot = taken.snapshot { catalog.add(snapshot, offset: offset) }
        default: break
        }
    }
}

/// The command lines a count passes over by their bytes (`OwnCommandCheck.wholeLine`): each a
/// command that reads whole.
struct PassedCommands: QuickLines {
    private var check = OwnCommandCheck()
    /// How many were passed over.
    private(set) var count = 0

    @inline(__always)
    mutating func quickLine(at start: UnsafeRawPointer, available: Int) -> Int? {
        guard let length = check.wholeLine(at: start, available: available) else { return nil }
        count += 1
        return length
    }
}

/// The lines in wx's own command layout (`EventLog.sortedCommandPrefix` first) a rebuild passes
/// over unchecked, counted: a run of them at a time, their ends found sixteen bytes at a time
/// (`wx_pass_prefixed_lines`), nothing else read.
struct UncheckedCommands: QuickLines {
    /// How many were passed over.
    private(set) var count = 0

    @inline(__always)
    mutating func quickLine(at start: UnsafeRawPointer, available: Int) -> Int? {
        var lines = 0
        let passed = EventLog.sortedCommandPrefix.withUnsafeBytes { prefix in
            wx_pass_prefixed_lines(start, available, prefix.baseAddress, prefix.count, LogFile.longestLine, &lines)
        }
        guard lines > 0 else { return nil }
        count += lines
        return passed
    }
}

extension SnapshotCatalog {
    /// Counts a line read (`EventLog.read(_:)`): in `counts`, and in `skippedLines` when a
    /// listing skips it.
    mutating func take(_ line: EventLog.ReadLine) {
        counts.take(line.record)
        if line.skippedByListing { skippedLines += 1 }
    }

    /// Counts a line too long to be a record: unreadable to both.
    mutating func skipLongLine() {
        skippedLines += 1
        counts.unreadableLines += 1
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
        guard let stored = checkedIndex(logSize: file.size)?.header else { return .unreadable }
        let sealed = LogSeal.read(folder: folder, fileSystem).flatMap { $0.log == file.state ? $0.epoch : nil }
        return sealed == stored.epoch && file.holds(stored.emptyCatalog) ? .agrees : .behind
    }
}
