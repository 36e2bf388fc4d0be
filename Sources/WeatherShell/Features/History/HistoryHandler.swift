import WeatherStore

/// `history [N]`: the last N command lines (20), from all sessions.
extension WeatherSession {
    /// The lines, oldest first. An empty history because log.jsonl is a FIFO is not "no
    /// commands yet": that is an error.
    func history(last count: Int?) throws(ShellError) -> [CommandResult] {
        [.history(try readingLog { historyList(last: count ?? 20) })]
    }
}
