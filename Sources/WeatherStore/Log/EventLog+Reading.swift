import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

extension EventLog {
    /// Snapshots not deleted, oldest first; those not yet written (id 0) last.
    ///
    /// - Parameter keptForecasts: whether each comes with the forecast kept with it
    ///   (`reading.forecastDays`), read from the whole log; without them (false), the list comes
    ///   from `log.jsonl.index` and the part of the log appended since (`forEachListedSnapshot`,
    ///   which passes them one at a time rather than in an array).
    package func snapshots(keptForecasts: Bool = true) -> [Snapshot] {
        guard keptForecasts else {
            var listed: [Snapshot] = []
            forEachListedSnapshot { listed.append($0) }
            return listed
        }
        let folded = foldWhole()
        noteSkippedLines(folded)
        let (deleted, unwritten) = pendingSnapshots()
        guard let folded else { return unwritten }
        guard !deleted.isEmpty || !unwritten.isEmpty else { return folded.snapshots }
        return folded.snapshots.filter { !deleted.contains($0.id) } + unwritten
    }

    /// Keeps `folded`'s count of unreadable lines, and tells them once.
    func noteSkippedLines(_ folded: SnapshotCatalog?) {
        skippedLines = folded?.skippedLines ?? 0
        if skippedLines > toldSkippedLines {
            // Reading snapshots does not parse every command line, so this is not a count:
            // `log` reads every line whole and gives one.
            notes.append(.unreadableLinesSkipped)
            toldSkippedLines = skippedLines
        }
    }

    /// What the records kept in memory change in the list: snapshots not yet written, and
    /// deletions not yet written.
    func pendingSnapshots() -> (deleted: Set<Int>, unwritten: [Snapshot]) {
        var deleted = Set<Int>()
        var unwritten: [Snapshot] = []
        for record in pending {
            switch record {
            case .snapshot(let snapshot): unwritten.append(snapshot)
            case .deletion(let id, _): deleted.insert(id)
            case .command: break
            }
        }
        return (deleted, unwritten)
    }

    /// The snapshot with `id`, unless deleted.
    package func snapshot(_ id: Int) -> Snapshot? { findSnapshot(id) }

    /// Whether snapshot `id` was deleted (a deletion in the log, or one kept in memory).
    package func wasDeleted(_ id: Int) -> Bool {
        for case .deletion(id, _) in pending { return true }
        guard let folded = refreshCatalog() else { return false }
        return folded.deleted.contains(id) || indexEntry(id)?.deleted == true
    }

    /// Snapshot `id` with its kept forecast: its record read where the list says it starts
    /// (`log.jsonl.index` keeps each record's offset), else read backwards from the end of the
    /// log. Ids grow along a log wx wrote, so that search stops at a smaller one; a log edited by
    /// hand may hold them out of order: when the list has the id all the same, the whole log is
    /// looked through.
    ///
    /// What the list says wins: a snapshot record that comes again after its deletion (a log
    /// edited by hand) stays deleted, as `saved` lists it.
    func findSnapshot(_ id: Int) -> Snapshot? {
        for case .deletion(id, _) in pending { return nil }
        guard let folded = refreshCatalog() else { return nil }
        guard !folded.deleted.contains(id) else { return nil }
        var offset: Int?
        if folded.snapshots.contains(where: { $0.id == id }) {
            offset = folded.offsets[id]
        } else if let entry = indexEntry(id), !entry.deleted {
            offset = entry.offset
        } else {
            return nil
        }
        if let offset, let found = snapshotRecord(at: offset), found.id == id { return found }
        if let found = searchBackwards(for: id, stoppingAtSmaller: true) { return found }
        return searchBackwards(for: id, stoppingAtSmaller: false)
    }

    /// What `listedIndex` says of `id`: deleted, or listed with its record's offset (when
    /// known); nil when it does not name it (or there is no index).
    func indexEntry(_ id: Int) -> (deleted: Bool, offset: Int?)? {
        guard let indexed = listedIndex, id <= indexed.header.highest else { return nil }
        var found: (deleted: Bool, offset: Int?)?
        var decoder = SnapshotIndex.LineDecoder()
        _ = scanIndexLines(indexed) { line in
            guard found == nil, SnapshotIndex.id(of: line) == id, let entry = decoder.entry(line) else { return }
            switch entry {
            case .deletion: found = (true, nil)
            case .snapshot(_, let offset, _): found = (false, offset)
            }
        }
        return found
    }

    /// The snapshot whose record starts at `offset` in the log, with its kept forecast; nil
    /// when no snapshot record starts there — also when the log is shorter than `offset` (another
    /// wx compacted it after the index was read: a range from past the end trapped, SIGILL).
    func snapshotRecord(at offset: Int) -> Snapshot? {
        guard let file = openLog() else { return nil }
        defer { file.close() }
        return snapshotRecord(at: offset, in: file)
    }

    /// `snapshotRecord(at:)` in the log open in `file`.
    func snapshotRecord(at offset: Int, in file: LogFile) -> Snapshot? {
        guard offset >= 0, offset < file.size else { return nil }
        // Most records are a few hundred bytes: read more only when the line goes on.
        var length = 4096
        while true {
            let bytes = file.bytes(in: offset..<min(file.size, offset + length))
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                return bytes.withUnsafeBytes { raw -> Snapshot? in
                    let line = UnsafeRawBufferPointer(rebasing: raw[..<newline])
                    let (kind, parsed) = Self.classify(line)
                    guard kind == .snapshot, let record = Self.read(line, parsed, as: SnapshotRecord.init),
                        record.kind == "snapshot"
                    else { return nil }
                    return record.snapshot
                }
            }
            guard bytes.count == length, length <= LogFile.longestLine else { return nil }
            length *= 4
        }
    }

    func searchBackwards(for id: Int, stoppingAtSmaller: Bool) -> Snapshot? {
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
    func backwards(_ body: (UnsafeRawBufferPointer) -> Bool) {
        guard let file = openLog() else { return }
        if file.linesBackwards(body) > 0, !toldLongLines {
            toldLongLines = true
            notes.append(.unreadableLinesSkipped)
        }
    }

    /// The highest snapshot id given so far: that of the last snapshot line (0 when none) —
    /// ids grow along a log wx wrote — read from a line that does not read whole as far as it
    /// can be (`reservedSnapshotID`); or, in a log edited by hand, a higher one the list (as
    /// last folded, deleted ids included) has seen; or the highest the seal keeps
    /// (`LogSeal.highestSnapshotID`: ids of lines `log compact` moved aside). Under the lock:
    /// the list is not folded again here.
    func highestSnapshotID() -> Int {
        let sealed = LogSeal.read(folder: folder, fileSystem)?.highestSnapshotID ?? 0
        guard let catalog, catalog.inode == logState()?.inode else { return max(lastSnapshotID(), sealed) }
        return max(
            lastSnapshotID(), catalog.snapshots.last?.id ?? 0, catalog.deleted.max() ?? 0,
            listedIndex?.header.highest ?? 0, sealed)
    }

    /// The id of the last snapshot line whose id can be read (0 when none), whether or not the
    /// rest of it reads (`reservedSnapshotID`).
    func lastSnapshotID() -> Int {
        var highest: Int?
        backwards { line in
            highest = Self.reservedSnapshotID(line)
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
            guard let entry = readHistoryEntry(line) else { return true }
            if !collapsingRepeats || entries.last?.line != entry.line { entries.append(entry) }
            return entries.count < count
        }
        guard !pending.isEmpty else { return entries.reversed() }
        // The commands kept in memory come after the log's (trial 15: in a read-only home
        // `history` listed none of the session's lines, and `!N` could not reach them).
        var listed = Array(entries.reversed())
        for entry in pendingHistory(after: entries.first?.number ?? lastCommandNumber() ?? 0)
        where !collapsingRepeats || listed.last?.line != entry.line {
            listed.append(entry)
        }
        return Array(listed.suffix(count))
    }

    /// The commands kept in memory (the log could not be written), numbered on from `last`, the
    /// log's last command number, as they are to be when written (unless another wx writes first).
    func pendingHistory(after last: Int) -> [HistoryEntry] {
        var number = last
        return pending.compactMap { record in
            guard case .command(let line, let time) = record else { return nil }
            number += 1
            return HistoryEntry(number: number, line: line, time: time)
        }
    }

    /// The most recent command whose line `matches`, read backwards from the end of the log;
    /// nil when none does.
    package func lastCommand(where matches: (String) -> Bool) -> HistoryEntry? {
        if !pending.isEmpty,
            let kept = pendingHistory(after: lastCommandNumber() ?? 0).last(where: { matches($0.line) })
        {
            return kept
        }
        var found: HistoryEntry?
        openLog()?.linesBackwards { line in
            guard let entry = readHistoryEntry(line), matches(entry.line) else { return true }
            found = entry
            return false
        }
        return found
    }

    /// Every command of the log, oldest first, read forwards in bounded memory (`export history`
    /// of a log of any size). The read stops within a chunk (256 KiB) once the task is
    /// cancelled (Ctrl-C): `body` has then seen the commands before that point.
    ///
    /// - Throws: `StoreError.logNotReadable` when the log cannot be read, or a read fails on the
    ///   way: `body` has then seen only the commands before the failure.
    package func forEachCommand(_ body: (HistoryEntry) -> Void) throws(StoreError) {
        if let problem = readProblem() { throw problem }
        var long = 0
        _ = openLog()?.linesForward(from: 0, long: { _ in long += 1 }, stoppingAtCancellation: true) { line, _ in
            if let entry = readHistoryEntry(line) { body(entry) }
        }
        if let failure = readFailures.take() { throw .logNotReadable(failure) }
        // Said as reading the history backwards says it.
        if long > 0, !toldLongLines {
            toldLongLines = true
            notes.append(.unreadableLinesSkipped)
        }
    }

    /// The snapshots `snapshots()` lists, with their kept forecasts, in the same order, read in
    /// bounded memory (`export snapshots` and `saved --json` of a log of any size): one pass finds
    /// the deleted ids, a second passes each snapshot as it is read; what is held is the set of
    /// deleted ids. A log whose ids do not grow along it (edited by hand) is folded whole
    /// instead, as `snapshots()` does. Lines that cannot be read are counted and told
    /// (`skippedLines`, `takeNotes`) as `snapshots()` tells them.
    ///
    /// Both passes stop within a chunk (256 KiB) once the task is cancelled (Ctrl-C).
    ///
    /// - Throws: `StoreError.logNotReadable` when the log cannot be read, or a read fails on the
    ///   way: `body` may have seen some snapshots then.
    package func forEachSnapshot(_ body: (Snapshot) -> Void) throws(StoreError) {
        if let problem = readProblem() { throw problem }
        let unwritten = pendingSnapshots().unwritten
        var deleted = pendingSnapshots().deleted
        var inOrder = true
        var last = 0
        // Counted as `fold` counts them, so that the note is the one `snapshots()` gives.
        var skipped = 0
        _ = openLog()?.linesForward(from: 0, long: { _ in skipped += 1 }, stoppingAtCancellation: true) { line, _ in
            let (kind, parsed) = Self.classify(line)
            switch kind {
            case .command:
                if !LogFile.starts(line, with: Self.sortedCommandPrefix), Self.commandEntry(line, parsed: parsed) == nil
                {
                    skipped += 1
                }
            case .deletion:
                guard let record = Self.read(line, parsed, as: DeletionRecord.init) else {
                    skipped += 1
                    return
                }
                deleted.insert(record.id)
            case .snapshot:
                guard let record = Self.read(line, parsed, as: SnapshotRecord.init), record.kind == "snapshot",
                    let snapshot = record.snapshot
                else {
                    skipped += 1
                    return
                }
                if snapshot.id <= last { inOrder = false }
                last = max(last, snapshot.id)
            case .unreadable: skipped += 1
            case .other: break
            }
        }
        if let failure = readFailures.take() { throw .logNotReadable(failure) }
        if Task.isCancelled { return }
        guard inOrder else {
            for snapshot in snapshots() { body(snapshot) }
            if let problem = readProblem() { throw problem }
            return
        }
        skippedLines = skipped
        if skippedLines > toldSkippedLines {
            notes.append(.unreadableLinesSkipped)
            toldSkippedLines = skippedLines
        }
        _ = openLog()?.linesForward(from: 0, stoppingAtCancellation: true) { line, _ in
            let (kind, parsed) = Self.classify(line)
            guard kind == .snapshot, let record = Self.read(line, parsed, as: SnapshotRecord.init),
                record.kind == "snapshot", let snapshot = record.snapshot, !deleted.contains(snapshot.id)
            else { return }
            body(snapshot)
        }
        if let failure = readFailures.take() { throw .logNotReadable(failure) }
        unwritten.forEach(body)
    }

    /// The command with history number `number`.
    package func command(number: Int) -> HistoryEntry? {
        if !pending.isEmpty,
            let kept = pendingHistory(after: lastCommandNumber() ?? 0).first(where: { $0.number == number })
        {
            return kept
        }
        // Found where the log says it is (`commands(from:)`): read backwards from the end, `!6`
        // in a log of a million lines read all of it.
        var found: HistoryEntry?
        commands(from: number) { entry in
            if entry.number == number { found = entry }
            return false
        }
        return found
    }

    /// Commands `range` (inclusive), oldest first: read from where the first is in the log on
    /// (`commands(from:)`), not backwards from the end.
    package func commands(in range: ClosedRange<Int>) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        commands(from: range.lowerBound) { entry in
            guard entry.number <= range.upperBound else { return false }
            entries.append(entry)
            return true
        }
        guard !pending.isEmpty else { return entries }
        return entries + pendingHistory(after: lastCommandNumber() ?? 0).filter { range.contains($0.number) }
    }

    func lastCommandNumber() -> Int? {
        var number: Int?
        backwards { line in
            number = readHistoryEntry(line)?.number
            return number == nil
        }
        return number
    }

    /// `historyEntry(line)`, a line that claims kind "command" and does not read whole (a
    /// number of 0 or below, or beyond `maximumNumber`; a bad time) told once a session as
    /// unreadable snapshot lines are (`StoreNote.unreadableLinesSkipped`): trial 62 — such a
    /// line was skipped by `history`, Up and `!N` without a word.
    func readHistoryEntry(_ line: UnsafeRawBufferPointer) -> HistoryEntry? {
        let (kind, parsed) = Self.classify(line)
        guard kind == .command else { return nil }
        if let entry = Self.commandEntry(line, parsed: parsed) { return entry }
        noteUnreadableCommand()
        return nil
    }

    /// Tells, once a session, that a command line could not be read — unless the same note is
    /// waiting to be told already (a snapshot line's, a long line's).
    func noteUnreadableCommand() {
        guard !toldUnreadableCommands else { return }
        toldUnreadableCommands = true
        if !notes.contains(.unreadableLinesSkipped) { notes.append(.unreadableLinesSkipped) }
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
}
