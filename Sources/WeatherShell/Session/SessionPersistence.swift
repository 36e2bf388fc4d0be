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
    /// Errors of the last command beside the one it threw (`WeatherSession.takeFurtherErrors`).
    var furtherErrors: [ShellError] = []
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

    /// Applies a change to favorites or settings and saves it; when saving fails the change holds
    /// in memory and the result says it was not saved.
    func persist(_ change: @escaping (inout StateDocument) throws(ShellError) -> Void) -> [CommandResult] {
        do {
            try state.update(checking: change)
            return []
        } catch {
            switch error {
            case .refused(let refusal): return [.notSaved(refusal)]
            case .notSaved(let failure): return [.notSaved(ShellError(failure))]
            }
        }
    }

    /// Runs a store operation, its failure as the shell's error.
    func storing<T>(_ body: () throws(StoreError) -> T) throws(ShellError) -> T {
        do { return try body() } catch { throw ShellError(error) }
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
