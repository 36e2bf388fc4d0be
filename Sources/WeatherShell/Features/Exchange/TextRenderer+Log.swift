import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `log` and `log compact` as text.
extension TextRenderer {
    /// `log`: the log's size, its commands and snapshots, what `log compact` would do, and the
    /// bytes after its last line end (`unterminatedBytes`), which no reader takes as a line.
    static func logStatistics(_ stats: EventLog.Statistics, unterminatedBytes: Int = 0) -> [String] {
        var lines = [
            stats.path,
            "  \(size(stats.bytes)) · \(count(stats.commands, "command")) · \(count(stats.snapshots, "snapshot"))",
        ]
        // Every deleted snapshot is counted, the newest too, whose record compaction keeps
        // (trial 16: three deleted were "2 deleted snapshots").
        if stats.deletedSnapshots > 0 || stats.unreadableLines > 0 {
            let dropped =
                stats.deletedKept > 0
                ? "all deleted but the newest (its record stays, so its id is never given again)" : "the deleted"
            lines.append(
                "  \(count(stats.deletedSnapshots + stats.deletedKept, "deleted snapshot")) and \(count(stats.unreadableLines, "unreadable line")): “log compact” drops \(dropped) and moves the unreadable to a file of their own"
            )
        }
        if stats.looks > 0 {
            lines.append(
                "  \(count(stats.looks, "look")) kept for “changed” (“log compact” keeps the last \(EventLog.keptLooksPerPlace) per place, \(EventLog.mostLookPlaces) places)"
            )
        }
        if stats.otherRecords > 0 {
            lines.append("  \(count(stats.otherRecords, "record")) of kinds this wx does not know (kept)")
        }
        if unterminatedBytes > 0 {
            lines.append(
                "  the log ends in \(count(unterminatedBytes, "byte")) without a line end (a write cut short, or one in progress), not counted until its line end comes; “log compact” moves them to a file of their own"
            )
        }
        return lines
    }

    /// `log compact`: the size before and after, what was kept, dropped and moved.
    static func logCompacted(_ compaction: EventLog.Compaction) -> [String] {
        guard !compaction.isEmpty else { return ["log.jsonl is empty: nothing to compact"] }
        let (before, after) = (compaction.before, compaction.after)
        var lines = [
            "log.jsonl compacted: \(size(before.bytes)) → \(size(after.bytes)); \(count(after.commands, "command")) and \(count(after.snapshots, "snapshot")) kept, \(count(before.deletedSnapshots, "deleted snapshot")) dropped"
                + (before.deletedKept > 0
                    ? " (the newest deleted one’s record stays, so its id is never given again)" : "")
        ]
        if let file = compaction.unreadableLinesFile {
            // The bytes after the last line end go with the unreadable lines, said as `log` says
            // them (nu61: dropped without a word).
            let tail = compaction.unterminatedBytesMoved
            let moved = [
                before.unreadableLines > 0 ? count(before.unreadableLines, "unreadable line") : nil,
                tail > 0 ? "the \(count(tail, "byte")) after the last line end (a write cut short)" : nil,
            ].compactMap { $0 }
            lines.append("\(Counting.list(moved)) moved to \(file)")
        }
        return lines
    }

    /// "12.3 MB", "4.0 KB", "512 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes < 1_024 { return "\(bytes) bytes" }
        if bytes < 1_048_576 { return "\(DecimalText.fixed(Double(bytes) / 1_024, digits: 1)) KB" }
        return "\(DecimalText.fixed(Double(bytes) / 1_048_576, digits: 1)) MB"
    }
}
