import WXBasics
import WeatherKit

/// The parsers of `best`, `chance` and `plume`.
enum DecisionParser {
    /// The longest window `best` takes, before any request: the hours of the ensemble answer
    /// (`forecast_days` of it); a longer one than this answer's members reach from the next
    /// hour is refused by the handler (exit status 1).
    static let maximumHours = OpenMeteoEnsembleProvider.forecastDays * 24

    /// `best DURATION [CONDITIONS | ACTIVITY] [WHEN] [place]`.
    ///
    /// - Throws: `ShellError.usage` for a missing or bad duration, an unknown condition or
    ///   activity (with the closest word and the list), a number that is not one.
    static func best(_ arguments: inout Arguments) throws(ShellError) -> Command {
        guard let first = arguments.next(), let hours = duration(first) ?? (isWholeHours(first) ? Int.max : nil)
        else {
            throw arguments.usage("; DURATION is hours, as “2h” or “2”")
        }
        // Too many hours to count (99999999999999999999h) is as 300h: out of range.
        guard hours <= maximumHours else {
            throw .usage(
                "a window is 1 to \(maximumHours) hours, the ensemble’s \(OpenMeteoEnsembleProvider.forecastDays) days; not “\(TerminalText.sanitized(String(first.prefix(24))))”"
            )
        }
        var terms: [DecisionTerm] = []
        var words: [String] = []
        var span: DecisionSpan?
        while let word = arguments.words.first {
            let lower = word.lowercased()
            if let named = (DecisionVocabulary.words + DecisionVocabulary.activities).first(where: { $0.word == lower })
            {
                // A word typed twice (`dry dry`) is one condition, said once.
                if !words.contains(named.word) {
                    // A condition two words share (daylight of sunny and walk) is one.
                    terms += DecisionVocabulary.added(named.terms, after: terms)
                    words.append(named.word)
                }
            } else if let spaced = spacedComparison(arguments.words) {
                throw spaced
            } else if let parsed = DecisionVocabulary.comparison(word) {
                // A day's amount (chance's `rain>=20mm/day`) is no condition of a window's hours:
                // said so, not as a malformed number (a new user's `best 2h rain<0.04in/day`).
                if let suffix = ["/day", "/d", "a day"].first(where: { parsed.rest.lowercased().hasSuffix($0) }) {
                    let hourly = parsed.name + parsed.comparison.rawValue + parsed.rest.dropLast(suffix.count)
                    throw .usage(
                        "“\(TerminalText.sanitized(String(word.prefix(40))))”: best’s conditions hold in each hour of a window, not over a day; give an hour’s amount (\(TerminalText.sanitized(String(hourly.prefix(40))))), or ask “chance” for a day’s"
                    )
                }
                if !words.contains(lower) {
                    terms.append(.limit(try limit(parsed, word: word, allowed: conditionQuantities)))
                    words.append(lower)
                }
            } else if span == nil, let found = try whenWords(&arguments) {
                span = found
                continue
            } else if span != nil, DriftDay(parsing: lower) != nil || lower == "weekend" {
                // A day word after the WHEN is the place: a favorite named “Sunday” is reached
                // as “best 2h dry tomorrow Sunday” (the first day word is always the WHEN).
                break
            } else if let bare = bareQuantity(lower, command: "best") {
                throw bare
            } else if isNearMiss(lower) {
                throw unknownCondition(word)
            } else if let lookalike = lookalike(word, days: true) {
                throw lookalike
            } else {
                break
            }
            _ = arguments.next()
        }
        if span == nil, let trailing = try trailingWhen(&arguments) { span = trailing }
        return .best(
            BestRequest(
                hours: hours, terms: terms, words: words, span: span ?? .standard,
                target: try CommandParser.optionalPlace(&arguments)))
    }

    /// Choices in a sentence: "a", "a or b", "a, b or c".
    static func either(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Whether `word` is a whole number of hours too large to be an `Int` (“99999999999999999999h”).
    static func isWholeHours(_ word: String) -> Bool {
        var text = Substring(word.lowercased())
        for suffix in ["hours", "hour", "hrs", "hr", "h"] where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count)
            break
        }
        return !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A quantity's name without a comparison (`best 2h rain`, `chance heat`), or a word of the
    /// other command (`chance dry`, `best 2h snow`): the usage error saying what is needed, with
    /// an example from the command's declared forms; nil for any other word.
    static func bareQuantity(_ lower: String, command: String) -> ShellError? {
        let isBest = command == "best"
        if !isBest,
            DecisionVocabulary.words.contains(where: { $0.word == lower })
                || DecisionVocabulary.activities.contains(where: { $0.word == lower })
        {
            return .usage(
                "“\(lower)” is a condition of best; chance counts thresholds reached: \(ChanceVocabulary.forms.joined(separator: ", "))"
            )
        }
        let name = lower == "heat" && !isBest ? "heat" : lower
        guard
            let variable = DecisionVocabulary.quantities.first(where: { $0.0 == lower })?.1
                ?? (name == "heat" ? .temperature : nil)
        else { return nil }
        let declared = isBest ? DecisionVocabulary.examples : ChanceVocabulary.examplesByForm
        let forms = declared.filter { $0.variable == variable && (name != "heat" || $0.form.hasPrefix("heat")) }
        guard let example = forms.first else {
            return .usage(
                "\(command) does not compare \(EnsembleLackingText.longName(variable)) (“\(lower)”); its comparisons: \((isBest ? DecisionVocabulary.forms : ChanceVocabulary.forms).joined(separator: ", "))"
            )
        }
        return .usage(
            "“\(lower)” needs a comparison and a limit: \(either(forms.map(\.form))), e.g. \(example.example)"
        )
    }

    /// The quantities `best` compares (snow is `chance`'s).
    static let conditionQuantities: [EnsembleVariable] = [
        .precipitation, .windSpeed, .windGusts, .temperature, .cloudCover,
    ]

    /// "2h", "2", "3hours": whole hours from 1; nil otherwise.
    static func duration(_ word: String) -> Int? {
        var text = Substring(word.lowercased())
        for suffix in ["hours", "hour", "hrs", "hr", "h"] where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count)
            break
        }
        guard let value = Int(text), value >= 1 else { return nil }
        return value
    }

    /// A `WHEN` at the head of the words, taken: `today`, `tomorrow`, a weekday, `weekend`, a
    /// date, `next N days`; nil (nothing taken) for any other word.
    static func whenWords(_ arguments: inout Arguments) throws(ShellError) -> DecisionSpan? {
        guard let word = arguments.words.first?.lowercased() else { return nil }
        if word == "weekend" {
            _ = arguments.next()
            return .weekend
        }
        if word == "next" {
            let rest = Array(arguments.words.dropFirst().prefix(2)).map { $0.lowercased() }
            guard let count = rest.first.flatMap({ Int($0) }), (1...10).contains(count),
                rest.count < 2 || ["days", "day", "d"].contains(rest[1])
            else {
                throw .usage("“next” takes a number of days from 1 to 10, as “next 3 days”")
            }
            for _ in 0..<(1 + rest.count) { _ = arguments.next() }
            return .next(days: count)
        }
        // A weekday needs three letters or more (DriftDay).
        guard let day = DriftDay(parsing: word) else { return nil }
        _ = arguments.next()
        return .day(day)
    }

    /// Whether `words` (what follows a word that is no variable of `plume`) begin with HOURS
    /// (“24h”) or are coordinates: then that word cannot be the start of the place.
    static func isPlaceOnItsOwn(_ words: [String]) -> Bool {
        guard let next = words.first else { return false }
        if next.lowercased().hasSuffix("h"), duration(next) != nil { return true }
        let parts = words.joined(separator: " ").split(separator: ",", omittingEmptySubsequences: false)
        return Coordinate(parsing: words.joined(separator: " ")) != nil
            || (parts.count == 2 && parts.allSatisfy { DecimalText.parse($0.trimmed) != nil })
    }

    /// A `WHEN` typed after the place (`best 2h dry 48.85,2.35 tomorrow`) when none came before
    /// it: taken from the end of the words, which are left holding the place; nil (nothing
    /// taken) when the words do not end in one or hold nothing before it.
    static func trailingWhen(_ arguments: inout Arguments) throws(ShellError) -> DecisionSpan? {
        let words = arguments.words
        for start in words.indices.dropFirst() {
            let lower = words[start].lowercased()
            let isNext = lower == "next" && start + 1 < words.count && Int(words[start + 1]) != nil
            guard isNext || lower == "weekend" || DriftDay(parsing: lower) != nil else { continue }
            var tail = Arguments(Array(words[start...]), of: arguments.spec)
            guard let span = try whenWords(&tail), tail.isEmpty else { continue }
            arguments = Arguments(Array(words[..<start]), of: arguments.spec)
            return span
        }
        return nil
    }

    /// A quantity written apart from its comparison (`temp > 20`, `temp >20`, `temp> 20`):
    /// the usage error saying to write it as one word; nil otherwise.
    static func spacedComparison(_ words: [String]) -> ShellError? {
        guard let first = words.first?.lowercased() else { return nil }
        let rest = words.dropFirst().prefix(2).map { $0.lowercased() }
        let isName = { (text: String) in DecisionVocabulary.quantities.contains { $0.0 == text } || text == "heat" }
        let joined: String
        if isName(first), let next = rest.first, next.first.map({ "<>=".contains($0) }) == true {
            // "temp > 20" or "temp >20".
            let operatorOnly = next.allSatisfy { "<>=".contains($0) }
            joined = first + next + (operatorOnly ? rest.dropFirst().first ?? "" : "")
        } else if let last = first.last, "<>=".contains(last), isName(String(first.filter { !"<>=".contains($0) })),
            // A limit has no comma: coordinates after `snow>=` are the place, not its limit (a new
            // user: "snow>=52.517,13.3889" was proposed).
            let next = rest.first, !next.contains(",")
        {
            joined = first + next
        } else {
            return nil
        }
        let shown = TerminalText.sanitized(String(joined.prefix(40)))
        return .usage("write a condition without spaces: “\(shown)”")
    }

    /// A word that is not a place but looks like one of the command's words: a date that is
    /// none (`2025-02-30`), a comparison with an operator wx does not read (`temp=20`),
    /// `yesterday`, a day word in full-width letters (`ＳＡＴ`). The usage error, with a
    /// did-you-mean where there is one; nil for any other word (a place).
    static func lookalike(_ word: String, days: Bool) -> ShellError? {
        let shown = TerminalText.sanitized(String(word.prefix(40)))
        let lower = word.lowercased()
        let isDigit = { (c: Character) in c.isASCII && c.isNumber }
        let parts = lower.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) {
            return .usage("“\(shown)” is not a date; a date is YYYY-MM-DD, as 2026-10-24")
        }
        if let index = lower.firstIndex(where: { "<>=!≤≥".contains($0) }) {
            let name = String(lower[..<index])
            let number = lower[index...].drop { "<>=!≤≥".contains($0) }
            if DecisionVocabulary.quantities.contains(where: { $0.0 == name }) || name == "heat" {
                return .usage(
                    "“\(shown)”: a comparison is <, <=, > or >=; did you mean “\(name)>=\(number)” or “\(name)<=\(number)”?"
                )
            }
        }
        // Full-width letters (U+FF01…U+FF5E) as ASCII.
        let folded = String(
            String.UnicodeScalarView(
                word.unicodeScalars.map { scalar in
                    (0xFF01...0xFF5E).contains(scalar.value)
                        ? Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar : scalar
                })
        ).lowercased()
        if folded != lower, days ? DriftDay(parsing: folded) != nil : false {
            return .usage("“\(shown)” is in full-width letters; did you mean “\(folded)”?")
        }
        if days, lower == "yesterday" {
            return .usage("“best” looks ahead: today, tomorrow, a weekday, weekend, a date or next N days")
        }
        return nil
    }

    /// Whether a lowercase word is close to a condition or activity (`dyr`): refused with a
    /// did-you-mean rather than read as a place.
    static func isNearMiss(_ lower: String) -> Bool {
        guard lower.allSatisfy({ $0.isLetter }) else { return false }
        return DecisionVocabulary.closest(lower, among: DecisionVocabulary.allWords) != nil
    }

    /// The usage error for an unknown condition: the closest word and the list.
    static func unknownCondition(_ word: String) -> ShellError {
        let shown = TerminalText.sanitized(String(word.prefix(40)))
        let name = DecisionVocabulary.comparison(word)?.name ?? word.lowercased()
        let suggestion =
            DecisionVocabulary.closest(name, among: DecisionVocabulary.allWords)
            .map { "; did you mean “\($0)”?" } ?? ""
        let list =
            "conditions: " + (DecisionVocabulary.words.map(\.word) + DecisionVocabulary.forms).joined(separator: ", ")
            + "; activities: " + DecisionVocabulary.activities.map(\.word).joined(separator: ", ")
        return .usage("unknown condition or activity “\(shown)”\(suggestion) (\(list))")
    }

    /// The usage error for an unknown threshold of `chance`: the closest word and chance's
    /// thresholds (ChanceVocabulary.forms).
    static func unknownThreshold(_ word: String) -> ShellError {
        let shown = TerminalText.sanitized(String(word.prefix(40)))
        let name = DecisionVocabulary.comparison(word)?.name ?? word.lowercased()
        let suggestion =
            DecisionVocabulary.closest(name, among: ChanceVocabulary.names)
            .map { "; did you mean “\($0)”?" } ?? ""
        return .usage(
            "unknown threshold “\(shown)”\(suggestion) (\(ChanceVocabulary.forms.joined(separator: ", ")))")
    }

    /// A comparison's quantity and number, checked; `unknown` is the command's error for a
    /// quantity it does not compare.
    static func limit(
        _ parsed: (name: String, comparison: Comparison, rest: String), word: String, allowed: [EnsembleVariable],
        unknown: (String) -> ShellError = unknownCondition
    ) throws(ShellError) -> TypedLimit {
        guard let variable = DecisionVocabulary.quantities.first(where: { $0.0 == parsed.name })?.1,
            allowed.contains(variable)
        else { throw unknown(word) }
        guard let (amount, unit) = DecisionVocabulary.amount(parsed.rest) else {
            // The examples are the word's own quantity and comparison, bare and with a unit.
            let head = parsed.name + parsed.comparison.rawValue
            let sample = DecisionVocabulary.sampleUnit(variable)
            throw .usage(
                "“\(TerminalText.sanitized(String(word.prefix(40))))”: the limit is a number, with a unit or in yours (\(head)10, \(head)10\(sample))"
            )
        }
        // Beyond any weather in any unit: the rule of `DecisionHandler.refuseImpossible`,
        // without units (which it needs) — refused whether no value meets it or every value
        // does. A number this large never reaches the units' arithmetic.
        guard abs(amount) < 1e6 else {
            let never = (amount > 0) != parsed.comparison.isUpperBound
            throw .usage(
                "“\(TerminalText.sanitized(String(word.prefix(40))))” \(never ? "never" : "always") holds: the limit is beyond any \(EnsembleLackingText.longName(variable))"
            )
        }
        if let unit, !unit.fits(variable) {
            throw .usage(
                "“\(TerminalText.sanitized(String(word.prefix(40))))”: \(unit.rawValue) is not a unit of \(parsed.name)"
            )
        }
        return TypedLimit(variable, parsed.comparison, amount, unit)
    }

    /// `chance THRESHOLD… [DAYS] [place]`.
    ///
    /// - Throws: `ShellError.usage` without a threshold, for an unknown one (with the closest
    ///   word), or days outside 1 to 10.
    static func chance(_ arguments: inout Arguments) throws(ShellError) -> Command {
        var thresholds: [ChanceThreshold] = []
        while let word = arguments.words.first {
            let lower = word.lowercased()
            if lower == "frost" {
                // A threshold typed twice (`frost frost`) is one, shown once (as best's words).
                if !thresholds.contains(.frost) { thresholds.append(.frost) }
            } else if let spaced = spacedComparison(arguments.words) {
                throw spaced
            } else if let bare = bareQuantity(lower, command: "chance") {
                throw bare
            } else if var parsed = DecisionVocabulary.comparison(word) {
                var perDay = false
                for suffix in ["/day", "/d", "a day"] where parsed.rest.hasSuffix(suffix) {
                    parsed.rest = String(parsed.rest.dropLast(suffix.count))
                    perDay = true
                }
                if parsed.name == "heat" { parsed.name = "temp" }
                let limit = try Self.limit(
                    parsed, word: word,
                    allowed: [.precipitation, .snowfall, .windGusts, .windSpeed, .temperature, .cloudCover],
                    unknown: unknownThreshold)
                // chance counts a threshold reached; only temperature is reached from above
                // (temp<=N, as help lists it).
                if limit.comparison.isUpperBound, limit.variable != .temperature {
                    throw .usage(
                        "“\(TerminalText.sanitized(String(word.prefix(40))))”: chance counts \(parsed.name) reaching a limit, as \(parsed.name)>=N; below a limit is for temp (temp<=N)"
                    )
                }
                let repeated = thresholds.contains {
                    if case .limit(let other, let otherPerDay, _) = $0 {
                        return other == limit && otherPerDay == perDay
                    }
                    return false
                }
                if !repeated { thresholds.append(.limit(limit, perDay: perDay, word: lower)) }
            } else if lower.allSatisfy({ $0.isLetter }),
                let close = DecisionVocabulary.closest(lower, among: ChanceVocabulary.names), close != lower
            {
                throw unknownThreshold(word)
            } else if let lookalike = lookalike(word, days: false) {
                throw lookalike
            } else {
                break
            }
            _ = arguments.next()
        }
        guard !thresholds.isEmpty else {
            throw arguments.usage("; e.g. " + ChanceVocabulary.examples.joined(separator: " · "))
        }
        let days = try CommandParser.count(
            &arguments, what: "the number of days", maximum: 10, example: ChanceVocabulary.examples.last,
            reach: CommandParser.ensembleReach)
        return .chance(
            ChanceRequest(thresholds: thresholds, days: days, target: try CommandParser.optionalPlace(&arguments)))
    }

    /// `plume [temp | rain | gusts | wind] [HOURS] [place]`.
    ///
    /// - Throws: `ShellError.usage` for hours outside 1 to 240.
    static func plume(_ arguments: inout Arguments) throws(ShellError) -> Command {
        var variable = EnsembleVariable.temperature
        var variableTyped = false
        if let first = arguments.words.first?.lowercased(),
            let found = PlumeRequest.variables.first(where: { $0.words.contains(first) })
        {
            variable = found.variable
            variableTyped = true
            _ = arguments.next()
        } else if let first = arguments.words.first?.lowercased(), first.allSatisfy({ $0.isLetter }),
            let close = DecisionVocabulary.closest(first, among: PlumeRequest.variables.flatMap(\.words))
        {
            throw .usage(
                "unknown variable “\(TerminalText.sanitized(String(first.prefix(40))))”; did you mean “\(close)”? (\(PlumeRequest.variables.map { $0.words[0] }.joined(separator: ", ")))"
            )
        } else if let first = arguments.words.first?.lowercased(),
            let other = DecisionVocabulary.quantities.first(where: { $0.0 == first })?.1
        {
            // A variable the members carry but plume does not draw (snow, cloud): said, not
            // read as a place.
            throw .usage(
                "plume draws \(either(PlumeRequest.variables.map { $0.words[0] })), not \(EnsembleLackingText.longName(other)) (“\(first)”)"
            )
        } else if let first = arguments.words.first, first.allSatisfy({ $0.isLetter }),
            isPlaceOnItsOwn(Array(arguments.words.dropFirst()))
        {
            // `plume foo 48.85,2.35`: a word before coordinates or HOURS is no part of the place.
            throw .usage(
                "unknown variable “\(TerminalText.sanitized(String(first.prefix(40))))” (\(PlumeRequest.variables.map { $0.words[0] }.joined(separator: ", ")))"
            )
        }
        var hours: Int?
        if let first = arguments.words.first, first.lowercased().hasSuffix("h"), let value = duration(first) {
            guard value <= 240 else { throw .usage("HOURS is 1 to 240, not “\(first.prefix(24))”") }
            hours = value
            _ = arguments.next()
        } else {
            hours = try CommandParser.count(
                &arguments, what: "the number of hours", maximum: 240, reach: CommandParser.ensembleReach)
        }
        return .plume(
            PlumeRequest(
                variable: variable, hours: hours, target: try CommandParser.optionalPlace(&arguments),
                variableTyped: variableTyped))
    }
}
