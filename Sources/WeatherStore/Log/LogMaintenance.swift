import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

extension EventLog {
    /// What `log` reports.
    package struct Statistics: Hashable, Sendable {
        package var path: String
        package var bytes: Int
        package var commands: Int
        package var snapshots: Int
        /// Deleted snapshots compaction drops: all deleted but the highest id's, whose records
        /// stay (`deletedKept`).
        package var deletedSnapshots: Int
        package var unreadableLines: Int
        package var otherRecords: Int
        /// Looks kept for `changed` (and `check --changed`'s marks), compaction keeping those
        /// within their bounds.
        package var looks = 0
        /// 1 when the snapshot with the highest id is deleted: its records stay through
        /// compaction so that its id is never given again; 0 otherwise.
        package var deletedKept = 0
    }

    /// Counts the records of the log from the snapshot list (`refreshCatalog`): the counts of
    /// `log.jsonl.index`'s header and of what was folded beyond it, the deleted ids of its
    /// deletion lines and of the fold — so it reads the index and what was appended since, not
    /// the log. The same as `scannedStatistics()`, which reads every line.
    /// Command lines a rebuild of the index left unchecked are checked first, once
    /// (`countUncheckedCommands`).
    package func statistics() -> Statistics {
        // A list not kept (the log replaced while it was folded): counted from the log.
        guard var folded = refreshCatalog(), folded == catalog else { return scannedStatistics() }
        if folded.counts.uncheckedCommands > 0 {
            guard let counted = countUncheckedCommands(folded) else { return scannedStatistics() }
            folded = counted
        }
        var deleted = folded.deleted
        if let indexed = listedIndex {
            // Replaced by another wx meanwhile: counted from the log.
            guard let stored = indexDeletions(indexed) else { return scannedStatistics() }
            deleted.formUnion(stored)
        }
        return folded.counts.statistics(path: path, bytes: foldedLogSize, deleted: deleted)
    }

    /// `folded` (the list as `refreshCatalog` left it, from `log.jsonl.index` and what was
    /// appended since) with the command lines the index left unchecked checked: the bytes the
    /// rebuild read (`LogCounts.uncheckedBytes`) read again, each line in wx's own command layout counted as a command when it reads whole
    /// (`OwnCommandCheck`, as `read(_:)` counts it), else as unreadable. The index is written
    /// again with them counted, so that this is done once for a log; when it cannot be, the list
    /// in memory keeps the counts. Nil when there is no index, the log is no longer the one it
    /// was made from, a read fails, or the lines found are not as many as the index says.
    func countUncheckedCommands(_ folded: SnapshotCatalog) -> SnapshotCatalog? {
        guard let indexed = listedIndex, let file = openLog() else { return nil }
        let covered = indexed.header.counts.uncheckedBytes
        guard covered <= indexed.header.coveredBytes, file.holds(indexed.header.emptyCatalog) else {
            file.close()
            return nil
        }
        var passed = PassedCommands()
        var others = LogCounts()
        _ = file.linesForward(from: 0, until: covered, passing: &passed) { line, _ in
            guard LogFile.starts(line, with: Self.sortedCommandPrefix) else { return }
            others.take(Self.readParsed(line).record)
        }
        let commands = passed.count + others.commands
        guard readFailures.first == nil,
            commands + others.unreadableLines == indexed.header.counts.uncheckedCommands
        else { return nil }
        var counted = folded
        counted.counts.commands += commands
        counted.counts.unreadableLines += others.unreadableLines
        counted.counts.uncheckedCommands -= commands + others.unreadableLines
        counted.counts.uncheckedBytes = 0
        catalog = counted
        guard let written = mergeIndex(indexed, tail: counted) else { return counted }
        listedIndex = written
        catalog = written.header.emptyCatalog
        return catalog
    }

    /// Counts the records of the log, reading it whole (under the folder's lock, where the
    /// snapshot list, which may take the lock, cannot be brought up to date: `log compact`).
    func scannedStatistics() -> Statistics {
        guard let file = openLog() else { return LogCounts().statistics(path: path, bytes: 0, deleted: []) }
        let size = file.size
        var counts = LogCounts()
        var deleted = Set<Int>()
        _ = file.linesForward(from: 0, long: { _ in counts.unreadableLines += 1 }) { line in
            let record = Self.record(line)
            counts.take(record)
            if case .deletion(let id) = record { deleted.insert(id) }
        }
        return counts.statistics(path: path, bytes: size, deleted: deleted)
    }

    /// What `log compact` did; `isEmpty` when there was no log, or an empty one, to compact.
    package struct Compaction: Hashable, Sendable {
        package var before: Statistics
        package var after: Statistics
        /// Where the lines no record could be read from were moved (`log.jsonl.unreadable-<UTC
        /// time>`, 0600), and the bytes after the log's last line end; nil when there were none.
        package var unreadableLinesFile: String?
        /// The bytes after the log's last line end (a write cut short) moved to
        /// `unreadableLinesFile`, after the unreadable lines and ended there with "\n"; 0 when the
        /// log ended in a line end.
        package var unterminatedBytesMoved = 0
        /// Whether there was nothing to compact: no log.jsonl, or an empty one.
        package var isEmpty: Bool { before.bytes == 0 && after.bytes == 0 }
    }

    /// Rewrites the log without deleted snapshots and their deletion records, and without looks
    /// beyond their bounds (`keptLooksPerPlace` per place, `mostLookPlaces` places), keeping
    /// everything else as it was — every command with its number, every snapshot with its id, records of
    /// kinds this wx does not know — into a new file that replaces the old one atomically
    /// (temporary file, fsync, rename, fsync of the folder), under the lock. Lines that are not a
    /// record wx can read are moved, byte for byte, to a file beside the log rather than lost, and
    /// so are the bytes after its last line end (no reader takes them as a line; nu61: they were
    /// dropped without a word).
    ///
    /// The snapshot with the highest id ever given stays, with its deletion record when it was
    /// deleted: the next id is one above the last snapshot record, so keeping it means an id is
    /// never given twice — by this wx or by an older one, which reads the log the same way. The
    /// ids of snapshot lines moved aside as unreadable are kept in the seal (`LogSeal`).
    ///
    /// The log is then in a new epoch (`LogSeal`): its snapshot list and `log.jsonl.index` are
    /// made again at once (the lock released), so that the next `saved` or `log` reads the index.
    ///
    /// - Parameter now: the time that names the file of unreadable lines.
    /// - Throws: `StoreError.notCompacted` when it cannot be written; the old log is then untouched.
    package func compact(now: Date) throws(StoreError) -> Compaction {
        let compaction = try compactLocked(now: now)
        if !compaction.isEmpty { _ = refreshCatalog() }
        return compaction
    }

    /// `compact(now:)` under the folder's lock.
    private func compactLocked(now: Date) throws(StoreError) -> Compaction {
        let lock: FolderLock
        do { lock = try fileSystem.lock(folder) } catch { throw .notCompacted(.file(error)) }
        defer { lock.unlock() }
        // Records kept in memory that still cannot be written fail as they would anywhere; only
        // the lock and the rewrite are "not compacted".
        try writePending()
        _ = readFailures.take()
        let before = scannedStatistics()
        // The bytes after the last line end: under the lock no wx is appending, so they are a
        // write cut short, moved aside with the unreadable lines.
        let tail = unterminatedBytes() ?? 0
        // No log yet (a new home), or an empty one: nothing to rewrite, and nothing went away.
        if before.bytes == 0, readFailures.first == nil {
            return Compaction(before: before, after: before, unreadableLinesFile: nil)
        }
        // Pass 1: which snapshots are deleted, the highest id given, and the highest id of a
        // snapshot line that does not read whole (moved aside below: the seal keeps its id, so
        // that it is not given again — `highestSnapshotID`).
        var deleted = Set<Int>()
        var highest = 0
        var unreadableHighest = 0
        _ = openLog()?.linesForward(from: 0) { line in
            switch Self.record(line) {
            case .deletion(let id): deleted.insert(id)
            case .snapshot(let id): highest = max(highest, id)
            case .unreadable: unreadableHighest = max(unreadableHighest, Self.reservedSnapshotID(line) ?? 0)
            default: break
            }
        }
        deleted.remove(highest)
        // The looks within their bounds (the last two per place, 500 places).
        let keptLooks = lookOrdinalsToKeep()
        // A log that could not be read whole is not rewritten from the part that was read.
        if let failure = readFailures.take() { throw .notCompacted(.logNotReadable(failure)) }
        // Pass 2, when `log` counted any: set aside, byte for byte, what cannot be read (lines
        // too long to be a record are copied a chunk at a time). Pass 3: copy what is kept.
        // Both stream into their new files, so compaction takes bounded memory at any log size.
        let newline = UInt8(ascii: "\n")
        var aside: String?
        var abandoned = false
        do throws(FileError) {
            if before.unreadableLines > 0 || tail > 0 {
                let name = FileIO.unusedName(
                    path + ".unreadable-" + ISOTime.string(now).filter { $0 != ":" && $0 != "-" })
                let written = try fileSystem.replace(name) { out in
                    guard let file = openLog() else { return false }
                    _ = file.linesForward(
                        from: 0,
                        long: { range in
                            file.copy(range, to: out)
                            out.write([newline])
                        }
                    ) { line in
                        guard case .unreadable = Self.record(line) else { return }
                        out.write(line)
                        out.write([newline])
                    }
                    if tail > 0, let again = openLog() {
                        again.copy((again.size - tail)..<again.size, to: out)
                        again.close()
                        out.write([newline])
                    }
                    return readFailures.first == nil
                }
                if written { aside = name } else { abandoned = true }
            }
            if !abandoned {
                abandoned = try !fileSystem.replace(path) { out in
                    guard let file = openLog() else { return false }
                    var lookOrdinal = 0
                    _ = file.linesForward(from: 0) { line in
                        switch Self.record(line) {
                        case .look:
                            defer { lookOrdinal += 1 }
                            guard keptLooks.contains(lookOrdinal) else { return }
                        case .deletion(let id) where id == highest: break
                        case .deletion: return
                        case .snapshot(let id) where deleted.contains(id): return
                        case .unreadable: return
                        case .command, .snapshot, .other: break
                        }
                        out.write(line)
                        out.write([newline])
                    }
                    return readFailures.first == nil
                }
            }
            if !abandoned {
                LogSeal.advance(
                    folder: folder, logWas: nil, logIs: logState(), fileSystem,
                    highestSnapshotID: max(highest, unreadableHighest))
            }
        } catch {
            if let aside { unlink(aside) }
            throw .notCompacted(.file(error))
        }
        if abandoned {
            if let aside { unlink(aside) }
            let failure =
                readFailures.take() ?? FileError(cannot: "read", path, reason: "it went away while it was read")
            throw .notCompacted(.logNotReadable(failure))
        }
        var compaction = Compaction(before: before, after: scannedStatistics(), unreadableLinesFile: aside)
        compaction.unterminatedBytesMoved = aside == nil ? 0 : tail
        return compaction
    }
}

extension EventLog {
    /// How many lines of the log are no record wx can read (or too long to be one), as `log`
    /// counts them, and how that was learned: for `doctor`, which must stay cheap at a million
    /// lines.
    package struct UnreadableLines: Hashable, Sendable {
        /// The lines found.
        package var count: Int
        /// Whether every line was counted (from `log.jsonl.index`'s counts and what was appended
        /// since, or by reading a log of at most twice `sampleBytes`); false when only its first
        /// and last `sampleBytes` were read.
        package var wholeLog: Bool
    }

    /// The first and the last this many bytes are what `unreadableLines()` reads of a log with
    /// no index in step with it (1 MiB each, ~12,000 lines: a few milliseconds).
    package static let sampleBytes = 1 << 20

    /// The unreadable lines of the log: from its index's counts when the index is in step with
    /// it (`statistics()`: the index and what was appended since, not the log), else from the
    /// log read whole when it is at most 2 MiB, else from its first and last MiB (damage is
    /// mostly at the end: a torn write, a crash; an edit may be anywhere, so the count is then a
    /// sample's). Nil when there is no log.
    package func unreadableLines() -> UnreadableLines? {
        switch indexState() {
        case .noLog: return nil
        case .agrees: return UnreadableLines(count: statistics().unreadableLines, wholeLog: true)
        case .noIndex, .behind, .unreadable: break
        }
        guard let file = openLog() else { return nil }
        defer { file.close() }
        var count = 0
        let counting: (UnsafeRawBufferPointer, Int) -> Bool = { line, _ in
            if case .unreadable = Self.record(line) { count += 1 }
            return true
        }
        let whole = file.size <= 2 * Self.sampleBytes
        file.lines(from: 0, until: whole ? nil : Self.sampleBytes, skippingLong: { count += 1 }, counting)
        if !whole {
            file.lines(
                from: file.size - Self.sampleBytes, afterNewline: true, skippingLong: { count += 1 }, counting)
        }
        return UnreadableLines(count: count, wholeLog: whole)
    }
}
