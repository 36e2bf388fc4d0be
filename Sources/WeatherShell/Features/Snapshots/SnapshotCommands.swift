import WeatherKit

// Snapshots: `save` and `saved`.
extension CommandSpec {
    static let save = CommandSpec(
        name: "save", synopsis: "save",
        summary: "save a snapshot of the last weather shown",
        details: [
            "The snapshot keeps the place, its coordinates, the temperature, precipitation probability and amount, the condition, and the time of the data.",
            "A reading more than 3 hours from now — one “show” called “not now”: an old answer, a saved one shown offline — is saved all the same, and the line says so after its time (“… at 2025-07-27 05:00 — that reading is 5 hours old, not now”).",
        ]
    ) { arguments throws(ShellError) in
        try arguments.alone(.save)
    }

    static let saved = CommandSpec(
        name: "saved", synopsis: "saved [N | rm N | verify [place]]",
        summary: "list snapshots; show, delete or verify them",
        details: [
            "“saved N” shows a snapshot and, once the days of the forecast kept with it have passed, each day next to what happened (high, low, precipitation from the Open-Meteo archive, or for the last five days the forecast service’s past days) and the error, forecast − observed.",
            "“saved verify [place]” sums that up over all snapshots of each place, or of one (a snapshot’s place name, a favorite, or coordinates as “saved N” shows them, to 4 decimals: 48.85,2.35 is 48.8500,2.3500): the mean absolute error of the high and the low, and how often “rain / no rain” came true, a rain day being one with at least 1 mm. One request per place covers all its snapshots; past days once fetched are kept for good.",
            "Snapshots saved before wx kept the forecast are listed and counted, but have no forecast to check.",
            "A snapshot of a forecast that came in GMT keeps UTC days (00:00–24:00 UTC), and they are checked against what happened over the same UTC days (the archive asked in GMT), never against the place’s day of the same date; a line says so once a day of such a snapshot has been checked.",
        ],
        completion: .subcommands(SnapshotSubcommand.declarations, otherwise: .snapshotIDs),
        costs: ["N", "verify"].map { form in
            RequestCost(
                form, services: [.openMeteoArchive, .openMeteo],
                "1 request per place to the archive (or the forecast API for the last five days), for all its snapshots’ days (a second, in GMT, for snapshots that kept UTC days when the place has others); kept for good once the days are complete"
            )
        }
    ) { arguments throws(ShellError) in
        if arguments.isEmpty { return .snapshots }
        switch arguments.subcommand(SnapshotSubcommand.self) {
        case .verify:
            // Coordinates out of range are a usage error, worded as `show` words them.
            return .snapshotVerify(
                try arguments.rest().map { text throws(ShellError) in try CommandParser.place(text) })
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
