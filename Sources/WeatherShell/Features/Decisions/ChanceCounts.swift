import FoundationEssentials
import WXBasics
import WeatherKit

/// `chance`'s and `plume`'s counting, pure.
enum ChanceCounts {
    /// The hour indices of `date` (the place's calendar) from `from`: the ensemble's one split
    /// into days (`EnsembleForecast.slots(of:from:covering:)`), as `confidence` takes them.
    static func slots(
        _ ensemble: EnsembleForecast, date: LocalDate, from: Date, covering: Bool
    ) -> [Int]? {
        ensemble.slots(of: date, from: from, covering: covering)
    }

    /// The hour of the evening a frost night starts (18:00 at the place's clock).
    static let nightStartHour = 18
    /// The hour of the morning a frost night ends (09:00), the morning it is filed under.
    static let nightEndHour = 9

    /// The instants of the night that ends on the morning of `date`: from 18:00 the day before
    /// to 09:00, from `from`; nil when the answer does not reach 09:00.
    static func night(_ ensemble: EnsembleForecast, ending date: LocalDate, from: Date) -> [Int]? {
        let clock = ensemble.clock
        let eve = CivilCalendar.date(fromDays: date.dayNumber - 1)
        // An hour of the night from `from` before the answer's first: the night is not whole.
        if let first = ensemble.times.first {
            let before = clock.localTime(first.addingTimeInterval(-3_600))
            if first.addingTimeInterval(-3_600) >= from,
                before.date > eve || (before.date == eve && before.hour >= nightStartHour)
            {
                return nil
            }
        }
        var slots: [Int] = []
        var complete = false
        for (index, time) in ensemble.times.enumerated() {
            let local = clock.localTime(time)
            if local.date == date, local.hour == nightEndHour { complete = true }
            if isInNight(local, ending: date), time >= from { slots.append(index) }
        }
        return complete ? slots : nil
    }

    /// Whether the instant at `local` (the place's clock) is in the night that ends on the
    /// morning of `date`: from 18:00 the evening before to 09:00, both included.
    static func isInNight(_ local: LocalDateTime, ending date: LocalDate) -> Bool {
        let eve = CivilCalendar.date(fromDays: date.dayNumber - 1)
        return (local.date == eve && local.hour >= nightStartHour)
            || (local.date == date && (local.hour < nightEndHour || (local.hour == nightEndHour && local.minute == 0)))
    }

    /// The instants of the night ending on the morning of `date` that some member has a
    /// temperature for, when not all of them are — the answer stops within the night, or an
    /// instant is null in every member or missing from it — by the rule a day covered in part
    /// is counted by (`EnsembleForecast.partHours(over:variable:)`): the night is then counted
    /// over those, and a member below 0 °C at one of them has its frost whatever the others
    /// were, so the count is a floor. From `from` (a night begun counts from the next hour).
    ///
    /// - Returns: nil when every instant of the night from `from` is held, none is, or the
    ///   answer starts within the night.
    static func partNight(_ ensemble: EnsembleForecast, ending date: LocalDate, from: Date) -> EnsemblePartHours? {
        let clock = ensemble.clock
        // The night's instants from `from`, on the answer's hour grid (`from` is the next hour).
        var hour = from
        var steps = 0
        while !isInNight(clock.localTime(hour), ending: date), clock.localTime(hour).date <= date, steps < 24 * 40 {
            hour = hour.addingTimeInterval(3_600)
            steps += 1
        }
        var instants: [Date] = []
        while isInNight(clock.localTime(hour), ending: date) {
            instants.append(hour)
            hour = hour.addingTimeInterval(3_600)
        }
        guard !instants.isEmpty else { return nil }
        return ensemble.partHours(over: instants, variable: .temperature)
    }

    /// The morning whose frost night `chance` shows first: today's while its night (to 09:00)
    /// still has an hour from `from`, else tomorrow's — the next night not yet over.
    static func firstNight(_ clock: ZoneClock, today: LocalDate, from: Date) -> LocalDate {
        let next = clock.localTime(from)
        let over = next.date > today || next.hour > nightEndHour || (next.hour == nightEndHour && next.minute > 0)
        return over ? CivilCalendar.date(fromDays: today.dayNumber + 1) : today
    }

    /// Whether the night ending on the morning of `date` began (18:00 the evening before)
    /// before `from`: it is then counted from the next hour only.
    static func nightBegun(_ clock: ZoneClock, ending date: LocalDate, from: Date) -> Bool {
        let next = clock.localTime(from)
        let eve = CivilCalendar.date(fromDays: date.dayNumber - 1)
        return next.date > eve || (next.date == eve && next.hour > nightStartHour)
    }

    /// One threshold's day: the members that reach it, counted by `EnsembleMemberCount` (a
    /// member whose values stop early counts when those it has already reach it and
    /// `settledInPart`), and the hours it concentrates in.
    static func day(
        _ date: LocalDate, slots: [Int], members: [Int: [Double?]], times: [Date], covering: Bool,
        settledInPart: Bool = true, reaches: ([Double]) -> Bool, hourCounts: (Double, Bool) -> Bool,
        fromNextHour: Bool
    ) -> ChanceDay {
        var counted = 0
        var reaching = 0
        var perSlot = Array(repeating: 0, count: slots.count)
        for number in members.keys.sorted() {
            guard
                let member = EnsembleMemberCount.counted(
                    members[number]!, over: slots, settledInPart: settledInPart, meets: reaches)
            else { continue }
            counted += 1
            if member.meets { reaching += 1 }
            for (position, value) in member.values.enumerated() {
                if let value, hourCounts(value, member.meets) { perSlot[position] += 1 }
            }
        }
        var day = ChanceDay(date: date, reaching: reaching, members: counted, most: [], fromNextHour: fromNextHour)
        if reaching > 0, let peak = perSlot.max(), peak > 0 {
            // Each run of busy hours its own span: two peaks with quiet hours between are two.
            var start: Int?
            for position in perSlot.indices {
                let busy = perSlot[position] * 2 >= peak
                if busy, start == nil { start = position }
                guard let first = start, !busy || position == perSlot.count - 1 else { continue }
                let last = busy ? position : position - 1
                let from = times[slots[first]]
                day.most.append(
                    ChanceSpan(
                        from: covering ? from.addingTimeInterval(-3_600) : from, until: times[slots[last]],
                        memberHours: perSlot[first...last].reduce(0, +)))
                start = nil
            }
        }
        return day
    }

    /// Whether reaching `limit` by `comparison` in some of a day's values stays reached whatever
    /// the others are (`EnsembleMemberCount`): any hour does, and a day's amount at or over a
    /// limit does; a day's amount under or at most one does not.
    static func settledInPart(variable: EnsembleVariable, comparison: Comparison, perDay: Bool) -> Bool {
        guard perDay, variable == .precipitation || variable == .snowfall else { return true }
        return comparison == .above || comparison == .atLeast
    }

    /// Whether `values` (a day's, in order) reach `limit` by `comparison`: any hour, or with
    /// `perDay` the day's amount (precipitation, snow: `PrecedingHourDays.amount`, as
    /// `confidence` counts it) or its extreme.
    static func reaches(
        _ values: [Double], variable: EnsembleVariable, comparison: Comparison, limit: Double, perDay: Bool
    ) -> Bool {
        if perDay, variable == .precipitation || variable == .snowfall {
            return comparison.holds(PrecedingHourDays.amount(values), limit)
        }
        return values.contains { comparison.holds($0, limit) }
    }

    /// `plume`'s hours: from the first hour starting at or after `from`, up to `count` hours
    /// until the members' values end, each with the members' percentiles. An hour with no value
    /// in any member between hours with values is unknown (nil spread, its neighbours as they
    /// are); the hours past the last value of every member are not the answer's.
    static func plume(_ ensemble: EnsembleForecast, variable: EnsembleVariable, from: Date, count: Int) -> [PlumeHour] {
        let rows = ensemble.members(variable)
        let shift: Double = variable.coversPrecedingHour ? -3_600 : 0
        var hours: [PlumeHour] = []
        for (index, time) in ensemble.times.enumerated() where hours.count < count {
            let start = time.addingTimeInterval(shift)
            guard start >= from else { continue }
            let values = rows.compactMap { index < $0.count ? $0[index] : nil }
            hours.append(PlumeHour(time: start, spread: EnsembleSpread(values)))
        }
        // Past the members' last value: no hour of the answer (as before a gap is known).
        let lastKnown = ensemble.times.indices.last { index in
            rows.contains { index < $0.count && $0[index] != nil }
        }
        if let lastKnown {
            let end = ensemble.times[lastKnown].addingTimeInterval(shift)
            while let last = hours.last, last.time > end { hours.removeLast() }
        } else {
            hours = []
        }
        return hours
    }
}
