import FoundationEssentials
import WXBasics
import WeatherKit

/// What `import snapshots|history` appended to the log.
package struct LogImportOutcome: Hashable, Sendable {
    /// The history numbers or snapshot ids the appended records got, in the file's order.
    package var numbers: [Int]
    /// Whether those are the file's own numbers (every one above `highestBefore`, growing), or
    /// new ones counted on from `highestBefore`.
    package var kept: Bool
    /// Records of the file the log held already (the same command line at the same time; a
    /// snapshot of the same place saved at the same time, not deleted): not appended again.
    package var alreadyInLog: Int
    /// The highest history number or snapshot id (deleted ones included) in the log before.
    package var highestBefore: Int

    package init(numbers: [Int], kept: Bool, alreadyInLog: Int, highestBefore: Int) {
        self.numbers = numbers
        self.kept = kept
        self.alreadyInLog = alreadyInLog
        self.highestBefore = highestBefore
    }
}

/// Imports: records read back from an export, added as a whole or not at all. Every record
/// is encoded (and measured against `longestRecord`) before anything is written: a record too
/// long fails the import with nothing written, and nothing is kept in memory to write later.
///
/// The records are not appended to the log in place — a write of megabytes is not atomic, and
/// a kill (`kill -9`, a closed terminal) in its middle left part of an import and a torn line
/// (trial 62) — but written after a copy of the log into a temporary file that is synced and
/// renamed over the log, under the folder's lock (`replaceWithImport`). Whenever wx is killed,
/// the log is the old one or the old one with the whole import; a reader holds one or the other
/// file. Ctrl-C (the task cancelled) before the rename imports nothing.
///
/// Numbers grow along the log (`!N`, `saved N` and the next `save` rely on it), so the file's
/// numbers are kept only when every one is above the log's highest and they grow in the file's
/// order — always the case in a log with none yet; otherwise the records are numbered on from the
/// highest, in the file's order. Either way their times, texts and values are written as read.
extension EventLog {
    /// Adds `entries` as command records with their own times, whole or not at all
    /// (`replaceWithImport`), synced before it returns; a command the log holds already (same
    /// line, same time) is left out.
    ///
    /// - Returns: the numbers given and how many were left out.
    /// - Throws: `StoreError.recordTooLong` when a record would be longer than wx reads back,
    ///   `.numbersExhausted` past 2^53, `.file` when the log cannot be read whole or written, or
    ///   the task was cancelled before the records were in: nothing is written then.
    package func importCommands(_ entries: [HistoryEntry]) throws(StoreError) -> LogImportOutcome {
        let wanted = Set(entries.map(CommandIdentity.init))
        defer { keepIndexCurrent() }
        return try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) -> LogImportOutcome in
            try writePending()
            var present = Set<CommandIdentity>()
            let highest = try dependableRead { () -> Int in
                var highest = 0
                _ = openLog()?.linesForward(from: 0, stoppingAtCancellation: true) { line, _ in
                    guard let entry = Self.historyEntry(line) else { return }
                    highest = max(highest, entry.number)
                    let identity = CommandIdentity(entry)
                    if wanted.contains(identity) { present.insert(identity) }
                }
                return highest
            }
            try Self.stopIfCancelled(path)
            let fresh = entries.filter { !present.contains(CommandIdentity($0)) }
            let (numbers, kept) = try Self.numbering(fresh.map(\.number), after: highest, field: "n")
            var bytes: [UInt8] = []
            for (index, (entry, number)) in zip(fresh, numbers).enumerated() {
                if index % 1024 == 0 { try Self.stopIfCancelled(path) }
                bytes += try Self.encoded(Self.commandRecord(entry, number: number))
                bytes.append(UInt8(ascii: "\n"))
            }
            try replaceWithImport(bytes)
            return LogImportOutcome(
                numbers: numbers, kept: kept, alreadyInLog: entries.count - fresh.count, highestBefore: highest)
        }
    }

    /// Adds `snapshots` as snapshot records (their place, times and values as given), whole or
    /// not at all (`replaceWithImport`), synced before it returns; a snapshot the log lists
    /// already (same coordinate, saved at the same time, not deleted) is left out.
    ///
    /// - Returns: the ids given and how many were left out.
    /// - Throws: as `importCommands`; nothing is written when it throws.
    package func importSnapshots(_ snapshots: [Snapshot]) throws(StoreError) -> LogImportOutcome {
        let wanted = Set(snapshots.map(SnapshotIdentity.init))
        defer { keepIndexCurrent() }
        return try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) -> LogImportOutcome in
            try writePending()
            // The ids of the log's snapshots that an imported one matches, and every deleted id.
            var matching: [SnapshotIdentity: [Int]] = [:]
            var deleted = Set<Int>()
            let highest = try dependableRead { () -> Int in
                var highest = 0
                _ = openLog()?.linesForward(from: 0, stoppingAtCancellation: true) { line, _ in
                    if let id = Self.reservedSnapshotID(line) { highest = max(highest, id) }
                    let (kind, parsed) = Self.classify(line)
                    switch kind {
                    case .snapshot:
                        guard let record = Self.read(line, parsed, as: SnapshotRecord.init), record.kind == "snapshot",
                            let snapshot = record.snapshot
                        else { return }
                        highest = max(highest, snapshot.id)
                        let identity = SnapshotIdentity(snapshot)
                        if wanted.contains(identity) { matching[identity, default: []].append(snapshot.id) }
                    case .deletion:
                        guard let record = Self.read(line, parsed, as: DeletionRecord.init) else { return }
                        highest = max(highest, record.id)
                        deleted.insert(record.id)
                    default: return
                    }
                }
                // Ids of lines `log compact` moved aside count too (`highestSnapshotID`).
                return max(highest, LogSeal.read(folder: folder, fileSystem)?.highestSnapshotID ?? 0)
            }
            try Self.stopIfCancelled(path)
            let present = Set(matching.filter { $0.value.contains { !deleted.contains($0) } }.keys)
            let fresh = snapshots.filter { !present.contains(SnapshotIdentity($0)) }
            let (ids, kept) = try Self.numbering(fresh.map(\.id), after: highest, field: "id")
            var bytes: [UInt8] = []
            for (snapshot, id) in zip(fresh, ids) {
                var numbered = snapshot
                numbered.id = id
                bytes += try Self.encoded(SnapshotRecord(numbered))
                bytes.append(UInt8(ascii: "\n"))
            }
            try replaceWithImport(bytes)
            return LogImportOutcome(
                numbers: ids, kept: kept, alreadyInLog: snapshots.count - fresh.count, highestBefore: highest)
        }
    }

    /// The numbers records get: `own` when every one is above `highest` and they grow, else
    /// `highest + 1`, `highest + 2`… in order.
    static func numbering(_ own: [Int], after highest: Int, field: String) throws(StoreError) -> ([Int], Bool) {
        let growing = zip(own, own.dropFirst()).allSatisfy { $0 < $1 }
        if growing, (own.first ?? highest + 1) > highest, (own.last ?? 0) <= maximumNumber { return (own, true) }
        var numbers: [Int] = []
        numbers.reserveCapacity(own.count)
        var last = highest
        for _ in own {
            last = try next(after: last, field)
            numbers.append(last)
        }
        return (numbers, false)
    }

    static func commandRecord(_ entry: HistoryEntry, number: Int) -> CommandRecord {
        CommandRecord(v: formatVersion, ts: ISOTime.string(entry.time), kind: "command", n: number, line: entry.line)
    }

    /// Puts `bytes` (whole lines) after the log's, whole or not at all: the log is copied into
    /// a temporary file beside it, `bytes` written after it (after a "\n" when the log ends in
    /// a torn line), the file synced and renamed over the log, the folder synced
    /// (`FileSystem.replace`). Under the folder's lock, which every writer of the log holds, so
    /// the copy misses no record. Nothing for none.
    ///
    /// The log is then a new file: it is sealed in a new epoch (`LogSeal`), so that
    /// `log.jsonl.index` is made again from it (`keepIndexCurrent`, the lock released) rather
    /// than trusted for it; a kill between the rename and the seal leaves a seal that no longer
    /// matches the log, which distrusts the index the same way.
    ///
    /// - Throws: `StoreError.file` when the copy cannot be written or the log read whole, or
    ///   when the task was cancelled before the rename (`stopIfCancelled`): the log is then as
    ///   it was.
    func replaceWithImport(_ bytes: [UInt8]) throws(StoreError) {
        guard !bytes.isEmpty else { return }
        _ = readFailures.take()
        let newline = UInt8(ascii: "\n")
        let replaced: Bool
        do {
            replaced = try fileSystem.replace(path) { out in
                if let file = openLog() {
                    let size = file.size
                    file.copy(0..<size, to: out)
                    let last = size > 0 ? file.bytes(in: (size - 1)..<size) : [newline]
                    file.close()
                    if last != [newline] { out.write([newline]) }
                }
                out.write(bytes)
                return readFailures.first == nil && !Task.isCancelled
            }
        } catch { throw .file(error) }
        guard replaced else {
            if let failure = readFailures.take() { throw .file(failure) }
            throw .file(Self.cancellation(path))
        }
        LogSeal.advance(folder: folder, logWas: nil, logIs: logState(), fileSystem)
        indexDue = true
    }

    /// Throws when the task this runs in is cancelled (Ctrl-C): an import stops, nothing written.
    static func stopIfCancelled(_ path: String) throws(StoreError) {
        if Task.isCancelled { throw .file(cancellation(path)) }
    }

    static func cancellation(_ path: String) -> FileError {
        FileError(cannot: "write", path, reason: "the import was cancelled; nothing was imported")
    }
}

/// What makes two commands the same for an import: the line, and when it was entered (to the
/// second, as the log keeps it).
struct CommandIdentity: Hashable {
    var seconds: Int64
    var line: String

    init(_ entry: HistoryEntry) {
        seconds = Int64(entry.time.timeIntervalSince1970.rounded(.down))
        line = entry.line
    }
}

/// What makes two snapshots the same for an import: the place (its coordinate, 4 decimals) and
/// when it was saved (to the second).
struct SnapshotIdentity: Hashable {
    var seconds: Int64
    var coordinate: Coordinate

    init(_ snapshot: Snapshot) {
        seconds = Int64(snapshot.savedAt.timeIntervalSince1970.rounded(.down))
        coordinate = snapshot.coordinate.rounded
    }
}
