import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

@Suite(.tags(.unit)) struct CommandParserTests {
    @Test(arguments: [
        ("find Hamburg", Command.find("Hamburg")),
        ("  find   Portland, OR  ", .find("Portland, OR")),
        ("FIND 東京", .find("東京")),
        ("use 2", .use(2)),
        ("show", .show(nil)),
        ("show New York", .show("New York")),
        ("show \"New York\"", .show("New York")),
        ("show \"\"", .show(nil)),
        ("find \"Rue A; Paris\"", .find("Rue A; Paris")),
        ("find 53.55, 9.99", .find("53.55, 9.99")),
        ("fav rename \"Elbe Hall\" \"Tom's \\\"Hall\\\"\"", .favoriteRename(from: "Elbe Hall", to: "Tom's \"Hall\"")),
        ("fav rename Old\\ Town New", .favoriteRename(from: "Old Town", to: "New")),
        ("reset state", .resetState),
        ("fav", .favoriteToggle),
        ("fav rm Hamburg", .favoriteRemove("Hamburg")),
        ("fav rm New York", .favoriteRemove("New York")),
        ("fav rename \"New York\" NYC", .favoriteRename(from: "New York", to: "NYC")),
        ("fav rename 'Old Town' 'New Town'", .favoriteRename(from: "Old Town", to: "New Town")),
        ("favs", .favorites),
        ("save", .save),
        ("saved", .snapshots),
        ("saved 3", .snapshot(3)),
        ("saved rm 3", .snapshotRemove(3)),
        ("saved verify", .snapshotVerify(nil)),
        ("saved VERIFY New York", .snapshotVerify("New York")),
        ("history", .history(nil)),
        ("history 5", .history(5)),
        ("!12", .rerun(12)),
        ("replay 3..5", .replay(3...5)),
        ("replay 4", .replay(4...4)),
        ("replay 4-6", .replay(4...6)),
        ("replay 4 .. 6", .replay(4...6)),
        // Backward: refused by the runner, which sees what lines the history has to suggest.
        ("replay 5..3", .replay(3...5, backward: true)),
        ("units", .units(nil)),
        ("units imperial", .units(.preset(.imperial))),
        ("units METRIC", .units(.preset(.metric))),
        ("units temperature K", .units(.quantity(.temperature, "K"))),
        ("units wind bft", .units(.quantity(.wind, "bft"))),
        ("format json", .format(.json)),
        ("export favorites", .export(.favorites, format: nil, path: nil)),
        ("export snapshots --format json ~/s.json", .export(.snapshots, format: .json, path: "~/s.json")),
        ("export history --format=CSV \"my history.csv\"", .export(.history, format: .csv, path: "my history.csv")),
        ("export favorites -", .export(.favorites, format: nil, path: nil)),
        ("import favorites \"a b.csv\"", .importFavorites(path: "a b.csv")),
        ("hourly", .hourly(nil, nil)),
        ("hourly 12", .hourly(12, nil)),
        ("hourly 12 New York", .hourly(12, "New York")),
        ("daily 3 \"Prime Minister’s Office\"", .daily(3, "Prime Minister’s Office")),
        ("hourly 2 '90210'", .hourly(2, "90210")),
        ("hourly Paris", .hourly(nil, "Paris")),
        ("hourly \"10 Downing Street\"", .hourly(nil, "10 Downing Street")),
        ("daily 16 Home", .daily(16, "Home")),
        ("daily", .daily(nil, nil)),
        ("rain", .rain(nil)),
        ("rain Hamburg", .rain("Hamburg")),
        ("air 31.5,74.4", .air("31.5,74.4")),
        ("compare Hamburg \"New York\"", .compare(["Hamburg", "New York"])),
        ("watch", .watch(10)),
        ("watch 0.5", .watch(0.5)),
        ("help", .help(nil)),
        ("help show", .help("show")),
        ("? show", .help("show")),
        ("about", .about),
        ("quit", .quit),
        ("exit", .quit),
        // Apostrophes inside a place are letters; a place is the rest of the words.
        ("find St. John's", .find("St. John's")),
        ("show O'Brien's  pub", .show("O'Brien's pub")),
        ("find \"St. John's\"", .find("St. John's")),
        // Subcommands' aliases.
        ("fav remove Hamburg", .favoriteRemove("Hamburg")),
        ("fav del New York", .favoriteRemove("New York")),
        ("fav mv Home Work", .favoriteRename(from: "Home", to: "Work")),
        ("FAV RM x", .favoriteRemove("x")),
        ("saved remove 2", .snapshotRemove(2)),
        ("saved del 2", .snapshotRemove(2)),
        // A prefix of one command only.
        ("sh Hamburg", .show("Hamburg")),
        ("favs", .favorites),
        ("hou 3", .hourly(3, nil)),
        ("q", .quit),
        ("langu de", .language("de")),
        // Past days: an ISO date, yesterday, days ago, or a range; then the place.
        ("past 2024-07-14 Hamburg", .past(PastDays(first: .date(LocalDate(year: 2024, month: 7, day: 14))), "Hamburg")),
        ("past Yesterday", .past(PastDays(first: .daysAgo(1)), nil)),
        ("past -3 New York", .past(PastDays(first: .daysAgo(3)), "New York")),
        (
            "past 2024-07-10..yesterday",
            .past(PastDays(first: .date(LocalDate(year: 2024, month: 7, day: 10)), last: .daysAgo(1)), nil)
        ),
        ("normal", .normal(nil)),
        ("normal Home", .normal("Home")),
        // Region tags as before; coordinates and places with a dash inside are no options.
        ("language de-CH", .language("de-CH")),
        ("language pt-BR", .language("pt-BR")),
        ("language auto", .language("auto")),
        // Trial 16: written as a tag is written, LANG's spelling taken (pt_BR was refused, EN
        // stored as EN).
        ("language pt_BR", .language("pt-BR")),
        ("language pt_br", .language("pt-BR")),
        ("language EN", .language("en")),
        ("language DE-ch", .language("de-CH")),
        ("language zh-hans", .language("zh-Hans")),
        ("language es-419", .language("es-419")),
        ("language AUTO", .language("auto")),
        ("show -33.92,18.42", .show("-33.92,18.42")),
        ("show Saint-Denis", .show("Saint-Denis")),
        // Alone, such a word is a name: a favorite may be called “-x”.
        ("show -x", .show("-x")),
    ])
    func parses(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
        // The declaration it names back is one the table lists (so help, Tab and the man page know it).
        #expect(CommandTable.all.contains(command.spec))
    }

    @Test func emptyLinesAndCommentsAreNothing() throws {
        #expect(try CommandParser.parse("") == nil)
        #expect(try CommandParser.parse("   ") == nil)
        #expect(try CommandParser.parse("# a comment") == nil)
    }

    @Test(arguments: [
        ("frobnicate", "unknown command “frobnicate”; type “help” for the list"),
        ("past 2025-02-30", "2025-02-30 is not a day of the calendar"),
        ("past 2024-07-01..2024-13-01", "2024-13-01 is not a day of the calendar"),
        (
            "past someday",
            "usage: past DATE[..DATE] [place | favorite]: DATE is 2024-07-14, yesterday, a weekday or -3 (days ago); DATE..DATE up to 31 days"
        ),
        ("find", "usage: find <query | lat,lon>"),
        ("use x", "the candidate must be a number from 1 up, not “x”"),
        ("history 99999999999999999999", "the count 99999999999999999999 is too large"),
        (
            "find 91,0",
            "coordinates are “latitude,longitude” in degrees: latitude from -90 to 90, longitude from -180 to 180"
        ),
        (
            "show 10,200",
            "coordinates are “latitude,longitude” in degrees: latitude from -90 to 90, longitude from -180 to 180"
        ),
        (
            "find \(String(repeating: "x", count: 257))",
            "a place query can be at most 256 characters (this one has 257)"
        ),
        ("find \"\"", "usage: find <query | lat,lon>"),
        ("reset", "usage: reset state"),
        ("use 0", "the candidate must be a number from 1 up, not “0”"),
        ("saved rm", "usage: saved [N | rm N | verify [place]]"),
        (
            "units kelvin-ish",
            "usage: units [metric | imperial | <quantity> <unit>]; quantities: temperature, wind, precipitation, pressure, distance, clock"
        ),
        ("units wind furlongs", "wind is one of kmh, ms, mph, kn, bft"),
        ("fav rename a", "usage: fav rename <old> <new>"),
        ("fav mv a b c", "usage: fav rename <old> <new>"),
        ("fav rm", "usage: fav rm <name>"),
        ("fav bogus", "usage: fav [add | rm <name> | rename <old> <new>]"),
        ("fav rename \"a b", "the quote \" before “a b” is not closed"),
        ("find \"Hamburg", "the quote \" before “Hamburg” is not closed"),
        ("find a; b", "one command at a time here, not “find a; b”"),
        ("saved 1 2", "usage: saved [N | rm N | verify [place]]"),
        ("saved x", "the snapshot must be a number from 1 up, not “x”"),
        ("use", "usage: use <N>"),
        ("replay", "usage: replay <N..M | N> (history numbers, see “history”)"),
        // A daily user: “replay -3” took the minus for the range's dash and ran entry 3 (a “fav”
        // that toggled a favorite off). A leading minus, or any sign or dot beside a number, is
        // never dropped: each is refused as “replay 0” is, and so are the other numbers' minus.
        ("replay -3", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("replay 1..-2", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("replay -1..2", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("replay 3-", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("replay 2-3-", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("replay 1...3", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("replay 1..2..3", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("replay 0", "usage: replay <N..M | N> (history numbers, see “history”)"),
        ("use -1", "the candidate must be a number from 1 up, not “-1”"),
        ("saved -1", "the snapshot must be a number from 1 up, not “-1”"),
        ("saved rm -1", "the snapshot must be a number from 1 up, not “-1”"),
        ("history -1", "the count must be a number from 1 up, not “-1”"),
        (
            "!-3 x",
            "“!-3”: history references are !!, !N, !-N and !prefix, typed without quotes where a command starts (see “help !!”)"
        ),
        ("log rotate", "usage: log [compact]"),
        ("format xml", "usage: format [text | json]"),
        ("language 123", "“123” is not a language: the language is an ISO 639-1 code, as de, en or pt-BR"),
        // Only ISO 639-1 languages (Open-Meteo's geocoding takes no other), with the near ones.
        (
            "language xx-YY",
            "“xx-YY” is not a language: the language is an ISO 639-1 code, as de, en or pt-BR; did you mean “xh” (Xhosa)?"
        ),
        (
            "language german",
            "“german” is not a language: the language is an ISO 639-1 code, as de, en or pt-BR; did you mean “de” (German)?"
        ),
        ("language de-CH-x", "“de-CH-x” is not a language tag: a code and at most a region, as pt-BR or de-CH"),
        // Trial 16: a region that is no country's or area's was taken (de-XX); the bare language
        // is suggested.
        (
            "language de-XX",
            "“de-XX” is not a language tag: “XX” is not a region (an ISO 3166-1 code, as BR or CH, or a UN M.49 area, as 419); did you mean “de” (German)?"
        ),
        (
            "language pt_XY",
            "“pt_XY” is not a language tag: “XY” is not a region (an ISO 3166-1 code, as BR or CH, or a UN M.49 area, as 419); did you mean “pt” (Portuguese)?"
        ),
        (
            "language es-999",
            "“es-999” is not a language tag: “999” is not a region (an ISO 3166-1 code, as BR or CH, or a UN M.49 area, as 419); did you mean “es” (Spanish)?"
        ),
        ("language de-", "“de-” is not a language tag: no region after the “-”; did you mean “de” (German)?"),
        // A word written as an option is not part of a place: the command's options are named.
        ("warnings -x Hamburg", "unknown option “-x” of warnings; did you mean “-v”?"),
        ("show --xyz Berlin", "unknown option “--xyz”: “show” takes none (usage: show [place | favorite])"),
        ("hourly 6 Berlin -q", "unknown option “-q”: “hourly” takes none (usage: hourly [N] [place | favorite])"),
        ("find -x Berlin", "unknown option “-x”: “find” takes none (usage: find <query | lat,lon>)"),
        ("watch soon", "usage: watch [minutes] [--rain N%] [--frost N%] [--notify]; minutes from 0.05 to 1440"),
        ("about x", "“about” takes no arguments"),
        ("quit now", "“quit” takes no arguments"),
        ("save it", "“save” takes no arguments"),
        (
            "!3 4",
            "“!3”: history references are !!, !N, !-N and !prefix, typed without quotes where a command starts (see “help !!”)"
        ),
        // Unknown: the closest name, else the list; an ambiguous prefix names its commands.
        ("shwo", "unknown command “shwo”; did you mean “show”?"),
        ("SHWO", "unknown command “SHWO”; did you mean “show”?"),
        ("favss", "unknown command “favss”; did you mean “favs”?"),
        ("hourli 3", "unknown command “hourli”; did you mean “hourly”?"),
        (
            "compare --json",
            "“--json” is not an option of “compare”: for JSON, “format json”, or wx --json … from the shell"
        ),
        ("compair", "unknown command “compair”; did you mean “compare”?"),
        ("exot", "unknown command “exot”; did you mean “exit”?"),
        ("xyz", "unknown command “xyz”; type “help” for the list"),
        ("s", "“s” could be show, skill, spread (= confidence), save, saved or source; type more of it"),
        ("sa", "“sa” could be save or saved; type more of it"),
        ("e", "“e” could be export or exit (= quit); type more of it"),
        ("favs extra", "“favs” takes no arguments"),
        ("export", "usage: export <favorites|snapshots|history> [--format csv|json] [FILE]"),
        ("export cats", "usage: export <favorites|snapshots|history> [--format csv|json] [FILE]"),
        ("export favorites --format xml", "the format is csv or json, not “xml”"),
        ("export favorites a b", "usage: export <favorites|snapshots|history> [--format csv|json] [FILE]"),
        ("import snapshots", "usage: import <favorites|snapshots|history> FILE"),
        ("import cats x.csv", "usage: import <favorites|snapshots|history> FILE"),
        ("hourly 0", "the number of hours is 1 to 384 (as far as Open-Meteo forecasts), not “0”"),
        // With a place after it, the handler refuses it unless the words name a favorite
        // (FavoriteNamedOverCountEndToEndTests).
        ("hourly -3", "the number of hours is 1 to 384 (as far as Open-Meteo forecasts), not “-3”"),
        ("hourly 385", "the number of hours is 1 to 384 (as far as Open-Meteo forecasts), not “385”"),
        ("daily 17", "the number of days is 1 to 16 (as far as Open-Meteo forecasts), not “17”"),
        ("daily 99999999999", "the number of days is 1 to 16 (as far as Open-Meteo forecasts), not “99999999999”"),
        (
            "daily 99999999999999999999 Home",
            "the number of days is 1 to 16 (as far as Open-Meteo forecasts), not “99999999999999999999”"
        ),
        (
            "rain 10,200",
            "coordinates are “latitude,longitude” in degrees: latitude from -90 to 90, longitude from -180 to 180"
        ),
        ("watch 0.01", "usage: watch [minutes] [--rain N%] [--frost N%] [--notify]; minutes from 0.05 to 1440"),
        (
            "!x",
            "“!x”: history references are !!, !N, !-N and !prefix, typed without quotes where a command starts (see “help !!”)"
        ),
        // The whole sequence goes, not only its ESC (issue 37 item 6).
        ("\u{1B}[2Jboom", "unknown command “boom”; type “help” for the list"),
    ])
    func rejects(line: String, message: String) {
        #expect(throws: ShellError.usage(message)) { try CommandParser.parse(line) }
    }

    /// `wx Berlin`: a place where the command goes is answered with the command that shows it;
    /// commands, near misses and other words are left to the usual errors.
    @Test func aPlaceOnWxsCommandLineSaysHowToShowIt() {
        #expect(
            CommandParser.placeInsteadOfCommand(["Berlin"])
                == .usage("unknown command “Berlin”; to see a place’s weather: wx show Berlin"))
        #expect(
            CommandParser.placeInsteadOfCommand(["New", "York"])
                == .usage("unknown command “New”; to see a place’s weather: wx show New York"))
        #expect(CommandParser.placeInsteadOfCommand(["show", "Berlin"]) == nil)
        #expect(CommandParser.placeInsteadOfCommand(["shwo"]) == nil)
        #expect(CommandParser.placeInsteadOfCommand(["frobnicate"]) == nil)
        #expect(CommandParser.placeInsteadOfCommand(["53.5,9.9"]) == nil)
    }

    /// Trial 16: `wx 'find Berlin; show'` said “unknown command "find Berlin; show"”, and
    /// `wx find Berlin\\; favs` looked up a place called “Berlin; favs”.
    @Test func aLineOfCommandsAsArgumentsNamesWxDashC() {
        #expect(
            CommandParser.lineOfCommandsAsArguments(["find Berlin; show"])
                == .usage(
                    "“find Berlin; show” given as one command; to run a line of commands: wx -c 'find Berlin; show'"))
        #expect(
            CommandParser.lineOfCommandsAsArguments(["find", "Berlin;", "favs"])
                == .usage(
                    "“find Berlin; favs” given as one command; to run a line of commands: wx -c 'find Berlin; favs'"))
        #expect(
            CommandParser.lineOfCommandsAsArguments(["show O'Hare"])
                == .usage(
                    "“show O'Hare” given as one command; to run a line of commands: wx -c \"show O'Hare\""))
        // A “;” inside a name, words that are no line of commands, and ordinary arguments.
        #expect(CommandParser.lineOfCommandsAsArguments(["fav", "rename", "Berlin", "x;units imperial"]) == nil)
        #expect(CommandParser.lineOfCommandsAsArguments(["show", "New York"]) == nil)
        #expect(CommandParser.lineOfCommandsAsArguments(["New York"]) == nil)
        #expect(CommandParser.lineOfCommandsAsArguments(["show", "Berlin;", "frobnicate"]) == nil)
    }

    @Test func emptyWordsAreNothing() throws {
        #expect(try CommandParser.parse(words: []) == nil)
        #expect(try CommandParser.parse(words: ["show", "New York"]) == .show("New York"))
    }

    @Test func editDistance() {
        #expect(CommandParser.editDistance("shwo", "show") == 1)
        #expect(CommandParser.editDistance("", "abc") == 3)
        #expect(CommandParser.editDistance("kitten", "sitting") == 3)
        #expect(CommandParser.suggestion(for: "hitsory") == "history")
        #expect(CommandParser.suggestion(for: "zz") == nil)
    }

    @Test func declarationsAreUniqueAndSubcommandAliasesAreInHelp() {
        let words = CommandTable.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(words).count == words.count)
        #expect(CommandSpec.fav.details.last == "“rename” is also “mv”; “rm” is also “remove” or “del”.")
        #expect(CommandSpec.saved.details.last == "“rm” is also “remove” or “del”.")
        #expect(CommandSpec.show.details.count == 2)
    }

    @Test func everyCommandInTheTableParses() throws {
        for spec in CommandTable.all {
            let examples = [
                "find": "find x", "use": "use 1", "replay": "replay 1", "reset": "reset state",
                "export": "export favorites", "import": "import favorites f.csv", "past": "past yesterday",
                "source": "source f.wx", "best": "best 2h", "chance": "chance frost", "check": "check --warnings",
            ]
            let line = examples[spec.name] ?? spec.name
            // Each declaration's parser gives a command that names that declaration back.
            #expect(try CommandParser.parse(line)?.spec == spec, "\(spec.name)")
        }
    }
}

@Suite(.tags(.unit)) struct InvocationTests {
    @Test func completionsAndTheCompletionHelper() throws {
        #expect(try Invocation.parse(["completions", "bash"]).action == .completions("bash"))
        #expect(throws: ShellError.usage("usage: wx completions bash|zsh|fish")) {
            try Invocation.parse(["completions", "tcsh"])
        }
        #expect(try Invocation.parse(["--complete", "--", "show", "Ham"]).action == .complete(["show", "Ham"]))
        #expect(try Invocation.parse(["--complete", "--", "--json", ""]).action == .complete(["--json", ""]))
    }

    @Test func options() throws {
        let invocation = try Invocation.parse(["--json", "--home", "/tmp/x", "-c", "find Hamburg; show"])
        #expect(invocation.json)
        #expect(invocation.home == "/tmp/x")
        #expect(invocation.commands == ["find Hamburg; show"])
        // Trial 5: wx's own flags after the command's words were refused ("“show” takes none").
        for arguments in [["show", "Hamburg", "--json"], ["show", "--json", "Hamburg"]] {
            let trailing = try Invocation.parse(arguments)
            #expect(trailing.words == ["show", "Hamburg"] && trailing.json, "\(arguments)")
        }
        let offline = try Invocation.parse(["show", "Hamburg", "--offline", "--no-rc"])
        #expect(offline.words == ["show", "Hamburg"] && offline.offline && offline.skipStartupFile)
        // `line` takes --json itself.
        let line = try Invocation.parse(["line", "Hamburg", "--json"])
        #expect(line.words == ["line", "Hamburg", "--json"] && !line.json)
        // At the prompt it is no place: the way to JSON is said.
        for typed in ["show Berlin --json", "show --json"] {
            #expect(
                throws: ShellError.usage(
                    "“--json” is not an option of “show”: for JSON, “format json”, or wx --json … from the shell")
            ) { try CommandParser.parse(typed) }
        }
        #expect(try Invocation.parse(["--version"]).action == .version)
        #expect(throws: ShellError.usage("--version runs no commands; see wx --help")) {
            try Invocation.parse(["-V", "extra"])
        }
        #expect(throws: ShellError.self) { try Invocation.parse(["--help", "-c", "show"]) }
        #expect(try Invocation.parse(["find", "-33.86,151.2"]).words == ["find", "-33.86,151.2"])
    }

    @Test func usageErrors() {
        #expect(throws: ShellError.usage("unknown option --bogus; see wx --help")) { try Invocation.parse(["--bogus"]) }
        #expect(throws: ShellError.usage("--home needs a value; see wx --help")) { try Invocation.parse(["--home"]) }
        #expect(throws: ShellError.usage("give commands with -c or as words, not both")) {
            try Invocation.parse(["-c", "show", "show"])
        }
    }

    @Test func helpListsEveryCommand() {
        for spec in CommandTable.all { #expect(Invocation.usage.contains(spec.synopsis)) }
    }
}

@Suite(.tags(.unit)) struct ConfigurationTests {
    @Test func xdgFolders() throws {
        let configuration = try Configuration(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "/s"])
        #expect(configuration.configFolder == "/home/u/.config/wx")
        #expect(configuration.stateFolder == "/s/wx")
        #expect(configuration.cacheFolder == "/home/u/.cache/wx")
    }

    /// No HOME: the password database's home, never a shared folder such as /tmp; relative
    /// XDG paths are ignored, as the specification says.
    @Test func homeFromThePasswordDatabaseAndNoRelativePaths() throws {
        let unset = try Configuration(environment: [:], passwordHome: { "/home/p" })
        #expect(unset.configFolder == "/home/p/.config/wx")
        #expect(unset.stateFolder == "/home/p/.local/state/wx")
        #expect(unset.expandPath("~/x.csv") == "/home/p/x.csv")
        let relative = try Configuration(
            environment: ["HOME": "relative/dir", "XDG_CONFIG_HOME": "rel", "XDG_CACHE_HOME": "/c"],
            passwordHome: { "/home/p" })
        #expect(relative.configFolder == "/home/p/.config/wx")
        #expect(relative.cacheFolder == "/c/wx")
        #expect(throws: ShellError.self) { try Configuration(environment: [:], passwordHome: { nil }) }
        // With WX_HOME no home folder is needed.
        #expect(try Configuration(environment: ["WX_HOME": "/w"], passwordHome: { nil }).stateFolder == "/w")
    }

    @Test func homeOptionWinsOverEnvironment() throws {
        let configuration = try Configuration(environment: ["WX_HOME": "/a"], home: "/b")
        #expect(configuration.configFolder == "/b")
        #expect(configuration.cacheFolder == "/b/cache")
    }

    @Test func endpointsClockAndColour() throws {
        let configuration = try Configuration(environment: [
            "HOME": "/home/u", "WX_NOMINATIM_URL": "http://127.0.0.1:9/", "WX_NOW": "2026-02-06T21:40:00Z",
            "NO_COLOR": "1", "LANG": "de_DE.UTF-8",
        ])
        #expect(configuration.endpoints[.nominatim] == "http://127.0.0.1:9")
        #expect(configuration.endpoints[.openMeteo] == "https://api.open-meteo.com")
        #expect(configuration.fixedNow?.timeIntervalSince1970 == 1_770_414_000)
        #expect(!configuration.colourAllowed)
        #expect(configuration.localeLanguage == "de-DE")
        #expect(configuration.unicodeOutput)
        #expect(try Configuration(environment: ["NO_COLOR": "", "HOME": "/home/u"]).colourAllowed)
        #expect(try !Configuration(environment: ["TERM": "dumb", "HOME": "/home/u"]).colourAllowed)
        #expect(throws: ShellError.self) { try Configuration(environment: ["WX_NOW": "yesterday", "HOME": "/home/u"]) }
    }

    @Test(arguments: [
        // The region kept (it dropped "pt_BR" to "pt"): each service is sent its form of it.
        ("de_DE.UTF-8", "de-DE"), ("C", "en"), ("POSIX", "en"), ("pt_BR", "pt-BR"), ("sr_RS@latin", "sr-RS"),
        ("", "en"), ("C.UTF-8", "en"), ("es_419.UTF-8", "es-419"), ("de", "de"), ("en_xyz", "en"),
    ])
    func languageFromLocale(locale: String, language: String) {
        #expect(Configuration.language(fromLocale: locale) == language)
    }
}

/// Issue 40 item 13: the words people try first get the command that does it, the rest of the
/// line carried over; wx's own words and prefixes are untouched.
@Suite(.tags(.unit)) struct FirstTryWordTests {
    func error(_ line: String) -> String? {
        do {
            _ = try CommandParser.parse(line)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func suggestions() {
        #expect(error("weather Berlin") == "“weather” is not a wx command: “show Berlin” shows the weather")
        #expect(
            error("Weather")
                == "“Weather” is not a wx command: “show” shows the weather where you are (“show Berlin” elsewhere)")
        #expect(
            error("forecast New York")
                == "“forecast” is not a wx command: “daily New York” shows the days ahead, “hourly New York” the hours")
        #expect(error("search Paris") == "“search” is not a wx command: “find Paris” lists places by that name")
        #expect(error("set units imperial") == "“set” is not a wx command: “units imperial” sets it")
        #expect(
            error("list") == "“list” is not a wx command: “favs” lists favorites, “saved” snapshots, “history” commands"
        )
        #expect(error("add Home") == "“add” is not a wx command: “show Home”, then “fav”, saves it as a favorite")
    }

    @Test func wxsOwnWordsAreUntouched() throws {
        #expect(try CommandParser.parse("q") == .quit)
        #expect(try CommandParser.parse("alerts")?.name == .warnings)
        #expect(try CommandParser.parse("show Berlin") == .show("Berlin"))
    }
}
