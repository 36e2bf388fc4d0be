import WXBasics
import WeatherKit

// Your data in and out, and the repair of state.plist: `export`, `import`, `reset`.
extension CommandSpec {
    static let export = CommandSpec(
        name: "export", synopsis: "export <favorites|snapshots|history> [--format csv|json] [FILE]",
        summary: "your data as CSV or JSON, to FILE or stdout",
        details: [
            "CSV has a header row and RFC 4180 quoting; JSON is one object, {\"schema_version\":\(ExportFormatVersion.current),\"what\":\"favorites\",\"records\":[…]} (“what” says which export), each record the fields of a CSV row as a JSON object — the export format of schema/wx-export.schema.json, not --json's documents. Times are ISO 8601 UTC, values metric with the unit in the column name (temperature_celsius).",
            "Without --format, a FILE ending in .json gets JSON and anything else CSV. The file is written whole or not at all; one already there is replaced. A terminal, pipe or device is written in place, and so is the file wx’s own output goes to (/dev/stdout in “> FILE”), after what is there.",
        ],
        completion: .subcommands(
            ExportKind.allCases.map { Subcommand($0.rawValue, unlistedAliases: $0.aliases, then: .formatAndFileName) },
            otherwise: .none)
    ) { arguments throws(ShellError) in
        var words = arguments.words
        let kinds = WordChoice(ExportKind.allCases.map { (words: [$0.rawValue] + $0.aliases, value: $0) })
        guard let first = words.first, let kind = try kinds.value(for: first, what: "export kind") else {
            throw arguments.usage()
        }
        words.removeFirst()
        var format: ExchangeFormat?
        if let index = words.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
            let word: String
            if words[index] == "--format" {
                guard index + 1 < words.count else { throw arguments.usage() }
                word = words[index + 1]
                words.removeSubrange(index...(index + 1))
            } else {
                word = String(words[index].dropFirst("--format=".count))
                words.remove(at: index)
            }
            let formats = WordChoice(ExchangeFormat.allCases.map { (words: [$0.rawValue], value: $0) })
            guard let value = try formats.value(for: word, what: "format") else {
                throw .usage("the format is csv or json, not “\(TerminalText.sanitized(String(word.prefix(40))))”")
            }
            format = value
        }
        guard words.count <= 1, words.first?.isEmpty != true else { throw arguments.usage() }
        return .export(kind, format: format, path: words.first.flatMap { $0 == "-" ? nil : $0 })
    }

    static let `import` = CommandSpec(
        name: "import", synopsis: "import <favorites|snapshots|history> FILE",
        summary: "read back what export wrote (CSV or JSON)",
        details: [
            "favorites: needs name, latitude and longitude (display_name and country_code when present). A favorite whose coordinates are already saved is skipped (also when a favorite of state.plist wx cannot read may be that place); a row that cannot be read is named and skipped; the rest are saved in one step.",
            "A JSON file of a newer schema_version than this wx reads (the man page’s) is refused whole, for every kind: “written by a newer wx (schema_version 5; this wx reads up to 4); nothing imported”.",
            "snapshots, history: read the file export wrote, CSV or JSON, whole or not at all: a row that cannot be read, or holds a value beyond its bound, is named with its line (JSON: item) and nothing is imported. Place, times and values are kept exactly; commands are added to the history with their own times, not run. Ids (history numbers) are kept when all are above the log’s highest — always in a new WX_HOME — else renumbered from it in the file’s order. A snapshot of the same place saved at the same time, or a command with the same line and time, already in the log is skipped and counted, so importing a file twice adds nothing. The line “import history FILE” itself is added to the history only when it fails (nothing imported), to be recalled and mended. A snapshot’s forecast days must each come after the one before, with no low above its high. The records are added to a copy of log.jsonl that is synced and renamed over it before wx says so: wx killed at any moment leaves the log as it was or with the whole import; Ctrl-C until then imports nothing. The file is read whole: up to 64 MB for snapshots and history (a history of about 1.4 million commands), 16 MB for favorites; a longer one is refused with what to do (split it at line ends, each part with the header line, and import each).",
        ],
        completion: .subcommands(ImportSubcommand.declarations, otherwise: .none)
    ) { arguments throws(ShellError) in
        let kind = arguments.subcommand(ImportSubcommand.self)
        switch kind {
        case .favorites:
            guard arguments.words.count == 1, let path = arguments.words.first, !path.isEmpty else {
                throw arguments.usage()
            }
            return .importFavorites(path: path)
        case .snapshots, .history:
            guard arguments.words.count == 1, let path = arguments.words.first, !path.isEmpty else {
                throw arguments.usage()
            }
            return .importLog(kind == .snapshots ? .snapshots : .history, path: path)
        case nil: throw arguments.usage()
        }
    }

    static let reset = CommandSpec(
        name: "reset", synopsis: "reset state",
        summary: "start afresh when state.plist is unreadable",
        details: [
            "Only for a state.plist wx cannot use — one that does not parse (copied aside already as state.plist.corrupt-<time>), one a newer wx wrote, one wx may not read, or a folder or FIFO in its place: wx keeps favorites and settings read-only until you say so. The old file is moved to state.plist.reset-<time> (unless a copy with the same bytes is aside already) and the notice says where. A change held in memory because the file could not be used (a favorite, a setting) is saved into the fresh file, and the notice names it. A readable file is never reset."
        ],
        completion: .subcommands(ResetSubcommand.declarations, otherwise: .none)
    ) { arguments throws(ShellError) in
        // Only the whole word: a prefix does not set state.plist aside (a near miss is still named).
        let whole = arguments.words.first?.lowercased() == "state"
        guard arguments.subcommand(ResetSubcommand.self) == .state, whole, arguments.isEmpty else {
            throw arguments.usage()
        }
        return .resetState
    }
}

/// `import favorites|snapshots|history FILE`.
enum ImportSubcommand: SubcommandWord {
    case favorites, snapshots, history

    var declaration: Subcommand {
        switch self {
        case .favorites:
            Subcommand("favorites", unlistedAliases: ExportKind.favorites.aliases, arguments: "FILE", then: .fileName)
        case .snapshots: Subcommand("snapshots", arguments: "FILE", then: .fileName)
        case .history: Subcommand("history", arguments: "FILE", then: .fileName)
        }
    }
}

/// `reset state`.
enum ResetSubcommand: SubcommandWord {
    case state

    var declaration: Subcommand { Subcommand("state", then: .none) }
}
