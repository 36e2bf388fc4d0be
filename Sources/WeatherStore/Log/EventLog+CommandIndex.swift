import FoundationEssentials
import WXBasics
import WeatherKit

/// `!prefix` through `log.jsonl.commands` (`CommandIndex`): the index, brought to the end of the
/// log by reading what was appended since, names where the last line starting with the prefix
/// is; that one line is read. A prefix that matches nothing reads no line of the log.
extension EventLog {
    var commandIndexPath: String { folder + "/" + CommandIndex.name }

    /// The most recent command whose line starts with `prefix` (case matters, as in bash); nil
    /// when none does. Commands kept in memory (the log could not be written) come first.
    ///
    /// The log's last `recentSpan` bytes are looked through first. Else the index: the log is
    /// read whole once to make it (a log of `SnapshotIndex.rewriteAfter`
    /// bytes or more, in a folder that takes the file and holds a seal); after that, only what
    /// was appended since the index, which is written again once that is 1 MiB. A prefix
    /// holding a space or tab, a log that cannot be sealed, or an entry the index names that is
    /// not where it says, are found by reading the log backwards, as before.
    package func lastCommand(startingWith prefix: String) -> HistoryEntry? {
        let matches = { (line: String) in line.hasPrefix(prefix) }
        if !pending.isEmpty,
            let kept = pendingHistory(after: lastCommandNumber() ?? 0).last(where: { matches($0.line) })
        {
            return kept
        }
        guard !prefix.isEmpty, !prefix.contains(" "), !prefix.contains("\t") else { return lastCommand(where: matches) }
        // A line typed lately (`!sh` after `show`) is found in the log's last lines, without
        // the index: a first `!prefix` need not make it then (a read of the whole log).
        if let recent = recentCommand(where: matches) { return recent }
        guard let file = openLog() else { return nil }
        let sealed =
            LogSeal.read(folder: folder, fileSystem).flatMap { $0.log == file.state ? $0.epoch : nil }
            ?? sealAfresh(file)
        var index: CommandIndex
        if let sealed, let stored = storedCommandIndex(), stored.epoch == sealed, stored.device == file.device,
            stored.inode == file.inode, stored.coveredBytes <= file.size,
            file.fingerprint(coveredBytes: stored.coveredBytes) == stored.fingerprint
        {
            index = stored
        } else {
            index = CommandIndex(
                epoch: sealed ?? 0, device: file.device, inode: file.inode, coveredBytes: 0, fingerprint: 0)
        }
        let from = index.coveredBytes
        // Closes `file`.
        index.coveredBytes = file.linesForward(from: from) { line, offset in
            if let entry = Self.historyEntry(line) { index.take(entry.line, at: offset) }
        }
        guard readFailures.first == nil, let again = openLog() else { return lastCommand(where: matches) }
        defer { again.close() }
        guard again.device == index.device, again.inode == index.inode else { return lastCommand(where: matches) }
        if sealed != nil, index.coveredBytes - from >= SnapshotIndex.rewriteAfter,
            let fingerprint = again.fingerprint(coveredBytes: index.coveredBytes)
        {
            index.fingerprint = fingerprint
            // A cache: a write that fails leaves it to be made again next time.
            _ = try? fileSystem.replaceScratch(commandIndexPath) { writer in
                writer.write(index.encoded)
                return writer.failure == nil
            }
        }
        guard let offset = index.lastOffset(startingWith: prefix) else { return nil }
        guard let (entry, start) = firstCommand(atOrAfter: offset, before: again.size, in: again), start == offset,
            matches(entry.line)
        else { return lastCommand(where: matches) }
        return entry
    }

    /// The bytes at the end of the log looked through before the index: one chunk of
    /// `LogFile.linesBackwards`, some 400 commands.
    static let recentSpan = 32 << 10

    /// The last command whose line `matches` among those in about the last `recentSpan` bytes
    /// of the log; nil when none there does.
    func recentCommand(where matches: (String) -> Bool) -> HistoryEntry? {
        var found: HistoryEntry?
        var looked = 0
        backwards { line in
            looked += line.count + 1
            if let entry = Self.historyEntry(line), matches(entry.line) {
                found = entry
                return false
            }
            return looked < Self.recentSpan
        }
        return found
    }

    /// `log.jsonl.commands` when it holds one whole index; nil otherwise.
    func storedCommandIndex() -> CommandIndex? {
        guard let data = try? fileSystem.contents(of: commandIndexPath, limit: CommandIndex.largest) else { return nil }
        return CommandIndex([UInt8](data))
    }
}
