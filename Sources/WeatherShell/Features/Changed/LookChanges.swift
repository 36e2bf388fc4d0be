import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// One change between an earlier look and today's answer, in the order of `LookComparer`'s
/// importance; values metric (°C, mm), instants UTC.
package enum LookChange: Hashable, Sendable {
    /// A warning in force or announced now that the earlier look did not show.
    case warningNew(LookWarning)
    /// Today's rain starts at another time (one of the two may be after today, within the
    /// look's 24 hours, when the other is today); nil: no rain in the 24 hours from that look.
    case rainStart(was: Date?, now: Date?)
    /// Today's rain ends at another time.
    case rainEnd(was: Date, now: Date)
    /// A day's rain, mm: `turned` when it went from dry to wet or back.
    case rain(date: LocalDate, was: Double, now: Double, turned: Bool)
    /// A warning the earlier look showed that is no longer in force or announced.
    case warningEnded(LookWarning)
    /// A day's high, °C.
    case high(date: LocalDate, was: Double, now: Double)
    /// A day's low, °C.
    case low(date: LocalDate, was: Double, now: Double)
    /// The ensemble's chance of rain for the rest of today, both over the same hours (from
    /// `now.from`), or for the whole of tomorrow (`now.from` nil); `wasLooked`: the time of the
    /// look the earlier count is from when that is not the last look (one without the
    /// ensemble came since), nil when it is.
    case chance(was: LookChance, now: LookChance, wasLooked: Date?)
}

/// What `changed` found: the earlier look (nil: none), the current one, and the changes.
package struct LookComparison: Hashable, Sendable {
    package enum Outcome: Hashable, Sendable {
        /// No earlier look at the place: the current one is kept for next time.
        case noEarlierLook
        /// The earlier look's forecast came from another provider (its `Service.rawValue`).
        case otherProvider(String)
        /// One of the two looks has neither days nor hours from its instant (a stale answer):
        /// nothing to compare, which is not "nothing changed". `current`: whether it is today's.
        case nothingToCompare(current: Bool)
        /// Compared: the changes that matter, most important first (empty: nothing did).
        case compared([LookChange])
    }

    package var place: Place
    package var zone: ZoneInfo
    package var earlier: Look?
    package var current: Look
    package var outcome: Outcome
    /// Whether this look was kept for the next time (false: a stale answer, or a log that
    /// cannot be written — said as a notice).
    package var kept = true
    /// The warnings in force or announced beyond the first `Look.mostWarnings` (a look keeps
    /// those): not compared, and counted so that a list of 20 new ones is not read as all.
    package var warningsNotCompared = 0
    /// Why the ensemble's chance of rain for the rest of today was not compared though one
    /// side had it (nil: compared, or neither had the ensemble).
    package enum ChanceGap: Hashable, Sendable {
        /// The earlier look had the chance (of the rest of today, or of a whole day from today
        /// on: after midnight its tomorrow, today); the ensemble's answer is not at hand now
        /// (no command fetched it lately: `changed` does not ask it).
        case ensembleNotAtHand
        /// The chance is at hand now; no earlier look had it for these hours.
        case noEarlierCount
    }

    package var chanceGap: ChanceGap?
    /// Whether tomorrow's chance of rain was not compared because the count it would be
    /// compared with is from a look before the place's midnight: that look's tomorrow is
    /// today (`LookComparer.tomorrowChanceIsOfAnotherDay`).
    package var tomorrowChanceNotCompared = false
    /// Where the current answer came from: saved data served after a failure is said under
    /// the sentences, as `show` says it.
    package var origin: DataOrigin = .network
    /// Why the current look holds nothing to compare (`LookComparer.emptyReason`), when it
    /// does not; nil otherwise.
    package var emptyReason: EmptyLook? = nil

    /// Whether one look's days were UTC days and the other's the place's (`Look.daysAreUTC`):
    /// each day's high, low and rain are then not compared.
    package var daysDiffer: Bool { earlier.map { $0.daysAreUTC != current.daysAreUTC } ?? false }

    /// When the days differ (`daysDiffer`), whether the earlier look's were the UTC days (and
    /// the current one's the place's); nil when they are of one kind.
    package var utcDaysThen: Bool? { daysDiffer ? earlier?.daysAreUTC : nil }

    /// Whether the earlier look was shown in another unit system (compared in the current one).
    package var unitsDiffer: Bool { earlier.map { $0.unitSystem != current.unitSystem } ?? false }

    /// The changes that matter (none unless compared).
    package var changes: [LookChange] {
        if case .compared(let changes) = outcome { return changes }
        return []
    }
}

/// Makes looks from answers and compares two, by `BriefRules`' change rows; no session, no
/// rendering.
enum LookComparer {
    /// The look of `report` at `now`: its days, today's rain spell by `brief`'s rules, the
    /// warnings in force or announced (nil when no feed was asked), the ensemble's chance when
    /// it was at hand.
    static func look(
        of report: WeatherReport, warnings: [WeatherWarning]?, command: String, units: UnitPreferences, now: Date,
        answerTime: Date, recordedAt: Date
    ) -> Look {
        let forecast = report.forecast
        // Today's rain by brief's (and rain's) reading; no hours from now: none to compare.
        let outlook = BriefRules.outlook(forecast, now: now)
        let spell = outlook?.spell
        let today = forecast.clock.localTime(now).date
        // The rest of today from the next hour, as `chance` counts it, with the same from each
        // later hour for the next look to compare over its own span; none when the answer's
        // counts were kept without the rest (an older wx's cache entry).
        let chance = report.rainChances.flatMap { chances -> LookChance? in
            // On the hour grid of the counts kept (the answer's own hours: xx:30 UTC at +05:30).
            let next = EnsembleForecast.nextHour(
                after: now, onGridOf: chances.days.lazy.flatMap(\.rest).first?.from)
            guard let day = chances.days.first(where: { $0.date == today }), let rest = day.rest(from: next) else {
                return nil
            }
            let later = day.rest.filter { $0.from > next }.sorted { $0.from < $1.from }
            // Only hours one apart from `next` on (a gap would shift every later count).
            var counts: [LookChanceCount] = []
            for (step, count) in later.enumerated() {
                guard count.from == next.addingTimeInterval(Double(step + 1) * 3_600) else { break }
                counts.append(LookChanceCount(members: count.wetMembers, ofMembers: count.precipitationMembers))
            }
            return LookChance(
                date: day.date, members: rest.wetMembers, ofMembers: rest.precipitationMembers, from: next,
                later: counts)
        }
        // Tomorrow's whole day, as `brief` says it: a swing in its odds is a change too (trial58).
        let tomorrow = CivilCalendar.date(fromDays: today.dayNumber + 1)
        // A whole day's count of wet members, when the answer covers that day.
        func wholeDay(_ date: LocalDate) -> LookChance? {
            report.rainChances.flatMap { chances -> LookChance? in
                guard let day = chances.days.first(where: { $0.date == date }), day.precipitationMembers > 0 else {
                    return nil
                }
                return LookChance(date: day.date, members: day.wetMembers, ofMembers: day.precipitationMembers)
            }
        }
        let chanceTomorrow = wholeDay(tomorrow)
        // Today's whole day, when the answer covers it: the first look after midnight compares
        // it with the earlier look's tomorrow, the same day (trial59).
        let chanceToday = wholeDay(today)
        return Look(
            placeKey: Look.key(report.place.coordinate), placeName: report.place.name, time: now,
            recordedAt: recordedAt, command: command,
            provider: forecast.source.rawValue, unitSystem: units.presetName ?? "mixed", answerTime: answerTime,
            utcOffsetSeconds: forecast.zone.utcOffsetSeconds,
            days: forecast.daily.filter { $0.date >= today }.prefix(Look.mostDays).map {
                LookDay(
                    date: $0.date, highCelsius: $0.temperatureMaxCelsius, lowCelsius: $0.temperatureMinCelsius,
                    precipitationMillimetres: $0.precipitationSumMillimetres
                ).bounded
            }, rainStart: spell?.start, rainEnd: spell?.end, hadHours: outlook != nil,
            warnings: warnings.map { $0.prefix(Look.mostWarnings).map { LookWarning(id: $0.id, event: $0.event) } },
            chance: chance, chanceTomorrow: chanceTomorrow, chanceToday: chanceToday,
            daysAreUTC: forecast.daysAreUTC)
    }

    /// The changes from `earlier` to `current` that matter, most important first; `today` is
    /// the current look's date at the place's clock (earlier days are not compared). The chance
    /// of rain is compared with `chanceLook`'s when it has one (the last look that had the
    /// ensemble, `earlierLooks`), else with `earlier`'s.
    static func changes(
        from earlier: Look, to current: Look, today: LocalDate, chanceLook: Look? = nil
    ) -> [LookChange] {
        var changes: [LookChange] = []
        let tolerance = 1e-9
        // Warnings, by id: only when both looks asked a feed.
        if let was = earlier.warnings, let now = current.warnings {
            let wasIDs = Set(was.map(\.id))
            let nowIDs = Set(now.map(\.id))
            changes += now.filter { !wasIDs.contains($0.id) }.map(LookChange.warningNew)
            changes += was.filter { !nowIDs.contains($0.id) }.map(LookChange.warningEnded)
        }
        // Today's rain: only when both looks had hours and the earlier look's today is today
        // (issue 36: past the place's midnight the earlier look's start was another day's, and
        // an answer that never changed read as rain moved by hours).
        let earlierDay = LocalDate(earlier.time, utcOffsetSeconds: earlier.utcOffsetSeconds)
        if earlier.hadHours, current.hadHours, earlierDay.dayNumber == today.dayNumber {
            let hours = BriefRules.changedRainHours * 3_600 - tolerance
            // Like with like: rain today, at the place's clock, within the hours the earlier look
            // saw — not rain the moving 24 hours came upon since, which both answers had. A
            // spell starting later is not compared; an end past that span is the span's end.
            let endOfToday = Date(
                timeIntervalSince1970: Double((today.dayNumber + 1) * 86_400 - current.utcOffsetSeconds))
            let span = min(endOfToday, earlier.time.addingTimeInterval(Double(BriefRules.rainHorizonHours) * 3_600))
            func seen(_ start: Date?) -> Date? { start.flatMap { $0 < span ? $0 : nil } }
            func ending(_ end: Date?) -> Date? { end.map { min($0, span) } }
            let (wasStart, nowStart) = (seen(earlier.rainStart), seen(current.rainStart))
            let (wasEnd, nowEnd) = (ending(earlier.rainEnd), ending(current.rainEnd))
            // The earlier spell begun and over by now: the one now is the next spell, not it moved.
            let earlierOver = wasStart.map { $0 <= current.time } == true && (wasEnd ?? .distantPast) <= current.time
            switch (wasStart, nowStart) {
            case (nil, nil): break
            case (_?, _?) where earlierOver: break
            case (let was?, let now?):
                // A start both put before now (it is raining or has rained) is not compared.
                let begun = was <= current.time && now <= current.time
                if !begun, abs(now.timeIntervalSince(was)) >= hours { changes.append(.rainStart(was: was, now: now)) }
                if let wasEnd, let nowEnd, abs(nowEnd.timeIntervalSince(wasEnd)) >= hours {
                    changes.append(.rainEnd(was: wasEnd, now: nowEnd))
                }
            case (let was, let now):
                // Rain that came, or went — unless the earlier spell is over by now. The side
                // with no rain today keeps its start within its 24 hours, when it had one: rain
                // from tomorrow 06:00 is not "dry for the next 24 hours" (trial58).
                if now != nil || (wasEnd ?? .distantPast) > current.time {
                    changes.append(.rainStart(was: was ?? earlier.rainStart, now: now ?? current.rainStart))
                }
            }
        }
        // Days only of one kind: a UTC day and the place's day of one date are hours apart, and
        // their highs and lows differ though no hour did (trial58, OM-11).
        for day in current.days where day.date >= today && earlier.daysAreUTC == current.daysAreUTC {
            guard let before = earlier.days.first(where: { $0.date == day.date }) else { continue }
            if let was = before.precipitationMillimetres, let now = day.precipitationMillimetres {
                let wet = BriefRules.wetDayMillimetres - tolerance
                let turned = (was >= wet) != (now >= wet)
                if turned || abs(now - was) >= BriefRules.changedRainMillimetres - tolerance {
                    changes.append(.rain(date: day.date, was: was, now: now, turned: turned))
                }
            }
            let step = BriefRules.changedTemperatureCelsius - tolerance
            if let was = before.highCelsius, let now = day.highCelsius, abs(now - was) >= step {
                changes.append(.high(date: day.date, was: was, now: now))
            }
            if let was = before.lowCelsius, let now = day.lowCelsius, abs(now - was) >= step {
                changes.append(.low(date: day.date, was: was, now: now))
            }
        }
        // Like with like: the earlier look's count over the current look's span (the rest of
        // today from its next hour), never a whole day against the rest of one.
        // The count's look named when it is not the last look (trial58: "was 1 of 51" read as
        // the last look's, which had no ensemble).
        func chanceChange(was: LookChance, now: LookChance, from look: Look) {
            let moved = abs(now.percent - was.percent) >= BriefRules.changedChancePoints - tolerance
            if moved || BriefRules.likelihood(percent: now.percent) != BriefRules.likelihood(percent: was.percent) {
                changes.append(.chance(was: was, now: now, wasLooked: look.time == earlier.time ? nil : look.time))
            }
        }
        let todayLook = chanceLook.flatMap { $0.chance != nil ? $0 : nil } ?? earlier
        if let now = current.chance, let from = now.from, let was = todayLook.chance?.counted(from: from),
            was.date == now.date
        {
            chanceChange(was: was, now: now, from: todayLook)
        } else if let whole = wholeToday(earlier: earlier, current: current, chanceLook: chanceLook) {
            chanceChange(was: whole.was, now: whole.now, from: whole.look)
        }
        // Tomorrow's whole day against the same day's count (a look of yesterday's "tomorrow"
        // is today: another span, not compared, and said: `tomorrowChanceIsOfAnotherDay`).
        let tomorrowLook = Self.tomorrowChanceLook(earlier: earlier, chanceLook: chanceLook)
        if let now = current.chanceTomorrow, let was = tomorrowLook.chanceTomorrow, was.date == now.date {
            chanceChange(was: was, now: now, from: tomorrowLook)
        }
        // Most important first; among changes of one kind the biggest first (trial: `check
        // --changed` named tomorrow's high 2 °C lower and left Saturday's 7 °C higher in "1 more").
        return changes.enumerated().sorted {
            ($0.element.rank, -$0.element.size, $0.offset) < ($1.element.rank, -$1.element.size, $1.offset)
        }.map(\.element)
    }

    /// The look whose count of tomorrow's chance of rain `current`'s is compared with:
    /// `chanceLook` when it has one (the last look with the ensemble), else `earlier`.
    static func tomorrowChanceLook(earlier: Look, chanceLook: Look?) -> Look {
        chanceLook.flatMap { $0.chanceTomorrow != nil ? $0 : nil } ?? earlier
    }

    /// Whether tomorrow's chance of rain is at hand now but was not compared because the count
    /// it would be compared with (`tomorrowChanceLook`'s) is of another day: made before the
    /// place's midnight, when the day that is now today was tomorrow.
    static func tomorrowChanceIsOfAnotherDay(_ earlier: Look, _ current: Look, chanceLook: Look?) -> Bool {
        guard let now = current.chanceTomorrow,
            let was = tomorrowChanceLook(earlier: earlier, chanceLook: chanceLook).chanceTomorrow
        else { return false }
        return was.date != now.date
    }

    /// Today's whole day, the first look after midnight: the earlier look's tomorrow (of the
    /// last look with the ensemble, else `earlier`) was today, and its whole-day count is
    /// compared with today's whole day from the current answer (`Look.chanceToday`, when the
    /// answer covers the whole day) — the same day, like with like (trial59: 27 of 51 to 0 of
    /// 51 read as "nothing changed"). Nil when either count is missing or of another day.
    static func wholeToday(earlier: Look, current: Look, chanceLook: Look?) -> (
        was: LookChance, now: LookChance, look: Look
    )? {
        let look = tomorrowChanceLook(earlier: earlier, chanceLook: chanceLook)
        guard let now = current.chanceToday, let was = look.chanceTomorrow, was.date == now.date else { return nil }
        return (was, now, look)
    }

    /// The comparison of `current` with `earlier` (nil: no earlier look); the chance of rain
    /// with `chanceLook`'s (the last look with the ensemble's chance; nil: none).
    static func compare(
        _ earlier: Look?, _ current: Look, chanceLook: Look? = nil, place: Place, zone: ZoneInfo, today: LocalDate
    ) -> LookComparison {
        let outcome: LookComparison.Outcome
        var gap: LookComparison.ChanceGap?
        var tomorrowGap = false
        if let earlier {
            if earlier.provider != current.provider {
                outcome = .otherProvider(earlier.provider)
            } else if current.isEmpty || earlier.isEmpty {
                outcome = .nothingToCompare(current: current.isEmpty)
            } else {
                outcome = .compared(changes(from: earlier, to: current, today: today, chanceLook: chanceLook))
                // Today's whole day compared with the earlier look's tomorrow is the chance compared.
                gap =
                    wholeToday(earlier: earlier, current: current, chanceLook: chanceLook) != nil
                    ? nil
                    : chanceGap(was: chanceLook?.chance, now: current.chance, today: today)
                        ?? wholeDayGap(earlier: earlier, current: current, chanceLook: chanceLook, today: today)
                tomorrowGap = tomorrowChanceIsOfAnotherDay(earlier, current, chanceLook: chanceLook)
            }
        } else {
            outcome = .noEarlierLook
        }
        var comparison = LookComparison(place: place, zone: zone, earlier: earlier, current: current, outcome: outcome)
        comparison.chanceGap = gap
        comparison.tomorrowChanceNotCompared = tomorrowGap
        return comparison
    }

    /// Why the chance of rain for the rest of today was not compared, when one side had it
    /// (nil: compared, or neither side had the ensemble — nothing to say).
    static func chanceGap(was: LookChance?, now: LookChance?, today: LocalDate) -> LookComparison.ChanceGap? {
        let wasToday = was.map { $0.date == today && $0.from != nil } ?? false
        guard let now else { return wasToday ? .ensembleNotAtHand : nil }
        guard now.date == today, let from = now.from else { return nil }
        return wasToday && was?.counted(from: from) != nil ? nil : .noEarlierCount
    }

    /// Why a whole day's chance of rain the earlier look counted was not compared: the count of
    /// its tomorrow, a day from today on (after midnight, today), is at hand but the ensemble's
    /// answer is not now (`current` has no count at all). Nil otherwise (`chanceGap` says the
    /// rest of today's). Trial60: past midnight, "nothing changed that matters" alone hid
    /// Saturday's 27 of 51 never compared, while the same day said it was not.
    static func wholeDayGap(earlier: Look, current: Look, chanceLook: Look?, today: LocalDate)
        -> LookComparison.ChanceGap?
    {
        guard current.chance == nil, current.chanceToday == nil, current.chanceTomorrow == nil,
            let was = tomorrowChanceLook(earlier: earlier, chanceLook: chanceLook).chanceTomorrow,
            was.date >= today
        else { return nil }
        return .ensembleNotAtHand
    }

    /// The last look at `current`'s place made at or before `now` (`earlier`, nil when there is
    /// none), and the last with the ensemble's chance (`chance`): `earlier` when it has it, else
    /// the log's (a look without the ensemble, `show`'s, does not replace it). Only the looks
    /// of today and yesterday at the place's clock are read for the chance: yesterday's for its
    /// tomorrow, today (trial59: `show` after midnight hid it); a chance of another day is not
    /// compared. Both from one reading of the log's tail (`EventLog.lastLooks`).
    ///
    /// - Parameter checkMark: whether the looks read are `check --changed`'s marks (a mark kept
    ///   while the ensemble failed does not replace the last with the chance), rather than the
    ///   user's looks.
    static func earlierLooks(
        before current: Look, log: EventLog, now: Date, checkMark: Bool = false
    ) -> (earlier: Look?, chance: Look?) {
        let today = LocalDate(current.time, utcOffsetSeconds: current.utcOffsetSeconds)
        let yesterday = CivilCalendar.date(fromDays: today.dayNumber - 1)
            .midnight(utcOffsetSeconds: current.utcOffsetSeconds)
        let found = log.lastLooks(
            at: current.placeKey, checkMark: checkMark, notAfter: now, wantedSince: yesterday
        ) { $0.chance != nil || $0.chanceTomorrow != nil }
        guard let earlier = found.last else { return (nil, nil) }
        return (earlier, earlier.chance != nil || earlier.chanceTomorrow != nil ? earlier : found.wanted)
    }
}

/// Why a look holds nothing `changed` compares (`Look.isEmpty`).
package enum EmptyLook: Hashable, Sendable {
    /// The answer has no hours or days from now: it is stale.
    case stale
    /// The answer has hours from now, but neither days nor precipitation by the hour
    /// (a temperature-only answer, case OM-11): not stale, lacking what is compared.
    case lacksValues

    /// As a clause: "the forecast has no hours or days from now (its answer is stale)".
    package var text: String {
        switch self {
        case .stale: "the forecast has no hours or days from now (its answer is stale)"
        case .lacksValues:
            "the forecast has hours from now but no days and no precipitation by the hour, which is what “changed” compares"
        }
    }
}

extension LookComparer {
    /// Why the look of `report` at `now` is empty: stale when the forecast has no hour from
    /// now, else lacking the values compared (trial 63: a temperature-only answer was called
    /// stale).
    static func emptyReason(_ report: WeatherReport, now: Date) -> EmptyLook {
        report.forecast.hourly.contains { $0.time >= now } ? .lacksValues : .stale
    }
}

extension Look {
    /// Whether the look holds nothing `changed` compares: no day from its date and no hours
    /// from its instant (what a stale answer gives).
    var isEmpty: Bool { days.isEmpty && !hadHours }
}

extension LookChange {
    /// The order of importance: warnings that came, then today's rain, a day turning wet or
    /// dry, warnings that ended, highs and lows, amounts, the ensemble's chance.
    var rank: Int {
        switch self {
        case .warningNew: 0
        case .rainStart: 1
        case .rainEnd: 2
        case .rain(_, _, _, let turned): turned ? 3 : 6
        case .warningEnded: 4
        case .high, .low: 5
        case .chance: 7
        }
    }

    /// How big the change is, to order changes of one rank: degrees for a high or low, mm for a
    /// day's rain, points for the chance; 0 where one of a kind is all there is (warnings keep
    /// the feed's order, today's rain has one start and one end).
    var size: Double {
        switch self {
        case .warningNew, .warningEnded, .rainStart, .rainEnd: 0
        case .rain(_, let was, let now, _), .high(_, let was, let now), .low(_, let was, let now): abs(now - was)
        case .chance(let was, let now, _): abs(now.percent - was.percent)
        }
    }
}
