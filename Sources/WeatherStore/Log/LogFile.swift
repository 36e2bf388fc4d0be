import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// Where reads of the log report a failure (EIO, a descriptor gone bad), so that what they
/// return — fewer lines, or none — is not taken for what the log holds. Shared by the `LogFile`s
/// one `EventLog` opens; one thread at a time.
final class ReadFailures {
    private(set) var first: FileError?

    /// Keeps `error` unless an earlier failure is kept already.
    func record(_ error: FileError) {
        if first == nil { first = error }
    }

    /// The failure kept, forgotten once taken.
    func take() -> FileError? {
        defer { first = nil }
        return first
    }
}

/// Lines a walk through the log (`LogFile.linesForward(from:passing:long:_:)`) passes over by
/// their bytes alone, without looking for their ends or handing them on.
protocol QuickLines {
    /// The length of the line at `start` (without its "\n", which lies among the `available`
    /// bytes there, and at most `LogFile.longestLine`) when it is one to pass over — or of a run
    /// of such lines, up to the last one's "\n"; nil when it is to be found and handed on as any
    /// other.
    mutating func quickLine(at start: UnsafeRawPointer, available: Int) -> Int?
}

/// No line passed over: every line handed on.
struct NoQuickLines: QuickLines {
    @inline(__always)
    func quickLine(at start: UnsafeRawPointer, available: Int) -> Int? { nil }
}

/// Line-oriented reads of the log without loading it whole, through the `FileSystem` seam
/// (`ReadableFile`): chunks of 256 KiB, lines found with memchr. A read that fails ends the scan
/// and is reported to `failures`.
struct LogFile {
    let file: any ReadableFile
    let size: Int
    let device: UInt64
    let inode: UInt64
    /// As `fstat` gave it when opened (see `LogSeal`).
    let state: LogState
    let failures: ReadFailures
    /// The bytes read at a time: 256 KiB, one buffer for a whole walk, which stays in the
    /// processor's cache as the kernel copies into it and the lines are read from it (with 1 MiB,
    /// the first `saved` of an 86 MB log took ~190 more page faults).
    static let chunk = 256 << 10

    /// The log open in `file`, reporting read failures to `failures`.
    init(_ file: any ReadableFile, failures: ReadFailures) {
        self.file = file
        self.failures = failures
        self.size = file.version.size
        self.device = file.version.device
        self.inode = file.version.inode
        self.state = LogState(file.version)
    }

    /// Closes the file, for a caller that reads no lines.
    func close() { file.close() }

    /// `SnapshotIndex.fingerprint` of the file's first `coveredBytes` bytes.
    func fingerprint(coveredBytes: Int) -> UInt64? {
        SnapshotIndex.fingerprint(of: file, coveredBytes: coveredBytes, failures: failures)
    }

    /// Whether `catalog` was folded from this file as it is: the same file, at least as long, with
    /// the same bytes where the fingerprint looks.
    func holds(_ catalog: SnapshotCatalog) -> Bool {
        catalog.device == device && catalog.inode == inode && catalog.coveredBytes <= size
            && fingerprint(coveredBytes: catalog.coveredBytes) == catalog.fingerprint
    }

    /// The bytes of `range` (fewer when the file ends first; none when the read fails).
    func bytes(in range: Range<Int>) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        let count = bytes.withUnsafeMutableBytes { buffer -> Int in
            do throws(FileError) { return try file.read(into: buffer, at: range.lowerBound) } catch {
                failures.record(error)
                return 0
            }
        }
        return Array(bytes.prefix(count))
    }

    /// Copies the bytes of `range` to `writer` a chunk at a time (a line of any length in bounded
    /// memory); a failed read is reported to `failures` and ends the copy.
    func copy(_ range: Range<Int>, to writer: FileWriter) {
        var buffer = [UInt8](repeating: 0, count: min(range.count, Self.chunk))
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = min(buffer.count, range.upperBound - offset)
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                do throws(FileError) {
                    return try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<wanted]), at: offset)
                } catch {
                    failures.record(error)
                    return 0
                }
            }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { writer.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            offset += count
        }
    }

    /// Whether `line` begins with `prefix`.
    static func starts(_ line: UnsafeRawBufferPointer, with prefix: [UInt8]) -> Bool {
        guard let base = line.baseAddress, line.count >= prefix.count else { return false }
        return prefix.withUnsafeBytes { memcmp(base, $0.baseAddress!, prefix.count) == 0 }
    }

    /// Calls `body` with each complete line from `start` on (without its "\n"); a last line with
    /// no "\n" (torn, or still being written) is not passed. A line longer than `longestLine` is
    /// not assembled: `long` gets its byte range in the file instead. Linear in the bytes read.
    /// Closes the file.
    ///
    /// - Returns: the offset after the last complete line.
    func linesForward(
        from start: Int, long: (Range<Int>) -> Void = { _ in }, _ body: (UnsafeRawBufferPointer) -> Void
    ) -> Int {
        linesForward(from: start, long: long) { line, _ in body(line) }
    }

    /// As `linesForward(from:long:_:)`, passing each line with the file offset it starts at.
    ///
    /// - Parameter stoppingAtCancellation: whether the walk ends, before reading the next chunk,
    ///   once the task it runs in is cancelled (Ctrl-C during `export` of a long log: the whole
    ///   log was read first, 12 s at a million lines in a debug build). The offset returned is
    ///   then that after the last line passed.
    func linesForward(
        from start: Int, long: (Range<Int>) -> Void = { _ in }, stoppingAtCancellation: Bool = false,
        _ body: (UnsafeRawBufferPointer, Int) -> Void
    ) -> Int {
        var none = NoQuickLines()
        return linesForward(
            from: start, passing: &none, long: long, stoppingAtCancellation: stoppingAtCancellation, body)
    }

    /// As `linesForward(from:long:_:)`, passing over the lines `quick` takes by their bytes: at
    /// the start of each line (not within one too long to pass), `quick` is asked first, and a
    /// line it takes is neither looked for with memchr nor given to `body`.
    ///
    /// - Parameter stop: the walk reads no byte from here on (the lines that end before it);
    ///   nil: the file's size when opened.
    func linesForward<Quick: QuickLines>(
        from start: Int, until stop: Int? = nil, passing quick: inout Quick, long: (Range<Int>) -> Void = { _ in },
        stoppingAtCancellation: Bool = false, _ body: (UnsafeRawBufferPointer, Int) -> Void
    ) -> Int {
        defer { file.close() }
        let limit = min(size, stop ?? size)
        var consumed = start  // file offset of buffer[0]
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        var filled = 0  // bytes of buffer holding data
        var scanned = 0  // bytes of buffer already searched for "\n" without finding one
        var longLineStart: Int? = nil  // inside a line too long to pass: where it began
        while consumed + filled < limit {
            if stoppingAtCancellation, Task.isCancelled { break }
            let wanted = min(buffer.count, limit - consumed)
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                do throws(FileError) {
                    return try file.pread(
                        into: UnsafeMutableRawBufferPointer(rebasing: raw[filled..<wanted]), at: consumed + filled)
                } catch {
                    failures.record(error)
                    return -1
                }
            }
            if count <= 0 { break }
            filled += count
            let used = buffer.withUnsafeBytes { raw -> Int in
                var lineStart = 0
                var from = scanned
                while from < filled {
                    if longLineStart == nil,
                        let length = quick.quickLine(at: raw.baseAddress! + lineStart, available: filled - lineStart)
                    {
                        lineStart += length + 1
                        from = lineStart
                        continue
                    }
                    guard let newline = memchr(raw.baseAddress! + from, Int32(UInt8(ascii: "\n")), filled - from)
                    else { break }
                    let end = raw.baseAddress!.distance(to: UnsafeRawPointer(newline))
                    if let begun = longLineStart {
                        long(begun..<(consumed + end))
                        longLineStart = nil
                    } else if end - lineStart > Self.longestLine {
                        long((consumed + lineStart)..<(consumed + end))
                    } else if end > lineStart {
                        body(UnsafeRawBufferPointer(rebasing: raw[lineStart..<end]), consumed + lineStart)
                    }
                    lineStart = end + 1
                    from = lineStart
                }
                return lineStart
            }
            if used == 0, filled == buffer.count {
                // The buffer holds part of one line longer than any record: drop what is read,
                // remember where the line began, and look on for its end.
                if longLineStart == nil { longLineStart = consumed }
                consumed += filled
                filled = 0
                scanned = 0
                continue
            }
            if used > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    _ = memmove(raw.baseAddress!, raw.baseAddress! + used, filled - used)
                }
                filled -= used
                consumed += used
            }
            scanned = filled
        }
        return longLineStart ?? consumed
    }

    /// The longest line read as a record, in bytes. wx writes none longer — a command line is at
    /// most 4,096 characters, and even escaped as `\u0000` that is 24 KiB — so a longer line is
    /// damage (or another program's), skipped and counted without being assembled in memory.
    static let longestLine = 1 << 16

    /// Calls `body` with each complete line from the end backwards while it returns true. The
    /// last line is skipped when it has no "\n" (torn). Lines longer than `longestLine` are
    /// skipped, not passed. Linear in the bytes read: each is looked at once, and a
    /// line that spans chunks is read again whole only when it is short enough to be a record.
    /// Closes the file.
    ///
    /// - Returns: how many lines were skipped for their length.
    @discardableResult
    func linesBackwards(_ body: (UnsafeRawBufferPointer) -> Bool) -> Int {
        defer { file.close() }
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        var chunkStart = 0  // file offsets of what buffer holds
        var chunkEnd = 0
        var end = size  // exclusive end of the region not read yet
        var lineEnd: Int? = nil  // file offset of the "\n" ending the line looked for; nil: in the torn tail
        var skipped = 0
        // Passes the line [from, to) of the file, from the buffer when it lies there.
        func emit(_ from: Int, _ to: Int) -> Bool {
            guard to > from else { return true }
            guard to - from <= Self.longestLine else {
                skipped += 1
                return true
            }
            if from >= chunkStart, to <= chunkEnd {
                return buffer.withUnsafeBytes {
                    body(UnsafeRawBufferPointer(rebasing: $0[(from - chunkStart)..<(to - chunkStart)]))
                }
            }
            let line = bytes(in: from..<to)
            guard line.count == to - from else { return false }
            return line.withUnsafeBytes { body($0) }
        }
        while end > 0 {
            chunkStart = max(0, end - chunk)
            chunkEnd = end
            let wanted = end - chunkStart
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                do throws(FileError) {
                    return try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<wanted]), at: chunkStart)
                } catch {
                    failures.record(error)
                    return -1
                }
            }
            guard count == wanted else { return skipped }
            var cursor = count  // search below this index of buffer
            while cursor > 0 {
                let index = buffer.withUnsafeBufferPointer { bytes -> Int? in
                    // memrchr is a GNU extension Swift's Glibc module does not show.
                    var index = cursor - 1
                    while index >= 0, bytes[index] != UInt8(ascii: "\n") { index -= 1 }
                    return index >= 0 ? index : nil
                }
                guard let index else { break }
                if let stop = lineEnd, !emit(chunkStart + index + 1, stop) { return skipped }
                lineEnd = chunkStart + index
                cursor = index
            }
            end = chunkStart
        }
        if let stop = lineEnd { _ = emit(0, stop) }
        return skipped
    }
}
