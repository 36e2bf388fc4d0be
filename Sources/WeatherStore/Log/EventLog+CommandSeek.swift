import FoundationEssentials
import WXBasics
import WeatherKit

/// Commands found by their history number without reading the log from an end: numbers grow
/// along the log (wx gives each the one after the last, under the lock; an import keeps that,
/// and `log compact` keeps every number where it was), so the place of command N is found by
/// halving the file's bytes, as `look(1)` finds a line of a sorted file. `!6` in a log of a
/// million lines read the whole log backwards (14 s, issue 39 item 4); it now reads about
/// twenty blocks of 16 KiB.
extension EventLog {
    /// The bytes read at a time while halving, and the span left to read forwards.
    static let seekBlock = 16 << 10

    /// Calls `body` with each command of the log, in the log's order, from the first whose
    /// number is at least `number` on, while it returns true.
    ///
    /// In a log whose numbers do not grow (edited by hand), the command found may not be the
    /// first such in the file; what is passed after it is still in the log's order.
    func commands(from number: Int, _ body: (HistoryEntry) -> Bool) {
        guard let file = openLog() else { return }
        defer { file.close() }
        let start = seekCommand(number, in: file)
        var skipped = 0
        file.lines(from: start, skippingLong: { skipped += 1 }) { line, _ in
            guard let entry = readHistoryEntry(line), entry.number >= number else { return true }
            return body(entry)
        }
        // Said as reading the history backwards says it.
        if skipped > 0, !toldLongLines {
            toldLongLines = true
            notes.append(.unreadableLinesSkipped)
        }
    }

    /// A line start in `file` before which every command's number is below `number`, at most
    /// about `seekBlock` bytes (and the lines that are no command) before the first command
    /// numbered `number` or more: where a forward read for it starts.
    func seekCommand(_ number: Int, in file: LogFile) -> Int {
        var low = 0
        var high = file.size
        while high - low > Self.seekBlock {
            let middle = low + (high - low) / 2
            guard let (entry, start) = firstCommand(atOrAfter: middle, before: high, in: file), entry.number < number
            else {
                // Command `number`, when there is one, starts before `middle` or is the first
                // command after it: the read forwards from `low` reaches it either way.
                high = middle
                continue
            }
            // Every command before it has a smaller number still.
            low = start
        }
        return low
    }

    /// The first command whose line starts at `offset` or after, and before `limit`, with where
    /// its line starts; nil when none does (or a read fails).
    func firstCommand(atOrAfter offset: Int, before limit: Int, in file: LogFile) -> (HistoryEntry, Int)? {
        var found: (HistoryEntry, Int)?
        // From the byte before `offset`: a line starting at `offset` is one after a "\n".
        file.lines(from: max(0, offset - 1), until: limit, afterNewline: offset > 0, skippingLong: {}) { line, start in
            guard let entry = Self.historyEntry(line) else { return true }
            found = (entry, start)
            return false
        }
        return found
    }
}

extension LogFile {
    /// Calls `body` with each complete line starting at `start` or after (and before `limit`),
    /// with its offset, while it returns true; a last line with no "\n" (torn) is not passed. A
    /// line longer than `longestLine` is not passed: `skippingLong` is called instead. Reads
    /// `EventLog.seekBlock` bytes at a time, so a walk stopped early reads little. Leaves the
    /// file open.
    ///
    /// - Parameter afterNewline: whether `start` may be inside a line: the walk then starts
    ///   after the first "\n" at or after it.
    func lines(
        from start: Int, until limit: Int? = nil, afterNewline: Bool = false, skippingLong: () -> Void,
        _ body: (UnsafeRawBufferPointer, Int) -> Bool
    ) {
        let end = limit ?? size
        var offset = start
        // Within a line not to pass (the one `start` is in, or one too long): up to its "\n".
        var skipping = afterNewline
        var blockSize = EventLog.seekBlock
        while offset < end {
            let block = bytes(in: offset..<min(size, offset + blockSize))
            let used = block.withUnsafeBytes { raw -> Int? in
                var lineStart = 0
                while let newline = raw[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                    if skipping {
                        skipping = false
                    } else if offset + lineStart >= end {
                        return nil
                    } else if newline - lineStart > Self.longestLine {
                        skippingLong()
                    } else if !body(UnsafeRawBufferPointer(rebasing: raw[lineStart..<newline]), offset + lineStart) {
                        return nil
                    }
                    lineStart = newline + 1
                }
                return lineStart
            }
            guard let used else { return }
            if used == 0 {
                // No "\n" in the block: the file ends in a torn line, or the line is longer.
                guard !block.isEmpty, block.count == blockSize else { return }
                if skipping || blockSize > Self.longestLine {
                    if !skipping { skippingLong() }
                    skipping = true
                    offset += block.count
                } else {
                    blockSize *= 4
                }
                continue
            }
            offset += used
            blockSize = EventLog.seekBlock
        }
    }
}
