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
        // `start`, when they run to the end of the day. A member whose amounts stop early is
        // wet when those it has reach the threshold (`EnsembleMemberCount`); its sum, not whole,
        // is no sum of the day.
        let wetSlots = slots(of: date, from: start, covering: true) ?? []
        let counted =
            wetSlots.isEmpty
            ? []
            : precipitationMembers.compactMap {
                EnsembleMemberCount.counted($0, over: wetSlots) {
                    PrecedingHourDays.amount($0) >= EnsembleDay.wetThresholdMillimetres
                }
            }
        let sums = counted.compactMap { member in
            member.values.contains(nil) ? nil : PrecedingHourDays.amount(member.values.compactMap { $0 })
        }
        let lows = temperatures.map { $0.min()! }
        // Frost by the same rule as the rain: a member whose temperatures stop within the day
        // has its frost when an instant it has is already below 0 °C, else it is left out.
        let frost = hours.isEmpty ? [] : temperatureMembers.compactMap { Self.frostCounted($0, over: hours) }
        let day = EnsembleDay(
            date: date, high: EnsembleSpread(temperatures.map { $0.max()! }), low: EnsembleSpread(lows),
            precipitation: EnsembleSpread(sums), wetMembers: counted.filter(\.meets).count,
            precipitationMembers: counted.count, frostMembers: frost.filter(\.meets).count,
            temperatureMembers: frost.count)
        return day.high == nil && day.precipitation == nil ? nil : day
    }

    /// One member's temperatures at `slots`, counted for frost by `EnsembleMemberCount`: it has
    /// frost when an instant is below 0 °C (an instant it lacks cannot undo that); nil when its
    /// values stop early (or have a gap) and none of those it has is below 0 °C.
    static func frostCounted(_ member: [Double?], over slots: [Int]) -> (values: [Double?], meets: Bool)? {
        EnsembleMemberCount.counted(member, over: slots) { $0.contains { $0 < 0 } }
    }
}

/// A day the ensemble covers only in part: an hour of it no member has a value for — the answer
/// stops before the day ends (the last run's tenth day, or tomorrow at the end of a short
/// answer), an hour is null in every member (case OM-2), or an hour is missing from the
/// answer's `time` (the provider puts it back as nulls). Counted over the hours it does hold,
/// from the next hour: a member already at 1 mm there stays wet whatever the missing hours add
/// (amounts are never negative), and a member already below 0 °C at an instant held has its
/// frost whatever the missing instants were, so `wetMembers` and `frostMembers` are floors,
/// never the day's counts.
package struct EnsemblePartDay: Hashable, Sendable {
    package var date: LocalDate
    /// The hours held (`EnsembleForecast.partHours(of:from:variable:)`).
    package var hours: EnsemblePartHours
    /// Members at or above `EnsembleDay.wetThresholdMillimetres` over the hours covered, out of
    /// the members with precipitation in every one of them.
    package var wetMembers = 0
    package var precipitationMembers = 0
    /// The variable whose hours these are: precipitation (the counts above), or the temperature
    /// (`frostMembers` of `temperatureMembers`).
    package var variable: EnsembleVariable = .precipitation
    /// Members with an instant below 0 °C among those covered, out of the members with a
    /// temperature at every one of them and those without one at some but already below 0 °C
    /// at another (`EnsembleMemberCount`; `variable` `.temperature`).
    package var frostMembers = 0
    package var temperatureMembers = 0

    /// The hours of the day counted (each amount covers the hour before its time), and the
    /// hours the day has from the same first hour (23, 24 or 25 on a whole day).
    package var hoursCovered: Int { hours.slots.count }
    package var hoursInDay: Int { hours.hoursInDay }
    /// The end of the last hour covered, at the place's clock, and the same instant.
    package var coveredUntil: LocalDateTime { hours.coveredUntil }
    package var end: Date { hours.end }
    /// The starts of the day's hours not covered before `coveredUntil` (a gap inside the day).
    package var gaps: [LocalDateTime] { hours.gaps }
}

/// The hours of a day an answer holds when some hour of it is held by no member (`EnsembleForecast
/// .partHours(of:from:variable:)`): the one rule for a day covered only in part, which `check`,
/// `watch`, `brief` and `chance` count alike.
package struct EnsemblePartHours: Hashable, Sendable {
    /// The indices into `times` of the day's hours held, oldest first.
    package var slots: [Int]
    /// The hours the day has from the same first hour (the held ones and those missing).
    package var hoursInDay: Int
    /// The end of the last hour held (the answer's last time), at the place's clock.
    package var coveredUntil: LocalDateTime
    /// The same instant (the answer's last time).
    package var end: Date
    /// The starts of the day's hours not held before `coveredUntil` (a gap inside the day), at
    /// the place's clock, oldest first; empty when only the end is missing.
    package var gaps: [LocalDateTime] = []
}

extension EnsembleForecast {
    /// The hours of `date` from `start` that some member has a `variable` value for, when not
    /// all of them are: an hour no member has — null in all (case OM-2), missing from the
    /// answer's `time`, or past its end — is not held, and the day is counted over the hours
    /// that are. The one rule for a day covered in part (`ChanceReading.isUnknown`), whether its
    /// end, its start or an hour inside is missing, which `check`, `watch`, `brief` and `chance`
    /// count alike.
    ///
    /// - Parameters:
    ///   - date: the day, in the place's calendar.
    ///   - start: the first hour that counts (the next hour after now).
    ///   - variable: whose values (`.precipitation` covers the hour before its time; the
    ///     temperature is an instant).
    /// - Returns: nil when every hour of the day from `start` is held by some member, none is,
    ///   or the answer starts within the day (after `start`).
    package func partHours(of date: LocalDate, from start: Date, variable: EnsembleVariable) -> EnsemblePartHours? {
        let clock = self.clock
        // The day's hours from `start`, by their start.
        var hour = start
        var hourCount = 0
        while clock.localTime(hour).date < date, hourCount < 24 * 40 {
            hour = hour.addingTimeInterval(3_600)
            hourCount += 1
        }
        var hours: [Date] = []
        while clock.localTime(hour).date == date {
            hours.append(hour)
            hour = hour.addingTimeInterval(3_600)
        }
        return partHours(over: hours, variable: variable)
    }

    /// The hours of a span (a day, or `chance`'s frost night from 18:00 to 09:00) that some
    /// member has a `variable` value for, when not all of them are: `partHours(of:from:variable:)`'s
    /// rule over any run of hours, so a day and a night covered in part are counted alike.
    ///
    /// - Parameters:
    ///   - hours: the span's hours that count, by their start (an instant's own time), oldest
    ///     first, an hour apart.
    ///   - variable: whose values (an amount covers the hour before its time).
    /// - Returns: nil when every hour is held by some member, none is, or the answer starts
    ///   within the span (after its first hour).
    package func partHours(over hours: [Date], variable: EnsembleVariable) -> EnsemblePartHours? {
        let clock = self.clock
        let rows = members(variable)
        // A value's time is its hour's start, or that hour's end for an amount.
        let shift: Double = variable.coversPrecedingHour ? 3_600 : 0
        var index: [Date: Int] = [:]
        for (position, time) in times.enumerated() { index[time] = position }
        let expected = hours.count
        var covered: [Int] = []
        var missing: [Date] = []
        for hour in hours {
            if let position = index[hour.addingTimeInterval(shift)],
                rows.contains(where: { position < $0.count && $0[position] != nil })
            {
                covered.append(position)
            } else {
                missing.append(hour)
            }
        }
        guard let last = covered.last, let first = times.first, !missing.isEmpty else { return nil }
        // A day the answer starts within (its hours begin after the next hour) is not counted:
        // where the members' hours start is said instead (a re-trial: Thursday counted from the
        // one hour an answer beginning at Friday 00:00 covers).
        guard missing[0] >= first.addingTimeInterval(-shift) else { return nil }
        let lastStart = times[last].addingTimeInterval(-shift)
        return EnsemblePartHours(
            slots: covered, hoursInDay: expected, coveredUntil: clock.localTime(times[last]), end: times[last],
            gaps: missing.filter { $0 < lastStart }.map { clock.localTime($0) })
    }

    /// `date`'s hours of `variable` from the next hour after `now` that some member has a
    /// value for, when not all of them are (`day(_:from:)` has no member for it then), counted
    /// by `partHours(of:from:variable:)`: the members already wet (precipitation) or already
    /// below 0 °C at an instant held (the temperature).
    ///
    /// - Returns: nil when every hour of the day from the next hour is held by some member, or
    ///   none is.
    package func partOfDay(
        _ date: LocalDate, from now: Date, variable: EnsembleVariable = .precipitation
    ) -> EnsemblePartDay? {
        guard let held = partHours(of: date, from: nextHour(after: now), variable: variable) else { return nil }
        let rows = members(variable)
        var part = EnsemblePartDay(date: date, hours: held, variable: variable)
        if variable == .temperature {
            let counted = rows.compactMap { Self.frostCounted($0, over: held.slots) }
            part.frostMembers = counted.filter(\.meets).count
            part.temperatureMembers = counted.count
        } else {
            let counted = rows.compactMap {
                EnsembleMemberCount.counted($0, over: held.slots) {
                    PrecedingHourDays.amount($0) >= EnsembleDay.wetThresholdMillimetres
                }
            }
            part.wetMembers = counted.filter(\.meets).count
            part.precipitationMembers = counted.count
        }
        return part
    }
}
