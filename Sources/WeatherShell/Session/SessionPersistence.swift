import FoundationEssentials
import WeatherKit
import WeatherStore

/// What the session keeps on disk and what it owes the user about it: state.plist and log.jsonl,
/// the notices a failed command could not return, and the names Tab completes from the state.
/// Only the session's own files use the stores: everything outside reaches history and state
/// through the session (WeatherSession+Stores.swift).
@MainActor
final class SessionPersistence {
    /// state.plist: favorites and settings.
    let state: StateStore
    /// log.jsonl: history, snapshots, looks.
    let log: EventLog
    /// Notices that a command which then failed could not return (a state.plist warning).
    var undeliveredNotices: [String] = []
    /// Whether the start left state.plist's warning to the first command's notices, the
    /// background decode being under way then (`stateWarningAtStart`).
    var stateWarningAfterPreload = false
    /// The names `favoriteNamesForCompletion()` prepared, and for which version of the state.
    var completionNames: (generation: Int, names: CompletionNames)?
    /// Whether the list of snapshots (`saved`) comes with each one's kept forecast, as `--json`
    /// gives it; the text list shows none, and without them it is read from the log's index
    /// rather than from the whole log. Set by the front end from its output format.
    var listsKeptForecasts = true

    init(state: StateStore, log: EventLog) {
        self.state = state
        self.log = log
    }

    /// What `read` gives from log.jsonl, unless the log cannot be read (no permission, a FIFO in
    /// its place) or a read failed on the way (EIO): an error naming the file then, never a list
    /// made from part of the log, which would read as "no snapshots yet" or "empty".
    func readingLog<T>(_ read: (EventLog) -> T) throws(ShellError) -> T {
        if let problem = log.readProblem() { throw ShellError(problem) }
        let value = read(log)
        if let problem = log.readProblem() { throw ShellError(problem) }
        return value
    }
}
