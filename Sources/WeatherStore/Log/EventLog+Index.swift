import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `log.jsonl.index` read and written in pieces: a listing, a lookup or a rebuild holds a line
/// of it at a time, never the whole list, whatever the number of snapshots.
extension EventLog {
    var indexPath: String { folder + "/" + SnapshotIndex.name }

    /// The index file read whole once and found sound: which version of the file, and its header.
    struct CheckedIndex: Equatable {
        var version: FileVersion
        var header: SnapshotIndex.Header
    }

    /// The index opened, its header line read; nil when it is absent, not a regular file (a FIFO
    /// is refused without blocking), or does not start with a header of this version.
    func openIndex() -> (header: SnapshotIndex.Header, file: LogFile)? {
        guard let opened = (try? fileSystem.openForReading(indexPath)) ?? nil else { return nil }
        // Its own failures: a read of the index that fails only makes the listing fold the log.
        let file = LogFile(opened, failures: ReadFailures())
        var first = [UInt8](repeating: 0, count: 512)
        let count = first.withUnsafeMutableBytes { buffer in (try? opened.read(into: buffer, at: 0)) ?? 0 }
        guard let newline = first[..<count].firstIndex(of: UInt8(ascii: "\n")),
            let header = first.withUnsafeBytes({
                SnapshotIndex.Header(UnsafeRawBufferPointer(rebasing: $0[..<newline]))
            })
        else {
            file.close()
            return nil
        }
        return (header, file)
    }

    /// The index when it is sound: its check agrees with every byte after its header, its lines
    /// name their ids in order (deletions, then snapshots), as many as the header says. Read whole once for each version
    /// of the file, a line at a time; nil when it is not sound, or larger than the log it would
    /// describe (an index is always smaller: not read at all).
    func checkedIndex(logSize: Int) -> CheckedIndex? {
        guard let (header, file) = openIndex() else { return nil }
        let version = file.file.version
        if let known = checkedIndexMemo, known.version == version {
            file.close()
            return known
        }
        guard version.size <= min(logSize, SnapshotIndex.largest) else {
            file.close()
            return nil
        }
        var hash = StreamingChecksum()
        var order = SnapshotIndex.OrderCheck(header)
        var sound = true
        var expected = header.length
        let newline = [UInt8(ascii: "\n")]
        // Each line's kind and id in order; its values are read when it is scanned (a value wx
        // never writes in a line whose check holds — made again by hand — leaves that line out).
        let end = file.linesForward(from: header.length, long: { _ in sound = false }) { line, offset in
            guard sound, offset == expected, let id = SnapshotIndex.id(of: line),
                order.take(id: id, deletion: line[0] == UInt8(ascii: "d"))
            else {
                sound = false
                return
            }
            expected = offset + line.count + 1
            hash.add(line)
            newline.withUnsafeBytes { hash.add($0) }
        }
        let start = SnapshotIndex.headerStart(header)
        guard sound, end == version.size, expected == end, order.complete, file.failures.first == nil,
            start.withUnsafeBytes({ StreamingChecksum.combine(header: $0, body: hash.value) }) == header.check
        else { return nil }
        let checked = CheckedIndex(version: version, header: header)
        checkedIndexMemo = checked
        return checked
    }

    /// Calls `body` with each line after the header of the index `checked` describes (without
    /// its "\n").
    ///
    /// - Returns: false, having called `body` with nothing, when the file is no longer that
    ///   version (replaced since it was checked).
    func scanIndexLines(_ checked: CheckedIndex, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard let (header, file) = openIndex() else { return false }
        guard file.file.version == checked.version, header == checked.header else {
            file.close()
            return false
        }
        _ = file.linesForward(from: header.length, body)
        return file.failures.first == nil
    }

    /// The ids the deletion lines of the index `checked` describes name: they come first, each
    /// at most 21 bytes, so only that much of the file is read. Nil when the file is no longer
    /// that version, or a read fails.
    func indexDeletions(_ checked: CheckedIndex) -> Set<Int>? {
        guard checked.header.deletions > 0 else { return [] }
        guard let (header, file) = openIndex() else { return nil }
        defer { file.close() }
        guard file.file.version == checked.version, header == checked.header else { return nil }
        let bytes = file.bytes(in: header.length..<min(file.size, header.length + header.deletions * 21))
        var deleted = Set<Int>(minimumCapacity: header.deletions)
        bytes.withUnsafeBytes { raw in
            var start = 0
            while deleted.count < header.deletions,
                let newline = raw[start...].firstIndex(of: UInt8(ascii: "\n"))
            {
                let line = UnsafeRawBufferPointer(rebasing: raw[start..<newline])
                guard line.first == UInt8(ascii: "d"), let id = SnapshotIndex.id(of: line) else { return }
                deleted.insert(id)
                start = newline + 1
            }
        }
        return deleted.count == header.deletions && file.failures.first == nil ? deleted : nil
    }

    /// Calls `body` with each entry of the index `checked` describes, as `scanIndexLines`.
    ///
    /// - Parameter keepingDays: whether each snapshot's kept days are read (else an empty list).
    /// The entries of the index this wx just made from the log (`rebuiltListing`) are taken
    /// from memory, not read back and decoded.
    func scanIndex(_ checked: CheckedIndex, keepingDays: Bool = true, _ body: (SnapshotIndex.Entry) -> Void) -> Bool {
        if let listing = rebuiltListing {
            guard listing.version == checked.version else {
                rebuiltListing = nil
                return scanIndex(checked, keepingDays: keepingDays, body)
            }
            listing.forEach(keepingDays: keepingDays, body)
            return true
        }
        var decoder = SnapshotIndex.LineDecoder(keepingDays: keepingDays)
        return scanIndexLines(checked) { line in
            if let entry = decoder.entry(line) { body(entry) }
        }
    }

    /// The indexed snapshots' lines as they are made (a listing in memory, a rebuild, a merge):
    /// each goes to the file of lines a line at a time, in ids' order.
    final class IndexLines {
        private let writer: FileWriter
        private var line: [UInt8] = []
        /// The lines put so far, each with its "\n", while they are at most `heldMost` bytes; nil
        /// once they were more and went to the file of lines (`writeIndexLocked` then reads them
        /// back from it). Held, the file is neither written nor read twice: 3 MB each way at
        /// 20,000 snapshots, ~25 M instructions and the kernel's copies (issue 39, item 4).
        private(set) var held: [UInt8]? = []
        /// The most bytes of lines held in memory: 4 MiB, ~28,000 snapshots' lines (the bench's
        /// 20,000 are 3 MB). More go to the file: 150,000 snapshots' first `saved` peaked at 40 MB
        /// with the listing it keeps (`RebuiltListing`), and its 64 MB bound holds with 4 MiB more.
        static let heldMost = 4 << 20
        /// The entries of the lines written while `keepListing` asked for them, up to
        /// `RebuiltListing.most`; nil past them, or when a line written does not decode.
        private(set) var listing: RebuiltListing.Rows?
        private var decoder = SnapshotIndex.LineDecoder()

        /// The most bytes held here (`heldMost` but in tests).
        private let holdingAtMost: Int

        init(_ writer: FileWriter, holdingAtMost: Int = IndexLines.heldMost) {
            self.writer = writer
            self.holdingAtMost = holdingAtMost
            line.reserveCapacity(256)
        }

        /// Puts `bytes` after the lines put before: into `held` while it has room, else (the
        /// held lines first) into the file of lines.
        private func emit(_ bytes: UnsafeRawBufferPointer) {
            if held != nil {
                if held!.count + bytes.count <= holdingAtMost {
                    held!.append(contentsOf: bytes)
                    return
                }
                writer.write(held!)
                held = nil
            }
            writer.write(bytes)
        }

        private func emitLine() { line.withUnsafeBytes { emit($0) } }

        /// Keeps the entries of the lines from now on (`listing`).
        func keepListing() { listing = RebuiltListing.Rows() }

        /// The line of `snapshot`, its record starting at `offset` in the log, with the dates of
        /// the forecast days it kept.
        func put(_ snapshot: Snapshot, offset: Int?, keptDays: [LocalDate]) {
            line.removeAll(keepingCapacity: true)
            SnapshotIndex.appendLine(snapshot, offset: offset, keptDays: keptDays, to: &line)
            emitLine()
            // The entry as the index's reading makes it (the line decoded): the rare snapshot
            // not in wx's own layout (a kept forecast, warnings) is decoded here.
            if listing != nil {
                let entry = line.withUnsafeBytes { decoder.entry(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
                guard let entry, listing!.keep(entry) else {
                    listing = nil
                    return
                }
            }
        }

        /// The line of the snapshot a line of the log in wx's own layout holds, written from its
        /// bytes (`EventLog.ownSnapshotIndexLine`); its id, or nil (nothing written) for a line
        /// that is not one.
        func putOwnSnapshot(_ logLine: UnsafeRawBufferPointer, offset: Int) -> Int? {
            guard let fields = EventLog.ownSnapshotFields(logLine) else { return nil }
            line.removeAll(keepingCapacity: true)
            EventLog.appendIndexLine(fields, of: logLine, offset: offset, to: &line)
            emitLine()
            if listing != nil, !listing!.keep(fields, of: logLine, offset: offset) { listing = nil }
            return fields.values.id
        }

        /// A snapshot's line as an index holds it (without its "\n"), copied as it is.
        func put(line bytes: UnsafeRawBufferPointer) {
            emit(bytes)
            [UInt8(ascii: "\n")].withUnsafeBytes { emit($0) }
        }
    }

    /// Writes the index `fill` makes, in bounded memory: under the folder's lock, `fill` puts
    /// each snapshot's line (ids ascending) into a file beside the index and returns what the
    /// header says of the log — its epoch, covered bytes, fingerprint, unreadable lines and
    /// counts (`base`) — and the ids deleted; then the index is written whole, the header with
    /// its check first, the deletions, and the lines whose ids are not deleted (so a reading of
    /// the log in one pass may put a snapshot it finds deleted later), and put in place of the
    /// old one (a temporary file renamed over it). A crash on the way leaves the old index, or
    /// none, and at most the file of lines, which the next rebuild replaces.
    ///
    /// - Parameter fill: returns nil when a read it depends on failed: nothing is written.
    /// - Returns: the index written; nil when it was not (also when the lines' ids do not
    ///   ascend: a log edited by hand, folded in memory instead).
    func writeIndex(_ fill: (IndexLines) -> (base: SnapshotCatalog, deletions: Set<Int>)?) -> CheckedIndex? {
        // Never over something that is not a regular file (not wx's: left as it is).
        guard fileSystem.kind(at: indexPath) ?? .regular == .regular else { return nil }
        let linesPath = indexPath + ".lines"
        // Under the folder's lock throughout: one writer of the two files at a time.
        let replaced = try? StoreFiles.locked(folder, fileSystem, wait: .briefly) {
            () throws(StoreError) -> SnapshotIndex.Header? in
            defer { try? fileSystem.remove(linesPath) }
            do throws(FileError) {
                return try writeIndexLocked(fill, linesPath: linesPath)
            } catch { throw .file(error) }
        }
        guard let header = replaced ?? nil, let version = fileSystem.version(of: indexPath) else { return nil }
        let checked = CheckedIndex(version: version, header: header)
        checkedIndexMemo = checked
        return checked
    }

    /// `writeIndex` under the folder's lock; the lines written to `linesPath` first.
    private func writeIndexLocked(
        _ fill: (IndexLines) -> (base: SnapshotCatalog, deletions: Set<Int>)?, linesPath: String
    ) throws(FileError) -> SnapshotIndex.Header? {
        var made: (base: SnapshotCatalog, deletions: Set<Int>)?
        var held: [UInt8]?
        // A file of the moment, read back below and removed: not synced.
        let written = try fileSystem.replaceScratch(linesPath) { writer in
            let lines = IndexLines(writer, holdingAtMost: indexLinesHeldMost)
            made = fill(lines)
            held = lines.held
            return made != nil && writer.failure == nil
        }
        guard written, let made else { return nil }
        let (base, deleted) = made
        // The body's check, count and highest id, from the deletions and one reading of the lines.
        var deletions: [UInt8] = []
        let sortedDeletions = deleted.sorted()
        for id in sortedDeletions { SnapshotIndex.appendDeletionLine(id, to: &deletions) }
        var hash = StreamingChecksum()
        deletions.withUnsafeBytes { hash.add($0) }
        if let held {
            guard let kept = held.withUnsafeBytes({ Self.keptRuns($0, deletions: sortedDeletions, hash: &hash) }) else {
                return nil
            }
            let header = Self.indexHeader(
                base, snapshots: kept.count, deletions: deleted.count,
                highest: max(kept.highest, sortedDeletions.last ?? 0), hash: hash)
            return try fileSystem.replace(indexPath) { writer in
                writer.write(header.line)
                writer.write(deletions)
                held.withUnsafeBytes { bytes in
                    for run in kept.runs { writer.write(UnsafeRawBufferPointer(rebasing: bytes[run])) }
                }
                return writer.failure == nil
            } ? header.header : nil
        }
        var sound = true
        let newline = [UInt8(ascii: "\n")]
        guard let lines = try fileSystem.openForReading(linesPath) else { return nil }
        let failures = ReadFailures()
        let linesFile = LogFile(lines, failures: failures)
        let size = linesFile.size
        var kept = KeptIndexLines(deletions: sortedDeletions)
        let end = linesFile.linesForward(from: 0, long: { _ in sound = false }) { line in
            guard sound else { return }
            switch kept.take(line) {
            case nil: sound = false
            case true?:
                hash.add(line)
                newline.withUnsafeBytes { hash.add($0) }
            case false?: break
            }
        }
        guard sound, end == size, failures.first == nil else { return nil }
        let count = kept.count
        let headed = Self.indexHeader(
            base, snapshots: count, deletions: deleted.count, highest: max(kept.last, sortedDeletions.last ?? 0),
            hash: hash)
        let header = headed.header
        let replaced = try fileSystem.replace(indexPath) { writer in
            writer.write(headed.line)
            writer.write(deletions)
            guard let again = try? fileSystem.openForReading(linesPath) else { return false }
            var copied = 0
            var deletedIDs = DeletionCursor(sortedDeletions)
            let end = LogFile(again, failures: failures).linesForward(from: 0) { line in
                guard let id = SnapshotIndex.id(of: line), !deletedIDs.holds(id) else { return }
                writer.write(line)
                writer.write(newline)
                copied += 1
            }
            return end == size && copied == count && failures.first == nil && writer.failure == nil
        }
        return replaced ? header : nil
    }
}

extension EventLog {
    /// The kept lines of an index's lines held in memory (`IndexLines.held`, each line with its
    /// "\n"): the runs of whole lines whose ids are not among `deletions` (ascending), their bytes
    /// added to `hash` — what the reading of the file of lines takes, a run at a time — their
    /// count and highest id. Nil, as there, when a line is not a snapshot's, is longer than a
    /// line the index's reading passes (`LogFile.longestLine`), or the kept ids do not ascend.
    static func keptRuns(
        _ bytes: UnsafeRawBufferPointer, deletions: [Int], hash: inout StreamingChecksum
    ) -> (runs: [Range<Int>], count: Int, highest: Int)? {
        guard let base = bytes.baseAddress else { return ([], 0, 0) }
        var runs: [Range<Int>] = []
        var runStart = 0
        var start = 0
        var kept = KeptIndexLines(deletions: deletions)
        while start < bytes.count {
            guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return nil }
            let end = base.distance(to: UnsafeRawPointer(found))
            guard end - start <= LogFile.longestLine,
                let keeps = kept.take(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            else { return nil }
            if !keeps {
                if runStart < start { runs.append(runStart..<start) }
                runStart = end + 1
            }
            start = end + 1
        }
        if runStart < bytes.count { runs.append(runStart..<bytes.count) }
        for run in runs { hash.add(UnsafeRawBufferPointer(rebasing: bytes[run])) }
        return (runs, kept.count, kept.last)
    }

    /// The header of an index of `snapshots` snapshots and `deletions` deletions whose body (all
    /// after the header line) hashes to `hash`, with its line (check and "\n" included).
    static func indexHeader(
        _ base: SnapshotCatalog, snapshots: Int, deletions: Int, highest: Int, hash: StreamingChecksum
    ) -> (header: SnapshotIndex.Header, line: [UInt8]) {
        var header = SnapshotIndex.Header(base, snapshots: snapshots, deletions: deletions)
        header.highest = highest
        var first = SnapshotIndex.headerStart(header)
        header.check = first.withUnsafeBytes { StreamingChecksum.combine(header: $0, body: hash.value) }
        first += header.check.paddedHex.utf8
        first.append(UInt8(ascii: "\n"))
        header.length = first.count
        return (header, first)
    }
}

/// What a rebuilt index keeps of its lines, the rule both readings of them apply (held in
/// memory: `EventLog.keptRuns`; from the file of lines: `writeIndexLocked`): each line is a
/// snapshot's (`s…`), and of those not deleted the ids ascend (else the index is not written).
/// Whether one is deleted is told by walking the sorted deletions alongside (`DeletionCursor`),
/// not by hashing each id.
struct KeptIndexLines {
    private var deleted: DeletionCursor
    /// How many lines were kept, and the id of the last.
    private(set) var count = 0
    private(set) var last = 0

    init(deletions: [Int]) { deleted = DeletionCursor(deletions) }

    /// true: `line` is kept; false: its snapshot was deleted; nil: it is not a snapshot's line,
    /// or its id does not ascend.
    mutating func take(_ line: UnsafeRawBufferPointer) -> Bool? {
        guard let id = SnapshotIndex.id(of: line), line[0] == UInt8(ascii: "s") else { return nil }
        if deleted.holds(id) { return false }
        guard id > last else { return nil }
        last = id
        count += 1
        return true
    }
}

/// Whether ids are among `sorted` (ascending, no repeats): for ids asked in ascending order
/// (an index's lines), by a cursor that moves along it — a step per deletion passed, where
/// `Set.contains` hashed each id; an id below the one asked before is looked up by halving.
struct DeletionCursor {
    private let sorted: [Int]
    private var next = 0
    private var lastAsked = Int.min

    init(_ sorted: [Int]) { self.sorted = sorted }

    /// Whether `id` is one of the deletions.
    mutating func holds(_ id: Int) -> Bool {
        guard id >= lastAsked else {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] == id
        }
        lastAsked = id
        while next < sorted.count, sorted[next] < id { next += 1 }
        return next < sorted.count && sorted[next] == id
    }
}
