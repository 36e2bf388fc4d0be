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
            highestSnapshotID: max(first.highestSnapshotID, second.highestSnapshotID))
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

/// `EventLog.ownCommandReadsWhole` for one line after another: the dates of times that read
/// are remembered, so that a line of a day seen before (most of a log: a person types many
/// commands a day) has only its time of day checked. A time reads (`ISOTime.wholeSecondsUTC`)
/// exactly when its date part (`YYYY-MM-DD`) and its time part (`THH:MM:SSZ`) each do, so the
/// answer is the same as checking every line afresh.
struct OwnCommandCheck {
    /// The first 8 and the next 2 bytes of the last date that read; nil before any.
    private var lastDate: (UInt64, UInt16)?
    /// Dates that read, in a table of `datesKept` places by a hash of their bytes (0, no date's
    /// first bytes, where none is kept): a log's commands fall on some thousand days, not one
    /// after another, and each day's date is then checked once, not on each line that comes
    /// back to it.
    private var knownDates = [UInt64](repeating: 0, count: datesKept)
    private var knownDays = [UInt16](repeating: 0, count: datesKept)
    private static let datesKept = 4096

    init() {}

    /// Whether `line`, in wx's own command layout, reads whole (`EventLog.ownCommandReadsWhole`);
    /// nil for any other line.
    mutating func readsWhole(_ line: UnsafeRawBufferPointer) -> Bool? {
        let ownCommandStart = EventLog.ownCommandStart
        guard LogFile.starts(line, with: ownCommandStart) else { return nil }
        let count = line.count
        var index = ownCommandStart.count
        let textStart = index
        var ascii = true
        while index < count {
            // Eight bytes at a time while none of them is a quote, a backslash, a control
            // character or beyond ASCII (SWAR: a byte's high bit set in `special` marks one).
            if index + 8 <= count {
                let word = line.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
                let special =
                    ((word &- ones &* 0x20) & ~word & highs) | zeroByte(word ^ (ones &* 0x22))
                    | zeroByte(word ^ (ones &* 0x5C)) | (word & highs)
                if special == 0 {
                    index += 8
                    continue
                }
            }
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count else { return nil }
                switch line[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                    continue
                default: return nil
                }
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        guard index < count else { return nil }
        if !ascii, String(validating: line[textStart..<index], as: UTF8.self) == nil { return nil }
        func literal(_ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= count, memcmp(line.baseAddress! + index, text.utf8Start, length) == 0 else {
                return false
            }
            index += length
            return true
        }
        /// An integer of 1 to 15 digits, without leading zeros (JSON's): below 2^53, exact.
        func integer(positive: Bool) -> Bool {
            let start = index
            while index < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]) { index += 1 }
            let digits = index - start
            guard (1...15).contains(digits) else { return false }
            if line[start] == UInt8(ascii: "0") { return !positive && digits == 1 }
            return true
        }
        guard literal(#"","n":"#), integer(positive: true), literal(#","ts":""#), index + 20 <= count,
            timeReads(UnsafeRawBufferPointer(rebasing: line[index..<(index + 20)]))
        else { return nil }
        index += 20
        guard literal(#"","v":"#), integer(positive: false), index == count - 1,
            line[index] == UInt8(ascii: "}")
        else { return nil }
        return true
    }

    /// Whether the 20 bytes `time` are a time `ISOTime.wholeSecondsUTC` reads ("YYYY-MM-DDTHH:MM:SSZ").
    private mutating func timeReads(_ time: UnsafeRawBufferPointer) -> Bool {
        let date = (time.loadUnaligned(as: UInt64.self), time.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        if lastDate.map({ $0 != date }) ?? true {
            // 12 bits of the date's bytes, mixed (Fibonacci hashing).
            let place = Int(truncatingIfNeeded: ((date.0 ^ UInt64(date.1) << 48) &* 0x9E37_79B9_7F4A_7C15) >> 52)
            guard knownDates[place] == date.0, knownDays[place] == date.1 else {
                guard ISOTime.isWholeSecondsUTC(time) else { return false }
                lastDate = date
                knownDates[place] = date.0
                knownDays[place] = date.1
                return true
            }
            lastDate = date
        }
        // The same date as a time that read: the rest as `wholeSecondsUTC` checks it.
        func digit(_ index: Int) -> Int? {
            let value = Int(time[index]) &- 0x30
            return (0...9).contains(value) ? value : nil
        }
        guard time[10] == UInt8(ascii: "T"), time[13] == UInt8(ascii: ":"), time[16] == UInt8(ascii: ":"),
            time[19] == UInt8(ascii: "Z"), let h1 = digit(11), let h2 = digit(12), let m1 = digit(14),
            digit(15) != nil, let s1 = digit(17), digit(18) != nil
        else { return false }
        return h1 * 10 + h2 < 24 && m1 < 6 && s1 < 6
    }
}
