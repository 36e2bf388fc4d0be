import WeatherKit

/// What may follow a command word, for tab completion.
public indirect enum CompletionKind: Hashable, Sendable {
    /// Nothing to offer.
    case none
    /// The rest of the line is a favorite's name.
    case favorites
    /// Several favorites' names, each a word; names with spaces in quotes (`compare Hamburg "New York"`).
    case favoriteList
    /// An optional count, then a favorite's name (`hourly 12 Home`).
    case countThenFavorites
    /// One of fixed words.
    case words([String])
    /// A command name (`help <TAB>`).
    case commands
    /// A subcommand word, or else `otherwise`; after a subcommand, what its entry says.
    case subcommands([Subcommand], otherwise: CompletionKind)
}

/// A word after a command (`fav rm`) and what completes after it.
public struct Subcommand: Hashable, Sendable {
    public let word: String
    public let then: CompletionKind

    public init(_ word: String, then: CompletionKind) {
        self.word = word
        self.then = then
    }
}

/// One command as users see it: the single description that `help`, tab completion, `--help`
/// and the man page all read, so they cannot drift apart.
public struct CommandSpec: Hashable, Sendable {
    public let name: String
    public let aliases: [String]
    /// "show [place | favorite]".
    public let synopsis: String
    /// One line for the `help` list.
    public let summary: String
    /// Paragraphs for `help <command>` and the man page.
    public let details: [String]
    public let completion: CompletionKind
}

/// Every command wx understands.
public enum CommandTable {
    public static let all: [CommandSpec] = [
        CommandSpec(
            name: "find", aliases: [], synopsis: "find <query | lat,lon>",
            summary: "geocode a place; list up to 5 candidates",
            details: [
                "Free text (“Portland, OR”, “10 Downing Street”), a postcode (“BS7 9EX”) or any script (“München”, “東京”). Candidate 1 becomes the current location; “use N” picks another.",
                "“lat,lon” in decimal degrees (“53.55,9.99”) names the point by reverse geocoding.",
                "Answers are cached, so asking again makes no request.",
            ],
            completion: .favorites),
        CommandSpec(
            name: "use", aliases: [], synopsis: "use <N>",
            summary: "make candidate N the current location",
            details: [], completion: .none),
        CommandSpec(
            name: "show", aliases: [], synopsis: "show [place | favorite]",
            summary: "weather now, the next 12 hours, 7 days",
            details: [
                "Without an argument, for the current location. With a favorite’s name, for that favorite; with anything else, finds the place first (“show Paris”) and makes it current.",
                "One request to Open-Meteo fetches everything; an answer still current is shown from the cache.",
            ],
            completion: .favorites),
        CommandSpec(
            name: "hourly", aliases: [], synopsis: "hourly [N] [place | favorite]",
            summary: "the next N hours (24) as a table and chart",
            details: [
                "Temperature as a chart over the place’s local time, precipitation probability as bars under it. From the same request as “show”.",
                "Without a place, for the current location; with one, as “show” does (“hourly 12 Home”).",
            ],
            completion: .countThenFavorites),
        CommandSpec(
            name: "daily", aliases: [], synopsis: "daily [N] [place | favorite]",
            summary: "N days (7, up to 16): high, low, rain, wind",
            details: ["Without a place, for the current location; with one, as “show” does."], completion: .countThenFavorites),
        CommandSpec(
            name: "rain", aliases: [], synopsis: "rain [place | favorite]",
            summary: "when precipitation next starts and stops",
            details: [
                "From Open-Meteo’s 15-minute data where the place has it, hourly data elsewhere: “rain from 15:30, about 2 mm, until 17:00”.",
                "With a place, for that place, as “show” does.",
            ],
            completion: .favorites),
        CommandSpec(
            name: "air", aliases: [], synopsis: "air [place | favorite]",
            summary: "air quality: AQI, particles, ozone, pollen",
            details: [
                "From Open-Meteo’s air-quality service (WX_OPEN_METEO_AIR_QUALITY_URL). Pollen only in Europe.",
                "Without a place, for the current location; with one, for that place, which becomes current.",
            ],
            completion: .favorites),
        CommandSpec(
            name: "watch", aliases: [], synopsis: "watch [minutes]",
            summary: "show again every N minutes (10), to Ctrl-C",
            details: ["Asks the service only when the data shown is out of date (Open-Meteo updates every 15 minutes)."],
            completion: .none),
        CommandSpec(
            name: "compare", aliases: [], synopsis: "compare [favorite …]",
            summary: "favorites side by side, now and today",
            details: [
                "Without names, every favorite. Names with spaces go in quotes: compare Hamburg \"New York\".",
                "Places with a current answer in the cache come from it; Open-Meteo answers for all the others in one request (up to 50 places a request).",
            ],
            completion: .favoriteList),
        CommandSpec(
            name: "fav", aliases: [], synopsis: "fav [rm <name> | rename <old> <new>]",
            summary: "toggle the current location as a favorite",
            details: [
                "“fav” adds the current location (★) or removes it (☆) when it is one already. A favorite is identified by its coordinates.",
                "Quote names with spaces: fav rename \"New York\" NYC.",
            ],
            completion: .subcommands([Subcommand("rename", then: .favorites), Subcommand("rm", then: .favorites)], otherwise: .none)),
        CommandSpec(
            name: "favs", aliases: [], synopsis: "favs",
            summary: "list favorites", details: [], completion: .none),
        CommandSpec(
            name: "save", aliases: [], synopsis: "save",
            summary: "save a snapshot of the last weather shown",
            details: ["The snapshot keeps the place, its coordinates, the temperature, precipitation probability and amount, the condition, and the time of the data."],
            completion: .none),
        CommandSpec(
            name: "saved", aliases: [], synopsis: "saved [N | rm N]",
            summary: "list snapshots; show or delete one",
            details: [], completion: .subcommands([Subcommand("rm", then: .none)], otherwise: .none)),
        CommandSpec(
            name: "history", aliases: [], synopsis: "history [N]",
            summary: "the last N commands (20), from all sessions",
            details: ["“!N” runs command N again; “replay N..M” runs a range, printing each first."],
            completion: .none),
        CommandSpec(
            name: "replay", aliases: [], synopsis: "replay <N..M | N>",
            summary: "run history commands N to M again",
            details: [], completion: .none),
        CommandSpec(
            name: "units", aliases: [], synopsis: "units [metric | imperial | <quantity> <unit>]",
            summary: "show or set units (re-shows, no request)",
            details: [
                "Metric: °C, km/h, mm, hPa, km, 24-hour clock. Imperial: °F, mph, inches, inHg, miles, 12-hour clock.",
                "One quantity apart from the preset: units temperature C|F|K · wind kmh|ms|mph|kn|bft (Beaufort) · precipitation mm|inch · pressure hPa|inHg · distance km|mi · clock 24h|12h. A preset clears them. The choice is saved.",
            ],
            completion: .subcommands(
                UnitQuantity.allCases.map { Subcommand($0.rawValue, then: .words($0.choices)) },
                otherwise: .words(["metric", "imperial"]))),
        CommandSpec(
            name: "provider", aliases: [], synopsis: "provider [open-meteo | openweathermap]",
            summary: "show or set where the weather comes from",
            details: ["OpenWeatherMap needs OPENWEATHERMAP_API_KEY and gives current conditions only; Open-Meteo gives forecasts too. The choice is saved."],
            completion: .words(["open-meteo", "openweathermap"])),
        CommandSpec(
            name: "geocoder", aliases: [], synopsis: "geocoder [nominatim | open-meteo | openweathermap]",
            summary: "show or set which service finds places",
            details: [
                "When the chosen one cannot be reached or refuses, wx asks the next and says so. The choice is saved.",
                "openweathermap (with OPENWEATHERMAP_API_KEY) finds a place by name the way its current-weather request does (“London,GB”), one city a query.",
            ],
            completion: .words(["nominatim", "open-meteo", "openweathermap"])),
        CommandSpec(
            name: "language", aliases: [], synopsis: "language [code | auto]",
            summary: "language of place names (de, pt-BR, auto)",
            details: ["Sent to the geocoders as Accept-Language. “auto” follows LANG. The choice is saved."],
            completion: .words(["auto"])),
        CommandSpec(
            name: "format", aliases: [], synopsis: "format [text | json]",
            summary: "results as text, or one JSON document each",
            details: [], completion: .words(["text", "json"])),
        CommandSpec(
            name: "log", aliases: [], synopsis: "log [compact]",
            summary: "what log.jsonl holds; compact it",
            details: [
                "“log compact” rewrites log.jsonl without deleted snapshots and unreadable lines, keeping every command, every snapshot and its id, and records newer versions of wx wrote. The old file is replaced in one step, so a crash leaves one or the other.",
            ],
            completion: .words(["compact"])),
        CommandSpec(
            name: "export", aliases: [], synopsis: "export <favorites|snapshots|history> [--format csv|json] [FILE]",
            summary: "your data as CSV or JSON, to FILE or stdout",
            details: [
                "CSV has a header row and RFC 4180 quoting; JSON is one array of the objects --json prints. Times are ISO 8601 UTC, values metric with the unit in the column name (temperature_celsius).",
                "Without --format, a FILE ending in .json gets JSON and anything else CSV. The file is written whole or not at all.",
            ],
            completion: .words(ExportKind.allCases.map(\.rawValue))),
        CommandSpec(
            name: "import", aliases: [], synopsis: "import favorites FILE",
            summary: "add favorites from a CSV or JSON file",
            details: [
                "Needs name, latitude and longitude (display_name and country_code when present). A favorite whose coordinates are already saved is skipped; a row that cannot be read is named and skipped; the rest are saved in one step.",
            ],
            completion: .words(["favorites"])),
        CommandSpec(
            name: "reset", aliases: [], synopsis: "reset state",
            summary: "start afresh when state.plist is unreadable",
            details: [
                "Only for a state.plist that does not parse: wx has copied it aside (state.plist.corrupt-<time>) and keeps favorites and settings read-only until you say so. A readable file is never reset.",
            ],
            completion: .words(["state"])),
        CommandSpec(
            name: "help", aliases: ["?"], synopsis: "help [command]",
            summary: "list commands, or describe one", details: [], completion: .commands),
        CommandSpec(
            name: "about", aliases: [], synopsis: "about",
            summary: "version, data sources, where files are kept",
            details: [], completion: .none),
        CommandSpec(
            name: "quit", aliases: ["exit"], synopsis: "quit",
            summary: "leave wx (Ctrl-D does the same)", details: [], completion: .none),
    ]

    /// The command named `word` (or one of its aliases), case-insensitively.
    public static func spec(named word: String) -> CommandSpec? {
        let lower = word.lowercased()
        return all.first { $0.name == lower || $0.aliases.contains(lower) }
    }
}

/// How results are printed.
public enum OutputFormat: String, Hashable, Sendable {
    case text, json
}

/// What `units` changes.
public enum UnitsChange: Hashable, Sendable {
    /// `units metric`: a preset, dropping every override.
    case preset(UnitPreset)
    /// `units temperature K`: one quantity.
    case quantity(UnitQuantity, String)
}

/// A parsed command line.
public enum Command: Hashable, Sendable {
    case find(String)
    case use(Int)
    case show(String?)
    case favoriteToggle
    case favoriteRemove(String)
    case favoriteRename(from: String, to: String)
    case favorites
    /// Favorite names; empty compares every favorite.
    case compare([String])
    /// Hours, and the place (nil: the current location), as for `show`.
    case hourly(Int?, String?)
    /// Days, and the place (nil: the current location).
    case daily(Int?, String?)
    /// The place (nil: the current location).
    case rain(String?)
    /// The place (nil: the current location).
    case air(String?)
    /// Minutes between shows.
    case watch(Double)
    case save
    case snapshots
    case snapshot(Int)
    case snapshotRemove(Int)
    case history(Int?)
    /// `!N`.
    case rerun(Int)
    case replay(ClosedRange<Int>)
    /// nil shows the current units.
    case units(UnitsChange?)
    /// nil shows the current provider.
    case provider(String?)
    /// nil shows the current geocoder.
    case geocoder(String?)
    /// A language code or "auto"; nil shows the current one.
    case language(String?)
    case format(OutputFormat?)
    case help(String?)
    case about
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

    /// Whether the command reads favorites or settings (so `state.plist` must be current).
    public var readsState: Bool {
        switch self {
        case .history, .rerun, .replay, .snapshots, .snapshot, .snapshotRemove, .format, .help, .about, .quit, .use, .save,
            .resetState, .log:
            false
        case .export(let kind, _, _):
            kind == .favorites
        case .importFavorites:
            true
        case .find, .show, .favoriteToggle, .favoriteRemove, .favoriteRename, .favorites, .units, .compare, .provider,
            .geocoder, .language, .hourly, .daily, .rain, .air, .watch:
            true
        }
    }
}
