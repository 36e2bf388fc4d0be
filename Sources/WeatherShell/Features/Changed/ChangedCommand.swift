import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

extension CommandSpec {
    static let changed = CommandSpec(
        name: "changed", synopsis: "changed [place | favorite]",
        summary: "what changed in the forecast since you last looked at the place",
        details: [
            "Compares the forecast wx last showed you for the place (“show”, “daily”, “hourly”, “brief” and “changed” are looks) with today’s answer: each day’s high, low and rain, today’s rain start and end, warnings new or ended, the ensemble’s chance where both looks had it. The last \(EventLog.keptLooksPerPlace) looks per place are kept, for at most \(EventLog.mostLookPlaces) places (the place looked at longest ago goes first), in log.jsonl; “log compact” keeps the same.",
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

extension WeatherSession {
    /// `changed`: today's answer against the last look at the place before now, then kept as
    /// the next look. The place becomes current, as after `show`.
    ///
    /// - Throws: what `show` throws.
    func changed(_ target: String?) async throws(ShellError) -> [CommandResult] {
        let fetched = try await resolving(target, needing: .forecast, askingWarnings: true) {
            place async throws(ShellError) in try await forecast(for: place)
        }
        let (report, notices) = weather(for: fetched.resolved, fetched.value)
        let now = now(at: report.place.coordinate)
        let current = look(of: report, warnings: fetched.warnings, command: "changed")
        let earlier = log.lastLook(at: current.placeKey, notAfter: now)
        var comparison = LookComparer.compare(
            earlier, current, place: report.place, zone: report.forecast.zone,
            today: report.forecast.clock.localTime(now).date)
        if case .success(let answer)? = fetched.warnings {
            let inForce = CheckRules.warnings(answer.value.warnings, now: now).count
            comparison.warningsNotCompared = max(0, inForce - Look.mostWarnings)
        }
        comparison.origin = report.origin
        var feedNote: [CommandResult] = []
        if case .failure? = fetched.warnings {
            feedNote = warningBanner(fetched.warnings, for: report.place, zone: report.forecast.zone)
        }
        // A look with nothing in it (a stale answer) is not kept: the earlier one stays.
        let keeping = current.isEmpty || log.hasUnwrittenRecords ? [] : keep(current)
        comparison.kept = !current.isEmpty && !log.hasUnwrittenRecords && keeping.isEmpty
        return notices + feedNote + keeping + [.changed(comparison)]
    }

    /// The look of `report` as this command shows it (`LookComparer.look`), the warnings those
    /// of `answer` in force or announced within 24 hours (nil when no feed was asked, or it failed).
    func look(
        of report: WeatherReport, warnings answer: Result<Fetched<WarningFeedAnswer>, ServiceError>? = nil,
        command: String
    ) -> Look {
        let now = now(at: report.place.coordinate)
        var warnings: [WeatherWarning]?
        if case .success(let fetched)? = answer { warnings = CheckRules.warnings(fetched.value.warnings, now: now) }
        let answerTime: Date
        switch report.origin {
        case .network: answerTime = now
        case .cache(let stored), .stale(let stored, _): answerTime = stored
        }
        return LookComparer.look(
            of: report, warnings: warnings, command: command, units: settings.units, now: now, answerTime: answerTime,
            recordedAt: recordingNow())
    }

    /// Keeps `look` in the log for `changed`; a log that cannot be written is said as a notice
    /// (the look is not kept, nothing else is lost) — unless records are kept in memory
    /// already, which the user was told of.
    func keep(_ look: Look) -> [CommandResult] {
        guard !log.hasUnwrittenRecords else { return [] }
        do { try log.appendLook(look) } catch {
            return [.notice("the look was not kept for “changed”: \(ShellError(error).description)")]
        }
        return []
    }
}
