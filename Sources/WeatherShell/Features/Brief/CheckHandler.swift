import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// What one condition of `check` found.
package struct CheckOutcome: Hashable, Sendable {
    package var condition: CheckCondition
    /// Whether it holds.
    package var holds: Bool
    /// `--rain`/`--frost`: the reading of the day (today or tomorrow) with the higher share.
    package var reading: ChanceReading?
    /// `--warnings`: those in force or starting within 24 hours, most severe first.
    package var warnings: [WeatherWarning]
    /// `--changed`: check's mark against the current answer, as `changed` compares a look
    /// (`LookComparer.compare`: the chance of rain with the last mark that had it, and why it
    /// was not compared, `chanceGap`), its `changes` those that matter, most important first;
    /// nil at the first check (or after a mark from another provider), when nothing was compared.
    package var comparison: LookComparison? = nil
    /// `--changed`: when the mark compared with was kept; nil at the first check (or after a
    /// mark from another provider), when the current answer becomes the mark.
    package var markTime: Date? = nil
    /// `--changed`: the provider (`Service.rawValue`) of the last mark when it was another's,
    /// which cannot be compared (trial58: "first check" after a provider switch); else nil.
    package var otherProviderMark: String? = nil
}

/// `check`'s answer: each condition's outcome, for the place.
package struct CheckReport: Hashable, Sendable {
    package var place: Place
    package var outcomes: [CheckOutcome]
    /// The warning feed asked (nil when `--warnings` was not).
    package var warningService: Service?
    /// The zone of the place's clock, for the mark's time and warning times
    /// (`BriefHandler.placesZone`: the forecast's, the ensemble's unless answered in GMT, else
    /// the tz database's nearest to the place, as `warnings` without a forecast); nil: UTC.
    package var zone: ZoneInfo?
    /// `--changed`: check's new mark, kept only once the line is written
    /// (`BriefHandler.keepMark`, by the runner), so that a line nobody got never moves the mark past a
    /// change it held (trial 63: `>/dev/full` moved it and the change was never told); nil when
    /// the mark stays.
    package var markToKeep: Look? = nil
    /// When none held: the options of the conditions that could not be checked beside those
    /// that were, and why each (one reason once), said after the line; the exit status is 3
    /// then, never a false "no" (trial 63: frost's reading was printed nowhere). Empty when all
    /// were checked or one held (those not checked are then warnings).
    package var notChecked: [UncheckedCondition] = []

    /// Whether any condition holds: the exit status is 0 then, else 1 (3 with `notChecked`).
    package var anyHolds: Bool { outcomes.contains(where: \.holds) }

    /// 0 when a condition held, 3 when none did and one could not be checked, else 1.
    package var exitStatus: Int { anyHolds ? 0 : notChecked.isEmpty ? 1 : 3 }
}

/// A condition `check` could not check: its option ("--frost") and why.
package struct UncheckedCondition: Hashable, Sendable {
    package var option: String
    package var error: ShellError
}

/// `check`'s rules, apart from the session: given the answers, which conditions hold.
enum CheckRules {
    /// How far ahead a warning that has not begun still counts for `--warnings`, seconds (24 h).
    static let warningLookaheadSeconds: Double = 86_400

    /// The warnings that make `--warnings` hold at `now`: in force, or starting within 24 hours.
    static func warnings(_ all: [WeatherWarning], now: Date) -> [WeatherWarning] {
        WarningRules.current(all, now: now).filter { warning in
            guard let onset = warning.onset else { return true }
            return onset.timeIntervalSince(now) <= warningLookaheadSeconds
        }
    }

    /// The outcome of `condition` from the answers it reads.
    ///
    /// - Parameter units: the user's units, for the clock of a day covered in part.
    /// - Throws: `ShellError.notInAnswer` when the ensemble lacks the variable
    ///   (`ChanceReading.unreadable`), covers neither today nor tomorrow, or a day only in part
    ///   without reaching the threshold (`ChanceReading.isUnknown`): wx cannot tell, exit
    ///   status 3, never a false 1.
    static func outcome(
        _ condition: CheckCondition, ensemble: EnsembleForecast?, origin: DataOrigin? = nil,
        warnings: [WeatherWarning], now: Date, units: UnitPreferences = .metric
    ) throws(ShellError) -> CheckOutcome {
        guard let alert = condition.alert else {
            return CheckOutcome(condition: condition, holds: !warnings.isEmpty, reading: nil, warnings: warnings)
        }
        // A variable left out for its unit, or that no member has, is why, not the days the
        // answer covers.
        if let ensemble, let leftOut = ChanceReading.unreadable(alert.kind, in: ensemble) {
            throw .notInAnswer("\(leftOut), so \(condition.option) cannot be checked")
        }
        guard let ensemble, let reading = ChanceReading.reading(alert, ensemble: ensemble, now: now) else {
            throw .notInAnswer(
                "the ensemble’s answer covers neither today nor tomorrow, so \(condition.option) cannot be checked; "
                    + EnsembleRetryText.advice(origin, now: now)
            )
        }
        if let unknown = reading.unknownReason(units) {
            throw .notInAnswer(
                "\(unknown), so \(condition.option) cannot be checked; " + EnsembleRetryText.advice(origin, now: now))
        }
        return CheckOutcome(condition: condition, holds: reading.isAbove, reading: reading, warnings: [])
    }
}

extension BriefHandler {
    /// `check`: each condition against the place's answers, from the cache while they are
    /// current. The place does not become current: a cron job's check changes nothing.
    ///
    /// Any condition that holds is told (exit 0), with a `warning: not checked: …` line for each
    /// that could not be checked; none holding and all checked is "no" (exit 1); none holding
    /// and one not checked throws why it was not (exit 3), never a false "no".
    ///
    /// - Throws: what resolving the place throws; when no condition holds, the first reason one
    ///   could not be checked: `ShellError.service` when its service fails, `.notApplicable`
    ///   when no feed covers the place's country for `--warnings` or the demo has no recording
    ///   of its kind. Each makes `check` exit 3. `.usage` when no place is given, current or saved
    ///   (exit 2: the command is incomplete, not a question wx cannot answer).
    /// - Parameter further: when it throws, the other reasons conditions could not be checked
    ///   (offline, `--changed --warnings`: Open-Meteo's as well as Bright Sky's), each to be
    ///   said after the thrown one.
    func check(_ request: CheckRequest, further: inout [ShellError]) async throws(ShellError) -> [CommandResult] {
        var target = request.target
        if target == nil, weather.places.currentPlace == nil {
            guard let first = weather.places.favorites.first else {
                throw .usage(
                    "no place to check: name one after the conditions (“check --rain 60% Hamburg”), or find or save one first"
                )
            }
            target = first.name
        }
        // A name that may be a favorite state.plist could not give is not looked up as a place:
        // check would answer for another place (exit 3, wx cannot tell).
        if let target, let why = weather.places.favoritesUnread, try weather.places.isNameToLookUp(target) {
            throw .notApplicable(
                "favorites could not be read (\(why)), so “\(TerminalText.sanitized(target))” may be a favorite: check does not look it up as a place; give its coordinates instead"
            )
        }
        let ensembleService = weather.places.services.ensemble
        let coverage = weather.places.coverage
        // The place must be known; each condition's kind of answer is its own: one the place
        // lacks (a demo without its recording) or whose service fails is a condition not
        // checked, which fails the check (exit 3) only when no other condition holds.
        // Both answers at the place's clock as named (`resolvingAtPlacesClock`).
        let fetching = try await weather.places.resolvingAtPlacesClock(
            target, needing: nil, askingWarnings: request.readsWarnings || request.readsChanges
        ) {
            place async throws(ShellError) -> AnswerPair<
                Result<Fetched<EnsembleForecast>, ShellError>?, Result<Fetched<Forecast>, ShellError>?
            > in
            var answer: Result<Fetched<Forecast>, ShellError>?
            if request.readsChanges {
                if let lacking = coverage.lacking(.forecast, at: place.coordinate) {
                    answer = .failure(.notApplicable(lacking))
                } else {
                    do throws(ShellError) {
                        answer = .success(try await weather.forecast(at: place))
                    } catch .cancelled {
                        throw .cancelled
                    } catch { answer = .failure(error) }
                }
            }
            guard request.readsEnsemble else { return AnswerPair(first: nil, second: answer) }
            guard let ensembleService else {
                return AnswerPair(first: .failure(.noService("ensemble")), second: answer)
            }
            if let lacking = coverage.lacking(.ensemble, at: place.coordinate) {
                return AnswerPair(first: .failure(.notApplicable(lacking)), second: answer)
            }
            do throws(ServiceError) {
                return AnswerPair(
                    first: .success(try await ensembleService.ensemble(at: place.coordinate, model: .ecmwfIFS025)),
                    second: answer)
            } catch {
                return AnswerPair(first: .failure(ShellError(serviceError: error)), second: answer)
            }
        }
        let (fetchedEnsemble, forecastResult) = (fetching.value.first, fetching.value.second)
        let ensembleResult = fetchedEnsemble?.map(\.value)
        let ensemble = try? ensembleResult?.get()
        let forecast = try? forecastResult?.get()
        // A condition that cannot be read (its service failed) fails the check (exit 3) only
        // when no other condition holds: a warning in force is told though the ensemble is down.
        // Each by its option: --rain and --frost both unread for the one ensemble failure are
        // two lines, each naming its flag (trial: one line named neither).
        var unreadable: [(option: String, error: ShellError)] = []
        let place = fetching.resolved.place
        let now = weather.clocks.now(at: place.coordinate)
        // An answer saved earlier and served because its service failed: a condition judged
        // from it that does not hold is not told "no" (exit 3); one that holds is told, with a
        // line on stderr saying how old the data is.
        func stale(_ origin: DataOrigin?, _ serviceName: String?, _ condition: CheckCondition) -> String? {
            guard case .stale(let stored, let reason)? = origin else { return nil }
            let age = TimeWords.age(seconds: now.timeIntervalSince(stored))
            let why = reason.map { " (\($0.description))" } ?? ""
            return
                "\(condition.option) is judged from \(serviceName ?? "the service")’s saved data from \(age) ago\(why)"
        }
        var staleNotes: [String] = []
        var outcomes: [CheckOutcome] = []
        func judge(_ outcome: CheckOutcome, staleBy note: String?) {
            guard let note else { return outcomes.append(outcome) }
            if outcome.holds {
                outcomes.append(outcome)
                staleNotes.append(note)
            } else {
                unreadable.append(
                    (outcome.condition.option, .notInAnswer("\(note), so check cannot tell whether it holds")))
            }
        }
        var warnings: [WeatherWarning] = []
        var service: Service?
        var warningsReadable = true
        if request.readsWarnings {
            if let feed = weather.places.warningFeed(for: place) {
                service = feed.service
                switch fetching.warnings {
                case .success(let fetched)?: warnings = CheckRules.warnings(fetched.value.warnings, now: now)
                case .failure(let error)?:
                    unreadable.append(("--warnings", ShellError(serviceError: error)))
                    warningsReadable = false
                case nil:
                    unreadable.append(
                        ("--warnings", .notApplicable("the warning feed for \(place.name) was not asked")))
                    warningsReadable = false
                }
            } else if let lacking = coverage.lacking(.warnings, at: place.coordinate) {
                // The demo's own reason, as `check --warnings` alone gives it.
                unreadable.append(("--warnings", .notApplicable(lacking)))
                warningsReadable = false
            } else if place.countryCode == nil, let failure = fetching.resolved.namingFailure {
                // Not "no feed covers" it: the reverse lookup that gives the country failed
                // (offline, say), so which feed covers it is not known.
                unreadable.append(
                    (
                        "--warnings",
                        .notApplicable(
                            "wx could not tell which warning feed covers \(TerminalText.sanitized(place.label)), so --warnings cannot be checked: its country is not known, as the lookup of the coordinates failed (\(failure.description))"
                        )
                    ))
                warningsReadable = false
            } else if place.countryCode == nil {
                // No country and no failure: the reverse lookup found none, as `warnings` says
                // (trial: Berlin's coordinates were said to be covered by no feed; DWD covers it).
                unreadable.append(
                    ("--warnings", .notApplicable(Self.noCountryReason(place, found: fetching.resolved.nameless))))
                warningsReadable = false
            } else {
                let country = place.countryCode.map { " (\($0.uppercased()))" } ?? ""
                unreadable.append(
                    (
                        "--warnings",
                        .notApplicable(
                            "no warning feed covers \(place.name)\(country), so --warnings cannot be checked (“warnings” says which feeds wx reads)"
                        )
                    ))
                warningsReadable = false
            }
        }
        let warningsOrigin: DataOrigin?
        if case .success(let fetched)? = fetching.warnings {
            warningsOrigin = fetched.origin
        } else {
            warningsOrigin = nil
        }
        var kept: [CommandResult] = []
        var markToKeep: Look?
        for condition in request.conditions {
            if condition == .warnings, !warningsReadable { continue }
            if condition == .changed, case .failure(let error)? = forecastResult {
                unreadable.append((condition.option, error))
                continue
            }
            guard condition == .changed, let forecast else {
                if condition != .warnings, condition != .changed, case .failure(let error)? = ensembleResult {
                    unreadable.append((condition.option, error))
                    continue
                }
                do {
                    let outcome = try CheckRules.outcome(
                        condition, ensemble: ensemble, origin: try? fetchedEnsemble?.get().origin, warnings: warnings,
                        now: now, units: weather.units)
                    judge(
                        outcome,
                        staleBy: condition == .warnings
                            ? stale(warningsOrigin, service?.displayName, condition)
                            : stale(try? fetchedEnsemble?.get().origin, ensembleService?.service.displayName, condition)
                    )
                } catch { unreadable.append((condition.option, error)) }
                continue
            }
            let staleNote =
                stale(forecast.origin, weather.places.forecastProvider.service.displayName, condition)
                ?? stale(warningsOrigin, weather.places.warningFeed(for: place)?.service.displayName, condition)
            let changed: (CheckOutcome, Look?)
            do {
                changed = try changeOutcome(
                    WeatherReport(
                        place: place, forecast: forecast.value, origin: forecast.origin, ensemble: ensemble,
                        // The mark keeps only the chances: read from beside the cached answer.
                        ensembleRainChances: ensemble == nil
                            ? weather.places.services.ensemble?.cachedRainChances(
                                at: place.coordinate, model: .ecmwfIFS025)?.value
                            : nil), warnings: fetching.warnings, now: now, stale: staleNote != nil)
            } catch {
                unreadable.append((condition.option, error))
                continue
            }
            judge(changed.0, staleBy: staleNote)
            markToKeep = changed.1
        }
        var notChecked: [UncheckedCondition] = []
        if let first = unreadable.first {
            // None held but some were read: the line says what each read, and each not checked
            // is said after it with why (exit 3).
            if !outcomes.isEmpty, !outcomes.contains(where: \.holds) {
                for (option, error) in unreadable where !notChecked.contains(where: { $0.error == error }) {
                    notChecked.append(UncheckedCondition(option: option, error: error))
                }
                // A mark is not moved by a check that could not tell.
                markToKeep = nil
            } else if !outcomes.contains(where: \.holds) {
                // The reasons, each once (one ensemble failure is the reason for two flags).
                var reasons: [ShellError] = []
                for (_, error) in unreadable.dropFirst() where error != first.error && !reasons.contains(error) {
                    reasons.append(error)
                }
                further = reasons
                throw first.error
            } else {
                // What held is told (exit 0); what could not be read is said beside it, on stderr,
                // a line a condition naming its flag.
                kept += unreadable.map { option, error in
                    let reason = error.description
                    return .warning("not checked: \(reason.hasPrefix(option + " ") ? reason : "\(option): \(reason)")")
                }
            }
        }
        kept += staleNotes.map { .warning("\($0); it held on that data") }
        return fetching.resolved.notices + kept + [
            .check(
                CheckReport(
                    place: place, outcomes: outcomes, warningService: service,
                    zone: Self.placesZone(forecast: forecast?.value, ensemble: ensemble, place: place, now: now),
                    markToKeep: markToKeep, notChecked: notChecked))
        ]
    }

    /// Why `--warnings` cannot be checked at `place`, which has no country and whose naming
    /// did not fail: the reverse lookup put it in none — as `warnings` says it. `found`: the
    /// lookup answered that it knows no place there (Nominatim's "Unable to geocode"), so
    /// trying again online would not help (trial 63).
    static func noCountryReason(_ place: Place, found: Bool) -> String {
        let label = TerminalText.sanitized(place.label)
        guard place.isUnnamed else {
            return
                "no warning feed covers \(label) (\(place.coordinate.rounded.hemisphereText)), so --warnings cannot be checked: the place lookup found it in no country (the open sea or Antarctica, say)"
        }
        guard found else {
            return
                "wx could not tell which warning feed covers \(label), so --warnings cannot be checked: its country is not known (the reverse lookup of the coordinates failed); try again online, or give the place by name"
        }
        return
            "wx could not tell which warning feed covers \(label), so --warnings cannot be checked: the reverse lookup found no country for these coordinates; give the place by name"
    }

    /// The place's clock, which check's line says its times at (the mark, a warning's span):
    /// the forecast's zone (the place's own, also when the answer came in GMT), else the
    /// ensemble's unless that came in GMT (the demo's Berlin: the mark was said at 03:00 beside
    /// --rain, 05:00 CEST without it), else the tz database's nearest zone to the place.
    static func placesZone(forecast: Forecast?, ensemble: EnsembleForecast?, place: Place, now: Date) -> ZoneInfo? {
        if let forecast { return forecast.zone }
        if let ensemble, !ensemble.zone.isUTC { return ensemble.zone }
        return ZoneInfo.nearest(to: place.coordinate, at: now, countryCode: place.countryCode) ?? ensemble?.zone
    }

    /// `--changed`: the current answer against check's mark. The mark moves to the current
    /// answer when it holds (so the change is told once), at the first check, and after a mark
    /// from another provider; it stays while nothing changed that matters, so that small
    /// changes adding up are told when they do.
    ///
    /// - Returns: the outcome, and the mark to keep once check's line is written (nil: the
    ///   mark stays).
    /// - Throws: `.storage` when the log cannot take the mark (checked before the line is made).
    private func changeOutcome(
        _ report: WeatherReport, warnings: Result<Fetched<WarningFeedAnswer>, ServiceError>?, now: Date,
        stale: Bool
    ) throws(ShellError) -> (CheckOutcome, Look?) {
        // A warning feed that failed: check cannot compare warnings, and says so (exit 3); the
        // mark stays, so the change is told when the feed answers again.
        if case .failure(let error)? = warnings {
            throw .notInAnswer(
                "the warning feed failed, so --changed cannot compare warnings with check’s mark: \(ShellError(serviceError: error).description)"
            )
        }
        let current = weather.look(of: report, warnings: warnings, command: Look.checkMark)
        // A stale answer (no days or hours from now) cannot be compared: exit 3, the mark stays.
        guard !current.isEmpty else {
            let reason = LookComparer.emptyReason(report, now: now)
            throw .notInAnswer(
                "\(reason.text), so --changed cannot compare it with check’s mark"
                    + (reason == .stale ? "; try again later" : ""))
        }
        // The chance with the last mark that had the ensemble, as `changed` compares it with the
        // last look that had it: a mark kept while the ensemble failed does not hide a jump.
        let (mark, chanceMark) = LookComparer.earlierLooks(before: current, log: log, now: now, checkMark: true)
        let comparison = LookComparer.compare(
            mark, current, chanceLook: chanceMark, place: report.place, zone: report.forecast.zone,
            today: report.forecast.clock.localTime(now).date)
        var outcome = CheckOutcome(condition: .changed, holds: false, reading: nil, warnings: [])
        guard let mark, case .compared(let changes) = comparison.outcome else {
            // No mark, one from another provider or an empty one: the current answer becomes it.
            // Saved data served after a failure does not become the mark: a change it already
            // holds would be taken as the starting point and never told.
            if case .otherProvider(let provider) = comparison.outcome { outcome.otherProviderMark = provider }
            if stale { return (outcome, nil) }
            try markCanBeKept()
            return (outcome, current)
        }
        outcome.markTime = mark.time
        outcome.comparison = comparison
        outcome.holds = !changes.isEmpty
        guard outcome.holds else { return (outcome, nil) }
        try markCanBeKept()
        return (outcome, current)
    }

    /// What check says when its mark cannot be kept.
    static let markNotKept = "check’s mark for --changed could not be kept, so check cannot tell a change once"

    /// Fails the check (exit 3 with the reason) before its line is made when the log cannot take
    /// a mark: "kept for next time" would be untrue, and every later run would compare with a
    /// mark that never moves.
    private func markCanBeKept() throws(ShellError) {
        // A history line held back only because another process held the lock a moment is no
        // failed write: the mark waits for the lock (and writes that line first), and when it
        // cannot, says why — the lock, not "the log cannot be written".
        guard !log.hasRecordsWhoseWriteFailed else {
            throw .storage(
                "\(Self.markNotKept): the log in the state folder cannot be written; make it writable (or set WX_HOME)")
        }
    }

    /// Keeps check's mark in the log, once its line is written (`CheckReport.markToKeep`).
    ///
    /// - Throws: `.storage` with the reason when the log cannot take it (exit 3).
    func keepMark(_ mark: Look) throws(ShellError) {
        do { try log.appendLook(mark) } catch {
            throw .storage("\(Self.markNotKept): \(ShellError(error).description)")
        }
    }
}

extension CommandResult {
    /// `check` when no condition held: the command counts as failed (exit status 1) without an
    /// error line — "no" is an answer, not a failure to say.
    package var isCheckHoldingNone: Bool {
        if case .check(let report) = self { return !report.anyHolds }
        return false
    }
}

extension Command {
    /// The exit status when this command fails other than by its usage: `check` gives 3, so
    /// that a script is never told 1 ("no condition holds") when wx could not tell; nil for
    /// every other command (1).
    package var failureExitStatus: Int32? {
        if case .check = self { return 3 }
        return nil
    }
}
