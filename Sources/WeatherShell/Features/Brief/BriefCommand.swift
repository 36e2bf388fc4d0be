import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// `brief [--sure] [place | favorite]`, as parsed.
package struct BriefRequest: Hashable, Sendable {
    /// `--sure`: fetch the ensemble when it is not cached for the current run.
    package var sure: Bool
    /// The place (nil: the current location).
    package var target: String?
}

extension CommandSpec {
    static let brief = CommandSpec(
        name: "brief", synopsis: "brief [--sure] [place | favorite]",
        summary: "the forecast in a few plain sentences, built by rules from the numbers",
        details: [
            "A few sentences from the numbers the other views show: when rain starts, is heaviest and stops in the next 24 hours; how likely rain is by the ensemble’s members (in the rest of today, from the next hour — tomorrow once no hour of today is left — or on the day the rain starts, and then the rest of today’s too when that is the larger or not unlikely; a tomorrow the ensemble covers only in part is counted over the hours it covers, as check --rain counts it: likely when those already reach it, else said not to be judged yet, with the hours); tomorrow’s high against today’s; the official warnings in force or starting within 24 hours (the three most severe named, the rest counted: “warnings” lists them all). In your units, at the place’s clock: the ensemble’s days are the place’s calendar days, as “check” and “chance” count them, also when its answer came in GMT. A forecast that came in GMT has UTC days (00:00–24:00 UTC, as “show” says): tomorrow’s sentence then sets those days’ highs side by side, and a line under that sentence says so in “show”’s words. --json gives each sentence with the facts it states.",
            "Rules (in °C and mm; the sentences say them in your units): "
                + BriefRules.table.joined(separator: "; ") + ".",
            "Requests: what “show” asks — the forecast and the warning feed — and no more. The sentences from the ensemble (likely, the range of tomorrow’s high) appear when its answer is cached for the current model run (after “confidence”, “best”, “chance” or “plume”); --sure fetches it (one ensemble request, about 300 of Open-Meteo’s calls), and the earlier runs’ forecast for tomorrow (one previous-runs request, as “drift” asks), which says how tomorrow’s high moved since the oldest run that forecast it.",
            "Examples: brief Home · brief --sure Paris",
        ],
        completion: .flagsThenCountThenFavorites(["--sure"]),
        costs: [
            RequestCost(
                services: RequestCost.forecastServices + RequestCost.warningFeeds, RequestCost.forecastAndWarnings),
            RequestCost(
                "--sure", services: [.openMeteoEnsemble, .openMeteoPreviousRuns],
                "besides show’s, 1 ensemble request unless cached for the current model run (kept until the next, 6 h), and 1 previous-runs request for tomorrow (as “drift”, kept an hour)"
            ),
        ]
    ) { arguments throws(ShellError) in
        var sure = false
        var words: [String] = []
        while let word = arguments.next() {
            if word.lowercased() == "--sure" { sure = true } else { words.append(word) }
        }
        if let option = words.first(where: Arguments.looksLikeOption), words.count > 1 || option.hasPrefix("--") {
            throw arguments.unknownOption(option, placeFirst: false)
        }
        let target = words.joined(separator: " ").trimmed
        if let error = CommandParser.coordinateRangeError(target) { throw error }
        return .brief(BriefRequest(sure: sure, target: target.isEmpty ? nil : target))
    }
}

/// `brief` and `check`: given `show`'s handler and the log the looks (and check's marks) are
/// kept in; `brief`'s place and report are applied as `show`'s are.
@MainActor
struct BriefHandler {
    let weather: WeatherHandler
    let log: EventLog

    /// `brief`: the forecast and the warning feed as `show` asks them, the ensemble from the
    /// cache (fetched with `--sure`), and the sentences the rules make of them. The place
    /// becomes current, as after `show`.
    ///
    /// - Throws: what `show` throws. With `--sure`, an ensemble or earlier runs that fail are a
    ///   notice, not a failure.
    func brief(_ request: BriefRequest) async throws(ShellError) -> HandlerOutcome {
        let places = weather.places
        let fetched = try await places.placeWithoutCount(request.target, command: "brief") {
            () async throws(ShellError) in
            try await weather.resolvingForecast(request.target, askingWarnings: true)
        }
        var shown = weather.weather(for: fetched.resolved, fetched.value, wholeEnsemble: true)
        // What fails after the forecast came fails with the place current, as before.
        do throws(ShellError) {
            shown.outcome.trailing = try await sentences(request, fetched, report: shown.report)
        } catch {
            return shown.failing(error)
        }
        if case .failure? = fetched.warnings {
            shown.outcome.warningBanner = WarningBannerInput(
                answer: fetched.warnings, place: shown.report.place, zone: shown.report.forecast.zone)
        }
        return shown.outcome
    }

    /// `brief`'s results after the place's notices and a failed feed's line: what could not be
    /// had, the look's notice, the sentences.
    private func sentences(
        _ request: BriefRequest, _ fetched: PlaceFetching<Fetched<Forecast>>, report shown: WeatherReport
    ) async throws(ShellError) -> [CommandResult] {
        var report = shown
        let place = report.place
        // With --sure, an ensemble or earlier runs that cannot be had are said (stderr) and
        // their sentences left out: the forecast's sentences stand without them.
        var unavailable: [CommandResult] = []
        if request.sure, report.ensemble == nil, let provider = weather.places.services.ensemble {
            try weather.places.coverage.admit(place.coordinate, label: place.name, needing: .ensemble)
            do throws(ServiceError) {
                // At the place's clock, as the cached one and as `check` and `chance` read it.
                report.ensemble = try await provider.ensemble(at: place.coordinate, model: .ecmwfIFS025).value
                    .atPlacesClock(place)
            } catch {
                unavailable.append(
                    .warning(
                        "the ensemble could not be had, so brief says nothing of how likely rain is: \(ShellError(serviceError: error).description)"
                    ))
            }
        }
        // The earlier runs' forecast for tomorrow (`drift`'s answer), with --sure.
        var runs: PreviousRuns?
        if request.sure, let provider = weather.places.services.previousRuns,
            weather.places.coverage.lacking(.earlierRuns, at: place.coordinate) == nil
        {
            // Tomorrow at the place, by its forecast's clock (not UTC's date: a day short
            // between the place's midnight and UTC's).
            let days = try RunsHandler.driftDays(
                .tomorrow, todayUTC: weather.clocks.todayUTC(at: place.coordinate),
                placeToday: report.forecast.clock.localTime(weather.clocks.now(at: place.coordinate)).date)
            do throws(ServiceError) {
                runs =
                    try await provider.runs(
                        at: place.coordinate, days: days, leads: PreviousRunsAlignment.leads,
                        validUntil: { $0.addingTimeInterval(RunsHandler.driftValiditySeconds) }
                    ).value.atPlacesClock(place)
            } catch {
                unavailable.append(
                    .warning(
                        "the earlier runs could not be had, so brief says nothing of how tomorrow’s forecast moved: \(ShellError(serviceError: error).description)"
                    ))
            }
        }
        let now = weather.clocks.now(at: place.coordinate)
        // An ensemble that covers neither today nor tomorrow whole gives no sentence: with
        // --sure, that is said, as check says it, rather than nothing at all. Precipitation
        // left out for its unit, or null in every member, is the reason then, as check gives
        // it (trials 59 and 60: "try after the next run" sent the user off to wait for nothing).
        if request.sure, let ensemble = report.ensemble, let leftOut = ChanceReading.unreadable(.rain, in: ensemble) {
            unavailable.append(.warning("\(leftOut), so brief says nothing of how likely rain is"))
        } else if request.sure, let ensemble = report.ensemble,
            ChanceReading.reading(ChanceAlert(kind: .rain, thresholdPercent: 50), ensemble: ensemble, now: now) == nil
        {
            unavailable.append(
                .warning(
                    "the ensemble’s answer covers neither today nor tomorrow, so brief says nothing of how likely rain is; try after the next run"
                ))
        }
        var warnings: [WeatherWarning] = []
        if case .success(let answer)? = fetched.warnings {
            warnings = CheckRules.warnings(answer.value.warnings, now: now)
        }
        var sentences = BriefMaker.sentences(
            forecast: report.forecast, ensemble: report.ensemble, runs: runs, warnings: warnings, now: now)
        // The last sentence: the most important change since the last look, by `changed`'s
        // rules; none before a first look, or after a look at another provider's forecast.
        let current = weather.look(of: report, warnings: fetched.warnings, command: "brief")
        // Nor when either look holds nothing to compare (a stale answer): that is not "nothing
        // changed", and the sentence saying there are no hours says why.
        // The chance with the last look that had the ensemble, as `changed` compares it.
        let (last, chanceLook) = LookComparer.earlierLooks(before: current, log: log, now: now)
        let comparison = LookComparer.compare(
            last, current, chanceLook: chanceLook, place: place, zone: report.forecast.zone,
            today: report.forecast.clock.localTime(now).date)
        if let earlier = last, case .compared(let changes) = comparison.outcome {
            sentences.append(
                .sinceLook(
                    earlier: earlier.time, change: changes.first,
                    sameAnswer: earlier.showsSameAnswer(as: current), utcDaysThen: comparison.utcDaysThen,
                    chanceGap: comparison.chanceGap))
        }
        // A feed that failed is said as `show` says it (stderr, by `brief`); its warnings are not guessed.
        // A look with nothing to compare is not kept, and said so (README: one line).
        let notKept: [CommandResult] =
            current.isEmpty && report.keepsLook
            ? [.warning("the look was not kept for “changed”: \(LookComparer.emptyReason(report, now: now).text)")] : []
        return unavailable + notKept + (current.isEmpty || !report.keepsLook ? [] : log.keep(current)) + [
            .brief(
                BriefReport(
                    place: place, now: now, zone: report.forecast.zone, sentences: sentences,
                    ensembleUsed: report.ensemble != nil, origin: report.origin,
                    // Days that are UTC days, by the rule `show` says them by.
                    utcDays: ForecastCoverage(report.forecast, now: now).utcDays))
        ]
    }
}

/// Makes `brief`'s sentences from the answers, by `BriefRules`; no session, no rendering.
enum BriefMaker {
    /// The sentences in their order: rain, its likelihood, tomorrow, warnings.
    static func sentences(
        forecast: Forecast, ensemble: EnsembleForecast?, runs: PreviousRuns? = nil, warnings: [WeatherWarning],
        now: Date
    ) -> [BriefSentence] {
        var sentences: [BriefSentence] = []
        let outlook = BriefRules.outlook(forecast, now: now)
        let spell = outlook?.spell
        if let spell {
            sentences.append(.rain(spell, now: now))
        } else if let outlook {
            sentences.append(.dry(from: now, hours: outlook.hours))
        } else if forecast.hourly.contains(where: { $0.time > now }) {
            // Hours without amounts: "no hours" read as if `hourly` had nothing to list.
            sentences.append(.noPrecipitation)
        } else {
            sentences.append(.noHours)
        }
        let clock = forecast.clock
        let today = clock.localTime(now).date
        let tomorrow = CivilCalendar.date(fromDays: today.dayNumber + 1)
        if let ensemble {
            // Today is the rest of it, from the next hour, as `chance` and `check` count it:
            // rain that fell this morning is not rain to come.
            let spellDay = spell.map { clock.localTime($0.start.addingTimeInterval(1)).date } ?? today
            let rest = ensemble.day(today, from: now).flatMap { $0.precipitationMembers > 0 ? $0 : nil }
            // Today without an hour left from the next (23:30): the chance is tomorrow's, as
            // `chance`'s days start tomorrow then.
            let todayOver = ensemble.clock.localTime(ensemble.nextHour(after: now)).date > today
            let target = max(spellDay, todayOver ? tomorrow : today)
            // Tomorrow covered only in part (the answer stops before it ends): its hours held,
            // by check --rain's rule at the share "likely" needs; said rather than nothing.
            let part =
                target == tomorrow
                ? ChanceReading.partOfTomorrow(
                    ChanceAlert(kind: .rain, thresholdPercent: BriefRules.likelyPercent), ensemble: ensemble, now: now)
                : nil
            let whole = ensemble.day(target, from: now).flatMap { $0.precipitationMembers > 0 ? $0 : nil }
            let day = whole ?? (part == nil ? rest : nil)
            // Today's rest too when the rain starts on a later day and today's chance is the
            // larger or not unlikely: the plan reads "dry until tomorrow", and 46 of 51 wet this
            // afternoon went unsaid (trial58).
            let later = day.flatMap { $0.date == today ? nil : $0.rainPercent ?? 0 } ?? part?.percent
            if let rest, let later, let restPercent = rest.rainPercent,
                restPercent > later || BriefRules.likelihood(percent: restPercent) != "unlikely"
            {
                sentences.append(
                    .chance(date: today, isToday: true, members: rest.wetMembers, of: rest.precipitationMembers))
            }
            if let day {
                sentences.append(
                    .chance(
                        date: day.date, isToday: day.date == today, members: day.wetMembers,
                        of: day.precipitationMembers))
            } else if let part {
                sentences.append(.chancePart(part))
            }
        }
        if let todayHigh = forecast.daily.first(where: { $0.date == today })?.temperatureMaxCelsius,
            let tomorrowHigh = forecast.daily.first(where: { $0.date == tomorrow })?.temperatureMaxCelsius
        {
            let spread = ensemble?.days.first { $0.date == tomorrow }?.high
            sentences.append(
                .tomorrow(
                    todayHigh: todayHigh, tomorrowHigh: tomorrowHigh, range: spread.map { $0.p10...$0.p90 }))
        }
        // How tomorrow's high moved since the oldest run that forecast it (not a repeat of a
        // newer one), against the newest run's (lead 0 is today's only: tomorrow's newest is 1).
        if let runs,
            let newest = PreviousRunsAlignment.leads.first(where: {
                // Lead 0 of tomorrow is tomorrow's run, not made yet (an answer may still fill it).
                $0 >= 1 && runs.day(tomorrow, lead: $0).temperatureMaxCelsius != nil
            }),
            let current = runs.day(tomorrow, lead: newest).temperatureMaxCelsius
        {
            for lead in PreviousRunsAlignment.leads.reversed() where lead > newest {
                let day = runs.day(tomorrow, lead: lead)
                guard let then = day.temperatureMaxCelsius, !runs.repeatsPreviousLead(lead, over: [tomorrow]) else {
                    continue
                }
                sentences.append(.runs(date: tomorrow, issued: day.issued, thenHigh: then, nowHigh: current))
                break
            }
        }
        // The most severe named first (in the feed's order among equals), the rest counted.
        let severest = warnings.enumerated().sorted {
            $0.element.severity.rank != $1.element.severity.rank
                ? $0.element.severity.rank > $1.element.severity.rank : $0.offset < $1.offset
        }.map(\.element)
        sentences += severest.prefix(BriefRules.mostWarnings).map { .warning($0) }
        if warnings.count > BriefRules.mostWarnings {
            sentences.append(.moreWarnings(warnings.count - BriefRules.mostWarnings))
        }
        return sentences
    }
}
