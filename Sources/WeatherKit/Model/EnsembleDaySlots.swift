import FoundationEssentials
import WXBasics

extension EnsembleForecast {
    /// The hours of the place's calendar day `date` from `from`: the one split of an ensemble's
    /// hours into days that `confidence` (`days`), `chance`, `check` and `brief --sure` count
    /// alike. An instant (temperature, wind) is in the day its time is; a value covering the
    /// preceding hour (`covering`: precipitation, gusts, snowfall) is in the day its covered
    /// hour starts in, so the day's amounts are the hours ending within it (01:00 to the next
    /// day's 00:00).
    ///
    /// - Parameters:
    ///   - date: the day, in `clock`'s calendar (the place's zone).
    ///   - from: the first hour that counts (`chance`: the next hour; `confidence`: any).
    ///   - covering: whether the values cover the hour before their time.
    /// - Returns: the indices into `times`, oldest first; nil when the answer does not cover
    ///   the day whole from `from` (it starts after the day's first hour that counts, or stops
    ///   before the day's last hour ends).
    package func slots(of date: LocalDate, from: Date, covering: Bool) -> [Int]? {
        let clock = self.clock
        let shift: Double = covering ? -3_600 : 0
        // An hour of the day that counts (from `from`) before the answer's first: the day is
        // not whole at its start.
        if let first = times.first {
            let before = first.addingTimeInterval(shift - 3_600)
            if before >= from, clock.localTime(before).date >= date { return nil }
        }
        var slots: [Int] = []
        var complete = false
        for (index, time) in times.enumerated() {
            let start = time.addingTimeInterval(shift)
            let day = clock.localTime(start).date
            if day > date { break }
            if day == date, start >= from { slots.append(index) }
            // Whole once an hour of the day ends at the next day's start.
            if day == date, clock.localTime(start.addingTimeInterval(3_600)).date > date { complete = true }
        }
        return complete ? slots : nil
    }
}
