import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One command from the history: its number across all sessions and the line as typed.
package struct HistoryEntry: Hashable, Sendable {
    /// 1, 2, 3… in the order commands were entered, across every session and process.
    package var number: Int
    package var line: String
    /// When it was entered (UTC).
    package var time: Date

    package init(number: Int, line: String, time: Date) {
        self.number = number
        self.line = line
        self.time = time
    }
}

/// A saved weather reading for a place.
package struct Snapshot: Hashable, Sendable {
    /// 1, 2, 3… never reused, even after deletion.
    package var id: Int
    /// When `save` ran (UTC, wx's clock).
    package var savedAt: Date
    package var placeName: String
    /// The coordinate that was asked for, 4 decimals.
    package var coordinate: Coordinate
    /// The place's UTC offset when the data was valid, seconds; for showing local times.
    package var utcOffsetSeconds: Int
    /// The place's IANA zone, when known.
    package var timeZone: String?
    package var reading: SnapshotReading

    package init(
        id: Int, savedAt: Date, placeName: String, coordinate: Coordinate, utcOffsetSeconds: Int, timeZone: String?,
        reading: SnapshotReading
    ) {
        self.id = id
        self.savedAt = savedAt
        self.placeName = placeName
        self.coordinate = coordinate
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timeZone = timeZone
        self.reading = reading
    }
}

/// The append-only log `log.jsonl`: every command, snapshot and snapshot deletion, one JSON
/// object a line, each with `v` (format version), `ts` (ISO 8601 UTC) and `kind`.
///
/// Records (version 1):
/// - `{"v":1,"ts":…,"kind":"command","n":12,"line":"show Paris"}`
/// - `{"v":1,"ts":…,"kind":"snapshot","id":3,"place":{"name":…,"latitude":…,"longitude":…},
///   "utc_offset_seconds":3600,"timezone":"Europe/Berlin","data_time":…,"temperature_celsius":7.4,
///   "precipitation_probability_percent":40,"precipitation_millimetres":0.3,"weather_code":3}`
/// - `{"v":1,"ts":…,"kind":"snapshot.deleted","id":3}`
///
/// A snapshot may carry `forecast_days`, the forecast shown with it: an array of
/// `{"date":"2025-07-27","temperature_max_celsius":24.1,"temperature_min_celsius":16.3,
/// "precipitation_sum_millimetres":0,"precipitation_probability_max_percent":20,"weather_code":3}`.
/// It is an optional field added within version 1: readers ignore fields they do not know, so
/// an older wx reads such a record as a snapshot without it, and this wx reads records without
/// it as snapshots that kept no forecast. `v` changes only when a record could be misread.
///
/// Readers skip kinds they do not know, lines that do not parse (counted), and a torn last line.
/// Writers append one whole line with one `write` under the folder's lock.
package final class EventLog {
    package static let formatVersion = 1
    package let path: String
    let folder: String

    /// The snapshots folded from the log so far, without their kept forecasts (what `saved`
    /// lists), and how much of the log `log.jsonl.index` covered when it was last read or written.
    private var catalog: SnapshotCatalog?
    private var indexedBytes = 0
    /// Lines that could not be read, counted once per session.
    package private(set) var skippedLines = 0
    private var toldSkippedLines = 0
    private var toldLongLines = false

    private let fileSystem: any FileSystem

    /// - Parameters:
    ///   - folder: the folder holding `log.jsonl`.
    ///   - fileSystem: where the log is written (`POSIXFileSystem` in the product).
    package init(folder: String, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.folder = folder
        self.path = folder + "/log.jsonl"
        self.fileSystem = fileSystem
    }

    /// Why log.jsonl cannot be read: something that is not a regular file (a FIFO, a folder) is
    /// in its place. Found without opening it; nil when the file is fine or absent.
    package func readProblem() -> StoreError? {
        FileIO.notRegular(at: path).map { .file(FileError(cannot: "read", path, reason: $0)) }
    }

    /// The largest history number or snapshot id: 2^53, below which a JSON number (a Double)
    /// holds every integer. Numbers read beyond it make the record unreadable; none is given
    /// beyond it (`StoreError.numbersExhausted`), so the `+ 1` that makes the next never overflows.
    package static let maximumNumber = 1 << 53

    /// The number after `last`, unless `last` is the largest there is.
    private static func next(after last: Int, _ field: String) throws(StoreError) -> Int {
        guard last >= 0, last < maximumNumber else { throw .numbersExhausted(.log, field: field) }
        return last + 1
    }

    // MARK: - Writing

    /// A record whose write failed (full disk, read-only file system…), kept in memory and
    /// written, in order, before the next record that can be written.
    enum PendingRecord {
        case command(line: String, time: Date)
        /// Its id is assigned when it is written.
        case snapshot(Snapshot)
        case deletion(id: Int, time: Date)
    }

    private var pending: [PendingRecord] = []
    private var notes: [StoreNote] = []

    /// Whether some records exist only in memory.
    package var hasUnwrittenRecords: Bool { !pending.isEmpty }

    /// What the log did on its own since the last call (records kept in memory were written,
    /// unreadable lines were skipped), to tell the user once.
    package func takeNotes() -> [StoreNote] {
        defer { notes = [] }
        return notes
    }

    /// Appends a command record and returns its history number.
    ///
    /// - Throws: `StoreError` when the log cannot be written; the command is then kept and
    ///   written with the next record that can be.
    @discardableResult
    package func appendCommand(_ line: String, at time: Date) throws(StoreError) -> Int {
        do {
            return try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) -> Int in
                try writePending()
                let number = try Self.next(after: lastCommandNumber() ?? 0, "n")
                try append(
                    CommandRecord(
                        v: Self.formatVersion, ts: ISOTime.string(time), kind: "command", n: number, line: line))
                return number
            }
        } catch {
            pending.append(.command(line: line, time: time))
            throw error
        }
    }

    /// Appends a snapshot record with the next free id.
    ///
    /// - Throws: `StoreError.snapshotKeptInMemory` when the log cannot be written; the snapshot
    ///   is then kept in memory (listed by `snapshots()` with id 0) and written with the next
    ///   record that can be.
    package func appendSnapshot(
        placeName: String, coordinate: Coordinate, utcOffsetSeconds: Int, timeZone: String?,
        reading: SnapshotReading, at time: Date
    ) throws(StoreError) -> Snapshot {
        var snapshot = Snapshot(
            id: 0, savedAt: time, placeName: placeName, coordinate: coordinate.rounded,
            utcOffsetSeconds: utcOffsetSeconds, timeZone: timeZone, reading: reading)
        // The list, brought up to date before the lock is taken (it may take it itself): its
        // highest id counts too (`highestSnapshotID`).
        _ = refreshCatalog()
        do {
            return try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) -> Snapshot in
                try writePending()
                snapshot.id = try Self.next(after: highestSnapshotID(), "id")
                try append(SnapshotRecord(snapshot))
                return snapshot
            }
        } catch {
            snapshot.id = 0
            pending.append(.snapshot(snapshot))
            throw .snapshotKeptInMemory(error)
        }
    }

    /// Appends a deletion record for snapshot `id`.
    ///
    /// - Throws: `StoreError.noSuchSnapshot` when it does not exist (or is deleted already);
    ///   `.deletionKeptInMemory` when the log cannot be written — the deletion then holds for
    ///   this session and is written with the next record that can be.
    package func deleteSnapshot(_ id: Int, at time: Date) throws(StoreError) -> Snapshot {
        guard let snapshot = findSnapshot(id) else { throw .noSuchSnapshot(id) }
        do {
            try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) in
                try writePending()
                try append(
                    DeletionRecord(v: Self.formatVersion, ts: ISOTime.string(time), kind: "snapshot.deleted", id: id))
            }
        } catch {
            pending.append(.deletion(id: id, time: time))
            throw .deletionKeptInMemory(id: id, error)
        }
        return snapshot
    }

    /// Writes the records kept in memory, oldest first, each removed once written. Under the lock.
    private func writePending() throws(StoreError) {
        var commands = 0
        var snapshotIDs: [Int] = []
        defer {
            if commands + snapshotIDs.count > 0 {
                notes.append(.keptRecordsWritten(commands: commands, snapshotIDs: snapshotIDs))
            }
        }
        while let record = pending.first {
            switch record {
            case .command(let line, let time):
                let number = try Self.next(after: lastCommandNumber() ?? 0, "n")
                try append(
                    CommandRecord(
                        v: Self.formatVersion, ts: ISOTime.string(time), kind: "command", n: number, line: line))
                commands += 1
            case .snapshot(var snapshot):
                snapshot.id = try Self.next(after: highestSnapshotID(), "id")
                try append(SnapshotRecord(snapshot))
                snapshotIDs.append(snapshot.id)
            case .deletion(let id, let time):
                try append(
                    DeletionRecord(v: Self.formatVersion, ts: ISOTime.string(time), kind: "snapshot.deleted", id: id))
            }
            pending.removeFirst()
        }
    }

    private func append(_ record: some Encodable) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8]
        do { bytes = try [UInt8](encoder.encode(record)) } catch { throw .notEncodable(.log, detail: "\(error)") }
        bytes.append(UInt8(ascii: "\n"))
        let before = LogState(path: path)
        try StoreFiles.appendLine(bytes, to: path, fileSystem)
        LogSeal.advance(folder: folder, logWas: before, logIs: LogState(path: path))
    }

    // MARK: - Maintenance

    /// What `log` reports.
    package struct Statistics: Hashable, Sendable {
        package var path: String
        package var bytes: Int
        package var commands: Int
        package var snapshots: Int
        package var deletedSnapshots: Int
        package var unreadableLines: Int
        package var otherRecords: Int
    }

    /// Counts the records of the log (reads it whole).
    package func statistics() -> Statistics {
        var stats = Statistics(
            path: path, bytes: 0, commands: 0, snapshots: 0, deletedSnapshots: 0, unreadableLines: 0, otherRecords: 0)
        var deleted = Set<Int>()
        var highest = 0
        guard let file = LogFile(path: path) else { return stats }
        stats.bytes = file.size
        _ = file.linesForward(from: 0, long: { _ in stats.unreadableLines += 1 }) { line in
            switch Self.record(line) {
            case .command: stats.commands += 1
            case .snapshot(let id):
                stats.snapshots += 1
                highest = max(highest, id)
            case .deletion(let id): deleted.insert(id)
            case .other: stats.otherRecords += 1
            case .unreadable: stats.unreadableLines += 1
            }
        }
        stats.snapshots -= deleted.count
        // The highest id's records stay through compaction (ids are never given twice): not
        // counted among the deleted snapshots compaction drops.
        deleted.remove(highest)
        stats.deletedSnapshots = deleted.count
        return stats
    }

    /// What `log compact` did.
    package struct Compaction: Hashable, Sendable {
        package var before: Statistics
        package var after: Statistics
        /// Where the lines no record could be read from were moved (`log.jsonl.unreadable-<UTC
        /// time>`, 0600), nil when there were none.
        package var unreadableLinesFile: String?
    }

    /// Rewrites the log without deleted snapshots and their deletion records, keeping everything
    /// else as it was — every command with its number, every snapshot with its id, records of
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
        let before = statistics()
        // Pass 1: which snapshots are deleted, and the highest id given.
        var deleted = Set<Int>()
        var highest = 0
        _ = LogFile(path: path)?.linesForward(from: 0) { line in
            switch Self.record(line) {
            case .deletion(let id): deleted.insert(id)
            case .snapshot(let id): highest = max(highest, id)
            default: break
            }
        }
        deleted.remove(highest)
        // Pass 2: copy what is kept; set aside what cannot be read.
        var kept: [UInt8] = []
        var unreadable: [UInt8] = []
        kept.reserveCapacity(before.bytes)
        let file = LogFile(path: path)
        _ = file?.linesForward(
            from: 0,
            long: { range in
                // Too long to be a record: moved aside like any unreadable line, read only now.
                guard let source = LogFile(path: path) else { return }
                defer { close(source.fd) }
                var bytes = [UInt8](repeating: 0, count: range.count)
                let count = bytes.withUnsafeMutableBytes {
                    pread(source.fd, $0.baseAddress!, $0.count, off_t(range.lowerBound))
                }
                unreadable.append(contentsOf: bytes.prefix(max(0, count)))
                unreadable.append(UInt8(ascii: "\n"))
            }
        ) { line in
            switch Self.record(line) {
            case .deletion(let id) where id == highest: break
            case .deletion: return
            case .snapshot(let id) where deleted.contains(id): return
            case .unreadable:
                unreadable.append(contentsOf: line)
                unreadable.append(UInt8(ascii: "\n"))
                return
            case .command, .snapshot, .other: break
            }
            kept.append(contentsOf: line)
            kept.append(UInt8(ascii: "\n"))
        }
        var aside: String?
        do throws(FileError) {
            if !unreadable.isEmpty {
                let name = FileIO.unusedName(
                    path + ".unreadable-" + ISOTime.string(now).filter { $0 != ":" && $0 != "-" })
                try fileSystem.replace(name, with: unreadable)
                aside = name
            }
            try fileSystem.replace(path, with: kept)
            LogSeal.advance(folder: folder, logWas: nil, logIs: LogState(path: path))
        } catch {
            if let aside { unlink(aside) }
            throw .notCompacted(.file(error))
        }
        return Compaction(before: before, after: statistics(), unreadableLinesFile: aside)
    }

    // MARK: - Reading

    /// Snapshots not deleted, oldest first; those not yet written (id 0) last.
    ///
    /// - Parameter keptForecasts: whether each comes with the forecast kept with it
    ///   (`reading.forecastDays`), read from the whole log; without them (nil), the list comes
    ///   from `log.jsonl.index` and the part of the log appended since, which is what lets `saved`
    ///   list from a log of a million lines in milliseconds.
    package func snapshots(keptForecasts: Bool = true) -> [Snapshot] {
        let folded = keptForecasts ? foldWhole() : refreshCatalog()
        skippedLines = folded?.skippedLines ?? 0
        if skippedLines > toldSkippedLines {
            // Reading snapshots does not parse every command line, so this is not a count:
            // `log` reads every line whole and gives one.
            notes.append(.unreadableLinesSkipped)
            toldSkippedLines = skippedLines
        }
        var deleted = Set<Int>()
        var unwritten: [Snapshot] = []
        for record in pending {
            switch record {
            case .snapshot(let snapshot): unwritten.append(snapshot)
            case .deletion(let id, _): deleted.insert(id)
            case .command: break
            }
        }
        guard let folded else { return unwritten }
        guard !deleted.isEmpty || !unwritten.isEmpty else { return folded.snapshots }
        return folded.snapshots.filter { !deleted.contains($0.id) } + unwritten
    }

    /// The snapshot with `id`, unless deleted.
    package func snapshot(_ id: Int) -> Snapshot? { findSnapshot(id) }

    /// Snapshot `id`, read backwards from the end of the log. Ids grow along a log wx wrote, so
    /// the search stops at a smaller one; a deletion, written after its snapshot, is met first.
    /// A log edited by hand may hold them out of order: when the list has the id all the same,
    /// the whole log is looked through.
    ///
    /// What the list says wins: a snapshot record that comes again after its deletion (a log
    /// edited by hand) stays deleted, as `saved` lists it.
    private func findSnapshot(_ id: Int) -> Snapshot? {
        for case .deletion(id, _) in pending { return nil }
        let listed = refreshCatalog().map { catalog in catalog.snapshots.contains { $0.id == id } }
        guard listed != false else { return nil }
        if let found = searchBackwards(for: id, stoppingAtSmaller: true) { return found }
        guard listed == true else { return nil }
        return searchBackwards(for: id, stoppingAtSmaller: false)
    }

    private func searchBackwards(for id: Int, stoppingAtSmaller: Bool) -> Snapshot? {
        var found: Snapshot?
        var deleted = false
        backwards { line in
            let (kind, parsed) = Self.classify(line)
            switch kind {
            case .deletion:
                if Self.read(line, parsed, as: DeletionRecord.init)?.id == id { deleted = true }
                return !deleted
            case .snapshot:
                guard let record = Self.read(line, parsed, as: SnapshotRecord.init), let snapshot = record.snapshot
                else {
                    return true
                }
                if snapshot.id == id { found = snapshot }
                return found == nil && (snapshot.id > id || !stoppingAtSmaller)
            default:
                return true
            }
        }
        return deleted ? nil : found
    }

    /// Reads the log from the end backwards (see `LogFile.linesBackwards`); lines skipped for
    /// their length are told once a session.
    private func backwards(_ body: (UnsafeRawBufferPointer) -> Bool) {
        guard let file = LogFile(path: path) else { return }
        if file.linesBackwards(body) > 0, !toldLongLines {
            toldLongLines = true
            notes.append(.unreadableLinesSkipped)
        }
    }

    /// The highest snapshot id given so far: that of the last snapshot record (0 when none) —
    /// ids grow along a log wx wrote — or, in a log edited by hand, a higher one the list (as last
    /// folded, deleted ids included) has seen. Under the lock: the list is not folded again here.
    private func highestSnapshotID() -> Int {
        guard let catalog, catalog.inode == LogState(path: path)?.inode else { return lastSnapshotID() }
        return max(lastSnapshotID(), catalog.snapshots.last?.id ?? 0, catalog.deleted.max() ?? 0)
    }

    /// The id of the last snapshot record (0 when none).
    private func lastSnapshotID() -> Int {
        var highest: Int?
        backwards { line in
            let (kind, parsed) = Self.classify(line)
            guard kind == .snapshot else { return true }
            highest = Self.read(line, parsed, as: SnapshotRecord.init)?.id
            return highest == nil
        }
        return highest ?? 0
    }

    /// The last `count` commands, oldest first, read from the end of the file backwards (the
    /// log is never read whole for this).
    ///
    /// - Parameter collapsingRepeats: whether a command line repeating the one just before it
    ///   is left out (bash's `ignoredups`), keeping the run's last entry: logs written before
    ///   wx stopped recording such repeats may hold them.
    package func history(last count: Int, collapsingRepeats: Bool = false) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        guard count > 0 else { return [] }
        backwards { line in
            guard let entry = Self.historyEntry(line) else { return true }
            if !collapsingRepeats || entries.last?.line != entry.line { entries.append(entry) }
            return entries.count < count
        }
        return entries.reversed()
    }

    /// The most recent command whose line `matches`, read backwards from the end of the log;
    /// nil when none does.
    package func lastCommand(where matches: (String) -> Bool) -> HistoryEntry? {
        var found: HistoryEntry?
        LogFile(path: path)?.linesBackwards { line in
            guard let entry = Self.historyEntry(line), matches(entry.line) else { return true }
            found = entry
            return false
        }
        return found
    }

    /// The command with history number `number`.
    package func command(number: Int) -> HistoryEntry? {
        var found: HistoryEntry?
        backwards { line in
            guard let entry = Self.historyEntry(line) else { return true }
            if entry.number == number { found = entry }
            return entry.number > number
        }
        return found
    }

    /// Commands `range` (inclusive), oldest first.
    package func commands(in range: ClosedRange<Int>) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        backwards { line in
            guard let entry = Self.historyEntry(line) else { return true }
            if range.contains(entry.number) { entries.append(entry) }
            return entry.number > range.lowerBound
        }
        return entries.reversed()
    }

    private func lastCommandNumber() -> Int? {
        var number: Int?
        backwards { line in
            number = Self.historyEntry(line)?.number
            return number == nil
        }
        return number
    }

    static func historyEntry(_ line: UnsafeRawBufferPointer) -> HistoryEntry? {
        let (kind, parsed) = classify(line)
        return kind == .command ? commandEntry(line, parsed: parsed) : nil
    }

    /// A line already known to claim kind "command", decoded whole.
    ///
    /// - Parameter parsed: the line's JSON object, when `classify` parsed it already.
    static func commandEntry(_ line: UnsafeRawBufferPointer, parsed: RecordFields? = nil) -> HistoryEntry? {
        guard line.count <= LogFile.longestLine,
            let record = read(line, parsed, as: CommandRecord.init), record.kind == "command", record.n > 0,
            let time = ISOTime.parse(record.ts)
        else { return nil }
        return HistoryEntry(number: record.n, line: record.line, time: time)
    }

    /// The snapshots of the whole log with their kept forecasts; nil when there is no log.
    private func foldWhole() -> SnapshotCatalog? {
        guard let file = LogFile(path: path) else { return nil }
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
    private func refreshCatalog() -> SnapshotCatalog? {
        guard let file = LogFile(path: path) else {
            catalog = nil
            return nil
        }
        // The epoch when the log is as this wx last left it; when something else changed it
        // since (or no wx sealed it yet), a new epoch for the log as it is now, in which nothing
        // folded before counts: it is then folded from the start.
        let sealed =
            LogSeal.read(folder: folder).flatMap { $0.log == file.state ? $0.epoch : nil } ?? sealAfresh(file)
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
        guard let again = LogFile(path: path) else { return folded }
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
            FileIO.notRegular(at: indexPath) == nil
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
    private func sealAfresh(_ file: LogFile) -> UInt64? {
        try? StoreFiles.locked(folder, fileSystem) { () throws(StoreError) in
            LogSeal.advance(folder: folder, logWas: nil, logIs: LogState(path: path))
        }
        return LogSeal.read(folder: folder).flatMap { $0.log == file.state ? $0.epoch : nil }
    }

    /// The catalog `log.jsonl.index` holds; nil when it is absent or cannot be read whole, or is
    /// larger than the log it would describe (an index is always smaller: not read at all).
    private func readIndex(logSize: Int) -> SnapshotCatalog? {
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
    private static func fold(_ line: UnsafeRawBufferPointer, into catalog: inout SnapshotCatalog) {
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

    enum LineKind { case command, snapshot, deletion, other, unreadable }

    /// A record from the object `classify` parsed, else from the line's bytes.
    static func read<Record>(
        _ line: UnsafeRawBufferPointer, _ parsed: RecordFields?, as record: (RecordFields) -> Record?
    ) -> Record? {
        guard let object = parsed ?? jsonObject(line) else { return nil }
        return record(object)
    }

    /// The record kind a line claims, without checking its other fields. wx writes keys sorted
    /// and without spaces, so `{"kind":"command",` at the start tells most lines apart with
    /// one comparison; a line in any other layout — keys in another order, spaces after the
    /// colons, a CR before the newline, as another JSON writer or an editor leaves it — is
    /// asked of a JSON parser.
    static func kind(of line: UnsafeRawBufferPointer) -> LineKind { classify(line).kind }

    /// The kind, as `kind(of:)`, and the line's JSON object when telling the kind took parsing
    /// it (wx's snapshot and deletion records, whose sorted keys put `data_time` or `id` first),
    /// so that the record is read from it rather than parsed again.
    static func classify(_ line: UnsafeRawBufferPointer) -> (kind: LineKind, object: RecordFields?) {
        if LogFile.starts(line, with: sortedCommandPrefix) { return (.command, nil) }
        if LogFile.starts(line, with: sortedDeletionPrefix) { return (.deletion, nil) }
        if LogFile.starts(line, with: sortedSnapshotPrefix) { return (.snapshot, nil) }
        if LogFile.starts(line, with: sortedKindPrefix) { return (.other, nil) }
        guard line.count <= LogFile.longestLine, let object = jsonObject(line), let probe = KindProbe(object) else {
            return (.unreadable, nil)
        }
        switch probe.kind {
        case "command": return (.command, object)
        case "snapshot": return (.snapshot, object)
        case "snapshot.deleted": return (.deletion, object)
        default: return (.other, object)
        }
    }

    static let sortedKindPrefix = Array(#"{"kind":""#.utf8)
    static let sortedCommandPrefix = Array(#"{"kind":"command","#.utf8)
    static let sortedSnapshotPrefix = Array(#"{"kind":"snapshot","#.utf8)
    static let sortedDeletionPrefix = Array(#"{"kind":"snapshot.deleted","#.utf8)

    /// A line read whole: a record of a kind wx knows counts only when every field it needs is
    /// there with the right type (else it is unreadable, like garbage).
    enum Record: Hashable {
        case command
        case snapshot(id: Int)
        case deletion(id: Int)
        /// A record of a kind this wx does not know (from a newer wx): kept as it is.
        case other
        case unreadable
    }

    static func record(_ line: UnsafeRawBufferPointer) -> Record {
        let (kind, parsed) = classify(line)
        switch kind {
        case .command: return commandEntry(line, parsed: parsed) == nil ? .unreadable : .command
        case .snapshot:
            guard let record = read(line, parsed, as: SnapshotRecord.init), record.kind == "snapshot",
                let snapshot = record.snapshot
            else { return .unreadable }
            return .snapshot(id: snapshot.id)
        case .deletion:
            guard let record = read(line, parsed, as: DeletionRecord.init), record.kind == "snapshot.deleted" else {
                return .unreadable
            }
            return .deletion(id: record.id)
        case .other: return .other
        case .unreadable: return .unreadable
        }
    }
}

// MARK: - Records

// Records are read with WeatherKit's JSON parser (one pass over the bytes into a `JSONValue`)
// and taken apart here as strictly as the Decodable structs they replace were: a field of the
// wrong type makes the record unreadable (a string is not a number, nor a number a string); an
// optional field may be absent or null. Writing stays with JSONEncoder (sorted keys).

/// A line's JSON object; nil when it is not one.
private func jsonObject(_ line: UnsafeRawBufferPointer) -> RecordFields? {
    (try? JSONValue.parseObjectMembers(line)).map(RecordFields.init(members:))
}

/// The members of a line's JSON object, looked up by key as a dictionary of them would be (a key
/// written twice has its last value), without building one: a log may hold tens of thousands of
/// snapshot records, and a dictionary for each was most of the time `saved` took.
struct RecordFields {
    var members: [(key: String, value: JSONValue)]

    init(members: [(key: String, value: JSONValue)]) { self.members = members }

    init(_ object: [String: JSONValue]) { members = object.map { ($0.key, $0.value) } }

    subscript(key: String) -> JSONValue? {
        // Lengths first: comparing two different strings costs about a hundred instructions.
        let length = key.utf8.count
        for member in members.reversed() where member.key.utf8.count == length && member.key == key {
            return member.value
        }
        return nil
    }
}

extension JSONValue {
    /// A JSON string, exactly.
    fileprivate var recordString: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A finite JSON number, exactly.
    fileprivate var recordDouble: Double? {
        if case .number(let value) = self, value.isFinite { return value }
        return nil
    }

    /// A JSON number without a fraction, within ±2^53, where a Double holds every integer (ids and
    /// history numbers are far below; anything beyond is not a record wx wrote).
    fileprivate var recordInt: Int? {
        guard let value = recordDouble, value == value.rounded(), abs(value) <= Double(EventLog.maximumNumber) else {
            return nil
        }
        return Int(value)
    }
}

/// An optional field: `.some(nil)` when absent or null, nil when present with the wrong type.
private func optionalField<T>(_ object: [String: JSONValue], _ key: String, _ read: (JSONValue) -> T?) -> T?? {
    guard let value = object[key], value != .null else { return .some(nil) }
    return read(value).map { .some($0) }
}

private func optionalField<T>(_ object: RecordFields, _ key: String, _ read: (JSONValue) -> T?) -> T?? {
    guard let value = object[key], value != .null else { return .some(nil) }
    return read(value).map { .some($0) }
}

struct KindProbe {
    var kind: String
    var id: Int?

    init?(_ object: [String: JSONValue]) { self.init(RecordFields(object)) }

    init?(_ object: RecordFields) {
        guard let kind = object["kind"]?.recordString, let id = optionalField(object, "id", \.recordInt) else {
            return nil
        }
        self.kind = kind
        self.id = id
    }
}

struct CommandRecord: Encodable {
    var v: Int
    var ts: String
    var kind: String
    var n: Int
    var line: String

    init(v: Int, ts: String, kind: String, n: Int, line: String) {
        self.v = v
        self.ts = ts
        self.kind = kind
        self.n = n
        self.line = line
    }

    init?(_ line: UnsafeRawBufferPointer) {
        guard let object = jsonObject(line) else { return nil }
        self.init(object)
    }

    init?(_ object: RecordFields) {
        guard let v = object["v"]?.recordInt, let ts = object["ts"]?.recordString,
            let kind = object["kind"]?.recordString, let n = object["n"]?.recordInt,
            let line = object["line"]?.recordString
        else { return nil }
        self.init(v: v, ts: ts, kind: kind, n: n, line: line)
    }
}

struct DeletionRecord: Encodable {
    var v: Int
    var ts: String
    var kind: String
    var id: Int

    init(v: Int, ts: String, kind: String, id: Int) {
        self.v = v
        self.ts = ts
        self.kind = kind
        self.id = id
    }

    init?(_ line: UnsafeRawBufferPointer) {
        guard let object = jsonObject(line) else { return nil }
        self.init(object)
    }

    init?(_ object: RecordFields) {
        guard let v = object["v"]?.recordInt, let ts = object["ts"]?.recordString,
            let kind = object["kind"]?.recordString, let id = object["id"]?.recordInt
        else { return nil }
        self.init(v: v, ts: ts, kind: kind, id: id)
    }
}

// Property names are log.jsonl keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct SnapshotRecord: Encodable {
    struct PlaceRecord: Encodable {
        var name: String
        var latitude: Double
        var longitude: Double
    }

    var v: Int
    var ts: String
    var kind: String
    var id: Int
    var place: PlaceRecord
    var utc_offset_seconds: Int?
    var timezone: String?
    var data_time: String
    var temperature_celsius: Double?
    var precipitation_probability_percent: Double?
    var precipitation_millimetres: Double?
    var weather_code: Int?
    var forecast_days: [ForecastDayRecord]?
    var warnings: [WarningRecord]?

    struct ForecastDayRecord: Encodable {
        var date: String
        var temperature_max_celsius: Double?
        var temperature_min_celsius: Double?
        var precipitation_sum_millimetres: Double?
        var precipitation_probability_max_percent: Double?
        var weather_code: Int?

        init(_ day: KeptForecastDay) {
            date = day.date.iso
            temperature_max_celsius = day.temperatureMaxCelsius
            temperature_min_celsius = day.temperatureMinCelsius
            precipitation_sum_millimetres = day.precipitationSumMillimetres
            precipitation_probability_max_percent = day.precipitationProbabilityMaxPercent
            weather_code = day.weatherCode
        }

        /// Nil when a field has the wrong type or the date is not a calendar day.
        init?(_ value: JSONValue) {
            guard let object = value.object, let date = object["date"]?.recordString,
                LocalDate(iso: Substring(date)) != nil,
                let high = optionalField(object, "temperature_max_celsius", \.recordDouble),
                let low = optionalField(object, "temperature_min_celsius", \.recordDouble),
                let sum = optionalField(object, "precipitation_sum_millimetres", \.recordDouble),
                let probability = optionalField(object, "precipitation_probability_max_percent", \.recordDouble),
                let code = optionalField(object, "weather_code", \.recordInt)
            else { return nil }
            self.date = date
            temperature_max_celsius = high
            temperature_min_celsius = low
            precipitation_sum_millimetres = sum
            precipitation_probability_max_percent = probability
            weather_code = code
        }

        var day: KeptForecastDay? {
            LocalDate(iso: Substring(date)).map {
                KeptForecastDay(
                    date: $0, temperatureMaxCelsius: temperature_max_celsius,
                    temperatureMinCelsius: temperature_min_celsius,
                    precipitationSumMillimetres: precipitation_sum_millimetres,
                    precipitationProbabilityMaxPercent: precipitation_probability_max_percent,
                    weatherCode: weather_code)
            }
        }
    }

    init(_ snapshot: Snapshot) {
        v = EventLog.formatVersion
        ts = ISOTime.string(snapshot.savedAt)
        kind = "snapshot"
        id = snapshot.id
        place = PlaceRecord(
            name: snapshot.placeName, latitude: snapshot.coordinate.latitude, longitude: snapshot.coordinate.longitude)
        utc_offset_seconds = snapshot.utcOffsetSeconds
        timezone = snapshot.timeZone
        data_time = ISOTime.string(snapshot.reading.dataTime)
        temperature_celsius = snapshot.reading.temperatureCelsius
        precipitation_probability_percent = snapshot.reading.precipitationProbabilityPercent
        precipitation_millimetres = snapshot.reading.precipitationMillimetres
        weather_code = snapshot.reading.weatherCode
        forecast_days = snapshot.reading.forecastDays?.map(ForecastDayRecord.init)
        warnings = snapshot.reading.warnings?.map(WarningRecord.init)
    }

    init?(_ line: UnsafeRawBufferPointer) {
        guard let object = jsonObject(line) else { return nil }
        self.init(object)
    }

    init?(_ object: RecordFields) {
        guard let v = object["v"]?.recordInt, let ts = object["ts"]?.recordString,
            let kind = object["kind"]?.recordString, let id = object["id"]?.recordInt,
            let place = object["place"]?.object, let name = place["name"]?.recordString,
            let latitude = place["latitude"]?.recordDouble, let longitude = place["longitude"]?.recordDouble,
            let dataTime = object["data_time"]?.recordString,
            let utcOffset = optionalField(object, "utc_offset_seconds", \.recordInt),
            let timezone = optionalField(object, "timezone", \.recordString),
            let temperature = optionalField(object, "temperature_celsius", \.recordDouble),
            let probability = optionalField(object, "precipitation_probability_percent", \.recordDouble),
            let amount = optionalField(object, "precipitation_millimetres", \.recordDouble),
            let weatherCode = optionalField(object, "weather_code", \.recordInt),
            let forecastDays = optionalField(
                object, "forecast_days",
                { value -> [ForecastDayRecord]? in
                    guard let items = value.array else { return nil }
                    let days = items.compactMap(ForecastDayRecord.init)
                    return days.count == items.count ? days : nil
                })
        else { return nil }
        self.v = v
        self.ts = ts
        self.kind = kind
        self.id = id
        self.place = PlaceRecord(name: name, latitude: latitude, longitude: longitude)
        self.utc_offset_seconds = utcOffset
        self.timezone = timezone
        self.data_time = dataTime
        self.temperature_celsius = temperature
        self.precipitation_probability_percent = probability
        self.precipitation_millimetres = amount
        self.weather_code = weatherCode
        self.forecast_days = forecastDays
        self.warnings = WarningRecord.list(object["warnings"])
    }

    var snapshot: Snapshot? {
        // A UTC offset beyond ±26 hours is no place's: not a record wx wrote.
        guard let saved = ISOTime.parse(ts), let dataTime = ISOTime.parse(data_time), id > 0,
            abs(utc_offset_seconds ?? 0) <= 26 * 3600
        else { return nil }
        let coordinate = Coordinate(latitude: place.latitude, longitude: place.longitude)
        guard coordinate.isValid else { return nil }
        // A record written before wx kept the offset has the zone: its rules give the offset then.
        let offset =
            utc_offset_seconds
            ?? timezone.flatMap {
                TimeZoneDatabase.shared.offset(at: Int64(dataTime.timeIntervalSince1970.rounded(.down)), in: $0)?
                    .utcOffsetSeconds
            } ?? 0
        return Snapshot(
            id: id, savedAt: saved, placeName: TerminalText.sanitized(place.name), coordinate: coordinate,
            utcOffsetSeconds: offset, timeZone: timezone,
            reading: SnapshotReading(
                dataTime: dataTime, temperatureCelsius: temperature_celsius,
                precipitationProbabilityPercent: precipitation_probability_percent,
                precipitationMillimetres: precipitation_millimetres, weatherCode: weather_code,
                forecastDays: forecast_days.map { $0.compactMap(\.day) }, warnings: warnings?.map(\.kept)))
    }
}

/// Line-oriented reads of the log without loading it whole: chunks of 1 MiB, lines found
/// with memchr, records told apart with memmem.
struct LogFile {
    let fd: Int32
    let size: Int
    let device: UInt64
    let inode: UInt64
    /// As `stat` gave it when opened (see `LogSeal`).
    let state: LogState
    static let chunk = 1 << 20

    /// Opens `path`; nil when it is absent or not a regular file (a FIFO is found without
    /// blocking: O_NONBLOCK, then fstat; appending to it then fails with a clear error).
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(fd)
            return nil
        }
        self.fd = fd
        self.size = Int(info.st_size)
        self.device = UInt64(info.st_dev)
        self.inode = UInt64(info.st_ino)
        self.state = LogState(info)
    }

    /// Closes the file, for a caller that reads no lines.
    func close() { _ = Glibc.close(fd) }

    /// `SnapshotIndex.fingerprint` of the file's first `coveredBytes` bytes.
    func fingerprint(coveredBytes: Int) -> UInt64? { SnapshotIndex.fingerprint(fd: fd, coveredBytes: coveredBytes) }

    /// Whether `catalog` was folded from this file as it is: the same file, at least as long, with
    /// the same bytes where the fingerprint looks.
    func holds(_ catalog: SnapshotCatalog) -> Bool {
        catalog.device == device && catalog.inode == inode && catalog.coveredBytes <= size
            && fingerprint(coveredBytes: catalog.coveredBytes) == catalog.fingerprint
    }

    /// Whether `line` begins with `prefix`.
    static func starts(_ line: UnsafeRawBufferPointer, with prefix: [UInt8]) -> Bool {
        guard let base = line.baseAddress, line.count >= prefix.count else { return false }
        return prefix.withUnsafeBytes { memcmp(base, $0.baseAddress!, prefix.count) == 0 }
    }

    /// Calls `body` with each complete line from `start` on (without its "\n"); a last line with
    /// no "\n" (torn, or still being written) is not passed. A line longer than `longestLine` is
    /// not assembled: `long` gets its byte range in the file instead. Linear in the bytes read.
    /// Closes the file.
    ///
    /// - Returns: the offset after the last complete line.
    func linesForward(
        from start: Int, long: (Range<Int>) -> Void = { _ in }, _ body: (UnsafeRawBufferPointer) -> Void
    ) -> Int {
        defer { Glibc.close(fd) }
        var consumed = start  // file offset of buffer[0]
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        var filled = 0  // bytes of buffer holding data
        var scanned = 0  // bytes of buffer already searched for "\n" without finding one
        var longLineStart: Int? = nil  // inside a line too long to pass: where it began
        while consumed + filled < size {
            let count = buffer.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(consumed + filled))
            }
            if count <= 0 { break }
            filled += count
            let used = buffer.withUnsafeBytes { raw -> Int in
                var lineStart = 0
                var from = scanned
                while from < filled,
                    let newline = memchr(raw.baseAddress! + from, Int32(UInt8(ascii: "\n")), filled - from)
                {
                    let end = raw.baseAddress!.distance(to: UnsafeRawPointer(newline))
                    if let begun = longLineStart {
                        long(begun..<(consumed + end))
                        longLineStart = nil
                    } else if end - lineStart > Self.longestLine {
                        long((consumed + lineStart)..<(consumed + end))
                    } else if end > lineStart {
                        body(UnsafeRawBufferPointer(rebasing: raw[lineStart..<end]))
                    }
                    lineStart = end + 1
                    from = lineStart
                }
                return lineStart
            }
            if used == 0, filled == buffer.count {
                // The buffer holds part of one line longer than any record: drop what is read,
                // remember where the line began, and look on for its end.
                if longLineStart == nil { longLineStart = consumed }
                consumed += filled
                filled = 0
                scanned = 0
                continue
            }
            if used > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    _ = memmove(raw.baseAddress!, raw.baseAddress! + used, filled - used)
                }
                filled -= used
                consumed += used
            }
            scanned = filled
        }
        return longLineStart ?? consumed
    }

    /// The longest line read as a record, in bytes. wx writes none longer — a command line is at
    /// most 4,096 characters, and even escaped as `\u0000` that is 24 KiB — so a longer line is
    /// damage (or another program's), skipped and counted without being assembled in memory.
    static let longestLine = 1 << 16

    /// Calls `body` with each complete line from the end backwards while it returns true. The
    /// last line is skipped when it has no "\n" (torn). Lines longer than `longestLine` are
    /// skipped, not passed. Linear in the bytes read: each is looked at once, and a
    /// line that spans chunks is read again whole only when it is short enough to be a record.
    /// Closes the file.
    ///
    /// - Returns: how many lines were skipped for their length.
    @discardableResult
    func linesBackwards(_ body: (UnsafeRawBufferPointer) -> Bool) -> Int {
        defer { Glibc.close(fd) }
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        var chunkStart = 0  // file offsets of what buffer holds
        var chunkEnd = 0
        var end = size  // exclusive end of the region not read yet
        var lineEnd: Int? = nil  // file offset of the "\n" ending the line looked for; nil: in the torn tail
        var skipped = 0
        // Passes the line [from, to) of the file, from the buffer when it lies there.
        func emit(_ from: Int, _ to: Int) -> Bool {
            guard to > from else { return true }
            guard to - from <= Self.longestLine else {
                skipped += 1
                return true
            }
            if from >= chunkStart, to <= chunkEnd {
                return buffer.withUnsafeBytes {
                    body(UnsafeRawBufferPointer(rebasing: $0[(from - chunkStart)..<(to - chunkStart)]))
                }
            }
            var line = [UInt8](repeating: 0, count: to - from)
            let count = line.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(from)) }
            guard count == to - from else { return false }
            return line.withUnsafeBytes { body($0) }
        }
        while end > 0 {
            chunkStart = max(0, end - chunk)
            chunkEnd = end
            let count = buffer.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress!, end - chunkStart, off_t(chunkStart))
            }
            guard count == end - chunkStart else { return skipped }
            var cursor = count  // search below this index of buffer
            while cursor > 0 {
                let index = buffer.withUnsafeBufferPointer { bytes -> Int? in
                    // memrchr is a GNU extension Swift's Glibc module does not show.
                    var index = cursor - 1
                    while index >= 0, bytes[index] != UInt8(ascii: "\n") { index -= 1 }
                    return index >= 0 ? index : nil
                }
                guard let index else { break }
                if let stop = lineEnd, !emit(chunkStart + index + 1, stop) { return skipped }
                lineEnd = chunkStart + index
                cursor = index
            }
            end = chunkStart
        }
        if let stop = lineEnd { _ = emit(0, stop) }
        return skipped
    }
}
