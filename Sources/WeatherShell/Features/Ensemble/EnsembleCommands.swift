import WXBasics
import WeatherKit

// How sure a forecast is: `confidence` (the ensemble) and `models` (several models side by side).
extension CommandSpec {
    static let confidence = CommandSpec(
        name: "confidence", aliases: ["spread"], synopsis: "confidence [N] [place | favorite]",
        summary: "how sure the forecast is: the ensemble’s range and chance of rain, N days (7)",
        details: [
            "From every member of ECMWF’s 51-member ensemble (Open-Meteo’s Ensemble API, WX_OPEN_METEO_ENSEMBLE_URL): for each day the members’ median high and low with the 10th–90th percentile range, and the chance of rain as members with at least 1 mm over the day, its hours added (“rain ≥ 1 mm over the day: 19 of 51 members (37 %)”; chance’s rain>=1 counts 1 mm in an hour), with the number of members each figure comes from and a plain word for the day.",
            "The word rests on the high’s range and the rain, not on the low: “confident” when the high’s 10th–90th percentile range is at most 3 °C and rain ≥ 1 mm comes in under 20 % or over 80 % of members; “uncertain” when that range is wider than 6 °C or rain comes in 35–65 % of members; else “fairly sure” (a narrow range with rain in 20–35 % of members is fairly sure). A day without one of the two figures (no member gives its high, or its rain, for the whole day) is “unknown” (null in --json) unless the other makes it uncertain: with the high’s range unknown, it cannot be called confident. The word is decided on the exact figures, and a figure near a limit is shown with the decimals that put it on its side (“10 of 51 members (19.6 %)” beside “confident”).",
            "Percentiles are linear interpolation between the closest ranks (numpy’s default): with n members sorted, the p-th percentile is at rank h = (n − 1)·p/100, between the values at ⌊h⌋ and ⌊h⌋ + 1. A member counts for a day’s high, low and precipitation only when it has every hour of it; for the chance of rain, a member whose values stop before the day ends counts as wet when those it has already reach 1 mm, and for frost (--json) when one it has is already below 0 °C, and is otherwise left out of the day (the count says from how many; a note under the days says why: “the others lack a temperature for part of the day”).",
            "One request, which Open-Meteo counts about once per member per variable (6 variables × 51 members, about 300 plain requests); the answer is kept until the model’s next run (every 6 hours), so “confidence” again, “best”, “chance”, “plume”, “hourly” (its band) and “watch --rain” use it without a request. Up to 10 days.",
            "Without a place, for the current location; with one, as “show” does.",
        ],
        completion: .countThenFavorites,
        costs: [RequestCost(services: [.openMeteoEnsemble], RequestCost.ensemble)]
    ) { arguments throws(ShellError) in
        let count = try CommandParser.count(&arguments, rule: .confidence)
        return .confidence(count, try CommandParser.optionalPlace(&arguments))
    }
}

extension CommandSpec {
    static let models = CommandSpec(
        name: "models", synopsis: "models [N] [place | favorite]",
        summary: "ECMWF, GFS, ICON and GEM side by side, N days (7); where they disagree",
        details: [
            "Each model’s low, high and precipitation per day, from one request to Open-Meteo’s forecast API (models=ecmwf_ifs025,gfs_seamless,icon_seamless,gem_seamless). A day is marked where one model has it dry (under 0.2 mm) and another wet (1 mm or more), or where the highs are more than 3 °C apart; a line under the table states both rules. Days more than 10 days from today (an answer for another time than now) are left out and said; when no day is left, models refuses and says how far the answer’s first day is. An amount near 0.2 or 1 mm is shown with the decimals that put it on its side of the limit (0.19, 0.99).",
            "One request (Open-Meteo counts it about once per model), kept for an hour. Up to 10 days; a model with no values there (outside its area or range) is said.",
            "Without a place, for the current location; with one, as “show” does.",
        ],
        completion: .countThenFavorites,
        costs: [
            RequestCost(
                services: [.openMeteo], "1 forecast request for 4 models, kept an hour; counted about 4 (one per model)"
            )
        ]
    ) { arguments throws(ShellError) in
        let count = try CommandParser.count(&arguments, rule: .models)
        return .models(count, try CommandParser.optionalPlace(&arguments))
    }
}

extension CountRule {
    /// `confidence [N]`: days, as far as wx asks the ensemble.
    static let confidence = CountRule(
        what: "the number of days", maximum: OpenMeteoEnsembleProvider.forecastDays, reach: CommandParser.ensembleReach)
    /// `models [N]`: days, those the four models are compared over.
    static let models = CountRule(
        what: "the number of days", maximum: OpenMeteoModelsProvider.forecastDays,
        reach: "the days the four models are compared over")
}

/// A chance `watch` rings at: `--rain 60%` (members with at least 1 mm on a day) or
/// `--frost 30%` (members whose low is below 0 °C), over today and tomorrow in the place's
/// calendar.
package struct ChanceAlert: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case rain, frost
    }

    package var kind: Kind
    /// The threshold, percent of members (0–100].
    package var thresholdPercent: Double

    package init(kind: Kind, thresholdPercent: Double) {
        self.kind = kind
        self.thresholdPercent = thresholdPercent
    }

    /// What follows the watch synopsis in a usage error.
    static let note = ": --rain N% and --frost N% take a percentage from 1 to 100"

    /// What `watch`'s usage line adds on minutes out of range: the range named as the
    /// minutes' (trial 16: ", from 0.05 to 1440" after "[--frost N%]" read as the percentage's).
    static let minutesRange = "; minutes from 0.05 to 1440"

    /// `watch [minutes] [--rain N%] [--frost N%]`, the words in any order.
    ///
    /// - Throws: `ShellError.usage` for an unknown option, a missing or bad percentage, minutes
    ///   outside 0.05…1440.
    static func parseWatch(_ arguments: inout Arguments) throws(ShellError) -> Command {
        var minutes: Double?
        var alerts: [ChanceAlert] = []
        var notify = false
        while let word = arguments.next() {
            if word.lowercased() == "--notify" {
                notify = true
            } else if let kind = Kind(rawValue: word.lowercased().trimmingPrefix("--")), word.hasPrefix("--") {
                guard let text = arguments.next(), let percent = Self.percent(text) else {
                    throw arguments.usage(note)
                }
                try refuseSplitPercent(word.lowercased(), typed: text, next: arguments.words.first)
                alerts.removeAll { $0.kind == kind }
                alerts.append(ChanceAlert(kind: kind, thresholdPercent: percent))
            } else if minutes == nil, let value = DecimalText.parse(word), value >= 0.05, value <= 1_440 {
                minutes = value
            } else if Arguments.looksLikeOption(word) {
                throw arguments.unknownOption(word, placeFirst: false)
            } else {
                try refusePlace(in: [word] + arguments.words, minutes: minutes)
                throw arguments.usage(
                    Self.minutesRange
                        + "; --rain N% and --frost N% take a percentage from 1 to 100; --notify takes none")
            }
        }
        if notify { return .watchNotifying(minutes ?? 10, alerts) }
        return alerts.isEmpty ? .watch(minutes ?? 10) : .watchChance(minutes ?? 10, alerts)
    }

    /// `watch 1 Berlin`: watch shows the current location again and takes no place; said as
    /// such, with the commands to type, rather than as minutes out of range (trial 11: "from
    /// 0.05 to 1440" read as if 1 were refused). Words are taken for a place when a number
    /// (the minutes, or `minutes` read already) comes with them or one starts with a capital;
    /// returns otherwise ("watch soon" is a usage error).
    static func refusePlace(in words: [String], minutes: Double? = nil) throws(ShellError) {
        let place = words.filter { DecimalText.parse($0) == nil && !$0.hasPrefix("--") && !$0.hasSuffix("%") }
        let number = words.first { DecimalText.parse($0) != nil } ?? minutes.map(DecimalText.shortest)
        guard !place.isEmpty, number != nil || place.contains(where: { $0.first?.isUppercase == true }) else { return }
        let name = place.joined(separator: " ")
        throw .usage(
            "“watch” takes no place: it shows the current location again; “find \(name)” first, then “watch\(number.map { " \($0)" } ?? "")”"
        )
    }

    /// `--rain 60 % Home`: a threshold whose "%" a stray space split off (a cron line's typo) —
    /// a usage error (exit status 2) for `check` and `watch` alike, not a "%" taken for the
    /// start of a place that is then not found (exit status 3, read as a passing failure).
    ///
    /// - Parameters:
    ///   - option: the option as typed, lowercased (`--rain`, `--frost`).
    ///   - typed: the word read as its percentage ("60").
    ///   - next: the word after it, if any.
    /// - Throws: `ShellError.usage` when `typed` has no "%" and `next` starts with one.
    static func refuseSplitPercent(_ option: String, typed: String, next: String?) throws(ShellError) {
        guard !typed.hasSuffix("%"), let next, next.hasPrefix("%") else { return }
        let shown = TerminalText.sanitized(String(typed.prefix(12)))
        throw .usage(
            "“\(option) \(shown) %”: the threshold and its % must be one word, without a space (“\(option) \(shown)%”)")
    }

    /// "60%", "60 %" or "60": a percentage from 1 to 100; nil otherwise.
    static func percent(_ text: String) -> Double? {
        var digits = Substring(text)
        if digits.hasSuffix("%") { digits = digits.dropLast() }
        guard let value = DecimalText.parse(String(digits)), value >= 1, value <= 100 else { return nil }
        return value
    }
}

extension String {
    fileprivate func trimmingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
