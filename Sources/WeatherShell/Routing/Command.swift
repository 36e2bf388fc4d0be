import WeatherKit
import WeatherStore

/// Every command wx understands, in the order `help` lists them: one `CommandName` a command,
/// each mapped to its declaration (a `CommandSpec` in the file of its family, PlaceCommands.swift,
/// WeatherCommands.swift…) by an exhaustive switch, and every parsed `Command` mapped to its name
/// by another. A command cannot be parsed without being listed.
package enum CommandTable {
    package static let all: [CommandSpec] = CommandName.allCases.map(\.spec)

    /// The command named `word` (or one of its aliases), case-insensitively.
    ///
    /// Looked for in `all`'s order, each declaration made as it is reached rather than all 44
    /// first: `find` is the first, `show` the third, and making every declaration touched the code
    /// and data of every command (0.12 M instructions and ~20 of the ~1,000 page faults of a
    /// `wx -c "find Hamburg; show"`, issue 39). A word that names no command still goes through
    /// them all.
    package static func spec(named word: String) -> CommandSpec? {
        let lower = word.lowercased()
        for name in CommandName.allCases {
            let spec = name.spec
            if spec.name == lower || spec.aliases.contains(lower) { return spec }
        }
        return nil
    }
}

/// The commands, in the order `help` lists them.
package enum CommandName: CaseIterable, Hashable, Sendable {
    case find, use, show, brief, changed, hourly, daily, past, normal, drift, skill, confidence, models, best, chance,
        plume,
        rain, air,
        warnings, watch, check,
        compare, line, fav, favs, save, saved, history, replay, source, units, provider, geocoder, language, format,
        log, export,
        `import`, reset, clear, help, about, doctor, quit

    /// This command's declaration.
    package var spec: CommandSpec {
        switch self {
        case .find: .find
        case .use: .use
        case .show: .show
        case .brief: .brief
        case .changed: .changed
        case .hourly: .hourly
        case .daily: .daily
        case .past: .past
        case .normal: .normal
        case .drift: .drift
        case .skill: .skill
        case .confidence: .confidence
        case .models: .models
        case .best: .best
        case .chance: .chance
        case .plume: .plume
        case .rain: .rain
        case .air: .air
        case .warnings: .warnings
        case .watch: .watch
        case .check: .check
        case .compare: .compare
        case .line: .line
        case .fav: .fav
        case .favs: .favs
        case .save: .save
        case .saved: .saved
        case .history: .history
        case .replay: .replay
        case .source: .source
        case .units: .units
        case .provider: .provider
        case .geocoder: .geocoder
        case .language: .language
        case .format: .format
        case .log: .log
        case .export: .export
        case .`import`: .`import`
        case .reset: .reset
        case .clear: .clear
        case .help: .help
        case .about: .about
        case .doctor: .doctor
        case .quit: .quit
        }
    }
}

/// How results are printed.
package enum OutputFormat: String, Hashable, Sendable {
    case text, json
}

/// What `units` changes.
package enum UnitsChange: Hashable, Sendable {
    /// `units metric`: a preset, dropping every override.
    case preset(UnitPreset)
    /// `units temperature K`: one quantity.
    case quantity(UnitQuantity, String)
}

/// A parsed command line.
package enum Command: Hashable, Sendable {
    case find(String)
    case use(Int)
    case show(String?)
    case favoriteToggle
    /// `fav add`: the current location as a favorite, never removed (a script's `fav`).
    case favoriteAdd
    /// A plain `fav` run from the history (`replay`, `!N`, `!!`, `^old^new`): adds as
    /// `fav add` does, never removes — replayed over a favorite it found, it toggled it off —
    /// and is refused after a failed `find` as a typed `fav` is (the runner makes it).
    case favoriteFromHistory
    case favoriteRemove(String)
    case favoriteRename(from: String, to: String)
    case favorites
    /// Favorite names; empty compares every favorite.
    case compare([String])
    /// `line [place] [--format FMT] [--json]`: one line for a status bar.
    case statusLine(StatusLineRequest)
    /// Hours, and the place (nil: the current location), as for `show`.
    case hourly(Int?, String?)
    /// Days, and the place (nil: the current location).
    case daily(Int?, String?)
    /// `past DATE[..DATE] [place]`: the days, and the place (nil: the current location).
    case past(PastDays, String?)
    /// `normal [place]`: the 1991–2020 normals for the next days.
    case normal(String?)
    /// `drift [day] [place]`: how the last runs forecast the day (nil: tomorrow, no day typed).
    case drift(DriftDay?, String?)
    /// `skill [DAYS] [place]`: forecast error by lead time over the last DAYS days (nil: 30).
    case skill(Int?, String?)
    /// `confidence [N] [place]`: the ensemble's days, and the place (nil: the current location).
    case confidence(Int?, String?)
    /// `models [N] [place]`: several models' days side by side.
    case models(Int?, String?)
    /// `best DURATION [CONDITIONS | ACTIVITY] [WHEN] [place]`: the best windows, with odds.
    case best(BestRequest)
    /// `chance THRESHOLD… [DAYS] [place]`: the ensemble's chance of thresholds per day.
    case chance(ChanceRequest)
    /// `plume [VARIABLE] [HOURS] [place]`: the members' median and band hour by hour.
    case plume(PlumeRequest)
    /// The place (nil: the current location).
    case rain(String?)
    /// The place (nil: the current location).
    case air(String?)
    /// `warnings [-v | N] [place]` (also `alerts`).
    case warnings(WarningsRequest)
    /// Minutes between shows.
    case watch(Double)
    /// `watch --rain N% --frost N%`: minutes between shows, and the chances that ring.
    case watchChance(Double, [ChanceAlert])
    /// `watch --notify [--rain N%] [--frost N%]`: as `watchChance`, each line that crosses a
    /// threshold also raising a desktop notification.
    case watchNotifying(Double, [ChanceAlert])
    /// `check CONDITIONS [place]`: for cron and scripts; the exit status says whether any held.
    case check(CheckRequest)
    /// `brief [--sure] [place]`: the forecast in a few sentences.
    case brief(BriefRequest)
    /// `changed [place]`: what changed since the last look at the place.
    case changed(String?)
    case save
    case snapshots
    case snapshot(Int)
    case snapshotRemove(Int)
    /// `saved verify [place]`: how the kept forecasts of every place's snapshots (or one
    /// place's, by snapshot or favorite name) turned out.
    case snapshotVerify(String?)
    case history(Int?)
    /// `!N`.
    case rerun(Int)
    /// `replay N..M`: history lines `range` run again. `backward`: typed the higher number
    /// first (`replay 5..2`, `range` being 2...5), refused by the runner, which alone can see
    /// which lines of it the history has to suggest.
    case replay(ClosedRange<Int>, backward: Bool = false)
    /// `source FILE` (also `\i FILE`, `.read FILE`): each line of the file run as if typed.
    case source(String)
    /// nil shows the current units.
    case units(UnitsChange?)
    /// nil shows the current provider.
    case provider(String?)
    /// nil shows the current geocoder.
    case geocoder(String?)
    /// A language code or "auto"; nil shows the current one.
    case language(String?)
    case format(OutputFormat?)
    /// `clear`: the screen cleared, as Ctrl-L does.
    case clear
    case help(String?)
    case about
    /// `doctor`: what wx depends on, checked; the exit status says whether all is well.
    case doctor
    case quit
    /// `reset state`: replace an unreadable state.plist.
    case resetState
    /// `log`: statistics; `log compact`: rewrite it.
    case log(compact: Bool)
    /// `export favorites|snapshots|history [--format csv|json] [FILE]`; nil format: from the
    /// file name; nil file: standard output.
    case export(ExportKind, format: ExchangeFormat?, path: String?)
    /// `import favorites FILE`.
    case importFavorites(path: String)
    /// `import snapshots|history FILE`.
    case importLog(LogImportKind, path: String)

    /// The declaration this command was parsed by.
    package var spec: CommandSpec { name.spec }

    /// The command this was parsed as. The switch is exhaustive: a new case does not compile
    /// until it names its command, whose declaration cannot lack a parser.
    package var name: CommandName {
        switch self {
        case .find: .find
        case .use: .use
        case .show: .show
        case .favoriteToggle, .favoriteAdd, .favoriteFromHistory, .favoriteRemove, .favoriteRename: .fav
        case .favorites: .favs
        case .compare: .compare
        case .statusLine: .line
        case .hourly: .hourly
        case .daily: .daily
        case .past: .past
        case .normal: .normal
        case .drift: .drift
        case .skill: .skill
        case .rain: .rain
        case .air: .air
        case .warnings: .warnings
        case .confidence: .confidence
        case .models: .models
        case .best: .best
        case .chance: .chance
        case .plume: .plume
        case .watch, .watchChance, .watchNotifying: .watch
        case .check: .check
        case .brief: .brief
        case .changed: .changed
        case .save: .save
        case .snapshots, .snapshot, .snapshotRemove, .snapshotVerify: .saved
        case .history, .rerun: .history
        case .replay: .replay
        case .source: .source
        case .units: .units
        case .provider: .provider
        case .geocoder: .geocoder
        case .language: .language
        case .format: .format
        case .clear: .clear
        case .help: .help
        case .about: .about
        case .doctor: .doctor
        case .quit: .quit
        case .resetState: .reset
        case .log: .log
        case .export: .export
        case .importFavorites, .importLog: .import
        }
    }

    /// Whether the command may ask the forecast provider or the geocoder the settings choose:
    /// its declared costs name a forecast service or a geocoder (`provider`, `geocoder` and
    /// `doctor` speak of the settings themselves).
    var mayAskForecastOrPlace: Bool {
        switch self {
        case .provider, .geocoder, .doctor, .about: return false
        default:
            let services = Set(RequestCost.forecastServices + RequestCost.geocoders)
            return spec.costs.contains { cost in cost.services.contains { services.contains($0) } }
        }
    }

    /// Whether the command reads favorites or settings (so `state.plist` must be current).
    package var readsState: Bool {
        switch self {
        case .history, .rerun, .replay, .source, .snapshots, .snapshot, .snapshotRemove, .format, .clear, .help, .about,
            .quit,
            .use,
            .save,
            .resetState, .log, .importLog:
            false
        case .export(let kind, _, _):
            kind == .favorites
        case .importFavorites:
            true
        case .find, .show, .favoriteToggle, .favoriteAdd, .favoriteFromHistory, .favoriteRemove, .favoriteRename,
            .favorites, .units,
            .compare, .provider,
            .geocoder, .language, .hourly, .daily, .rain, .air, .warnings, .watch, .watchChance, .watchNotifying,
            .snapshotVerify, .past,
            .normal, .drift, .skill, .confidence, .models, .best, .chance, .plume, .statusLine, .check, .brief,
            .changed, .doctor:
            true
        }
    }
}
