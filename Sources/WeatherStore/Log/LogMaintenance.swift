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

    /// Counts the records of the log (reads it whole).
    package func statistics() -> Statistics {
        var stats = Statistics(
            path: path, bytes: 0, commands: 0, snapshots: 0, deletedSnapshots: 0, unreadableLines: 0, otherRecords: 0)
        var deleted = Set<Int>()
        var highest = 0
        guard let file = openLog() else { return stats }
        stats.bytes = file.size
        _ = file.linesForward(from: 0, long: { _ in stats.unreadableLines += 1 }) { line in
            switch Self.record(line) {
            case .command: stats.commands += 1
            case .snapshot(let id):
                stats.snapshots += 1
                highest = max(highest, id)
            case .deletion(let id): deleted.insert(id)
            case .look: stats.looks += 1
            case .other: stats.otherRecords += 1
            case .unreadable: stats.unreadableLines += 1
            }
        }
        stats.snapshots -= deleted.count
        // The highest id's records stay through compaction (ids are never given twice): not
        // counted among the deleted snapshots compaction drops.
        if deleted.remove(highest) != nil { stats.deletedKept = 1 }
        stats.deletedSnapshots = deleted.count
        return stats
    }

    /// What `log compact` did; `isEmpty` when there was no log, or an empty one, to compact.
    package struct Compaction: Hashable, Sendable {
        package var before: Statistics
        package var after: Statistics
        /// Where the lines no record could be read from were moved (`log.jsonl.unreadable-<UTC
        /// time>`, 0600), nil when there were none.
        package var unreadableLinesFile: String?
        /// Whether there was nothing to compact: no log.jsonl, or an empty one.
        package var isEmpty: Bool { before.bytes == 0 && after.bytes == 0 }
    }

    /// Rewrites the log without deleted snapshots and their deletion records, and without looks
    /// beyond their bounds (`keptLooksPerPlace` per place, `mostLookPlaces` places), keeping
    /// everything else as it was — every command with its number, every snapshot with its id, records of
    /// kinds this wx does not know — into a new file that replaces the old one atomically
    /// (temporary file, fsync, rename, fsync of the folder), under the lock. Lines that are not a
    /// record wx can read are moved, byte for byte, to a file beside the log rather than lost.
    ///
    /// The snapshot with the highest id ever given stays, with its deletion record when it was
    /// deleted: the next id is one above the last snapshot record, so keeping it means an id is
    /// never given twice — by this wx or by an older one, which reads the log the same way.
    ///
    /// - Parameter now: the time that names the file of unreadable lines.
    /// - Throws: `StoreError.notCompacted` when it cannot be written; the old log is then untouched.
    package func compact(now: Date) throws(StoreError) -> Compaction {
        let lock: FolderLock
        do { lock = try fileSystem.lock(folder) } catch { throw .notCompacted(.file(error)) }
        defer { lock.unlock() }
        // Records kept in memory that still cannot be written fail as they would anywhere; only
        // the lock and the rewrite are "not compacted".
        try writePending()
        _ = readFailures.take()
        let before = statistics()
        // No log yet (a new home), or an empty one: nothing to rewrite, and nothing went away.
        if before.bytes == 0, readFailures.first == nil {
            return Compaction(before: before, after: before, unreadableLinesFile: nil)
        }
        // Pass 1: which snapshots are deleted, and the highest id given.
        var deleted = Set<Int>()
        var highest = 0
        _ = openLog()?.linesForward(from: 0) { line in
            switch Self.record(line) {
            case .deletion(let id): deleted.insert(id)
            case .snapshot(let id): highest = max(highest, id)
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
            if before.unreadableLines > 0 {
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
            if !abandoned { LogSeal.advance(folder: folder, logWas: nil, logIs: logState(), fileSystem) }
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
        return Compaction(before: before, after: statistics(), unreadableLinesFile: aside)
    }
}
