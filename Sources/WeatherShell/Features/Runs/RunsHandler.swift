import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// How the forecast moved (`drift`) and how good it has been (`skill`), from Open-Meteo's
/// Previous Runs API; and the same figures per lead time for `saved verify`. Given what they
/// read — the previous-runs service, the place resolver and the clocks — and returning the place
/// to make current.
@MainActor
struct RunsHandler {
    /// The Previous Runs service (with the archive `skill` scores against); nil: none configured.
    let previousRuns: (any PreviousRunsProvider)?
    let places: PlaceResolver
    let clocks: SessionClocks

    /// The days `skill` scores without a count.
    package nonisolated static let defaultSkillDays = 30
    /// How long a `drift` answer is reused: new runs come every one to six hours.
    nonisolated static let driftValiditySeconds = 3_600.0

    /// The start of the next UTC day after `now`: `skill`'s answers are kept until then.
    nonisolated static func endOfUTCDay(_ now: Date) -> Date {
        Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 86_400).rounded(.down) + 1) * 86_400)
    }

    /// `drift [day] [place]`: one request (none within the hour) for the day's hours at every
    /// lead time 0…7.
    ///
    /// - Throws: `ShellError.usage` for a day before 2024-01-01 or more than 7 days ahead;
    ///   `.service` for the service's own errors.
    func drift(_ given: DriftDay?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        guard let provider = previousRuns else { throw .noService("previous-runs") }
        do {
            return try await drift(given ?? .tomorrow, target, provider: provider)
        } catch {
            guard given == nil, let target,
                error == .noPlaceFound(target) || places.coverage.isRefusal(error, of: target)
                    || PlaceResolver.wordsBeforeCoordinates(target) != nil
            else { throw error }
            if let suggestion = Self.driftSuggestion(target, todayUTC: clocks.todayUTC(at: nil)) {
                throw .notApplicable("\(error.description); did you mean “\(suggestion)”?")
            }
            if let stray = await places.strayFirstWord(of: target) {
                throw .usage(
                    "unknown day “\(TerminalText.sanitized(String(stray.prefix(40))))” (tomorrow, today, a weekday or a date as YYYY-MM-DD)"
                )
            }
            // `drift someday`: a word that is no day was taken as the place (as “drift Monaco”
            // must be); when no place is found for it, say how the command reads (trial 13).
            guard !target.contains(" ") else { throw error }
            throw .notApplicable(
                "\(error.description); “drift” reads [day] [place]: the day first (tomorrow, today, a weekday or a date as YYYY-MM-DD), as in “drift sat Berlin”"
            )
        }
    }

    /// The command meant by `drift PLACE` when no place is found for PLACE and its words hold a
    /// day out of order (issue 37 item 12): “Berlin tomorrow” → “drift tomorrow Berlin”; “last
    /// tuesday [place]” → “drift 2026-07-07 [place]”, the date that Tuesday was (a bare weekday
    /// means the coming one, today included), counted from `todayUTC`; nil when there is none.
    nonisolated static func driftSuggestion(_ target: String, todayUTC: LocalDate) -> String? {
        let words = target.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        func quoted(_ place: [String]) -> String {
            place.isEmpty ? "" : " " + TerminalText.sanitized(ShellWords.quotedRest(place.joined(separator: " ")))
        }
        if ["last", "past", "previous"].contains(words[0].lowercased()),
            case .weekday(let weekday)? = DriftDay(parsing: words[1])
        {
            let back = (todayUTC.weekday - weekday + 7) % 7
            let date = CivilCalendar.date(fromDays: todayUTC.dayNumber - (back == 0 ? 7 : back))
            return "drift \(date.iso)\(quoted(Array(words.dropFirst(2))))"
        }
        if let last = words.last, DriftDay(parsing: last) != nil {
            return "drift \(last.lowercased())\(quoted(Array(words.dropLast())))"
        }
        return nil
    }

    private func drift(_ day: DriftDay, _ target: String?, provider: any PreviousRunsProvider) async throws(ShellError)
        -> HandlerOutcome
    {
        // Checked before the place is looked up, on "now" before any place is known, then
        // counted on the place's own (they differ with recorded answers only).
        _ = try Self.driftDays(day, todayUTC: clocks.todayUTC(at: nil), placeToday: nil)
        // The runs at the place's clock as named (`PlacesClock`): days in its calendar.
        let fetching = try await places.resolvingAtPlacesClock(target, needing: .earlierRuns) {
            place async throws(ShellError) -> Fetched<PreviousRuns> in
            // A relative day counted from the place's today as best known before asking; when
            // the answer's zone puts today on another day, asked again for the day it means
            // (trial 60: at 00:30 CEST, "tomorrow" was asked from UTC's date, a day short).
            let guessed = clocks.todayInNearestZone(at: place.coordinate, countryCode: place.countryCode)
            let asked = try Self.driftDays(day, todayUTC: clocks.todayUTC(at: place.coordinate), placeToday: guessed)
            do throws(ServiceError) {
                func runs(_ days: ClosedRange<LocalDate>) async throws(ServiceError) -> Fetched<PreviousRuns> {
                    try await provider.runs(
                        at: place.coordinate, days: days, leads: PreviousRunsAlignment.leads,
                        validUntil: { $0.addingTimeInterval(Self.driftValiditySeconds) })
                }
                let fetched = try await runs(asked)
                let today = fetched.value.clock.localTime(clocks.now(at: place.coordinate)).date
                let needed = Self.dayAndNext(day.resolved(today: today))
                guard asked.lowerBound <= needed.lowerBound, asked.upperBound >= needed.upperBound else {
                    return try await runs(needed)
                }
                return fetched
            } catch {
                throw ShellError(serviceError: error)
            }
        }
        let (resolved, fetched) = (fetching.resolved, fetching.value)
        let runs = fetched.value
        let today = runs.clock.localTime(clocks.now(at: resolved.place.coordinate)).date
        let date = day.resolved(today: today)
        let rows = DriftReport.rows(runs, date: date, today: today)
        return HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(runs.unknownUnits, from: .openMeteoPreviousRuns)
                + [
                    .drift(
                        DriftReport(place: resolved.place, date: date, today: today, rows: rows, origin: fetched.origin)
                    )
                ])
    }

    /// The days `drift` asks for `day` when it is `todayUTC` in UTC and `placeToday` at the
    /// place (its nearest zone's or its forecast's date; nil when not known, then UTC's): a date
    /// with the day after, whose 00:00 ends its last hour of precipitation; a relative day
    /// counted from `placeToday`, with a day either side, and picked from the answer in the
    /// place's calendar (`drift` asks again when the answer's zone puts it outside).
    ///
    /// - Throws: `ShellError.usage` for a day before the service's first or more than 7 days ahead.
    nonisolated static func driftDays(_ day: DriftDay, todayUTC: LocalDate, placeToday: LocalDate?) throws(ShellError)
        -> ClosedRange<LocalDate>
    {
        let estimate = day.resolved(today: todayUTC)
        guard estimate >= OpenMeteoPreviousRunsProvider.firstDay else {
            throw .usage(
                "Open-Meteo keeps earlier runs from \(OpenMeteoPreviousRunsProvider.firstDay.iso): none for \(estimate.iso)"
            )
        }
        guard estimate.dayNumber <= todayUTC.dayNumber + 7 else {
            throw .usage("runs reach 7 days ahead: none has forecast \(estimate.iso) yet")
        }
        guard day.isRelative else { return dayAndNext(estimate) }
        let date = placeToday.map { day.resolved(today: $0) } ?? estimate
        return CivilCalendar.date(fromDays: date.dayNumber - 1)...CivilCalendar.date(fromDays: date.dayNumber + 1)
    }

    /// `date` and the day after: its 00:00 ends `date`'s last hour of precipitation
    /// (`PrecedingHourDays`).
    nonisolated static func dayAndNext(_ date: LocalDate) -> ClosedRange<LocalDate> {
        date...CivilCalendar.date(fromDays: date.dayNumber + 1)
    }

    /// The runs on the calendar of the archive's days, which `skill` scores them against, and
    /// when those are UTC days at a place whose clock is not UTC's, the place's time at 00:00
    /// UTC ("02:00 CEST") for the note that says so. The archive's highs and lows are its
    /// answer's days: in the place's calendar (`PlacesClock`, as `drift` and `confidence` make
    /// theirs) unless it answered in GMT — then UTC's, which nothing here can make again, and
    /// the runs' days are UTC's too, said as `show` says it (trial 57: `skill` scored UTC days
    /// without a word).
    nonisolated static func skillCalendar(
        _ runs: PreviousRuns, observed: ArchiveDays, place: Place
    ) -> (PreviousRuns, LocalDateTime?) {
        guard observed.answeredInUTC else { return (runs.atPlacesClock(place), nil) }
        let utc =
            runs.zone.isUTC ? runs : runs.inZone(ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0))
        let first = runs.times.first ?? Date(timeIntervalSince1970: 0)
        guard let own = ZoneInfo.nearest(to: place.coordinate, at: first, countryCode: place.countryCode),
            own.utcOffsetSeconds != 0
        else { return (utc, nil) }
        let midnight = Date(timeIntervalSince1970: (first.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        return (utc, ZoneClock(own).localTime(midnight))
    }

    /// The `days` days `skill` scores when it is `todayUTC` in UTC: ending when the archive's
    /// data usually does, starting no earlier than the service kept runs.
    ///
    /// - Throws: `ShellError.usage` when the window would end before the service's first day.
    nonisolated static func skillWindow(_ days: Int, todayUTC: LocalDate) throws(ShellError) -> ClosedRange<LocalDate> {
        let end = CivilCalendar.date(fromDays: todayUTC.dayNumber - PastSource.archiveLagDays)
        let asked = CivilCalendar.date(fromDays: end.dayNumber - days + 1)
        // Before the service kept runs there is nothing to score: the window starts there.
        let start = max(asked, OpenMeteoPreviousRunsProvider.firstDay)
        guard start <= end else {
            throw .usage("Open-Meteo keeps earlier runs from \(OpenMeteoPreviousRunsProvider.firstDay.iso) only")
        }
        return start...end
    }

    /// `skill [DAYS] [place]`: one request to the archive and one to the Previous Runs API for
    /// the DAYS days ending when the archive's data usually does (five days before today, UTC),
    /// asked at once (neither needs the other's answer); both kept until the end of the UTC day.
    func skill(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        let (count, target) = try places.countAndTarget(count, target, rule: .skill)
        // “skill Berlin 30”: the count after the place gets the order back (issue 37 item 12).
        return try await places.placeAfterOptionalCount(
            count, target, command: "skill", what: "days", maximum: SkillSpan.maximumDays
        ) { () async throws(ShellError) in try await scoredSkill(count, target) }
    }

    private func scoredSkill(_ count: Int?, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        guard let provider = previousRuns else { throw .noService("previous-runs") }
        let days = count ?? Self.defaultSkillDays
        // Checked before the place is looked up, on "now" before any place is known, then
        // counted on the place's own (they differ with recorded answers only).
        _ = try Self.skillWindow(days, todayUTC: clocks.todayUTC(at: nil))
        let fetching = try await places.resolving(target, needing: .earlierRuns) {
            place async throws(ShellError) -> (ClosedRange<LocalDate>, Fetched<ArchiveDays>, Fetched<PreviousRuns>) in
            let coordinate = place.coordinate
            let window = try Self.skillWindow(days, todayUTC: clocks.todayUTC(at: coordinate))
            try places.coverage.checkSkill(window, at: coordinate)
            async let runs = serviceResult { () async throws(ServiceError) in
                // The day after the window too: its 00:00 ends the window's last hour of
                // precipitation (`PrecedingHourDays`).
                try await provider.runs(
                    at: coordinate,
                    days: window.lowerBound...CivilCalendar.date(fromDays: window.upperBound.dayNumber + 1),
                    leads: PreviousRunsAlignment.scoredLeads, validUntil: Self.endOfUTCDay)
            }
            do throws(ServiceError) {
                let observed = try await provider.archiveDays(
                    at: coordinate, days: window, validUntil: Self.endOfUTCDay)
                return (window, observed, try (await runs).get())
            } catch {
                throw ShellError(serviceError: error)
            }
        }
        let resolved = fetching.resolved
        let (window, observed, runs) = fetching.value
        let observedDays = observed.value.days.filter { window.contains($0.date) }
        let (scored, utcDayStart) = Self.skillCalendar(runs.value, observed: observed.value, place: resolved.place)
        var report = SkillReport(
            place: resolved.place, window: window, askedDays: days, observedDays: observedDays.count,
            archiveLastDay: observed.value.lastDayWithData,
            leads: ForecastSkill.score(runs: scored, observed: observedDays, window: window),
            origin: DataOrigin.leastFresh([observed.origin, runs.origin]))
        report.utcDayStart = utcDayStart
        return HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(runs.value.unknownUnits, from: .openMeteoPreviousRuns) + [.skill(report)])
    }
}

/// `drift`: the day as each lead time's runs forecast it, oldest run first.
package struct DriftReport: Hashable, Sendable {
    package var place: Place
    /// The day forecast, in the place's calendar.
    package var date: LocalDate
    /// The date at the place when asked.
    package var today: LocalDate
    /// Lead 7 down to lead 0.
    package var rows: [DriftRow]
    package var origin: DataOrigin
}

extension DriftReport {
    /// The rows of `drift` for `date` when it is `today` at the place, lead 7 down to lead 0,
    /// each dated by the run it really is (`DriftRow.issued`).
    ///
    /// The rule (Open-Meteo's Previous Runs documentation): `_previous_day0` is the current
    /// model run; `_previous_dayN` the value predicted N × 24 hours before the valid time. For a
    /// day `date` k days after today, a lead N < k would need a run made after today: none
    /// exists, and the service gives the newest run's values for those hours or nothing — such
    /// a row is the newest run again, not a forecast of its own (`noRunThatOld`). Lead 0 is the
    /// newest run, made today (or on the day itself, for a day past), with values or without;
    /// lead N ≥ 1 is the run of
    /// `date` − N days.
    package static func rows(_ runs: PreviousRuns, date: LocalDate, today: LocalDate) -> [DriftRow] {
        PreviousRunsAlignment.leads.reversed().map { lead in
            let day = runs.day(date, lead: lead)
            let made = date.dayNumber - lead
            // Lead 0 of a day ahead is the newest run, made today, with values or without (trial
            // 60: "no run 0 d ahead yet" said of the current run whose values the answer lacked).
            let noRun = made > today.dayNumber && lead >= 1
            return DriftRow(
                day: day,
                repeatsNewerRun: !noRun && runs.repeatsPreviousLead(lead, over: [date]),
                issued: noRun
                    ? (day.hasValues ? today : nil) : CivilCalendar.date(fromDays: min(made, today.dayNumber)),
                noRunThatOld: noRun)
        }
    }
}

/// One run's forecast of the `drift` day.
package struct DriftRow: Hashable, Sendable {
    package var day: RunDay
    /// Whether its values repeat those of the run a day newer (the service's quirk; see
    /// `PreviousRuns.repeatsPreviousLead`).
    package var repeatsNewerRun: Bool
    /// The day (the place's calendar) the run the row shows was made: `date` − lead, never
    /// after the place's today (lead 0 of a day ahead is today's newest run); the newest run's
    /// day for a row with `noRunThatOld` and values; nil for such a row without values.
    package var issued: LocalDate?
    /// Whether no run made `lead` days before the day exists yet (the day is further ahead
    /// than the lead): the row's values, if any, are the newest run's, not a forecast of its own.
    package var noRunThatOld: Bool

    package init(day: RunDay, repeatsNewerRun: Bool, issued: LocalDate? = nil, noRunThatOld: Bool = false) {
        self.day = day
        self.repeatsNewerRun = repeatsNewerRun
        self.issued = noRunThatOld ? issued : (issued ?? day.issued)
        self.noRunThatOld = noRunThatOld
    }
}

/// `skill`: forecast error by lead time at a place.
package struct SkillReport: Hashable, Sendable {
    package var place: Place
    /// The days scored (the place's calendar), ending five days before today (UTC).
    package var window: ClosedRange<LocalDate>
    /// The days asked for (the window is shorter when it would start before the service's runs).
    package var askedDays: Int
    /// The days of the window the archive has values for.
    package var observedDays: Int
    /// The archive's last day with data when that is before the window's end; nil otherwise.
    package var archiveLastDay: LocalDate?
    /// Leads 1…7.
    package var leads: [LeadScore]
    package var origin: DataOrigin
    /// When the days scored are UTC's (the archive answered in GMT) at a place whose clock is
    /// not UTC's: the place's time at 00:00 UTC, where each day begins and ends ("02:00 CEST");
    /// nil when they are the place's (`RunsHandler.skillCalendar`).
    package var utcDayStart: LocalDateTime? = nil

    /// How many days the window holds.
    package var windowDays: Int { window.upperBound.dayNumber - window.lowerBound.dayNumber + 1 }
}
