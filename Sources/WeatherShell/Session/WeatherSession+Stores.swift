import FoundationEssentials
import WeatherKit
import WeatherStore

// History and state for the runner and the terminal: the session is the only way to them, so
// that neither reaches into the stores, and every store failure is worded in one place.
extension WeatherSession {
    /// Appends a command line to the history.
    ///
    /// - Returns: its history number.
    /// - Throws: `ShellError.store` when log.jsonl cannot be written; the line is then kept in
    ///   memory and written with the next record that can be.
    @discardableResult
    package func recordCommand(_ line: String) throws(ShellError) -> Int {
        try storing { () throws(StoreError) in try log.appendCommand(line, at: recordingNow()) }
    }

    /// Writes the log's records kept in memory (a history line held back while another process
    /// held the lock), waiting for the lock as a change does; what still cannot be written stays
    /// in memory (`hasUnwrittenLogRecords`).
    package func writeKeptLogRecords() { try? log.writeKeptRecords() }

    /// The line said on stderr as wx ends when changes to favorites or settings kept in memory
    /// (`StateStore.hasUnsavedChanges`: they could not be saved, the lock busy or the file
    /// unwritable) were never saved after all: "warning: the change kept in memory (“Hamburg”
    /// added to favorites) was not saved to state.plist and is lost as wx ends: cannot lock …".
    /// Nil when nothing is held. (nu59: such a change went without a word at exit, though its
    /// error had said it would be lost then.)
    package var unsavedStateWarning: String? {
        guard state.hasUnsavedChanges else { return nil }
        let held = persistence.heldChanges
        let what =
            switch held.count {
            case 0: "a change kept in memory was"
            case 1: "the change kept in memory (\(held[0])) was"
            default: "the changes kept in memory (\(held.joined(separator: "; "))) were"
            }
        // A state.plist wx cannot use was said in full when the session met it: its short form.
        let reason: String =
            switch persistence.heldReason {
            case .store(.stateReadOnly(let problem))?: ": " + problem.shortText
            case let other?: ": " + other.description
            case nil: ""
            }
        return CommandResult.warningLead
            + "\(what) not saved to state.plist and \(held.count > 1 ? "are" : "is") lost as wx ends\(reason)"
    }

    /// Keeps the look the last command left (`show`, `hourly`, `daily`) for `changed`: called by
    /// the front end once that command's output is written, so that a wait for another wx
    /// holding the lock (up to `WX_TIMEOUT`) comes after the weather, never before it.
    ///
    /// - Parameter shown: whether the output was written; a look nobody got is dropped (as
    ///   `check`'s mark stays when its line could not be written).
    /// - Returns: the warning when the look could not be written ("warning: the look was not kept
    ///   for “changed”: …"); empty when it was, or none was waiting.
    package func keepLook(shown: Bool = true) -> [CommandResult] {
        guard let look = persistence.lookToKeep else { return [] }
        persistence.lookToKeep = nil
        return shown ? log.keep(look) : []
    }

    /// The command with history number `number`, for `!N`.
    package func historyEntry(number: Int) -> HistoryEntry? { log.command(number: number) }

    /// The number of the last command in the history; 0 when there is none.
    package func lastHistoryNumber() -> Int { log.history(last: 1).first?.number ?? 0 }

    /// The last `count` commands as `history` lists them and Up recalls them, oldest first: a
    /// line repeating the one just before it appears once (bash's `ignoredups`).
    package func historyList(last count: Int) -> [HistoryEntry] {
        log.history(last: count, collapsingRepeats: true)
    }

    /// The most recent command whose line starts with `prefix` (case matters, as in bash), for
    /// `!prefix`: from the log's index of first words (`log.jsonl.commands`), not by reading
    /// the log backwards.
    package func lastHistoryEntry(startingWith prefix: String) -> HistoryEntry? {
        log.lastCommand(startingWith: prefix)
    }

    /// Commands `range` (inclusive), oldest first, for `replay`.
    package func historyEntries(in range: ClosedRange<Int>) -> [HistoryEntry] { log.commands(in: range) }

    /// The last `count` command lines, oldest first: the line editor's history at start, the
    /// same lines `history` lists.
    package func recentCommandLines(_ count: Int) -> [String] { historyList(last: count).map(\.line) }

    /// Starts decoding state.plist in the background (see `StateStore.startPreload`), so that
    /// neither a command nor the first Tab at the prompt waits for thousands of favorites.
    package func preloadState() { state.startPreload() }

    /// The warning about a state.plist that cannot be used as it is ("warning: …"), read now:
    /// the prompt says it under the banner, where it said nothing until the first command
    /// (trial 8). Said once: the first command that reads the state does not say it again.
    ///
    /// A state.plist still decoding in the background (`preloadState`, thousands of favorites)
    /// is not waited for, which would put the decode back on the way to the prompt: nil then,
    /// and its warning comes with the first command's notices (`takeNotices`), before the next
    /// prompt, unless that command said it itself.
    package func stateWarningAtStart() -> String? {
        if state.isPreloading {
            persistence.stateWarningAfterPreload = true
            return nil
        }
        guard let warning = state.refresh() else { return nil }
        return CommandResult.warningLead + warning.userText
    }

    /// The favorites' names in the state.plist of `configFolder`, read without a session and
    /// without side effects: for the shell completion scripts, which run at every Tab.
    /// A `String` is made only for a name that fits what was typed (`CompletionNames`).
    package nonisolated static func savedFavoriteNames(configFolder: String) -> CompletionNames {
        CompletionNames(StateStore.favoriteNameList(folder: configFolder))
    }

    /// Runs a store operation, its failure as the shell's error.
    func storing<T>(_ body: () throws(StoreError) -> T) throws(ShellError) -> T { try persistence.storing(body) }
}
