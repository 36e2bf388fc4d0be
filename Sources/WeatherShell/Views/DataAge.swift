import FoundationEssentials

/// How old shown data is, by one rule for every view and the status line (trial 62: `show` said
/// "saved data from 2 h 0 min ago" — when the answer was fetched — where `line` said "2 h 10 min
/// old" — the reading's own age — for the same cache): the age of the reading shown, from its
/// own time; with no reading (a view of a forecast's hours or days), of the answer, from when it
/// was fetched.
enum DataAge {
    /// Seconds since `readingTime`, else since `fetched`; nil when neither is known.
    ///
    /// - Parameters:
    ///   - readingTime: the time of the conditions shown (Open-Meteo's `current.time`), if any.
    ///   - fetched: when the answer was fetched (a saved answer's `DataOrigin.stale` time).
    ///   - now: wx's now (the injected clock).
    static func seconds(readingTime: Date?, fetched: Date?, now: Date) -> Double? {
        guard let since = readingTime ?? fetched else { return nil }
        return now.timeIntervalSince(since)
    }
}
