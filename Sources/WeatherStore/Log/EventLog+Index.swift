import FoundationEssentials
import WXBasics
import WeatherKit

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

    /// Calls `body` with each entry of the index `checked` describes, as `scanIndexLines`.
    func scanIndex(_ checked: CheckedIndex, _ body: (SnapshotIndex.Entry) -> Void) -> Bool {
        var decoder = SnapshotIndex.LineDecoder()
        return scanIndexLines(checked) { line in
            if let entry = decoder.entry(line) { body(entry) }
        }
    }

    /// Writes the index of `base` (its log, epoch, covered bytes, fingerprint and unreadable
    /// lines) with `deletions` (ascending) and the snapshots `snapshots` passes to its argument
    /// (ids ascending, with their records' offsets), in bounded memory: the lines go first to a
    /// file beside it, so that their check is known when the header is written before them; then
    /// the index is replaced whole (a temporary file renamed over it). A crash on the way leaves
    /// the old index, or none, and at most the file of lines, which the next rebuild replaces.
    ///
    /// - Parameter snapshots: returns false when a read it depends on failed: nothing is written.
    /// - Returns: the index written; nil when it was not.
    func writeIndex(
        _ base: SnapshotCatalog, deletions: [Int],
        snapshots: (_ emit: (Snapshot, Int?, [LocalDate]) -> Void) -> Bool
    ) -> CheckedIndex? {
        // Never over something that is not a regular file (not wx's: left as it is).
        guard fileSystem.kind(at: indexPath) ?? .regular == .regular else { return nil }
        let linesPath = indexPath + ".lines"
        // Under the folder's lock throughout: one writer of the two files at a time.
        let replaced = try? StoreFiles.locked(folder, fileSystem) { () throws(StoreError) -> SnapshotIndex.Header? in
            defer { try? fileSystem.remove(linesPath) }
            do throws(FileError) {
                return try writeIndexLocked(base, deletions: deletions, linesPath: linesPath, snapshots: snapshots)
            } catch { throw .file(error) }
        }
        guard let header = replaced ?? nil, let version = fileSystem.version(of: indexPath) else { return nil }
        let checked = CheckedIndex(version: version, header: header)
        checkedIndexMemo = checked
        return checked
    }

    /// `writeIndex` under the folder's lock; the lines written to `linesPath` first.
    private func writeIndexLocked(
        _ base: SnapshotCatalog, deletions: [Int], linesPath: String,
        snapshots: (_ emit: (Snapshot, Int?, [LocalDate]) -> Void) -> Bool
    ) throws(FileError) -> SnapshotIndex.Header? {
        var hash = StreamingChecksum()
        var count = 0
        var highest = deletions.last ?? 0
        var line: [UInt8] = []
        line.reserveCapacity(256)
        let written = try fileSystem.replace(linesPath) { writer in
            func put() {
                line.withUnsafeBytes { hash.add($0) }
                writer.write(line)
                line.removeAll(keepingCapacity: true)
            }
            for id in deletions {
                SnapshotIndex.appendDeletionLine(id, to: &line)
                put()
            }
            let whole = snapshots { snapshot, offset, keptDays in
                SnapshotIndex.appendLine(snapshot, offset: offset, keptDays: keptDays, to: &line)
                put()
                count += 1
                highest = max(highest, snapshot.id)
            }
            return whole && writer.failure == nil
        }
        guard written, let lines = try fileSystem.openForReading(linesPath) else { return nil }
        let linesFile = LogFile(lines, failures: ReadFailures())
        defer { linesFile.close() }
        guard linesFile.size == hash.count else { return nil }
        var header = SnapshotIndex.Header(base, snapshots: count, deletions: deletions.count)
        header.highest = highest
        var first = SnapshotIndex.headerStart(header)
        header.check = first.withUnsafeBytes { StreamingChecksum.combine(header: $0, body: hash.value) }
        first += header.check.paddedHex.utf8
        first.append(UInt8(ascii: "\n"))
        header.length = first.count
        let replaced = try fileSystem.replace(indexPath) { writer in
            writer.write(first)
            linesFile.copy(0..<linesFile.size, to: writer)
            return linesFile.failures.first == nil && writer.failure == nil
        }
        return replaced ? header : nil
    }
}
