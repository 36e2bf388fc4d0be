import FoundationEssentials
import WeatherStore

/// `log`, `log compact` and `reset state`: what the files hold, and their repair.
extension WeatherSession {
    /// `log`: the statistics of log.jsonl; `log compact`: rewrites it without deleted snapshots
    /// and unreadable lines.
    func logCommand(compact: Bool) throws(ShellError) -> [CommandResult] {
        if let problem = log.readProblem() { throw ShellError(problem) }
        guard compact else { return [.logStatistics(try readingLog { log.statistics() })] }
        return [.logCompacted(try compactLog())]
    }

    /// `reset state`: replaces a state.plist wx cannot read, the old file kept aside; refused
    /// when there is no file or a readable one.
    func resetStateCommand() throws(ShellError) -> [CommandResult] {
        state.refresh()
        guard state.isReadOnly else {
            // No file yet is nothing to reset, not a readable one (trial 15).
            guard FileManager.default.fileExists(atPath: state.path) else {
                throw .notApplicable("there is no state.plist yet: nothing to reset (“fav” and the settings make one)")
            }
            throw .notApplicable(
                "state.plist is readable: “reset state” only replaces a file wx cannot read (remove favorites with “fav rm”)"
            )
        }
        let aside = try resetState()
        return [
            .notice(
                "state.plist starts afresh: no favorites, default settings"
                    + (aside.map { "; the old file is at \($0)" } ?? ""))
        ]
    }
}
