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

    /// The first hour at or after `now` on the answer's own hour grid (the hours `times` holds,
    /// whole hours at the place's clock: xx:30 UTC at +05:30, xx:15 UTC at +13:45): where "from
    /// the next hour" starts. The one rule that `confidence`, `chance`, `best`, `plume`, `check
    /// --rain/--frost` and `brief --sure` count today by: an hour already begun is not to come,
    /// and an amount labelled with a time covers the hour before it, so the amount labelled at
    /// the next hour (the current hour's) is not counted.
    package func nextHour(after now: Date) -> Date {
        Self.nextHour(after: now, onGridOf: times.first)
    }

    /// The first hour at or after `now` on the hour grid `reference` lies on (a time of the
    /// answer, or of the counts kept of it); whole UTC hours when there is none.
    package static func nextHour(after now: Date, onGridOf reference: Date?) -> Date {
        let phase =
            reference.map { $0.timeIntervalSince1970 - ($0.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600 } ?? 0
        return Date(timeIntervalSince1970: ((now.timeIntervalSince1970 - phase) / 3_600).rounded(.up) * 3_600 + phase)
    }

    /// The rest of today from `now` (`nextHour(after:)`, on the answer's hour grid), or any later day whole, counted as
    /// `days` counts a whole day: the members' high, low and wet-day counts over the hours of
    /// `date` from the next hour (`slots(of:from:covering:)`). Rain that fell this morning is
    /// not the rest of today's.
    ///
    /// - Returns: nil when the answer does not cover the day from the next hour to its end, or
    ///   no hour of it is left.
    package func day(_ date: LocalDate, from now: Date) -> EnsembleDay? {
        day(date, counting: nextHour(after: now))
    }

    /// `date`'s counts over its hours from `start` (`.distantPast`: the whole day).
    func day(_ date: LocalDate, counting start: Date) -> EnsembleDay? {
        guard let hours = slots(of: date, from: start, covering: false) else { return nil }
        func whole(_ indices: [Int]) -> ([Double?]) -> [Double]? {
            { member in
                guard !indices.isEmpty else { return nil }
                var values: [Double] = []
                for index in indices {
                    guard index < member.count, let value = member[index] else { return nil }
                    values.append(value)
                }
                return values
            }
        }
        let temperatures = temperatureMembers.compactMap(whole(hours))
        // The hours whose covered hour (the one before their time) lies in the day from
        // `start`, when they run to the end of the day.
        let sums =
            slots(of: date, from: start, covering: true).map { wet in
                wet.isEmpty ? [] : precipitationMembers.compactMap { PrecedingHourDays.sum($0, over: wet) }
            } ?? []
        let lows = temperatures.map { $0.min()! }
        let day = EnsembleDay(
            date: date, high: EnsembleSpread(temperatures.map { $0.max()! }), low: EnsembleSpread(lows),
            precipitation: EnsembleSpread(sums),
            wetMembers: sums.filter { $0 >= EnsembleDay.wetThresholdMillimetres }.count,
            precipitationMembers: sums.count, frostMembers: lows.filter { $0 < 0 }.count)
        return day.high == nil && day.precipitation == nil ? nil : day
    }
}

/// A day the ensemble covers only in part: its answer stops before the day ends (the last run's
/// tenth day, or tomorrow at the end of a short answer). Counted over the hours it does hold,
/// from the next hour: a member already at 1 mm there stays wet whatever the missing hours add
/// (amounts are never negative), so `wetMembers` is a floor, never the day's count.
package struct EnsemblePartDay: Hashable, Sendable {
    package var date: LocalDate
    /// The hours of the day counted (each amount covers the hour before its time), and the
    /// hours the day has from the same first hour (23, 24 or 25 on a whole day).
    package var hoursCovered: Int
    package var hoursInDay: Int
    /// The end of the last hour covered (the answer's last time), at the place's clock.
    package var coveredUntil: LocalDateTime
    /// The same instant (the answer's last time).
    package var end: Date
    /// Members at or above `EnsembleDay.wetThresholdMillimetres` over the hours covered, out of
    /// the members with precipitation in every one of them.
    package var wetMembers: Int
    package var precipitationMembers: Int
}

/// The hours of a day an answer holds when it stops before the day ends (`EnsembleForecast
/// .partHours(of:from:covering:)`): the one rule for a day covered only in part, which `check
/// --rain`, `watch --rain`, `brief` and `chance` count alike.
package struct EnsemblePartHours: Hashable, Sendable {
    /// The indices into `times` of the day's hours held, oldest first.
    package var slots: [Int]
    /// The hours the day has from the same first hour (the held ones and those missing).
    package var hoursInDay: Int
    /// The end of the last hour held (the answer's last time), at the place's clock.
    package var coveredUntil: LocalDateTime
    /// The same instant (the answer's last time).
    package var end: Date
}

extension EnsembleForecast {
    /// The hours of `date` the answer holds from `start`, when it stops before the day ends
    /// (`slots(of:from:covering:)` is nil for it: not whole). The day must start covered (no
    /// hour of it missing before the first held): only its end is missing.
    ///
    /// - Parameters:
    ///   - date: the day, in the place's calendar.
    ///   - start: the first hour that counts (the next hour after now).
    ///   - covering: whether the values cover the hour before their time (precipitation,
    ///     gusts, snowfall), as `slots(of:from:covering:)` takes it.
    /// - Returns: nil when the day is whole, none of its hours is held, or its start is missing.
    package func partHours(of date: LocalDate, from start: Date, covering: Bool) -> EnsemblePartHours? {
        let shift: Double = covering ? -3_600 : 0
        guard let last = times.last, slots(of: date, from: start, covering: covering) == nil else { return nil }
        let clock = self.clock
        let covered = times.indices.filter { index in
            let begins = times[index].addingTimeInterval(shift)
            return begins >= start && clock.localTime(begins).date == date
        }
        guard let first = covered.first else { return nil }
        // An hour of the day (from `start`) before the first held: not the end alone missing.
        let before = times[first].addingTimeInterval(shift - 3_600)
        if before >= start, clock.localTime(before).date == date { return nil }
        // The hours after the last held that still begin within the day.
        var missing = 0
        var hour = last.addingTimeInterval(shift + 3_600)
        while clock.localTime(hour).date == date {
            missing += 1
            hour = hour.addingTimeInterval(3_600)
        }
        guard missing > 0 else { return nil }
        return EnsemblePartHours(
            slots: covered, hoursInDay: covered.count + missing, coveredUntil: clock.localTime(last), end: last)
    }

    /// `date`'s precipitation over the hours of it the answer holds from the next hour after
    /// `now`, when the answer stops before the day ends (`day(_:from:)` is nil for it: not
    /// whole), by `partHours(of:from:covering:)`.
    ///
    /// - Returns: nil when the day is whole, none of its hours is held, or its start is missing.
    package func partOfDay(_ date: LocalDate, from now: Date) -> EnsemblePartDay? {
        guard let part = partHours(of: date, from: nextHour(after: now), covering: true) else { return nil }
        let sums = precipitationMembers.compactMap { PrecedingHourDays.sum($0, over: part.slots) }
        return EnsemblePartDay(
            date: date, hoursCovered: part.slots.count, hoursInDay: part.hoursInDay,
            coveredUntil: part.coveredUntil, end: part.end,
            wetMembers: sums.filter { $0 >= EnsembleDay.wetThresholdMillimetres }.count,
            precipitationMembers: sums.count)
    }
}
