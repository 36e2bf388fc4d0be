import WXBasics
import WeatherKit

/// Turns what was typed into a `Command`: finds the declaration the first word names and lets
/// it read the rest.
package enum CommandParser {
    /// Parses one command.
    ///
    /// - Returns: nil for an empty line or a `#` comment.
    /// - Throws: `ShellError.usage` with what was expected; also for a line holding several
    ///   commands (`ShellWords.commands` splits those first).
    package static func parse(_ line: String) throws(ShellError) -> Command? {
        let commands = try ShellWords.commands(line)
        guard commands.count <= 1 else {
            throw .usage("one command at a time here, not “\(TerminalText.sanitized(line))”")
        }
        return try parse(words: commands.first?.words.map(\.text) ?? [])
    }

    /// Parses one command's words (as `ShellWords` read them).
    ///
    /// - Returns: nil for no words.
    /// - Throws: `ShellError.usage` with what was expected.
    package static func parse(words: [String]) throws(ShellError) -> Command? {
        guard let word = words.first else { return nil }
        if word.hasPrefix("!") {
            // The runner expands references typed where a command starts; this is one quoted,
            // or read from the history itself.
            guard words.count == 1, let number = Int(word.dropFirst()), number > 0 else {
                throw .usage(
                    "“\(TerminalText.sanitized(String(word.prefix(40))))”: history references are !!, !N, !-N and !prefix, typed without quotes where a command starts (see “help !!”)"
                )
            }
            return .rerun(number)
        }
        if word == "--json" {
            // `--json favs` at the prompt: wx's own flag, typed where a command starts (trial 11).
            let rest = words.count > 1 ? TerminalText.sanitized(join(arguments: Array(words.dropFirst()))) : "…"
            throw .usage(
                "“--json” is wx’s option, given as it starts (wx --json \(rest)); here, “format json” gives JSON")
        }
        if CommandTable.spec(named: word) == nil,
            let suggestion = FirstTryWords.suggestion(
                for: word.lowercased(), rest: TerminalText.sanitized(join(arguments: Array(words.dropFirst()))))
        {
            let said =
                word.lowercased() == "wx"
                ? "wx runs already" : "“\(TerminalText.sanitized(String(word.prefix(24))))” is not a wx command"
            throw .usage("\(said): \(suggestion)")
        }
        let spec = try command(named: word)
        var arguments = Arguments(Array(words.dropFirst()), of: spec)
        // `favs --json` said only "takes no arguments" where `show --json` said how to get JSON
        // (trial 11): every command but one taking it itself says so.
        if !spec.takes("--json") { try arguments.refuseJSONFlag() }
        return try spec.parse(&arguments)
    }

    /// The command `word` names: its name or an alias (any case), else a prefix of only one
    /// command's name or alias (`sh` is `show`, as in psql and console-kit).
    ///
    /// - Throws: `ShellError.usage` for an ambiguous prefix (naming the commands it could be)
    ///   or an unknown word (with the closest command, when one is close).
    package static func command(named word: String) throws(ShellError) -> CommandSpec {
        if let spec = CommandTable.spec(named: word) { return spec }
        let shown = TerminalText.sanitized(word)
        switch commandChoice.resolve(word) {
        case .found(let spec): return spec
        case .ambiguous(let words): throw .usage("“\(shown)” could be \(list(words)); type more of it")
        case .suggestion(let name): throw .usage("unknown command “\(shown)”; did you mean “\(name)”?")
        case .none where word.hasPrefix("-"):
            throw .usage("“\(shown)” is no command: wx’s options are given as it starts (see wx --help)")
        case .none: throw .usage("unknown command “\(shown)”; type “help” for the list")
        }
    }

    /// Every command under its name and aliases.
    static let commandChoice = WordChoice(Registry.commands.map { (words: [$0.name] + $0.aliases, value: $0) })

    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The command name or alias closest to `word`, if it is close: at most one edit away for
    /// words of up to four letters, two for longer ones (a swap of neighbours is one edit).
    static func suggestion(for word: String) -> String? {
        WordChoice<CommandSpec>.closest(to: word, among: commandChoice.allWords)
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps
    /// of neighbouring characters, one each.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    // MARK: - What commands' parsers share

    /// The rest of the words as a place or favorite name, or nil for the current location.
    static func optionalPlace(_ arguments: inout Arguments) throws(ShellError) -> String? {
        try arguments.refuseOptions()
        return try arguments.rest().map { text throws(ShellError) in try place(text) }
    }

    /// On wx's own command line (`wx Berlin`), a first word that is no command and reads as a
    /// place's name (a capital, then letters, “-”, “'”, “.”): the unknown-command error that says
    /// how a place's weather is asked for. Nil for a command, a near miss (the usual error says
    /// it) or any other word (`wx frobnicate` keeps “type help for the list”).
    static func placeInsteadOfCommand(_ words: [String]) -> ShellError? {
        guard let first = words.first, CommandTable.spec(named: first) == nil,
            case .none = commandChoice.resolve(first),
            first.first?.isUppercase == true, first.allSatisfy({ $0.isLetter || " -'’.".contains($0) })
        else { return nil }
        let place = TerminalText.sanitized(join(arguments: words))
        return .usage(
            "unknown command “\(TerminalText.sanitized(first))”; to see a place’s weather: wx show \(place)")
    }

    /// On wx's own command line, a line of commands given as arguments — `wx 'find Berlin; show'`
    /// (one quoted word) or `wx find Berlin\\; show` (an escaped “;”) — which runs as one command
    /// with the rest for its place: the error that names `wx -c`, which runs such a line. Nil
    /// unless every part between “;” starts with a command's name (trial 16).
    static func lineOfCommandsAsArguments(_ words: [String]) -> ShellError? {
        let oneWord = words.count == 1 && words[0].contains(where: \.isWhitespace)
        // A “;” inside a word is a name's (`fav rename Berlin "x;y"`); one at a word's end or
        // start is a separator the shell passed on.
        guard oneWord || words.contains(where: { $0.hasSuffix(";") || $0.hasPrefix(";") }) else { return nil }
        let line = words.joined(separator: " ")
        let parts = line.split(separator: ";").map { $0.split(whereSeparator: \.isWhitespace) }
        guard !parts.isEmpty,
            parts.allSatisfy({ part in
                part.first.map { CommandTable.spec(named: String($0).lowercased()) != nil } ?? false
            })
        else { return nil }
        let quoted = line.contains("'") ? "\"\(line)\"" : "'\(line)'"
        return .usage(
            "“\(TerminalText.sanitized(line))” given as one command; to run a line of commands: wx -c \(TerminalText.sanitized(quoted))"
        )
    }

    /// What sets the most days or hours of the ensemble's views (`confidence`, `chance`,
    /// `plume`): the days wx asks of the ensemble, not Open-Meteo's forecast.
    static let ensembleReach = "the range wx asks of the ensemble"

    /// `[N]` before a place: a leading whole number is the count, taken; `example` is the
    /// command written with a count, for the error of one typed another way; `reach` says what
    /// sets `maximum` in the error of a count beyond it (`models` compares 10 days where `daily`
    /// has 16: both said "as far as Open-Meteo forecasts").
    static func count(
        _ arguments: inout Arguments, what: String, maximum: Int, example: String? = nil,
        reach: String = "as far as Open-Meteo forecasts"
    ) throws(ShellError) -> Int? {
        try count(
            &arguments, rule: CountRule(what: what, maximum: maximum, reach: reach), example: example,
            beforeFavorite: false)
    }

    /// `[N]` before a place, read by `rule`: a leading whole number is the count, taken.
    ///
    /// - Parameter beforeFavorite: whether a whole number beyond the rule's most, with words
    ///   after it, is taken all the same, for the handler to decide (`CountRule`): the words
    ///   together may name a favorite (“daily 17 Foo”); when false it is refused here.
    /// - Throws: `ShellError.usage` for a count out of range (alone, or not `beforeFavorite`)
    ///   or typed another way (“12h”, “twelve”).
    static func count(
        _ arguments: inout Arguments, rule: CountRule, example: String? = nil, beforeFavorite: Bool = true
    ) throws(ShellError) -> Int? {
        guard let first = arguments.words.first, !first.isEmpty else { return nil }
        guard first.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }) else {
            try refuseMisspelledCount(first, in: arguments, what: rule.what, maximum: rule.maximum, example: example)
            return nil
        }
        guard let count = Int(first),
            (1...rule.maximum).contains(count) || (beforeFavorite && arguments.words.count > 1)
        else {
            throw rule.outOfRange(first)
        }
        _ = arguments.next()
        return count
    }

    /// A first word that is a count typed another way — “12h”, “6.5”, “7days”, or “twelve”
    /// alone — is refused, saying how the count is written; any other word starts the place
    /// (“hourly Paris”, “hourly 1st Avenue”, “hourly Twelve Apostles”, coordinates).
    private static func refuseMisspelledCount(
        _ word: String, in arguments: Arguments, what: String, maximum: Int, example: String?
    ) throws(ShellError) {
        let name = arguments.spec.name
        let lower = word.lowercased()
        // Alone: with more words it may begin a name (“hourly Twelve Apostles”).
        if arguments.words.count == 1, let number = numberWords.firstIndex(of: lower), number >= 1 {
            throw .usage("“\(TerminalText.sanitized(word))” is not a count wx reads; did you mean “\(name) \(number)”?")
        }
        if Coordinate(parsing: arguments.words.joined(separator: " ")) != nil { return }
        let digits = lower.drop { $0 == "+" || $0 == "-" }.prefix {
            $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",")
        }
        guard let firstDigit = digits.first, firstDigit.isNumber else { return }
        let unit = lower.drop { $0 == "+" || $0 == "-" }.dropFirst(digits.count)
        guard ["", "h", "hr", "hrs", "hour", "hours", "d", "day", "days"].contains(String(unit)) else { return }
        throw .usage(
            "\(what) is a whole number from 1 to \(maximum), not “\(TerminalText.sanitized(String(word.prefix(24))))”: as in “\(example ?? "\(name) \(exampleCount(maximum: maximum)) Hamburg")”"
        )
    }

    /// The count an example in an error gives, within the command's declared `maximum` (issue
    /// 37 item 13: “confidence 12 Hamburg” was offered where the limit is 10 days): 12, or the
    /// maximum when that is less.
    static func exampleCount(maximum: Int) -> Int { max(1, min(12, maximum)) }

    /// "zero" to "twenty-four", by their value.
    static let numberWords = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "twenty-one",
        "twenty-two", "twenty-three", "twenty-four",
    ]

    /// A whole number from 1 up.
    static func number(_ text: String, what: String) throws(ShellError) -> Int {
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
            Int(text) == nil || Int(text)! > Int(Int32.max)
        {
            throw .usage("\(what) \(text.prefix(24)) is too large")
        }
        guard let value = Int(text), value > 0 else {
            throw .usage("\(what) must be a number from 1 up, not “\(TerminalText.sanitized(String(text.prefix(40))))”")
        }
        return value
    }

    /// The longest place query sent to a geocoder, in characters.
    package static let maximumQueryLength = 256

    /// Checks a place argument: not too long, and coordinates in range when it looks like
    /// coordinates ("91,0" is an error here, not a place name for the geocoder).
    static func place(_ text: String) throws(ShellError) -> String {
        guard text.count <= maximumQueryLength else {
            throw .usage("a place query can be at most \(maximumQueryLength) characters (this one has \(text.count))")
        }
        if let error = coordinateRangeError(text) { throw error }
        return text
    }

    /// The usage error for `text` that reads as “latitude,longitude” (`Coordinate.numberPair`:
    /// “91,0”, “1e308,1”, “nan,nan”) with values not finite or out of range; nil for any other
    /// text (a place's name, coordinates in range).
    static func coordinateRangeError(_ text: String) -> ShellError? {
        guard let pair = Coordinate.numberPair(text), !pair.isValid else { return nil }
        return .coordinatesOutOfRange
    }

    /// "3..7", "3-7" or "3" as a range of history numbers; nil when it is none.
    static func range(_ text: String) -> ClosedRange<Int>? {
        guard let (low, high) = bounds(text), low <= high else { return nil }
        return low...high
    }

    /// The two numbers of "N..M" or "N-M" (N twice for "N") as written, the first possibly the
    /// larger: `range`'s reading, which a backward range's error quotes. Each side is digits
    /// and nothing else: "-3", "1..-2", "3-" and "1...3" are no range (a minus read as the
    /// separator of an empty first number made "replay -3" run entry 3).
    static func bounds(_ text: String) -> (Int, Int)? {
        let parts =
            text.contains("..")
            ? text.split(separator: "..", omittingEmptySubsequences: false)
            : text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.map(\.trimmed).compactMap { part in
            !part.isEmpty && part.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(part) : nil
        }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), numbers.allSatisfy({ $0 > 0 }) else {
            return nil
        }
        return (numbers[0], numbers.last!)
    }
}

extension CommandParser {
    /// Joins command-line words back into one command line that reads as the same words:
    /// `wx fav rename "New York" NYC` keeps "New York" one word.
    package static func join(arguments: [String]) -> String { ShellWords.join(arguments) }
}
