import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Snapshots: `save`, `saved`, `saved rm N`, and `saved N` and `saved verify`
/// (SnapshotsHandler+Verification.swift). Given what they read — log.jsonl (and, for `saved
/// verify PLACE`, the favorites' names) through `SessionPersistence`, the clocks, what the
/// answers cover, the archive, and as values the last weather shown, the current location and
/// the warnings `show` last saw — and changing nothing of the session.
@MainActor
struct SnapshotsHandler {
    /// log.jsonl, where snapshots are kept; state.plist, read only for a favorite's name.
    let persistence: SessionPersistence
    let clocks: SessionClocks
    /// What the answers cover: with recorded answers, what happened is read at a later instant.
    let coverage: any AnswerCoverage
    /// The archive that tells what happened (`saved N`, `saved verify`); nil: none configured.
    let archive: (any PastWeatherProvider)?
    /// The last weather shown: what `save` keeps.
    let lastWeather: WeatherReport?
    /// The current location: `save` refuses weather shown of another place.
    let currentPlace: Place?
    /// The warnings in force that `show` last saw, and where (`WarningsSeen.shown`).
    let shownWarnings: (coordinate: Coordinate, warnings: [WeatherWarning])?
    /// The zone of the user's clock (`Configuration.localTimeZone`): `saved N` says a save's
    /// time in it when it says "by your clock". Asked there alone: it reads /etc/localtime's
    /// link and the tz database, which no other command of this handler needs.
    var yourZone: () -> String? = { nil }

    var log: EventLog { persistence.log }

    /// The most forecast days a snapshot keeps (today and the six after: what `daily` shows).
    nonisolated static let keptForecastDays = 7

    /// `save`: a snapshot of the last weather shown, with the forecast and the warnings shown with it.
    func save() throws(ShellError) -> [CommandResult] {
        guard let report = lastWeather else { throw .noWeather }
        // `find Hamburg; save` saved the Berlin weather shown before, silently (trial 8): the
        // weather shown last is of another place than the one the user just went to.
        if let currentPlace, currentPlace.coordinate.rounded != report.place.coordinate.rounded {
            throw .notApplicable(
                "the last weather shown is \(report.place.name)’s, not \(currentPlace.name)’s: “show” first to save \(currentPlace.name)’s"
            )
        }
        // At the time of its place (with recorded answers, when it was recorded), whichever place came since.
        let now = clocks.now(at: report.place.coordinate)
        guard var reading = Self.snapshotReading(report.forecast, now: now) else {
            throw .nothingYet(.currentConditionsToSave)
        }
        // The same reading twice was a second, identical snapshot (trial 8): the same place and
        // data time, saved within the hour (a later save of an answer that old keeps other days).
        // Checked by the log as listed, and again under its lock: another wx saving the same
        // reading at the same moment is then seen too.
        let dataSecond = Int(reading.dataTime.timeIntervalSince1970.rounded(.down))
        let savedNow = clocks.recordingNow()
        let coordinate = report.place.coordinate.rounded
        let isSame = { (snapshot: Snapshot) -> Bool in
            snapshot.coordinate == coordinate
                && Int(snapshot.reading.dataTime.timeIntervalSince1970.rounded(.down)) == dataSecond
                && abs(savedNow.timeIntervalSince(snapshot.savedAt)) < 3_600
        }
        // The forecast shown with it, to check once its days have passed (`saved N`).
        reading.forecastDays = Self.keptDays(report.forecast, now: now)
        if let warnings = keptWarnings(at: report.place.coordinate) {
            // The most severe few and a count of the rest: the record stays small however many.
            reading.warnings = Array(warnings.prefix(KeptWarning.mostKept))
            reading.warningsNotKept = max(0, warnings.count - KeptWarning.mostKept)
        }
        let clock = report.forecast.clock.localTime(reading.dataTime)
        let appended = try persistence.storing { () throws(StoreError) in
            try log.appendSnapshot(
                placeName: report.place.name, coordinate: report.place.coordinate,
                utcOffsetSeconds: clock.utcOffsetSeconds, timeZone: report.forecast.zone.identifier,
                reading: reading, daysAreUTC: report.forecast.daysAreUTC && !(reading.forecastDays ?? []).isEmpty,
                at: clocks.recordingNow(), unlessSaved: isSame)
        }
        switch appended {
        case .saved(let snapshot): return [.snapshotSaved(snapshot)]
        case .savedAlready(let kept):
            throw .notApplicable(
                "this reading of \(report.place.name)’s weather is saved already, as snapshot \(kept.id) (“saved \(kept.id)” shows it)"
            )
        }
    }

    /// What `save` keeps of the warnings `show` last saw at `coordinate`; nil when it saw none
    /// there (no feed, the feed failed, or the weather came from another command).
    func keptWarnings(at coordinate: Coordinate) -> [KeptWarning]? {
        guard let last = shownWarnings, last.coordinate == coordinate else { return nil }
        return last.warnings.map(KeptWarning.init)
    }

    /// `saved`: the list from the log's index, or with the kept forecasts (`--json`,
    /// `listsKeptForecasts`) read from the whole log, each read as it is printed, in bounded
    /// memory whatever the log's size.
    func snapshotList() throws(ShellError) -> [CommandResult] {
        if let problem = log.readProblem() { throw ShellError(problem) }
        guard persistence.listsKeptForecasts else { return [.snapshotList(RecordStream.listedSnapshots(of: log))] }
        return [.snapshotList(RecordStream.snapshots(of: log))]
    }

    /// `saved rm N`: the deleted snapshot.
    func deleteSnapshot(_ id: Int) throws(ShellError) -> [CommandResult] {
        do {
            let deleted = try persistence.storing { () throws(StoreError) in
                try log.deleteSnapshot(id, at: clocks.recordingNow())
            }
            return [.snapshotRemoved(deleted)]
        } catch .noSuchSnapshot(id) where log.wasDeleted(id) {
            throw .snapshotDeleted(id)
        }
    }

    /// `.snapshotDeleted` for a snapshot `saved rm` deleted, else `.noSuchSnapshot` (trial 15:
    /// `saved 2` after `saved rm 2` said "no snapshot 2", as for one never saved).
    func missingSnapshot(_ id: Int) -> ShellError {
        log.wasDeleted(id) ? .snapshotDeleted(id) : .noSuchSnapshot(id)
    }

    /// The snapshots in `log` as Tab offers them (`saved rm <TAB>`): each number with its place
    /// and the local date and time of its data (as `saved` lists them, not when it was saved),
    /// newest first.
    static func completionChoices(in log: EventLog) -> [SnapshotChoice] {
        var choices: [SnapshotChoice] = []
        log.forEachListedSnapshot { snapshot in
            guard snapshot.id > 0 else { return }
            let local = snapshot.localTime(snapshot.reading.dataTime)
            let time =
                (local.hour < 10 ? "0" : "") + "\(local.hour):" + (local.minute < 10 ? "0" : "") + "\(local.minute)"
            choices.append(
                SnapshotChoice(
                    id: snapshot.id,
                    label: "\(snapshot.id)  \(TerminalText.sanitized(snapshot.placeName)) · \(local.date.iso) \(time)"))
        }
        return choices.reversed()
    }

    /// What a snapshot keeps of a forecast: the weather now as the presentation reads it
    /// (`NowReading`: current conditions, else the current hour).
    nonisolated static func snapshotReading(_ forecast: Forecast, now: Date) -> SnapshotReading? {
        NowReading(forecast, now: now).map(SnapshotReading.init)
    }

    /// The days ahead a snapshot keeps of `forecast`: today (in the place's time zone) and
    /// after, those with readings, at most `keptForecastDays`.
    nonisolated static func keptDays(_ forecast: Forecast, now: Date) -> [KeptForecastDay] {
        let today = forecast.clock.localTime(now).date
        return forecast.daily.filter { $0.date >= today && $0.hasReadings }.prefix(keptForecastDays).map(
            KeptForecastDay.init)
    }
}
