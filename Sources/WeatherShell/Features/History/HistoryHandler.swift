import WeatherStore

/// `history [N]`: the last N command lines (20), from all sessions. Given only what it reads:
/// the log, through the session's persistence (which words a log that cannot be read).
@MainActor
struct HistoryHandler {
    let persistence: SessionPersistence

    /// The lines, oldest first, a line repeating the one before it once. An empty history
    /// because log.jsonl is a FIFO is not "no commands yet": that is an error.
    func history(last count: Int?) throws(ShellError) -> [CommandResult] {
        [.history(try persistence.readingLog { $0.history(last: count ?? 20, collapsingRepeats: true) })]
    }
}
