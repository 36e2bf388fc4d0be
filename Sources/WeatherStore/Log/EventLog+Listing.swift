import FoundationEssentials
import WXBasics
import WeatherKit

/// What `saved` lists, passed one snapshot at a time: read from `log.jsonl.index` a line at a
/// time, then from what was folded beyond it, so that a listing of any length holds no list.
extension EventLog {
    /// Calls `body` with each snapshot `snapshots(keptForecasts: false)` lists, in its order:
    /// not deleted, oldest first, without their kept forecasts; those not yet written (id 0)
    /// last. Each call reads the list again.
    package func forEachListedSnapshot(_ body: (Snapshot) -> Void) {
        forEachListed(keepingDays: false) { snapshot, _, _ in body(snapshot) }
    }

    /// Calls `body` with each listed snapshot, the dates of the forecast days it kept (none for
    /// one that kept none) and where its record is: `saved N` gathers the days its place's
    /// snapshots kept so, from the index, without reading their records; `saved verify` reads
    /// the records of one place at a time again through `forEachSnapshot(at:)`.
    package func forEachListedSnapshotWithKeptDays(_ body: (Snapshot, [LocalDate], SnapshotLocation) -> Void) {
        forEachListed { snapshot, offset, keptDays in
            body(snapshot, keptDays, SnapshotLocation(id: snapshot.id, offset: offset))
        }
    }

    /// Calls `body` with the snapshot at each of `locations`, in their order, with its kept
    /// forecast: its record read where `locations` says it starts, the log opened once; a record
    /// not found there (the log compacted since, or an offset not known) is looked for as
    /// `snapshot(_:)` looks, and left out when not found.
    package func forEachSnapshot(at locations: [SnapshotLocation], _ body: (Snapshot) -> Void) {
        let file = openLog()
        defer { file?.close() }
        for location in locations {
            if let file, location.offset >= 0, let found = snapshotRecord(at: location.offset, in: file),
                found.id == location.id
            {
                body(found)
            } else if let found = findSnapshot(location.id) {
                body(found)
            }
        }
    }

    /// Calls `body` with each listed snapshot, where its record starts in the log (when known)
    /// and the dates of the forecast days it kept.
    ///
    /// - Parameter keepingDays: whether the kept days are read from the index; without, those
    ///   of the snapshots listed from it are passed empty.
    func forEachListed(keepingDays: Bool = true, _ body: (Snapshot, Int?, [LocalDate]) -> Void) {
        let (deleted, unwritten) = pendingSnapshots()
        // The index may be replaced by another wx between the fold and its reading: the fold is
        // then made again, once; a second time, the log is folded in memory.
        for attempt in 0..<2 {
            let folded = refreshCatalog()
            noteSkippedLines(folded)
            guard let folded else { break }
            if let indexed = listedIndex {
                // Most listings have no deletion since the index was written: no id is then looked up.
                let anyDeleted = !folded.deleted.isEmpty || !deleted.isEmpty
                let read = scanIndex(indexed, keepingDays: keepingDays) { entry in
                    if case .snapshot(let snapshot, let offset, let keptDays) = entry,
                        !anyDeleted || (!folded.deleted.contains(snapshot.id) && !deleted.contains(snapshot.id))
                    {
                        body(snapshot, offset, keptDays)
                    }
                }
                guard read else {
                    catalog = nil
                    listedIndex = nil
                    if attempt == 0 { continue }
                    for snapshot in foldWhole()?.snapshots ?? [] where !deleted.contains(snapshot.id) {
                        var listed = snapshot
                        listed.reading.forecastDays = nil
                        body(listed, nil, snapshot.reading.forecastDays?.map(\.date) ?? [])
                    }
                    break
                }
            }
            for snapshot in folded.snapshots where !deleted.contains(snapshot.id) {
                body(snapshot, folded.offsets[snapshot.id], folded.keptDays[snapshot.id] ?? [])
            }
            break
        }
        for snapshot in unwritten { body(snapshot, nil, snapshot.reading.forecastDays?.map(\.date) ?? []) }
    }
}

/// Where a listed snapshot's record starts in the log, as the list gave it, for
/// `EventLog.forEachSnapshot(at:)` to read it again with its kept forecast: 16 bytes a snapshot,
/// so that a caller can keep one for every snapshot of a log of any size.
package struct SnapshotLocation: Hashable, Sendable {
    /// The snapshot's id.
    package let id: Int
    /// The record's first byte in log.jsonl; −1 when the list did not know it.
    let offset: Int

    init(id: Int, offset: Int?) {
        self.id = id
        self.offset = offset ?? -1
    }
}
