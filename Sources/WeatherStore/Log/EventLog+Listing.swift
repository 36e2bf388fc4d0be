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
        forEachListed { snapshot, _, _ in body(snapshot) }
    }

    /// Calls `body` with each listed snapshot and the dates of the forecast days it kept (none
    /// for one that kept none): `saved N` gathers the days its place's snapshots kept so, from
    /// the index, without reading their records.
    package func forEachListedSnapshotWithKeptDays(_ body: (Snapshot, [LocalDate]) -> Void) {
        forEachListed { snapshot, _, keptDays in body(snapshot, keptDays) }
    }

    /// Calls `body` with each listed snapshot, where its record starts in the log (when known)
    /// and the dates of the forecast days it kept.
    func forEachListed(_ body: (Snapshot, Int?, [LocalDate]) -> Void) {
        let (deleted, unwritten) = pendingSnapshots()
        // The index may be replaced by another wx between the fold and its reading: the fold is
        // then made again, once; a second time, the log is folded in memory.
        for attempt in 0..<2 {
            let folded = refreshCatalog()
            noteSkippedLines(folded)
            guard let folded else { break }
            if let indexed = listedIndex {
                let read = scanIndex(indexed) { entry in
                    if case .snapshot(let snapshot, let offset, let keptDays) = entry,
                        !folded.deleted.contains(snapshot.id), !deleted.contains(snapshot.id)
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
