import WeatherKit

// Snapshots and the history: `save`, `saved`, `history`, `replay`, `log`.
extension CommandSpec {
    static let save = CommandSpec(
        name: "save", synopsis: "save",
        summary: "save a snapshot of the last weather shown",
        details: [
            "The snapshot keeps the place, its coordinates, the temperature, precipitation probability and amount, the condition, and the time of the data."
        ]
    ) { arguments throws(ShellError) in
        try arguments.alone(.save)
    }

    static let saved = CommandSpec(
        name: "saved", synopsis: "saved [N | rm N | verify [place]]",
        summary: "list snapshots; show, delete or verify them",
        details: [
            "“saved N” shows a snapshot and, once the days of the forecast kept with it have passed, each day next to what happened (high, low, precipitation from the Open-Meteo archive, or for the last five days the forecast service’s past days) and the error, forecast − observed.",
            "“saved verify [place]” sums that up over all snapshots of each place, or of one (a snapshot’s place name or a favorite): the mean absolute error of the high and the low, and how often “rain / no rain” came true, a rain day being one with at least 1 mm. One request per place covers all its snapshots; past days once fetched are kept for good.",
            "Snapshots saved before wx kept the forecast are listed and counted, but have no forecast to check.",
        ],
        completion: .subcommands(SnapshotSubcommand.declarations, otherwise: .snapshotIDs)
    ) { arguments throws(ShellError) in
        if arguments.isEmpty { return .snapshots }
        switch arguments.subcommand(SnapshotSubcommand.self) {
        case .verify: return .snapshotVerify(arguments.rest())
        case .remove:
            guard arguments.words.count == 1 else { throw arguments.usage() }
            return .snapshotRemove(try CommandParser.number(arguments.words[0], what: "the snapshot"))
        case nil:
            // `saved vrify`: a near miss of a subcommand is said as such, not as a bad number.
            if let nearMiss = arguments.nearMiss { throw nearMiss }
        }
        guard arguments.words.count == 1 else { throw arguments.usage() }
        return .snapshot(try CommandParser.number(arguments.words[0], what: "the snapshot"))
    }

    static let history = CommandSpec(
        name: "history", synopsis: "history [N]",
        summary: "the last N commands (20), from all sessions",
        details: [
            "A line is one entry, however many commands it holds; a line the same as the one before it is listed once. Up at the prompt recalls these same lines.",
            "“!!”, “!N”, “!-N” and “!prefix” run a line again (see “help !!”); “replay N..M” runs a range, printing each first.",
        ]
    ) { arguments throws(ShellError) in
        .history(
            try arguments.rest().map { text throws(ShellError) in try CommandParser.number(text, what: "the count") })
    }

    /// History references, as in bash: `help !!` (or `help !N`) shows this. Not in the command
    /// table — a reference is expanded in the line before any command is parsed.
    static let historyReference = CommandSpec(
        name: "!", synopsis: "!! | !N | !-N | !prefix", summary: "run a line from the history again",
        details: [
            "“!!” is the last line, “!N” line N of “history”, “!-N” the line N back (“!-1” is “!!”), and “!prefix” the last line starting with prefix (“!sh” for the last “show …”; case matters).",
            "A reference is the first word of a command, typed without quotes; words after it are added to the line (“!! Paris”). The line is printed with the reference replaced, then run, and that line goes into the history.",
            "“!$” is the last word of the last line, as it was typed (quotes kept), anywhere on a line: “find Hamburg” then “show !$” shows Hamburg (“find Paris, TX” then “show !$” would show TX). “^old^new” runs the last line again with the first “old” replaced by “new” (“^Paris^Lyon”), as in bash.",
            "A reference that names no line runs nothing.",
        ]
    ) { arguments throws(ShellError) in
        throw arguments.usage()
    }

    static let replay = CommandSpec(
        name: "replay", synopsis: "replay <N..M | N>", summary: "run history commands N to M again"
    ) { arguments throws(ShellError) in
        guard let text = arguments.rest(), let range = CommandParser.range(text) else {
            throw arguments.usage(" (history numbers, see “history”)")
        }
        return .replay(range)
    }

    static let log = CommandSpec(
        name: "log", synopsis: "log [compact]",
        summary: "what log.jsonl holds; compact it",
        details: [
            "“log compact” rewrites log.jsonl without deleted snapshots and unreadable lines, keeping every command, every snapshot and its id, and records newer versions of wx wrote. The old file is replaced in one step, so a crash leaves one or the other."
        ],
        completion: .subcommands(LogSubcommand.declarations, otherwise: .none)
    ) { arguments throws(ShellError) in
        if arguments.isEmpty { return .log(compact: false) }
        guard arguments.subcommand(LogSubcommand.self) == .compact, arguments.isEmpty else { throw arguments.usage() }
        return .log(compact: true)
    }
}

/// `saved rm N` and `saved verify [place]`.
enum SnapshotSubcommand: SubcommandWord {
    case remove, verify

    var declaration: Subcommand {
        switch self {
        case .remove: Subcommand("rm", aliases: ["remove", "del"], arguments: "N", then: .snapshotIDs)
        case .verify: Subcommand("verify", arguments: "[place]", then: .favorites)
        }
    }
}

/// `log compact`.
enum LogSubcommand: SubcommandWord {
    case compact

    var declaration: Subcommand { Subcommand("compact", then: .none) }
}
