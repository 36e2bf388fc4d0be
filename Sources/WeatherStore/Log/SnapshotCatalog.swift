import FoundationEssentials
import WXBasics
import WeatherKit

/// The snapshot records of log.jsonl's first `coveredBytes` bytes, folded: each snapshot not
/// deleted (without its kept forecast, which `saved` does not list), the ids deleted and the lines
/// that could not be read.
///
/// A log of a million lines is almost all commands: `saved` lists from this, kept in memory for a
/// session and in `log.jsonl.index` beside the log (`SnapshotIndex`), and folds only what was
/// appended since.
struct SnapshotCatalog: Equatable {
    /// The log it was folded from: device and inode.
    var device: UInt64
    var inode: UInt64
    /// The `LogSeal` epoch of the log it was folded from; 0 when the log was not sealed (changed
    /// by something other than this wx since it last wrote): such a catalog is never kept.
    var epoch: UInt64 = 0
    /// How much of the log is folded: the offset after its last complete line.
    var coveredBytes = 0
    /// `SnapshotIndex.fingerprint` of the covered bytes: a log rewritten in place, same inode and
    /// at least as long, is told apart.
    var fingerprint: UInt64 = 0
    /// Snapshots not deleted, by id ascending (ids grow along the log).
    private(set) var snapshots: [Snapshot] = []
    var deleted: Set<Int> = []
    /// Where each listed snapshot's record starts in the log, by id, when known (`saved N` reads
    /// the record there).
    var offsets: [Int: Int] = [:]
    /// The dates of the forecast days each listed snapshot kept, by id, when it kept any: what
    /// `saved N` asks the archive for is the range of those of its place (`keptDays`).
    var keptDays: [Int: [LocalDate]] = [:]
    /// Lines of the covered bytes that could not be read (unreadable, or too long to be a record).
    var skippedLines = 0
    /// What `log` counts in the covered bytes (all of them, also where a list continues an index).
    var counts = LogCounts()
    /// Whether snapshots keep `reading.forecastDays` (a fold of the whole log for `--json` and
    /// `export`); never so in the index.
    var keepingForecasts = false
    /// How many entries of `snapshots` were deleted while folding: they stay, their ids in
    /// `deleted`, until `finishFold` removes them all at once (removing each at once would move
    /// the rest of the array for every deletion).
    private var removed = 0

    init(device: UInt64, inode: UInt64, keepingForecasts: Bool = false) {
        self.device = device
        self.inode = inode
        self.keepingForecasts = keepingForecasts
    }

    init(device: UInt64, inode: UInt64, snapshots: [Snapshot]) {
        self.init(device: device, inode: inode)
        self.snapshots = snapshots
    }

    /// Where `id` is in `snapshots`, or where it would go.
    private func position(of id: Int) -> Int {
        var low = 0
        var high = snapshots.count
        while low < high {
            let middle = (low + high) / 2
            if snapshots[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Takes in a snapshot record, unless its id was deleted before it; a second record with the
    /// same id replaces the first.
    mutating func add(_ snapshot: Snapshot, offset: Int? = nil) {
        guard !deleted.contains(snapshot.id) else { return }
        offsets[snapshot.id] = offset
        let days = snapshot.reading.forecastDays?.map(\.date) ?? []
        keptDays[snapshot.id] = days.isEmpty ? nil : days
        var listed = snapshot
        if !keepingForecasts { listed.reading.forecastDays = nil }
        guard let last = snapshots.last, last.id >= snapshot.id else {
            snapshots.append(listed)
            return
        }
        // Not in order: a log an older wx wrote, or edited by hand.
        let index = position(of: snapshot.id)
        if index < snapshots.count, snapshots[index].id == snapshot.id {
            snapshots[index] = listed
        } else {
            snapshots.insert(listed, at: index)
        }
    }

    mutating func delete(_ id: Int) {
        guard deleted.insert(id).inserted else { return }
        let index = position(of: id)
        if index < snapshots.count, snapshots[index].id == id { removed += 1 }
    }

    /// Drops the entries deleted while folding.
    mutating func finishFold() {
        guard removed > 0 else { return }
        snapshots.removeAll { deleted.contains($0.id) }
        for id in deleted {
            offsets[id] = nil
            keptDays[id] = nil
        }
        removed = 0
    }
}
