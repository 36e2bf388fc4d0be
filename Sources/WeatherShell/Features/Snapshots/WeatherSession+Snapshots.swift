import FoundationEssentials
import WeatherKit
import WeatherStore

/// Snapshots: `save`, and what a snapshot keeps of a forecast.
extension WeatherSession {
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
        let now = now(at: report.place.coordinate)
        guard var reading = Self.snapshotReading(report.forecast, now: now) else {
            throw .nothingYet(.currentConditionsToSave)
        }
        // The same reading twice was a second, identical snapshot (trial 8): the same place and
        // data time, saved within the hour (a later save of an answer that old keeps other days).
        let dataSecond = Int(reading.dataTime.timeIntervalSince1970.rounded(.down))
        let savedNow = recordingNow()
        var kept: Snapshot?
        log.forEachListedSnapshot { snapshot in
            if snapshot.id > 0 && snapshot.coordinate == report.place.coordinate.rounded
                && Int(snapshot.reading.dataTime.timeIntervalSince1970.rounded(.down)) == dataSecond
                && abs(savedNow.timeIntervalSince(snapshot.savedAt)) < 3_600
            {
                kept = snapshot
            }
        }
        if let kept {
            throw .notApplicable(
                "this reading of \(report.place.name)’s weather is saved already, as snapshot \(kept.id) (“saved \(kept.id)” shows it)"
            )
        }
        // The forecast shown with it, to check once its days have passed (`saved N`).
        reading.forecastDays = Self.keptDays(report.forecast, now: now)
        if let warnings = keptWarnings(at: report.place.coordinate) {
            // The most severe few and a count of the rest: the record stays small however many.
            reading.warnings = Array(warnings.prefix(KeptWarning.mostKept))
            reading.warningsNotKept = max(0, warnings.count - KeptWarning.mostKept)
        }
        let clock = report.forecast.clock.localTime(reading.dataTime)
        let snapshot = try appendSnapshot(
            placeName: report.place.name, coordinate: report.place.coordinate,
            utcOffsetSeconds: clock.utcOffsetSeconds, timeZone: report.forecast.zone.identifier,
            reading: reading)
        return [.snapshotSaved(snapshot)]
    }

    /// `saved`: the list from the log's index, or with the kept forecasts (`--json`,
    /// `listsKeptForecasts`) read from the whole log, each read as it is printed, in bounded
    /// memory whatever the log's size.
    func snapshotList() throws(ShellError) -> [CommandResult] {
        if let problem = log.readProblem() { throw ShellError(problem) }
        guard listsKeptForecasts else { return [.snapshotList(RecordStream.listedSnapshots(of: log))] }
        return [.snapshotList(RecordStream.snapshots(of: log))]
    }

    /// What a snapshot keeps of a forecast: the weather now as the presentation reads it
    /// (`NowReading`: current conditions, else the current hour).
    package nonisolated static func snapshotReading(_ forecast: Forecast, now: Date) -> SnapshotReading? {
        NowReading(forecast, now: now).map(SnapshotReading.init)
    }
}
