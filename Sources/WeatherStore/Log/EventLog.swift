import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

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
    /// lists): those beyond `listedIndex` when there is one, else all.
    var catalog: SnapshotCatalog?
    /// The index `catalog` continues: the list is its snapshots, less those `catalog` deleted,
    /// then `catalog`'s.
    var listedIndex: CheckedIndex?
    /// The index last found sound (read whole once for each version of the file).
    var checkedIndexMemo: CheckedIndex?
    /// The entries of the index this wx last made afresh from the log, kept from the making so
    /// that the listing that asked for it does not read them back (`scanIndex`).
    var rebuiltListing: RebuiltListing?
    /// The most bytes of a rebuilt index's lines held in memory before they go to a file of
    /// their own (`IndexLines.heldMost`; a test sets less to write through the file).
    var indexLinesHeldMost = IndexLines.heldMost
    /// The log's size in bytes when `refreshCatalog` last opened it (a torn last line included).
    var foldedLogSize = 0
    /// Whether an append took the log past a multiple of `SnapshotIndex.rewriteAfter` bytes
    /// since the index was last brought up to date (`keepIndexCurrent`).
    var indexDue = false
    /// Lines that could not be read, counted once per session.
    package internal(set) var skippedLines = 0
    var toldSkippedLines = 0
    var toldLongLines = false
    /// Whether a command line that does not read whole was told (`noteUnreadableCommand`).
    var toldUnreadableCommands = false

    let fileSystem: any FileSystem
    /// Reads of the log that failed since `readProblem()` last told one.
    let readFailures = ReadFailures()

    /// - Parameters:
    ///   - folder: the folder holding `log.jsonl`.
    ///   - fileSystem: where the log is written (`POSIXFileSystem` in the product).
    package init(folder: String, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.folder = folder
        self.path = folder + "/log.jsonl"
        self.fileSystem = fileSystem
    }

    /// Why log.jsonl cannot be read: a read since the last call failed (EIO…), or opening it
    /// fails now — no permission (EACCES), something that is not a regular file (a FIFO, a
    /// folder) in its place, found without blocking. Nil when the file is fine or absent.
    ///
    /// What the reading methods return after such a failure is the part read before it, not the
    /// log: callers ask this before and after reading, and show the error rather than "empty".
    package func readProblem() -> StoreError? {
        if let failure = readFailures.take() { return .logNotReadable(failure) }
        do { _ = try fileSystem.openForReading(path) } catch { return .logNotReadable(error) }
        return nil
    }

    /// The log opened for reading through the seam; nil when it is absent or cannot be opened
    /// (the failure is kept for `readProblem()`).
    func openLog() -> LogFile? {
        do { return try fileSystem.openForReading(path).map { LogFile($0, failures: readFailures) } } catch {
            readFailures.record(error)
            return nil
        }
    }

    /// How log.jsonl stands now (for `LogSeal`); nil when nothing is there.
    func logState() -> LogState? { fileSystem.version(of: path).map(LogState.init) }

    /// `body`, a read that a write depends on (the next number, the highest id), unless a read
    /// of the log failed with an I/O error: a number read from part of the log could be one
    /// given already. Something that is not a regular file in the log's place is left to the
    /// append, which refuses it.
    func dependableRead<T>(_ body: () -> T) throws(StoreError) -> T {
        let value = body()
        if let failure = readFailures.first, failure.code != nil {
            _ = readFailures.take()
            throw .file(failure)
        }
        return value
    }

    /// The largest history number or snapshot id: 2^53 − 1. Below 2^53 a JSON number (a Double)
    /// holds every integer exactly and no other integer reads as it; 2^53 itself is also what
    /// 2^53 + 1 reads as, so a number read is only trusted below it. Numbers read beyond this
    /// make the record unreadable; none is given beyond it (`StoreError.numbersExhausted`), so
    /// the `+ 1` that makes the next never overflows.
    package static let maximumNumber = (1 << 53) - 1

    /// The number after `last`, unless `last` is the largest there is.
    static func next(after last: Int, _ field: String) throws(StoreError) -> Int {
        guard last >= 0, last < maximumNumber else { throw .numbersExhausted(.log, field: field) }
        return last + 1
    }

    /// A record whose write failed (full disk, read-only file system…), kept in memory and
    /// written, in order, before the next record that can be written.
    enum PendingRecord {
        case command(line: String, time: Date)
        /// Its id is assigned when it is written.
        case snapshot(Snapshot)
        case deletion(id: Int, time: Date)
    }

    var pending: [PendingRecord] = []
    /// How many of the first commands in `pending` are there only because another process held
    /// the lock a moment (`appendCommand`), not because a write failed.
    var commandsHeldBack = 0
    var notes: [StoreNote] = []

    /// Whether some records exist only in memory.
    package var hasUnwrittenRecords: Bool { !pending.isEmpty }

    /// Whether some records exist only in memory because their write failed (a full disk, a
    /// read-only log), not only because another process held the lock a moment when a history
    /// line came (`commandsHeldBack`): a write that waits for the lock may still succeed, and
    /// writes those first.
    package var hasRecordsWhoseWriteFailed: Bool { pending.count > commandsHeldBack }

    /// What the log did on its own since the last call (records kept in memory were written,
    /// unreadable lines were skipped), to tell the user once.
    package func takeNotes() -> [StoreNote] {
        defer { notes = [] }
        return notes
    }
}
