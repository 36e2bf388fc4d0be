import WXBasics
import WeatherKit

// `check CONDITIONS [place]`: for cron, systemd timers and scripts. Its exit status is the
// answer: 0 when any condition holds, 1 when none does, 2 for a usage error, 3 when it cannot
// tell (a service failed, the place was not found, the answer does not cover the window) —
// never a false 0 or 1.

/// One condition of `check`, as typed.
package enum CheckCondition: Hashable, Sendable {
    /// `--rain N%`: the ensemble's members with at least 1 mm in the rest of today (its hours
    /// from the next hour) or tomorrow (the higher of the two), at or above N percent —
    /// `watch --rain`'s reading.
    case rain(percent: Double)
    /// `--frost N%`: the members whose low is below 0 °C in the rest of today or tomorrow, at or above N
    /// percent — `watch --frost`'s reading.
    case frost(percent: Double)
    /// `--warnings`: an official warning in force, or starting within 24 hours.
    case warnings
    /// `--changed`: the forecast changed, by `changed`'s rules, since check's own mark — the
    /// last answer it held for (or its first) — so that a change is told once.
    case changed

    /// The word that names it (`--rain`), for the line and JSON.
    package var option: String {
        switch self {
        case .rain: "--rain"
        case .frost: "--frost"
        case .warnings: "--warnings"
        case .changed: "--changed"
        }
    }

    /// The ensemble alert it reads; nil for `--warnings`.
    var alert: ChanceAlert? {
        switch self {
        case .rain(let percent): ChanceAlert(kind: .rain, thresholdPercent: percent)
        case .frost(let percent): ChanceAlert(kind: .frost, thresholdPercent: percent)
        case .warnings, .changed: nil
        }
    }
}

/// `check CONDITIONS [place | favorite]`, as parsed.
package struct CheckRequest: Hashable, Sendable {
    /// The conditions, in the order typed (one of each kind: the same one twice is one; `--rain`
    /// or `--frost` twice with two percentages is refused).
    package var conditions: [CheckCondition]
    /// The place (nil: the current location, or else the first favorite).
    package var target: String?

    /// Whether any condition reads the ensemble.
    var readsEnsemble: Bool { conditions.contains { $0.alert != nil } }
    /// Whether `--warnings` was asked.
    var readsWarnings: Bool { conditions.contains(.warnings) }
    /// Whether `--changed` was asked (it reads the forecast, and the warning feed when one
    /// covers the place).
    var readsChanges: Bool { conditions.contains(.changed) }
}

extension CommandSpec {
    static let check = CommandSpec(
        name: "check", synopsis: "check [--rain N%] [--frost N%] [--warnings] [--changed] [place | favorite]",
        summary: "for cron and scripts: exit 0 when a condition holds, 1 when none",
        details: [
            "Checks each condition and prints one line saying which held. The exit status is the answer: 0 when any condition holds, 1 when none does, 2 for a usage error (no condition, a bad percentage, no place given with none current or saved), 3 when wx cannot tell — a service failed, the place was not found, the answer does not cover today and tomorrow — with the reason on stderr. So a script is never told “no” when wx does not know. A condition that holds is told even when another cannot be checked: exit 0, with a “warning: not checked: …” line on stderr for each that could not; when none holds, the line says what the others read and names those not checked, each with its reason on stderr: exit 3. A line that cannot be written (a full disk, a closed standard output) told nobody: exit 3, and --changed’s mark stays, so the change is told next time. Data saved earlier and used because its service failed is not known either: a condition that does not hold on it makes the status 3, one that holds on it is told (0); either way stderr names the service and how old the data is.",
            "--rain N%: at least N % of the ensemble’s members (ECMWF, 51) give 1 mm or more over the day (its hours added; “chance rain>=1” counts 1 mm in an hour) in the rest of today or tomorrow at the place’s clock — the day of the two with more; today counts from the next hour, as “chance” counts it (rain that fell this morning is not rain to come), and the line says “rest of today”. When no member has an hour of today or tomorrow (the answer stops before tomorrow ends, or an hour is null in all members or missing from the answer), that day counts over the hours it covers: the condition holds when those already reach N % (the hours missing can only add rain, or another frost), and check cannot tell (exit 3) when they do not and the other day does not hold. --frost N%: at least N % of the members give a low below 0 °C in the rest of today or tomorrow — a member whose temperatures stop within the day counting when one it has is already below 0 °C, and left out when none is, as “chance” and --rain count members. An answer with no member’s precipitation (or temperature) is said so, as “best” says it. The threshold and its % are one word (60%, not 60 % nor 60). These read what “watch --rain/--frost” reads, the same window and the same counts. --warnings: an official warning in force, or starting within 24 hours, from the feed “warnings” asks; where no feed covers the country, check cannot tell (exit 3). --changed: the forecast changed since check last said so, by the rules of “changed” (help changed); check keeps its own mark in log.jsonl, apart from your looks, so a cron job is told of a change once: the first run keeps the mark and holds not, a run after a change holds and moves the mark, later runs hold not until the next change. The ensemble’s chance of rain is compared with the last of today’s marks that had it, as “changed” compares it with your looks; the line says when it was not compared, and when each day’s high, low and rain were not (UTC days against the place’s), in “changed”’s words.",
            "Without a place, the current location, else the first favorite. Requests: the ensemble (for --rain, --frost) once per model run, the warning feed (for --warnings) kept 10 minutes; from the cache while those are current, so a cron job every few minutes costs nothing more.",
            "From cron or a timer, --rain, --frost and --warnings hold on every run while their condition does: a job every 30 minutes notifies every 30 minutes until it passes. --changed holds once per change; given with those, any that holds still holds (exit 0), so for one notice per change give --changed alone.",
            "Examples: msg=$(wx check --rain 60% --frost 30% --warnings Home) && notify-send wx \"$msg\" (check runs once; its line is what held) · wx check --changed Home",
        ],
        completion: .decisionWords(
            ["--rain", "--frost", "--warnings", "--changed"], valued: ["--rain", "--frost"]),
        costs: [
            RequestCost(
                "--rain/--frost", services: [.openMeteoEnsemble],
                "1 ensemble request per place, shared with “confidence” and kept until the model’s next run (6 h)"),
            RequestCost(
                "--warnings", services: RequestCost.warningFeeds,
                "1 to the warning feed that covers the place (kept 10 minutes)"),
            RequestCost(
                "--changed", services: RequestCost.forecastServices + RequestCost.warningFeeds,
                "what “changed” asks: 1 forecast request, none while the answer is current (15 min), and 1 to the warning feed that covers the place (kept 10 minutes)"
            ),
        ]
    ) { arguments throws(ShellError) in
        try CheckParser.check(&arguments)
    }
}

/// The parser of `check`.
enum CheckParser {
    /// "60%": a condition's percentage as typed back in an error.
    static func percentText(_ condition: CheckCondition) -> String {
        switch condition {
        case .rain(let percent), .frost(let percent): DecimalText.shortest(percent) + "%"
        case .warnings, .changed: ""
        }
    }

    /// `check [--rain N%] [--frost N%] [--warnings] [--changed] [place]`: options anywhere before
    /// the place.
    ///
    /// - Throws: `ShellError.usage` for no condition, an unknown option, a percentage that
    ///   is missing, without its % or outside 1…100, or `--rain`/`--frost` given twice with two percentages.
    static func check(_ arguments: inout Arguments) throws(ShellError) -> Command {
        var conditions: [CheckCondition] = []
        var place: [String] = []
        func add(_ condition: CheckCondition) {
            conditions.removeAll { $0.option == condition.option }
            conditions.append(condition)
        }
        while let word = arguments.next() {
            switch word.lowercased() {
            case "--rain", "--frost":
                guard let text = arguments.next(), let percent = ChanceAlert.percent(text) else {
                    throw arguments.usage(": \(word.lowercased()) takes a percentage from 1 to 100 (60%)")
                }
                try ChanceAlert.refuseSplitPercent(word.lowercased(), typed: text, next: arguments.words.first)
                // "--rain 60" is not taken as 60 %: the threshold and its % are one word, as the
                // help says (trial 63: it was taken silently).
                guard text.hasSuffix("%") else {
                    let shown = TerminalText.sanitized(String(text.prefix(12)))
                    throw .usage(
                        "“\(word.lowercased()) \(shown)”: the threshold is a percentage, written with its % (“\(word.lowercased()) \(shown)%”)"
                    )
                }
                let condition: CheckCondition =
                    word.lowercased() == "--rain" ? .rain(percent: percent) : .frost(percent: percent)
                // Twice with two percentages: which one was meant is not for wx to guess (the
                // last one was taken without a word); the same one twice is one condition.
                if let earlier = conditions.first(where: { $0.option == condition.option }), earlier != condition {
                    throw .usage(
                        "\(condition.option) is given twice with two percentages (\(Self.percentText(earlier)) and \(Self.percentText(condition))): give it once"
                    )
                }
                add(condition)
            case "--warnings": add(.warnings)
            case "--changed": add(.changed)
            default:
                if Arguments.looksLikeOption(word), place.isEmpty || word.hasPrefix("--") {
                    throw arguments.unknownOption(word, placeFirst: false)
                }
                place.append(word)
            }
        }
        guard !conditions.isEmpty else {
            throw arguments.usage(": name at least one condition (--rain N%, --frost N%, --warnings, --changed)")
        }
        let target = place.joined(separator: " ").trimmed
        // Two numbers that are no coordinates ("91,0") are a mistake in the command, said before
        // any request (exit 2), not a place that cannot be found (3).
        if let error = CommandParser.coordinateRangeError(target) { throw error }
        return .check(CheckRequest(conditions: conditions, target: target.isEmpty ? nil : target))
    }
}
