import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// What a command produced, for a renderer to print (text or JSON). Never printed by the view model.
package enum CommandResult: Hashable, Sendable {
    case candidates(query: String, places: [Place])
    case currentPlace(Place)
    case weather(WeatherReport)
    case favoriteAdded(Favorite)
    case favoriteRemoved(Favorite)
    case favoriteRenamed(from: String, to: Favorite)
    /// `favs`: the favorites that could be read, and how many of state.plist's could not (said
    /// above them as a warning; with none readable, the list is "no readable favorites").
    case favorites([Favorite], unreadable: Int = 0)
    /// Several places' weather from one request, in the order asked.
    /// `compare`: a report per place that could be had, and why each other has none.
    case comparison([WeatherReport], missing: [ComparisonGap])
    /// The next `hours` hours as a table and a chart.
    case hourly(WeatherReport, hours: Int)
    /// Up to `days` days as a table.
    case daily(WeatherReport, days: Int)
    /// When precipitation next starts and stops; nil when the forecast has no precipitation data.
    case rain(WeatherReport, PrecipitationOutlook?)
    /// `past`: days (and a single day's hours) that have been.
    case past(PastReport)
    /// `normal`: the normals for the next days.
    case normal(NormalReport)
    /// `drift`: how the last runs forecast a day.
    case drift(DriftReport)
    /// `skill`: forecast error by lead time.
    case skill(SkillReport)
    /// `confidence`: the ensemble's days.
    case confidence(ConfidenceReport)
    /// `models`: several models' days side by side.
    case models(ModelsReport)
    /// `best`: the best windows where conditions hold, with the members they hold in.
    case best(BestReport)
    /// `chance`: the members reaching thresholds per day.
    case chance(ChanceReport)
    /// `plume`: the members' median and band hour by hour.
    case plume(PlumeReport)
    /// `watch --rain N%`: an ensemble chance crossed its threshold (or fell back below it).
    case chanceAlert(ChanceReading)
    /// `check`: which conditions held (none: exit status 1).
    case check(CheckReport)
    /// `doctor`: every check (something off: exit status 1).
    case doctor(DoctorReport)
    /// `brief`: the forecast in sentences, each with its facts.
    case brief(BriefReport)
    /// `changed`: the earlier look against today's answer.
    case changed(LookComparison)
    case air(Place, AirQuality, DataOrigin)
    /// `line`: one line for a status bar.
    case statusLine(StatusLineReport)
    /// `warnings`: a place's official warnings.
    case warnings(WarningReport)
    /// `show`: the warnings in force above the readings (or why they could not be fetched).
    case warningBanner(WarningBanner)
    /// `compare`: the favorites with a warning in force.
    case warningMarks(WarningMarks)
    case snapshotSaved(Snapshot)
    case snapshotRemoved(Snapshot)
    case snapshots([Snapshot])
    /// `saved N`: the snapshot and how its kept forecast turned out.
    case snapshot(Snapshot, ForecastOutcome)
    /// `saved verify`: each place checked, and for each place whose service failed the error
    /// line saying so (the command then counts as failed).
    case verification([PlaceScore], unchecked: [String])
    case history([HistoryEntry])
    case units(UnitSetting)
    /// A setting's value after `provider`, `geocoder` or `language`.
    /// `note` says where a value not set by the user comes from ("from the locale").
    case setting(name: String, value: String, note: String? = nil)
    case format(OutputFormat)
    case help([CommandSpec])
    case helpCommand(CommandSpec)
    case about(AboutInfo)
    /// `export … FILE`: `count` records written to `path` in `format`.
    case exported(ExportKind, count: Int, format: ExchangeFormat, path: String)
    /// `export` without a file: the records, read as they are printed — the file's text as it
    /// is, or under `--json` a document holding them (`StreamedText`).
    case exportData(ExportKind, format: ExchangeFormat, records: RecordStream<JSONOutput>)
    /// `saved` under `--json`: every snapshot with its kept forecast, read from the log as it is
    /// printed.
    case snapshotList(RecordStream<Snapshot>)
    /// `import favorites`: those added, how many were already saved, and the records that could
    /// not be read ("line 4: latitude “abc” is not a number").
    case imported(added: [Favorite], alreadySaved: Int, problems: [String], path: String)
    /// `import snapshots|history`: what was appended to the log, and how it was numbered.
    case importedRecords(LogImportSummary)
    /// `log`: the log's statistics, and how many bytes follow its last line end (`EventLog.unterminatedBytes`): a
    /// write cut short or one in progress, 0 when it ends in "\n".
    case logStatistics(EventLog.Statistics, unterminatedBytes: Int = 0)
    case logCompacted(EventLog.Compaction)
    /// A line of information that is not an error (e.g. which geocoder answered).
    case notice(String)
    /// The command's effect holds in memory but could not be saved to disk: why, and the
    /// effect (`fav`'s favorite added or removed, the units set), which is said with it — trial
    /// 15 saw `fav` remove a favorite in a read-only home with no word but the error.
    indirect case notSaved(ShellError, change: CommandResult? = nil)

    /// What begins a notice that says what wx could not do while the command went on.
    package static let warningLead = "warning: "

    /// A notice that says what wx could not do while the command went on — a place's name, a
    /// look kept, a service beside the answer: "warning: …" on stderr, as every such line is
    /// (trial: two of them had no "warning:"; the state file's and the pager's had).
    static func warning(_ text: String) -> CommandResult { .notice(warningLead + text) }

    /// What went wrong inside a result that still carries data (rows `import` skipped, places
    /// `compare` has no weather for): each is printed as an error and makes the command count as
    /// failed.
    ///
    /// Exhaustive on purpose, as `needsUnits` and `isSettingReport`: a new result does not
    /// compile until it says whether it carries problems.
    package var problems: [String] {
        switch self {
        case .imported(_, _, let problems, _): problems.map { "skipped \($0)" }
        case .comparison(_, let missing): missing.map { "no weather for \($0.name): \($0.reason)" }
        case .verification(_, let unchecked): unchecked
        case .candidates, .currentPlace, .weather, .favoriteAdded, .favoriteRemoved, .favoriteRenamed, .favorites,
            .hourly, .daily, .rain, .past, .normal, .drift, .skill, .air, .warnings, .warningBanner, .warningMarks,
            .snapshotSaved,
            .snapshotRemoved, .snapshots, .snapshotList, .snapshot,
            .history, .units, .setting, .format, .help, .helpCommand, .about, .exported, .exportData,
            .importedRecords, .logStatistics, .logCompacted, .notice, .notSaved, .confidence, .models, .best, .chance,
            .plume, .chanceAlert, .check, .brief, .changed, .doctor,
            .statusLine:
            []
        }
    }

    /// Whether rendering depends on the units setting: only these make the renderer read it
    /// (from state.plist); the others render the same in any units.
    ///
    /// Exhaustive on purpose: a new weather result does not compile until it says so, rather
    /// than rendering in metric whatever the user chose.
    package var needsUnits: Bool {
        switch self {
        case .weather, .comparison, .hourly, .daily, .rain, .past, .normal, .drift, .skill, .air, .warnings,
            .snapshotSaved, .snapshots, .snapshotList,
            .snapshot, .verification, .units, .confidence, .models, .best, .chance, .plume, .chanceAlert, .statusLine,
            .brief, .changed,
            // check's line says the mark's time by the clock setting, and a change in your units;
            // show's warning banner and compare's marks say when a warning ends by it too.
            .check, .warningBanner, .warningMarks:
            true
        case .candidates, .currentPlace, .favoriteAdded, .favoriteRemoved, .favoriteRenamed, .favorites,
            .doctor, .snapshotRemoved, .history, .setting, .format, .help,
            .helpCommand,
            .about,
            .exported, .exportData,
            .imported, .importedRecords, .logStatistics, .logCompacted, .notice, .notSaved:
            false
        }
    }

    /// Whether the result is a view of the weather that `units` shows again in the new units,
    /// from its data (no request): the last one shown, with the arguments it was asked with
    /// (`daily 3` re-shows 3 days, `confidence 2` its 2 days). Acknowledgements, lists and
    /// `check`'s line are not views to re-show.
    ///
    /// Exhaustive on purpose, as `needsUnits`.
    package var isReshownAfterUnits: Bool {
        switch self {
        case .weather, .comparison, .hourly, .daily, .rain, .past, .normal, .drift, .skill, .air, .warnings,
            .snapshot, .confidence, .models, .best, .chance, .plume, .brief, .changed:
            true
        case .candidates, .currentPlace, .favoriteAdded, .favoriteRemoved, .favoriteRenamed, .favorites,
            .warningBanner, .warningMarks, .check, .doctor, .snapshotSaved, .snapshotRemoved, .snapshots,
            .snapshotList, .verification, .units, .chanceAlert, .statusLine, .history, .setting, .format, .help,
            .helpCommand, .about, .exported, .exportData, .imported, .importedRecords, .logStatistics,
            .logCompacted, .notice, .notSaved:
            false
        }
    }

    /// Whether the result only reports a setting (`units`, `provider`, `format` …): the lines
    /// of the start-up file (`wxrc`, run quietly) print nothing for these.
    package var isSettingReport: Bool {
        switch self {
        case .units, .setting, .format: true
        case .candidates, .currentPlace, .weather, .favoriteAdded, .favoriteRemoved, .favoriteRenamed, .favorites,
            .comparison, .hourly, .daily, .rain, .past, .normal, .drift, .skill, .air, .warnings, .warningBanner,
            .warningMarks,
            .snapshotSaved, .snapshotRemoved, .snapshots, .snapshotList,
            .snapshot, .verification, .history, .help, .helpCommand, .about, .exported, .exportData, .imported,
            .importedRecords, .logStatistics, .logCompacted, .notice, .notSaved, .confidence, .models, .best, .chance,
            .plume, .chanceAlert, .check, .brief, .changed, .doctor,
            .statusLine:
            false
        }
    }
}

extension CommandResult {
    /// Where the result is about, whose "now" it is shown at (`WeatherSession.now(at:)`: in
    /// recorded answers, the time that place was recorded); nil for a result about no one place
    /// (`compare` gives each row its own, `RenderContext.now(at:)`).
    package var placeCoordinate: Coordinate? {
        switch self {
        case .weather(let report), .hourly(let report, _), .daily(let report, _), .rain(let report, _):
            report.place.coordinate
        case .statusLine(let line): line.report.place.coordinate
        case .past(let report): report.place.coordinate
        case .normal(let report): report.place.coordinate
        case .drift(let report): report.place.coordinate
        case .skill(let report): report.place.coordinate
        case .confidence(let report): report.place.coordinate
        case .models(let report): report.place.coordinate
        case .best(let report): report.place.coordinate
        case .chance(let report): report.place.coordinate
        case .plume(let report): report.place.coordinate
        case .air(let place, _, _), .currentPlace(let place): place.coordinate
        case .warnings(let report): report.place.coordinate
        case .warningBanner(let banner): banner.place.coordinate
        case .check(let report): report.place.coordinate
        case .brief(let report): report.place.coordinate
        case .changed(let comparison): comparison.place.coordinate
        case .snapshotSaved(let snapshot), .snapshot(let snapshot, _): snapshot.coordinate
        case .candidates, .favoriteAdded, .favoriteRemoved, .favoriteRenamed, .favorites, .comparison, .chanceAlert,
            .warningMarks, .snapshotRemoved, .snapshots, .verification, .history, .units, .setting, .format, .help,
            .helpCommand, .about, .exported, .exportData, .snapshotList, .imported, .importedRecords, .logStatistics,
            .logCompacted, .notice, .notSaved, .doctor:
            nil
        }
    }
}
