import FoundationEssentials
import WXBasics
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
    /// Whether this run has said that a saved provider or geocoder is not used (`ServiceFallback`):
    /// said once, at the first command that may ask a service.
    var toldServiceFallback = false
    /// Whether the start left state.plist's warning to the first command's notices, the
    /// background decode being under way then (`stateWarningAtStart`).
    var stateWarningAfterPreload = false
    /// The names `favoriteNamesForCompletion()` prepared, and for which version of the state.
    var completionNames: (generation: Int, names: CompletionNames)?
    /// Whether the list of snapshots (`saved`) comes with each one's kept forecast, as `--json`
    /// gives it; the text list shows none, and without them it is read from the log's index
    /// rather than from the whole log. Set by the front end from its output format.
    var listsKeptForecasts = true
    /// The look the last command left for `changed` (`HandlerOutcome.look`: `show`, `hourly`,
    /// `daily`), written once its output is out (`WeatherSession.keepLook`); nil when none waits.
    var lookToKeep: Look?

    init(state: StateStore, log: EventLog) {
        self.state = state
        self.log = log
    }

    /// The changes to favorites and settings kept in memory because they could not be saved, in
    /// words ("“Berlin” added to favorites"), for the line that says when they are saved after all.
    var heldChanges: [String] = []
    /// Why the last of them could not be saved, for the line said at exit when they never are
    /// (`WeatherSession.unsavedStateWarning`).
    var heldReason: ShellError?

    /// Applies a change to favorites or settings and saves it; when saving fails the change holds
    /// in memory and the result says it was not saved. A save that succeeds takes the changes
    /// kept in memory along (`StateStore`), and a notice says so, naming them: the user was told
    /// they were not saved (trial 62: a favorite added while the lock was busy was written by the
    /// next `fav add`, silently).
    func persist(_ change: @escaping (inout StateDocument) throws(ShellError) -> Void) -> [CommandResult] {
        let held = state.hasUnsavedChanges
        do {
            try state.update(checking: change)
            if held {
                let named = heldChanges.isEmpty ? "" : " (\(heldChanges.joined(separator: "; ")))"
                undeliveredNotices.append(
                    "the \(heldChanges.count == 1 ? "change" : "changes") kept in memory\(named) \(heldChanges.count == 1 ? "was" : "were") saved to state.plist with this one"
                )
                heldChanges = []
                heldReason = nil
            }
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

    /// `result` when the change it reports was saved; else what says it was not
    /// (`HandlerOutcome.acknowledged`), the change then named among those kept in memory.
    func acknowledged(_ result: CommandResult, unless saved: [CommandResult]) -> [CommandResult] {
        let told = HandlerOutcome.acknowledged(result, unless: saved)
        for case .notSaved(let reason, let change?) in told where state.hasUnsavedChanges {
            // Ctrl-C while the lock was held undoes the change: nothing is kept to be saved.
            if case .store(let failure) = reason, failure.lockWaitEnd == .cancelled { continue }
            if let words = Self.words(for: change) { heldChanges.append(words) }
            heldReason = reason
        }
        return told
    }

    /// A change kept in memory in words, plain (no ★): nil for one without a short form.
    static func words(for change: CommandResult) -> String? {
        switch change {
        case .favoriteAdded(let favorite): "“\(TerminalText.sanitized(favorite.name))” added to favorites"
        case .favoriteRemoved(let favorite): "“\(TerminalText.sanitized(favorite.name))” removed from favorites"
        case .favoriteRenamed(let old, let favorite):
            "favorite “\(TerminalText.sanitized(old))” renamed “\(TerminalText.sanitized(favorite.name))”"
        case .units: "units"
        case .setting(let name, let value, _): "\(name) \(TerminalText.sanitized(value))"
        default: nil
        }
    }
}
