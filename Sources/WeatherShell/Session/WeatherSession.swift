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
    package internal(set) var candidates: [Place] {
        get { finds.candidates }
        set { finds.candidates = newValue }
    }
    /// The last weather fetched, for `save`.
    package internal(set) var lastWeather: WeatherReport?
    /// The last `find` when it failed and no command has chosen or shown a place since (`commit`
    /// ends it): the current location is the one before that `find`, and a plain `fav` that
    /// would remove it is refused (`FavoritesHandler.toggleFavorite`).
    var failedFind: FailedFind? {
        get { finds.failed }
        set { finds.failed = newValue }
    }
    /// What the last `find`s left (`candidates`, `failedFind`).
    var finds = FindMemory()
    /// The last view shown (`CommandResult.isReshownAfterUnits`), re-shown after `units` in
    /// the new units from its own data.
    package internal(set) var lastView: CommandResult?
    /// The warnings in force that `show` last saw, and, while `watch` runs, those last seen per
    /// place (`WarningBannerHandler` returns them, `apply` keeps them).
    var warningsSeen = WarningsSeen()

    /// The plain configuration value the composition root read.
    package let configuration: Configuration
    /// The service slots and what their answers cover, both as the composition root wrapped
    /// them, and what `doctor` needs beyond them.
    var providers: Providers
    /// wx's clocks: for what it shows, what it records, what it waits on.
    let clocks: SessionClocks
    /// state.plist and log.jsonl, and the notices owed about them.
    let persistence: SessionPersistence

    /// How many candidates `find` lists.
    package static let candidateLimit = 5

    /// A session on `services`, whose answers `coverage` says what they cover (every place, at
    /// wx's own clock, unless the composition root gives a recorded world's).
    package init(
        configuration: Configuration, services: WeatherServices, coverage: any AnswerCoverage = EveryAnswer(),
        state: StateStore, log: EventLog, now: @escaping @Sendable () -> Date,
        recordingNow: (@Sendable () -> Date)? = nil, clock: any WXClock = SystemClock()
    ) {
        self.configuration = configuration
        providers = Providers(services: services, coverage: coverage)
        persistence = SessionPersistence(state: state, log: log)
        clocks = SessionClocks(
            now: now, recordingNow: recordingNow, clock: clock, recordedInstant: { coverage.recordedInstant(at: $0) })
    }

    // MARK: - What the handlers read (the owned parts above, by their old names)

    var state: StateStore { persistence.state }
    var log: EventLog { persistence.log }
    var services: WeatherServices { providers.services }
    /// What the answers cover (`AnswerCoverage`): every place, or a recorded world's.
    var coverage: any AnswerCoverage { providers.coverage }
    var now: @Sendable () -> Date { clocks.now }
    var recordingNow: @Sendable () -> Date { clocks.recordingNow }
    var clock: any WXClock { clocks.clock }

    /// "Now" at `coordinate` (nil: a command's place is not known yet): wx's own clock, or the
    /// instant the answers about the place were recorded, whichever place came before.
    package func now(at coordinate: Coordinate?) -> Date { clocks.now(at: coordinate) }

    /// While `watch` runs: the warnings in force last seen per place (`WarningsSeen.watched`);
    /// `watch` sets it to empty at its start and to nil at its end.
    package var watchedWarnings: [String: [WeatherWarning]]? {
        get { warningsSeen.watched }
        set { warningsSeen.watched = newValue }
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

    /// Whether the list of snapshots (`saved`) comes with each one's kept forecast
    /// (`SessionPersistence.listsKeptForecasts`). Set by the front end from its output format.
    package var listsKeptForecasts: Bool {
        get { persistence.listsKeptForecasts }
        set { persistence.listsKeptForecasts = newValue }
    }

    /// What `doctor` needs beyond the session: the transport, whether it may ask, the terminal.
    /// Set by the composition root (`live`) and the front end; by default nothing is asked.
    package var doctorEnvironment: DoctorEnvironment {
        get { providers.doctor }
        set { providers.doctor = newValue }
    }

    /// Whether records of the log (commands, snapshots, deletions) are kept in memory only,
    /// their writes having failed; they are lost when wx ends before one succeeds.
    package var hasUnwrittenLogRecords: Bool { log.hasUnwrittenRecords }

    /// The favorites' names for tab completion, with what another wx saved since the last
    /// command (state.plist is re-read only when it changed: one `stat` otherwise). The names
    /// are prepared once per version of the favorites (`StateStore.generation`), not per press.
    package func favoriteNamesForCompletion() -> CompletionNames {
        if let warning = state.refresh() {
            persistence.undeliveredNotices.append(CommandResult.warningLead + warning.userText)
        }
        let generation = state.generation
        if let prepared = persistence.completionNames, prepared.generation == generation { return prepared.names }
        let names = CompletionNames(favorites.map(\.name))
        persistence.completionNames = (generation, names)
        return names
    }

    /// What Tab completes in `line`, the text before the cursor, at the prompt. The log is read
    /// only where a snapshot number may go (`saved …`).
    package func completion(for line: String) -> Completion {
        let snapshots = line.lowercased().contains("sa") ? snapshotsForCompletion() : []
        return Completer.complete(line, favorites: favoriteNamesForCompletion(), snapshots: snapshots)
    }

    /// The snapshots as Tab offers them (`saved rm <TAB>`), newest first
    /// (`SnapshotsHandler.completionChoices`).
    package func snapshotsForCompletion() -> [SnapshotChoice] { SnapshotsHandler.completionChoices(in: log) }

    /// What a snapshot keeps of a forecast (`SnapshotsHandler.snapshotReading`).
    package nonisolated static func snapshotReading(_ forecast: Forecast, now: Date) -> SnapshotReading? {
        SnapshotsHandler.snapshotReading(forecast, now: now)
    }

    /// The language for place names: the setting, else the locale's.
    var language: String { settings.language ?? configuration.localeLanguage }

    /// The errors the last failed command had beside the one it threw (`check` when several
    /// conditions could not be checked: each is named, not only the first), each once.
    package func takeFurtherErrors() -> [ShellError] {
        defer { persistence.furtherErrors = [] }
        return persistence.furtherErrors
    }

    /// The notices to show after a command: those it could not return, then the log's.
    package func takeNotices() -> [String] {
        if persistence.stateWarningAfterPreload {
            // The decode has had the first command's time; nil when that command said it.
            persistence.stateWarningAfterPreload = false
            if let warning = state.refresh() {
                persistence.undeliveredNotices.insert(CommandResult.warningLead + warning.userText, at: 0)
            }
        }
        defer { persistence.undeliveredNotices = [] }
        return persistence.undeliveredNotices
            + log.takeNotes().map { note in
                note.isWarning ? CommandResult.warningLead + note.userText : note.userText
            }
    }

    /// Runs one command.
    ///
    /// - Returns: the results to render, in order.
    /// - Throws: `ShellError`; nothing in the session has changed then.
    package func execute(_ command: Command) async throws(ShellError) -> [CommandResult] {
        // A look no front end kept after its output (the session driven alone) is kept before
        // the next command, never lost; its warning comes with the notices.
        for case .notice(let text) in keepLook() { persistence.undeliveredNotices.append(text) }
        // Commands that read favorites or settings first pick up changes another wx process made;
        // the others (history, saved…) never read state.plist at all.
        // A state.plist that cannot be used as it is is said once, as a warning: the command
        // still runs, and its exit status is its own.
        if command.readsState, let warning = state.refresh()?.userText {
            do {
                return [.warning(warning)] + (try await execute(command))
            } catch {
                // Unless the error says the same (favs on an unreadable file).
                if error.description != warning {
                    persistence.undeliveredNotices.append(CommandResult.warningLead + warning)
                }
                throw error
            }
        }
        // A saved provider or geocoder without its key: said once a run, before the first answer
        // of another service (`provider`, `geocoder` and `doctor` say it in their own words).
        if !persistence.toldServiceFallback, command.mayAskForecastOrPlace,
            let fallback = ServiceFallback.line(serviceFallbacks)
        {
            persistence.toldServiceFallback = true
            do {
                return [.warning(fallback)] + (try await execute(command))
            } catch {
                persistence.undeliveredNotices.append(CommandResult.warningLead + fallback)
                throw error
            }
        }
        do {
            let results = try await perform(command)
            if let view = results.last(where: \.isReshownAfterUnits) { lastView = view }
            return results
        } catch {
            // A recorded world's refusal in its own words.
            throw coverage.translated(error)
        }
    }
}

/// The service slots, as the composition root wrapped them, what their answers cover, and
/// what `doctor` needs to ask them itself.
struct Providers {
    let services: WeatherServices
    let coverage: any AnswerCoverage
    var doctor = DoctorEnvironment()
}

/// What the `find`s of a session leave for the commands after them: the list `use N` chooses
/// from, and the last `find` when it failed (`WeatherSession.failedFind`).
struct FindMemory {
    var candidates: [Place] = []
    var failed: FailedFind?
}
