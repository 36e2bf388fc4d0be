import FoundationEssentials
import WeatherStore

/// `log`, `log compact` and `reset state`: what the files hold, and their repair — given the
/// files (`SessionPersistence`) and the clock compaction stamps with, not the favorites: `log`
/// at 10,000 favorites read and decoded every one of them (69 M of its 96 M instructions) for
/// nothing it says.
@MainActor
struct LogHandler {
    let persistence: SessionPersistence
    /// The time of what wx records (compaction).
    let recordingNow: @Sendable () -> Date

    /// `log`: the statistics of log.jsonl; `log compact`: rewrites it without deleted snapshots
    /// and unreadable lines.
    func logCommand(compact: Bool) throws(ShellError) -> [CommandResult] {
        if let problem = persistence.log.readProblem() { throw ShellError(problem) }
        guard compact else {
            let (stats, tail) = try persistence.readingLog { log in
                (log.statistics(), log.unterminatedBytes() ?? 0)
            }
            return [.logStatistics(stats, unterminatedBytes: tail)]
        }
        return [
            .logCompacted(
                try persistence.storing { () throws(StoreError) in try persistence.log.compact(now: recordingNow()) })
        ]
    }

    /// `reset state`: replaces a state.plist wx cannot read, the old file kept aside; refused
    /// when there is no file or a readable one.
    func resetStateCommand() throws(ShellError) -> [CommandResult] {
        persistence.state.refresh()
        guard persistence.state.isReadOnly else {
            // No file yet is nothing to reset, not a readable one (trial 15).
            guard FileManager.default.fileExists(atPath: persistence.state.path) else {
                throw .notApplicable("there is no state.plist yet: nothing to reset (“fav” and the settings make one)")
            }
            throw .notApplicable(
                "state.plist is readable: “reset state” only replaces a file wx cannot read (remove favorites with “fav rm”)"
            )
        }
        let aside = try persistence.storing { () throws(StoreError) -> String? in try persistence.state.reset() }
        return [
            .notice(
                "state.plist starts afresh: no favorites, default settings"
                    + (aside.map { "; the old file is at \($0)" } ?? ""))
        ]
    }
}
