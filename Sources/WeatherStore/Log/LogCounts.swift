import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// What `log` counts in the lines of a stretch of log.jsonl, each read as `EventLog.record`
/// reads it. Kept in the snapshot list (`SnapshotCatalog`) as it is folded and in the header of
/// `log.jsonl.index`, so that `log` reads the index and what was appended since, never the log
/// whole. Counts of two stretches, one after the other, add up (`+`); the deleted ids, which do
/// not, are the index's deletion lines and the list's `deleted`.
struct LogCounts: Equatable {
    /// Command records that read whole.
    var commands = 0
    /// Snapshot records that read whole, deleted or not.
    var snapshotRecords = 0
    var looks = 0
    /// Records of kinds this wx does not know.
    var otherRecords = 0
    /// Lines that are no record wx can read, and lines too long to be one.
    var unreadableLines = 0
    /// The highest id of a snapshot record that reads whole; 0 when there is none.
    var highestSnapshotID = 0
    /// Lines in wx's own command layout (`{"kind":"command",` first) not yet checked: each is a
    /// command that reads whole or an unreadable line, and counted in neither until checked.
    /// A listing passes over them (they hold nothing it shows), so a rebuild of the index leaves
    /// them unchecked and `log`, the one reader of these counts, checks them once
    /// (`EventLog.countUncheckedCommands`).
    var uncheckedCommands = 0
    /// The unchecked command lines lie in the log's first this many bytes (those a rebuild read);
    /// 0 when there are none.
    var uncheckedBytes = 0

    /// Counts `record`.
    mutating func take(_ record: EventLog.Record) {
        switch record {
        case .command: commands += 1
        case .snapshot(let id):
            snapshotRecords += 1
            highestSnapshotID = max(highestSnapshotID, id)
        case .deletion: break
        case .look: looks += 1
        case .other: otherRecords += 1
        case .unreadable: unreadableLines += 1
        }
    }

    static func + (first: LogCounts, second: LogCounts) -> LogCounts {
        LogCounts(
            commands: first.commands + second.commands, snapshotRecords: first.snapshotRecords + second.snapshotRecords,
            looks: first.looks + second.looks, otherRecords: first.otherRecords + second.otherRecords,
            unreadableLines: first.unreadableLines + second.unreadableLines,
            highestSnapshotID: max(first.highestSnapshotID, second.highestSnapshotID),
            uncheckedCommands: first.uncheckedCommands + second.uncheckedCommands,
            // Only a rebuild, from the log's start, leaves lines unchecked.
            uncheckedBytes: max(first.uncheckedBytes, second.uncheckedBytes))
    }

    /// `log`'s statistics of a log of `bytes` bytes with these counts and the snapshot ids in
    /// `deleted` (every deletion record's): the snapshots not deleted, and the deleted ones
    /// compaction drops — all but the highest id's, whose records stay.
    func statistics(path: String, bytes: Int, deleted: Set<Int>) -> EventLog.Statistics {
        let kept = deleted.contains(highestSnapshotID) ? 1 : 0
        return EventLog.Statistics(
            path: path, bytes: bytes, commands: commands, snapshots: snapshotRecords - deleted.count,
            deletedSnapshots: deleted.count - kept, unreadableLines: unreadableLines, otherRecords: otherRecords,
            looks: looks, deletedKept: kept)
    }
}

extension EventLog {
    /// One line read once, for `log`'s counts and a listing alike.
    struct ReadLine {
        /// The line as `log` counts it.
        var record: Record
        /// The snapshot a listing takes from it.
        var snapshot: Snapshot?
        /// Whether a listing counts it among the lines it skipped (`SnapshotCatalog.skippedLines`):
        /// a command in wx's own layout is taken by a listing without being read whole, so one
        /// that does not read is unreadable to `log` only.
        var skippedByListing: Bool
    }

    /// `line` read as `log` counts it and a listing takes it. A command in wx's own layout is
    /// checked by its bytes (`ownCommandReadsWhole`), else parsed; a deletion counts only when
    /// its record says `snapshot.deleted` (a line whose `kind` comes twice, the last another,
    /// is unreadable to both — as compaction, which drops it, reads it).
    static func read(_ line: UnsafeRawBufferPointer) -> ReadLine {
        // wx's own snapshot and deletion records are read from their bytes; any other line (or
        // one of them written otherwise) is parsed.
        if let snapshot = ownSnapshot(line) {
            return ReadLine(record: .snapshot(id: snapshot.id), snapshot: snapshot, skippedByListing: false)
        }
        if let id = ownDeletion(line) {
            return ReadLine(record: .deletion(id: id), snapshot: nil, skippedByListing: false)
        }
        return readParsed(line)
    }

    /// `read(_:)` through the JSON parser alone, whatever the line's layout.
    static func readParsed(_ line: UnsafeRawBufferPointer) -> ReadLine {
        let (kind, parsed) = classify(line)
        switch kind {
        case .command:
            let own = LogFile.starts(line, with: sortedCommandPrefix)
            let whole = (own ? ownCommandReadsWhole(line) : nil) ?? (commandEntry(line, parsed: parsed) != nil)
            return ReadLine(record: whole ? .command : .unreadable, snapshot: nil, skippedByListing: !own && !whole)
        case .snapshot:
            guard let record = read(line, parsed, as: SnapshotRecord.init), record.kind == "snapshot",
                let snapshot = record.snapshot
            else { return ReadLine(record: .unreadable, snapshot: nil, skippedByListing: true) }
            return ReadLine(record: .snapshot(id: snapshot.id), snapshot: snapshot, skippedByListing: false)
        case .deletion:
            guard let record = read(line, parsed, as: DeletionRecord.init), record.kind == "snapshot.deleted" else {
                return ReadLine(record: .unreadable, snapshot: nil, skippedByListing: true)
            }
            return ReadLine(record: .deletion(id: record.id), snapshot: nil, skippedByListing: false)
        case .other:
            // A look record wx cannot read is unreadable, as a snapshot record would be.
            guard let parsed, parsed["kind"]?.recordString == LookRecord.kindName else {
                return ReadLine(record: .other, snapshot: nil, skippedByListing: false)
            }
            return ReadLine(
                record: LookRecord.look(parsed) == nil ? .unreadable : .look, snapshot: nil, skippedByListing: false)
        case .unreadable:
            return ReadLine(record: .unreadable, snapshot: nil, skippedByListing: true)
        }
    }

    static let ownCommandStart = Array(#"{"kind":"command","line":""#.utf8)

    /// Whether a line in wx's own command layout — `{"kind":"command","line":"…","n":N,
    /// "ts":"YYYY-MM-DDTHH:MM:SSZ","v":V}`, keys sorted, no spaces — reads whole as
    /// `commandEntry` reads it: the line's text UTF-8 without control characters, escaped by
    /// letters (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`); N and V integers of at most 15
    /// digits, N above 0; the time one `ISOTime` reads. Told from the bytes where they lie — a
    /// million command lines are checked so for `log` in tens of milliseconds, where parsing each
    /// took most of a second. Nil for any other line, even one that reads (a `\u` escape, a
    /// number written otherwise): the parser then decides.
    static func ownCommandReadsWhole(_ line: UnsafeRawBufferPointer) -> Bool? {
        var check = OwnCommandCheck()
        return check.readsWhole(line)
    }
}
