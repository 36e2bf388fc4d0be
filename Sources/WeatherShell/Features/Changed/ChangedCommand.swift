import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

extension CommandSpec {
    static let changed = CommandSpec(
        name: "changed", synopsis: "changed [place | favorite]",
        summary: "what changed in the forecast since you last looked at the place",
        details: [
            "Compares the forecast wx last showed you for the place (“show”, “daily”, “hourly”, “brief” and “changed” are looks) with today’s answer: each day’s high, low and rain, today’s rain start and end, warnings new or ended, the ensemble’s chance with the last look that had it, tomorrow’s only with a count of the same day (each said when it could not be compared). The last \(EventLog.keptLooksPerPlace) looks per place are kept, and the last with the ensemble’s chance, for at most \(EventLog.mostLookPlaces) places (the place looked at longest ago goes first), in log.jsonl; “log compact” keeps the same. A look is written after what the command shows: it waits for another wx holding the state folder’s lock as a change does (up to WX_TIMEOUT), the weather already printed; one not written is said in one warning line after it.",
            "Rules (in °C and mm; said in your units): " + BriefRules.changeTable.joined(separator: "; ") + ".",
            "No earlier look: said, and this one is kept for next time. A look in the other unit system is compared in the current one. A look at another provider’s forecast cannot be compared: said. “changed” is itself a look. Requests: what “show” asks — the forecast and the warning feed.",
            "Examples: changed Home · wx changed --json Paris",
        ],
        completion: .favorites,
        costs: [
            RequestCost(
                services: RequestCost.forecastServices + RequestCost.warningFeeds, RequestCost.forecastAndWarnings)
        ]
    ) { arguments throws(ShellError) in
        .changed(try CommandParser.optionalPlace(&arguments))
    }
}

/// `changed`: today's answer against the last look at the place. Given `show`'s handler and the
/// log the looks are kept in; its place and report are applied as `show`'s are.
@MainActor
struct ChangedHandler {
    let weather: WeatherHandler
    let log: EventLog

    /// `changed`: today's answer against the last look at the place before now, then kept as
    /// the next look. The place becomes current, as after `show`.
    ///
    /// - Throws: what `show` throws.
    func changed(_ target: String?) async throws(ShellError) -> HandlerOutcome {
        let places = weather.places
        let fetched = try await places.placeWithoutCount(target, command: "changed") { () async throws(ShellError) in
            try await weather.resolvingForecast(target, askingWarnings: true)
        }
        var shown = weather.weather(for: fetched.resolved, fetched.value)
        let report = shown.report
        let now = weather.clocks.now(at: report.place.coordinate)
        let current = weather.look(of: report, warnings: fetched.warnings, command: "changed")
        // The chance with the last look that had the ensemble: a look without it since (its
        // answer not cached then) does not hide a jump from 3 to 30 of 51 (trial).
        let (earlier, chanceLook) = LookComparer.earlierLooks(before: current, log: log, now: now)
        var comparison = LookComparer.compare(
            earlier, current, chanceLook: chanceLook, place: report.place, zone: report.forecast.zone,
            today: report.forecast.clock.localTime(now).date)
        if case .success(let answer)? = fetched.warnings {
            let inForce = CheckRules.warnings(answer.value.warnings, now: now).count
            comparison.warningsNotCompared = max(0, inForce - Look.mostWarnings)
        }
        comparison.origin = report.origin
        if current.isEmpty { comparison.emptyReason = LookComparer.emptyReason(report, now: now) }
        if case .failure? = fetched.warnings {
            shown.outcome.warningBanner = WarningBannerInput(
                answer: fetched.warnings, place: report.place, zone: report.forecast.zone)
        }
        // A look with nothing in it, or of saved data served after a failure, is not kept: the
        // earlier one stays, so the next `changed` compares with what was last seen fresh (trial:
        // the saved answer became the look, and the next `changed` compared with it).
        let keeps = !current.isEmpty && report.keepsLook && !log.hasRecordsWhoseWriteFailed
        let keeping = keeps ? log.keeping(current) : (kept: false, notices: [])
        comparison.kept = keeping.kept
        shown.outcome.trailing = keeping.notices + [.changed(comparison)]
        return shown.outcome
    }
}

extension WeatherReport {
    /// Whether a look of this report is kept for `changed`: not when its answer is saved data
    /// served because the service failed (or offline) — that was seen before, when it was
    /// fresh, and a look of it would move the comparison's start onto old data.
    var keepsLook: Bool {
        if case .stale = origin { return false }
        return true
    }
}

extension EventLog {
    /// Keeps `look` for `changed`; a log that cannot be written is said as a notice (the look
    /// is not kept, nothing else is lost) — unless records whose write failed are kept in
    /// memory already, which the user was told of (a history line only held back for the lock
    /// is written first, with the look).
    func keep(_ look: Look) -> [CommandResult] { keeping(look).notices }

    /// Keeps `look` as `keep(_:)` does, and says whether it was kept: not when it could not be
    /// written, which a notice then says.
    func keeping(_ look: Look) -> (kept: Bool, notices: [CommandResult]) {
        guard !hasRecordsWhoseWriteFailed else { return (false, []) }
        // Another process holding the lock is waited for as for any change (`.bounded`, saying
        // so after a moment): with only a moment's wait, a look was dropped without a word
        // whenever another wx held the lock — 9 of 20 in 20 parallel runs (trial 62).
        do { try appendLook(look) } catch {
            return (false, [.warning("the look was not kept for “changed”: \(ShellError(error).description)")])
        }
        return (true, [])
    }
}

extension LookComparer {
    /// The look of `report` as `command` shows it (`look(of:warnings:command:units:now:answerTime:recordedAt:)`),
    /// the warnings those of `answer` in force or announced within 24 hours (nil when no feed
    /// was asked, or it failed), at the place's now.
    static func look(
        of report: WeatherReport, warnings answer: Result<Fetched<WarningFeedAnswer>, ServiceError>?, command: String,
        units: UnitPreferences, clocks: SessionClocks
    ) -> Look {
        let now = clocks.now(at: report.place.coordinate)
        var warnings: [WeatherWarning]?
        if case .success(let fetched)? = answer { warnings = CheckRules.warnings(fetched.value.warnings, now: now) }
        let answerTime: Date
        switch report.origin {
        case .network: answerTime = now
        case .cache(let stored), .stale(let stored, _): answerTime = stored
        }
        return LookComparer.look(
            of: report, warnings: warnings, command: command, units: units, now: now, answerTime: answerTime,
            recordedAt: clocks.recordingNow())
    }
}
