import WeatherKit

// What log.jsonl holds: `log` and `log compact`.
extension CommandSpec {
    static let log = CommandSpec(
        name: "log", synopsis: "log [compact]",
        summary: "what log.jsonl holds; compact it",
        details: [
            "Bytes after the log’s last line end — a write cut short, or one in progress, which reads the same — are not a line until their line end comes: “log” counts none of them and says how many there are (unterminated_bytes in --json).",
            "“log compact” rewrites log.jsonl without deleted snapshots and unreadable lines, keeping every command, every snapshot and its id, and records newer versions of wx wrote (whole JSON with a kind this wx does not know; a torn line is unreadable). Unreadable lines, and the bytes after the last line end, are moved to log.jsonl.unreadable-<time>, and the line says so. An unreadable snapshot line’s id is never given again, even once moved aside. The old file is replaced in one step, so a crash leaves one or the other.",
        ],
        completion: .subcommands(LogSubcommand.declarations, otherwise: .none)
    ) { arguments throws(ShellError) in
        if arguments.isEmpty { return .log(compact: false) }
        guard arguments.subcommand(LogSubcommand.self) == .compact, arguments.isEmpty else { throw arguments.usage() }
        return .log(compact: true)
    }
}

/// `log compact`.
enum LogSubcommand: SubcommandWord {
    case compact

    var declaration: Subcommand { Subcommand("compact", then: .none) }
}
