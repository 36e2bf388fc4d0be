import WXBasics
import WeatherKit

// Your data in and out, and the repair of state.plist: `export`, `import`, `reset`.
extension CommandSpec {
    static let export = CommandSpec(
        name: "export", synopsis: "export <favorites|snapshots|history> [--format csv|json] [FILE]",
        summary: "your data as CSV or JSON, to FILE or stdout",
        details: [
            "CSV has a header row and RFC 4180 quoting; JSON is one array of the objects --json prints. Times are ISO 8601 UTC, values metric with the unit in the column name (temperature_celsius).",
            "Without --format, a FILE ending in .json gets JSON and anything else CSV. The file is written whole or not at all.",
        ],
        completion: .subcommands(
            ExportKind.allCases.map { Subcommand($0.rawValue, then: .formatAndFileName) }, otherwise: .none)
    ) { arguments throws(ShellError) in
        var words = arguments.words
        let kinds = WordChoice(ExportKind.allCases.map { (words: [$0.rawValue], value: $0) })
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
        name: "import", synopsis: "import favorites FILE",
        summary: "add favorites from a CSV or JSON file",
        details: [
            "Needs name, latitude and longitude (display_name and country_code when present). A favorite whose coordinates are already saved is skipped; a row that cannot be read is named and skipped; the rest are saved in one step."
        ],
        completion: .subcommands(ImportSubcommand.declarations, otherwise: .none)
    ) { arguments throws(ShellError) in
        switch arguments.subcommand(ImportSubcommand.self) {
        case .favorites:
            guard arguments.words.count == 1, let path = arguments.words.first, !path.isEmpty else {
                throw arguments.usage()
            }
            return .importFavorites(path: path)
        case nil: throw arguments.usage()
        }
    }

    static let reset = CommandSpec(
        name: "reset", synopsis: "reset state",
        summary: "start afresh when state.plist is unreadable",
        details: [
            "Only for a state.plist wx cannot use — one that does not parse (copied aside already as state.plist.corrupt-<time>), one a newer wx wrote, one wx may not read, or a folder or FIFO in its place: wx keeps favorites and settings read-only until you say so. The old file is moved to state.plist.reset-<time> (unless a copy with the same bytes is aside already) and the notice says where. A readable file is never reset."
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

/// `import favorites FILE`.
enum ImportSubcommand: SubcommandWord {
    case favorites

    var declaration: Subcommand { Subcommand("favorites", arguments: "FILE", then: .fileName) }
}

/// `reset state`.
enum ResetSubcommand: SubcommandWord {
    case state

    var declaration: Subcommand { Subcommand("state", then: .none) }
}
