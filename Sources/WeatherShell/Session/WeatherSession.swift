import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The view model: session state (current location, candidates, last fetched weather, units)
/// and the commands that read and change it.
///
/// The terminal is one front end of it; tests, scripts on stdin and `wx -c` drive the same
/// object. It never prints: each command returns `CommandResult`s for a renderer. State
/// changes only when a command succeeds, so a failed or cancelled command loses nothing.
@MainActor
package final class WeatherSession {
    /// The location `show`, `fav` and `save` act on.
    package internal(set) var currentPlace: Place?
    /// The places the last `find` listed, for `use N`.
    package internal(set) var candidates: [Place] = []
    /// The last weather fetched, for `save` and for re-rendering after `units`.
    package internal(set) var lastWeather: WeatherReport?
    /// While `watch` runs: the warnings in force last seen per place (WeatherSession+Warnings).
    package var watchedWarnings: [String: [WeatherWarning]]?
    /// The warnings in force that `show` last saw, and where, for `save` to keep.
    package internal(set) var lastWarnings: (coordinate: Coordinate, warnings: [WeatherWarning])?

    package let configuration: Configuration
    /// state.plist and log.jsonl. Only the session's own files use them: everything outside
    /// reaches history and state through the session (WeatherSession+History.swift).
    let state: StateStore
    let log: EventLog
    let services: WeatherServices
    /// `make demo`'s rules (refusals before any request, its clock per place); none outside it.
    let demo: DemoServices
    /// wx's own clock: the system clock or `WX_NOW`. The weather at a place is shown at
    /// `now(at:)`, which in `make demo` is the time the place was recorded.
    let now: @Sendable () -> Date
    /// The time of what wx records (history lines, a snapshot's `ts`, deletions, compaction):
    /// wx's own clock, never the demo's recorded one, which differs between places and years —
    /// so the history runs forward.
    let recordingNow: @Sendable () -> Date
    /// What `watch` waits on (the system clock; a manual one in tests).
    let clock: any WXClock

    /// "Now" at `coordinate` (nil: a command's place is not known yet): wx's own clock, or in
    /// `make demo` the time the place's recording was made, whichever place came before.
    package func now(at coordinate: Coordinate?) -> Date { demo.now(at: coordinate) ?? now() }

    /// How many candidates `find` lists.
    package static let candidateLimit = 5

    package init(
        configuration: Configuration, services: WeatherServices, state: StateStore, log: EventLog,
        now: @escaping @Sendable () -> Date, recordingNow: (@Sendable () -> Date)? = nil,
        clock: any WXClock = SystemClock()
    ) {
        self.configuration = configuration
        demo = DemoServices(configuration.demo)
        self.services = demo.wrapping(services)
        self.state = state
        self.log = log
        self.now = now
        self.recordingNow = recordingNow ?? now
        self.clock = clock
    }

    /// The saved settings, but for the units of this run when `wx --units` gave them.
    package var settings: Settings {
        var settings = state.settings
        if let unitsForThisRun { settings.unitSetting = unitsForThisRun }
        return settings
    }

    /// `wx --units`: the units of this run, not saved; a `units` command that sets them ends it.
    package var unitsForThisRun: UnitSetting?
    package var favorites: [Favorite] { state.document.favorites }

    /// Whether the list of snapshots (`saved`) comes with each one's kept forecast, as `--json`
    /// gives it; the text list shows none, and without them it is read from the log's index
    /// rather than from the whole log. Set by the front end from its output format.
    package var listsKeptForecasts = true

    /// What `doctor` needs beyond the session: the transport, whether it may ask, the terminal.
    /// Set by the composition root (`live`) and the front end; by default nothing is asked.
    package var doctorEnvironment = DoctorEnvironment()

    /// Whether records of the log (commands, snapshots, deletions) are kept in memory only,
    /// their writes having failed; they are lost when wx ends before one succeeds.
    package var hasUnwrittenLogRecords: Bool { log.hasUnwrittenRecords }

    /// The favorites' names for tab completion, with what another wx saved since the last
    /// command (state.plist is re-read only when it changed: one `stat` otherwise). The names
    /// are prepared once per version of the favorites (`StateStore.generation`), not per press.
    package func favoriteNamesForCompletion() -> CompletionNames {
        if let warning = state.refresh() { undeliveredNotices.append("warning: " + warning.userText) }
        let generation = state.generation
        if let completionNames, completionNames.generation == generation { return completionNames.names }
        let names = CompletionNames(favorites.map(\.name))
        completionNames = (generation, names)
        return names
    }

    /// What Tab completes in `line`, the text before the cursor, at the prompt. The log is read
    /// only where a snapshot number may go (`saved …`).
    package func completion(for line: String) -> Completion {
        let snapshots = line.lowercased().contains("sa") ? snapshotsForCompletion() : []
        return Completer.complete(line, favorites: favoriteNamesForCompletion(), snapshots: snapshots)
    }

    /// The names `favoriteNamesForCompletion()` prepared, and for which version of the state.
    private var completionNames: (generation: Int, names: CompletionNames)?

    /// The language for place names: the setting, else the locale's.
    var language: String { settings.language ?? configuration.localeLanguage }

    /// Notices that a command which then failed could not return (a state.plist warning).
    private var undeliveredNotices: [String] = []

    /// Whether the start left state.plist's warning to the first command's notices, the
    /// background decode being under way then (`stateWarningAtStart`).
    var stateWarningAfterPreload = false

    /// The notices to show after a command: those it could not return, then the log's.
    package func takeNotices() -> [String] {
        if stateWarningAfterPreload {
            // The decode has had the first command's time; nil when that command said it.
            stateWarningAfterPreload = false
            if let warning = state.refresh() { undeliveredNotices.insert("warning: " + warning.userText, at: 0) }
        }
        defer { undeliveredNotices = [] }
        return undeliveredNotices + log.takeNotes().map(\.userText)
    }

    /// Runs one command.
    ///
    /// - Returns: the results to render, in order.
    /// - Throws: `ShellError`; nothing in the session has changed then.
    package func execute(_ command: Command) async throws(ShellError) -> [CommandResult] {
        // Commands that read favorites or settings first pick up changes another wx process made;
        // the others (history, saved…) never read state.plist at all.
        // A state.plist that cannot be used as it is is said once, as a warning: the command
        // still runs, and its exit status is its own.
        if command.readsState, let warning = state.refresh()?.userText {
            do {
                return [.notice("warning: " + warning)] + (try await execute(command))
            } catch {
                // Unless the error says the same (favs on an unreadable file).
                if error.description != warning { undeliveredNotices.append("warning: " + warning) }
                throw error
            }
        }
        do {
            return try await perform(command)
        } catch {
            // In `make demo`: the demo server's refusal in the demo's words.
            throw demo.translated(error)
        }
    }

    // MARK: - Shared by the handlers (Features/*/WeatherSession+….swift)

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

    static func shellError(_ error: ServiceError) -> ShellError {
        if case .transport(_, .cancelled) = error { return .cancelled }
        return .service(error)
    }
}
