import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

extension EventLog {
    /// Appends a command record and returns its history number.
    ///
    /// The lock is waited for only a moment (`LockWait.briefly`): a history line is not worth
    /// holding back the command it records. When another process holds the lock longer, the line
    /// is kept in memory, listed by `history`, and written with the next record (or by
    /// `writeKeptRecords()` as wx ends); the number returned is then 0.
    ///
    /// - Throws: `StoreError.recordTooLong` when its record would be longer than wx reads back
    ///   (nothing is kept then); another `StoreError` when the log cannot be written: the command
    ///   is then kept and written with the next record that can be.
    @discardableResult
    package func appendCommand(_ line: String, at time: Date) throws(StoreError) -> Int {
        // Measured with the largest number it could get, before anything is kept or written.
        _ = try Self.encoded(
            CommandRecord(
                v: Self.formatVersion, ts: ISOTime.string(time), kind: "command", n: Self.maximumNumber, line: line))
        defer { keepIndexCurrent() }
        do {
            return try StoreFiles.locked(folder, fileSystem, wait: .briefly) { () throws(StoreError) -> Int in
                try writePending()
                let number = try Self.next(after: dependableRead { lastCommandNumber() ?? 0 }, "n")
                try append(
                    CommandRecord(
                        v: Self.formatVersion, ts: ISOTime.string(time), kind: "command", n: number, line: line))
                return number
            }
        } catch {
            pending.append(.command(line: line, time: time))
            if error.lockWaitEnd == .held {
                commandsHeldBack += 1
                return 0
            }
            throw error
        }
    }

    /// Writes the records kept in memory (`hasUnwrittenRecords`), waiting for the lock as a
    /// change does (`LockWait.bounded`): as wx ends, so that a history line held back while
    /// another process held the lock is not lost.
    ///
    /// - Throws: `StoreError` when they could not be written; they stay in memory.
    package func writeKeptRecords() throws(StoreError) {
        guard !pending.isEmpty else { return }
        defer { keepIndexCurrent() }
        try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) in try writePending() }
    }

    /// Appends a snapshot record with the next free id. Texts from services are bounded first
    /// (`Snapshot.bounded`): a place name is cut to `Snapshot.longestPlaceName` characters, a
    /// time zone name longer than any IANA name is left out.
    ///
    /// - Throws: `StoreError.recordTooLong` when its record would still be longer than wx reads
    ///   back (nothing is kept then); `StoreError.snapshotKeptInMemory` when the log cannot be
    ///   written: the snapshot is then kept in memory (listed by `snapshots()` with id 0) and
    ///   written with the next record that can be.
    package func appendSnapshot(
        placeName: String, coordinate: Coordinate, utcOffsetSeconds: Int, timeZone: String?,
        reading: SnapshotReading, daysAreUTC: Bool = false, at time: Date
    ) throws(StoreError) -> Snapshot {
        try appendSnapshot(
            placeName: placeName, coordinate: coordinate, utcOffsetSeconds: utcOffsetSeconds, timeZone: timeZone,
            reading: reading, daysAreUTC: daysAreUTC, at: time, unlessSaved: nil
        ).snapshot
    }

    /// Appends a snapshot record as `appendSnapshot(placeName:…)` does, unless a snapshot in the
    /// log is `isSame` as it (`save` of a reading saved already). The log is checked as listed,
    /// then again under the lock for what other processes appended since: of two wx saving the
    /// same reading at once, one writes it and the other is told it is there.
    ///
    /// - Parameters:
    ///   - daysAreUTC: whether the kept forecast's days are UTC days (`Snapshot.daysAreUTC`).
    ///   - isSame: whether a written snapshot (id above 0, not deleted) is the one being saved;
    ///     nil to append whatever is there.
    /// - Throws: as `appendSnapshot(placeName:…)`.
    package func appendSnapshot(
        placeName: String, coordinate: Coordinate, utcOffsetSeconds: Int, timeZone: String?,
        reading: SnapshotReading, daysAreUTC: Bool = false, at time: Date, unlessSaved isSame: ((Snapshot) -> Bool)?
    ) throws(StoreError) -> SnapshotAppend {
        var checkedUpTo: (inode: UInt64, size: Int)?
        if let isSame {
            var kept: Snapshot?
            forEachListedSnapshot { if $0.id > 0, isSame($0) { kept = $0 } }
            if let kept { return .savedAlready(kept) }
            checkedUpTo = catalog.map { ($0.inode, foldedLogSize) }
        }
        var snapshot = Snapshot(
            id: Self.maximumNumber, savedAt: time, placeName: placeName, coordinate: coordinate.rounded,
            utcOffsetSeconds: utcOffsetSeconds, timeZone: timeZone, reading: reading, daysAreUTC: daysAreUTC
        ).bounded
        // Measured with the largest id it could get, before anything is kept or written.
        _ = try Self.encoded(SnapshotRecord(snapshot))
        snapshot.id = 0
        // The list, brought up to date before the lock is taken (it may take it itself): its
        // highest id counts too (`highestSnapshotID`).
        _ = refreshCatalog()
        defer { keepIndexCurrent() }
        do {
            return try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) -> SnapshotAppend in
                // A snapshot of this reading kept in memory after a failed write is written now:
                // that one is this save's, not another wx's.
                let ownFrom = logState()?.size ?? 0
                try writePending()
                if let isSame, let found = try appendedSince(checkedUpTo, where: isSame) {
                    return found.offset.map { $0 >= ownFrom } == true
                        ? .saved(found.snapshot) : .savedAlready(found.snapshot)
                }
                snapshot.id = try Self.next(after: dependableRead { highestSnapshotID() }, "id")
                try append(SnapshotRecord(snapshot))
                return .saved(snapshot)
            }
        } catch {
            snapshot.id = 0
            pending.append(.snapshot(snapshot))
            throw .snapshotKeptInMemory(error)
        }
    }

    /// The last snapshot `isSame` as one being saved among those appended to the log after
    /// `checked` (its inode and size when it was last listed; the whole log when it was not, or
    /// it was replaced since), with where its record starts. Under the lock.
    func appendedSince(_ checked: (inode: UInt64, size: Int)?, where isSame: (Snapshot) -> Bool)
        throws(StoreError) -> (snapshot: Snapshot, offset: Int?)?
    {
        guard let file = openLog() else { return nil }
        let start = checked.flatMap { $0.inode == file.inode && $0.size <= file.size ? $0.size : nil } ?? 0
        var appended = SnapshotCatalog(device: file.device, inode: file.inode)
        _ = file.linesForward(from: start) { line, offset in Self.fold(line, offset: offset, into: &appended) }
        let found = try dependableRead {
            appended.snapshots.last { $0.id > 0 && !appended.deleted.contains($0.id) && isSame($0) }
        }
        return found.map { ($0, appended.offsets[$0.id]) }
    }

    /// Appends a deletion record for snapshot `id`.
    ///
    /// - Throws: `StoreError.noSuchSnapshot` when it does not exist (or is deleted already);
    ///   `.deletionKeptInMemory` when the log cannot be written — the deletion then holds for
    ///   this session and is written with the next record that can be.
    package func deleteSnapshot(_ id: Int, at time: Date) throws(StoreError) -> Snapshot {
        guard let snapshot = findSnapshot(id) else { throw .noSuchSnapshot(id) }
        defer { keepIndexCurrent() }
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
    func writePending() throws(StoreError) {
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
                let number = try Self.next(after: dependableRead { lastCommandNumber() ?? 0 }, "n")
                try append(
                    CommandRecord(
                        v: Self.formatVersion, ts: ISOTime.string(time), kind: "command", n: number, line: line))
                // One held back only for the lock another process held is not news.
                if commandsHeldBack > 0 { commandsHeldBack -= 1 } else { commands += 1 }
            case .snapshot(var snapshot):
                snapshot.id = try Self.next(after: dependableRead { highestSnapshotID() }, "id")
                try append(SnapshotRecord(snapshot))
                snapshotIDs.append(snapshot.id)
            case .deletion(let id, let time):
                try append(
                    DeletionRecord(v: Self.formatVersion, ts: ISOTime.string(time), kind: "snapshot.deleted", id: id))
            }
            pending.removeFirst()
        }
    }

    func append(_ record: some Encodable) throws(StoreError) {
        try appendLine(try Self.encoded(record))
    }

    /// A command record, encoded without JSONEncoder (`CommandRecord.sortedJSON`).
    func append(_ record: CommandRecord) throws(StoreError) {
        try appendLine(try Self.encoded(record))
    }

    /// Appends one record's line, synced before it returns unless not `durable` (a look).
    func appendLine(_ encoded: [UInt8], durable: Bool = true) throws(StoreError) {
        var bytes = encoded
        bytes.append(UInt8(ascii: "\n"))
        try appendSealed(bytes, durable: durable)
    }

    /// Appends `bytes` (whole lines) and seals the log as it then is (under the lock); notes
    /// when the log grew past a multiple of `SnapshotIndex.rewriteAfter` (`keepIndexCurrent`).
    func appendSealed(_ bytes: [UInt8], durable: Bool = true) throws(StoreError) {
        let before = logState()
        try StoreFiles.appendLine(bytes, to: path, fileSystem, durable: durable)
        let after = logState()
        LogSeal.advance(folder: folder, logWas: before, logIs: after, fileSystem)
        let step = SnapshotIndex.rewriteAfter
        if let after, after.size / step != (before?.size ?? 0) / step { indexDue = true }
    }

    /// Once an append took the log past a multiple of `SnapshotIndex.rewriteAfter` bytes (the
    /// lock released): brings the snapshot list, and so `log.jsonl.index`, up to the log's end
    /// (`refreshCatalog`: written again once that much lies beyond it, made when there is none).
    /// So the index is kept current as the log grows — `saved` and `log` read at most a couple
    /// of MiB of the log beyond it — and only a log whose index is gone, or was changed by
    /// another program, has it made from the whole log. Free at other appends: the sizes are
    /// those the seal takes anyway.
    func keepIndexCurrent() {
        guard indexDue else { return }
        indexDue = false
        _ = refreshCatalog()
    }
}

/// What `appendSnapshot(…unlessSaved:)` did.
package enum SnapshotAppend: Sendable {
    /// Written, with its new id.
    case saved(Snapshot)
    /// Not written: this snapshot in the log is the same.
    case savedAlready(Snapshot)

    /// The snapshot written or found.
    package var snapshot: Snapshot {
        switch self {
        case .saved(let snapshot), .savedAlready(let snapshot): snapshot
        }
    }
}
