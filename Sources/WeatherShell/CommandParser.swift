import WeatherKit
import WXBasics

/// Turns a line of text into a `Command`.
public enum CommandParser {
    /// Parses one command.
    ///
    /// - Returns: nil for an empty line or a `#` comment.
    /// - Throws: `ShellError.usage` with what was expected.
    public static func parse(_ line: String) throws(ShellError) -> Command? {
        let text = line.trimmed
        if text.isEmpty || text.hasPrefix("#") { return nil }
        if text.hasPrefix("!") {
            guard let number = Int(text.dropFirst()), number > 0 else {
                throw .usage("“!N” runs history command N again; N is a number (see “history”)")
            }
            return .rerun(number)
        }
        let word = String(text.prefix { !$0.isWhitespace })
        let rest = text.dropFirst(word.count).trimmed
        guard let spec = CommandTable.spec(named: word) else {
            throw .usage("unknown command “\(TerminalText.sanitized(word))”; type “help” for the list")
        }
        func noArguments(_ command: Command) throws(ShellError) -> Command {
            guard rest.isEmpty else { throw .usage("“\(spec.name)” takes no arguments") }
            return command
        }
        /// A place or favorite name, or nil for the current location.
        func optionalPlace(_ text: String) throws(ShellError) -> String? {
            let target = unquoted(text.trimmed).trimmed
            return target.isEmpty ? nil : try place(target)
        }
        /// `[N] [place]`: a leading whole number is the count, the rest the place.
        func countAndPlace(_ text: String, what: String, maximum: Int) throws(ShellError) -> (Int?, String?) {
            let first = text.prefix { !$0.isWhitespace }
            let isCount = !first.isEmpty && first.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }
            guard isCount else { return (nil, try optionalPlace(text)) }
            guard let count = Int(first), (1...maximum).contains(count) else {
                throw .usage("\(what) is 1 to \(maximum) (as far as Open-Meteo forecasts), not “\(first.prefix(24))”")
            }
            return (count, try optionalPlace(String(text.dropFirst(first.count))))
        }
        func number(_ text: String, what: String) throws(ShellError) -> Int {
            if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), Int(text) == nil || Int(text)! > Int(Int32.max) {
                throw .usage("\(what) \(text.prefix(24)) is too large")
            }
            guard let value = Int(text), value > 0 else {
                throw .usage("\(what) must be a number from 1 up, not “\(TerminalText.sanitized(String(text.prefix(40))))”")
            }
            return value
        }

        switch spec.name {
        case "find":
            let query = unquoted(rest)
            guard !query.trimmed.isEmpty else { throw .usage("usage: find <query | lat,lon>") }
            return .find(try place(query))
        case "use":
            guard !rest.isEmpty else { throw .usage("usage: use <N>") }
            return .use(try number(rest, what: "the candidate"))
        case "show": return .show(try optionalPlace(rest))
        case "fav":
            let words = try words(rest)
            switch words.first?.lowercased() {
            case nil: return .favoriteToggle
            case "rm", "remove", "del":
                guard words.count >= 2 else { throw .usage("usage: fav rm <name>") }
                return .favoriteRemove(words.count == 2 ? words[1] : words.dropFirst().joined(separator: " "))
            case "rename", "mv":
                guard words.count == 3 else { throw .usage("usage: fav rename <old> <new> (quote names with spaces)") }
                return .favoriteRename(from: words[1], to: words[2])
            default:
                throw .usage("usage: fav [rm <name> | rename <old> <new>]")
            }
        case "favs": return try noArguments(.favorites)
        case "compare": return .compare(try words(rest))
        case "hourly":
            let (count, target) = try countAndPlace(rest, what: "the number of hours", maximum: WeatherSession.maximumHours)
            return .hourly(count, target)
        case "daily":
            let (count, target) = try countAndPlace(rest, what: "the number of days", maximum: WeatherSession.maximumDays)
            return .daily(count, target)
        case "rain": return .rain(try optionalPlace(rest))
        case "air": return .air(try optionalPlace(rest))
        case "watch":
            guard !rest.isEmpty else { return .watch(10) }
            guard let minutes = DecimalText.parse(rest), minutes >= 0.05, minutes <= 1_440 else {
                throw .usage("usage: watch [minutes], from 0.05 to 1440")
            }
            return .watch(minutes)
        case "save": return try noArguments(.save)
        case "saved":
            let words = try words(rest)
            switch words.count {
            case 0: return .snapshots
            case 1 where !["rm", "remove", "del"].contains(words[0].lowercased()):
                return .snapshot(try number(words[0], what: "the snapshot"))
            case 2 where ["rm", "remove", "del"].contains(words[0].lowercased()):
                return .snapshotRemove(try number(words[1], what: "the snapshot"))
            default: throw .usage("usage: saved [N | rm N]")
            }
        case "history":
            return .history(rest.isEmpty ? nil : try number(rest, what: "the count"))
        case "replay":
            return .replay(try range(rest))
        case "units":
            let words = try words(rest)
            switch words.map({ $0.lowercased() }) {
            case []: return .units(nil)
            case ["metric"], ["si"]: return .units(.preset(.metric))
            case ["imperial"], ["us"]: return .units(.preset(.imperial))
            default:
                guard words.count == 2, let quantity = UnitQuantity(rawValue: words[0].lowercased()) else {
                    throw .usage("usage: units [metric | imperial | <quantity> <unit>]; quantities: \(UnitQuantity.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                guard quantity.setting(words[1], in: .metric) != nil else {
                    throw .usage("\(quantity.rawValue) is one of \(quantity.choices.joined(separator: ", "))")
                }
                return .units(.quantity(quantity, words[1]))
            }
        case "provider": return .provider(rest.isEmpty ? nil : rest.lowercased())
        case "geocoder": return .geocoder(rest.isEmpty ? nil : rest.lowercased())
        case "language":
            if rest.isEmpty { return .language(nil) }
            guard Self.isLanguageCode(rest) else { throw .usage("usage: language [code | auto], a code such as de, en or pt-BR") }
            return .language(rest == "auto" ? "auto" : rest)
        case "format":
            switch rest.lowercased() {
            case "": return .format(nil)
            case "text": return .format(.text)
            case "json": return .format(.json)
            default: throw .usage("usage: format [text | json]")
            }
        case "log":
            switch rest.lowercased() {
            case "": return .log(compact: false)
            case "compact": return .log(compact: true)
            default: throw .usage("usage: log [compact]")
            }
        case "export":
            let usage = ShellError.usage("usage: export <favorites|snapshots|history> [--format csv|json] [FILE]")
            var words = try words(rest)
            guard let first = words.first, let kind = ExportKind(rawValue: first.lowercased()) else { throw usage }
            words.removeFirst()
            var format: ExchangeFormat?
            if let index = words.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
                let word: String
                if words[index] == "--format" {
                    guard index + 1 < words.count else { throw usage }
                    word = words[index + 1]
                    words.removeSubrange(index...(index + 1))
                } else {
                    word = String(words[index].dropFirst("--format=".count))
                    words.remove(at: index)
                }
                guard let value = ExchangeFormat(rawValue: word.lowercased()) else {
                    throw .usage("the format is csv or json, not “\(TerminalText.sanitized(String(word.prefix(40))))”")
                }
                format = value
            }
            guard words.count <= 1, words.first?.isEmpty != true else { throw usage }
            return .export(kind, format: format, path: words.first.flatMap { $0 == "-" ? nil : $0 })
        case "import":
            let words = try words(rest)
            guard words.count == 2, words[0].lowercased() == "favorites", !words[1].isEmpty else {
                throw .usage("usage: import favorites FILE")
            }
            return .importFavorites(path: words[1])
        case "reset":
            guard rest.lowercased() == "state" else { throw .usage("usage: reset state") }
            return .resetState
        case "help": return .help(rest.isEmpty ? nil : rest)
        case "about": return try noArguments(.about)
        case "quit": return try noArguments(.quit)
        default: throw .usage("unknown command “\(spec.name)”")
        }
    }

    /// "de", "pt-BR", "auto": a BCP 47 language with an optional region.
    static func isLanguageCode(_ text: String) -> Bool {
        if text == "auto" { return true }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.count == 1 || ((2...3).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    /// The longest place query sent to a geocoder, in characters.
    public static let maximumQueryLength = 256

    /// Checks a place argument: not too long, and coordinates in range when it looks like
    /// coordinates ("91,0" is an error here, not a place name for the geocoder).
    static func place(_ text: String) throws(ShellError) -> String {
        guard text.count <= maximumQueryLength else {
            throw .usage("a place query can be at most \(maximumQueryLength) characters (this one has \(text.count))")
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed }
        if parts.count == 2, let latitude = DecimalText.parse(parts[0]), let longitude = DecimalText.parse(parts[1]),
            !Coordinate(latitude: latitude, longitude: longitude).isValid
        {
            throw .usage("coordinates are “latitude,longitude” in degrees: latitude from -90 to 90, longitude from -180 to 180")
        }
        return text
    }

    /// "3..7", "3-7" or "3" as a range of history numbers.
    static func range(_ text: String) throws(ShellError) -> ClosedRange<Int> {
        let usage = ShellError.usage("usage: replay <N..M | N> (history numbers, see “history”)")
        let parts: [Substring]
        if text.contains("..") {
            parts = text.split(separator: ".", omittingEmptySubsequences: true)
        } else {
            parts = text.split(separator: "-", omittingEmptySubsequences: true)
        }
        let numbers = parts.compactMap { Int($0.trimmed) }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), numbers.allSatisfy({ $0 > 0 }) else { throw usage }
        let low = numbers[0]
        let high = numbers.last!
        guard low <= high else { throw usage }
        return low...high
    }

    /// Splits text into words; double or single quotes group words with spaces, and a backslash
    /// takes the next character as it is (outside single quotes), as in a POSIX shell.
    ///
    /// - Throws: `ShellError.usage` for an unclosed quote.
    public static func words(_ text: String) throws(ShellError) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                inWord = true
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw .usage("a quote is not closed") }
        if escaped { current.append("\\") }
        if inWord { words.append(current) }
        return words
    }

    /// The argument with one pair of surrounding quotes removed (`show "New York"`).
    static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// Splits a line at `;` outside quotes: `wx -c "find Hamburg; show"` runs two commands.
    public static func splitCommands(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == ";" {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmed }.filter { !$0.isEmpty }
    }

    /// Joins command-line words back into one command line, quoting those with spaces:
    /// `wx fav rename "New York" NYC` keeps "New York" as one word.
    public static func join(arguments: [String]) -> String {
        arguments.map { word in
            word.contains(where: \.isWhitespace) || word.isEmpty ? "\"\(word)\"" : word
        }.joined(separator: " ")
    }
}
