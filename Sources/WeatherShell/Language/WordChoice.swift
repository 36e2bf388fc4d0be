import WXBasics

/// One of a fixed set of words, as people type it: the word or an alias in any case, else a
/// prefix that starts only one choice's words (`saved ver` is `saved verify`), else nothing —
/// with the choices an ambiguous prefix could be, or the closest word when one is close
/// (`saved vrify`: did you mean “verify”?). Commands, subcommands, units, providers, export
/// kinds and formats all read what was typed through this one value.
struct WordChoice<Value: Sendable>: Sendable {
    /// One choice: its words (the first is how it is shown; the rest are aliases) and its value.
    struct Option: Sendable {
        let words: [String]
        let value: Value
    }

    /// What a typed word names.
    enum Outcome {
        /// A word or alias exactly, or a prefix of only this choice's words.
        case found(Value)
        /// A prefix of several choices' words: the words it starts, one a choice; an alias as
        /// "alias (= name)".
        case ambiguous([String])
        /// Nothing, but this word is close to what was typed.
        case suggestion(String)
        /// Nothing, and nothing close.
        case none
    }

    let options: [Option]

    init(_ options: [(words: [String], value: Value)]) {
        self.options = options.map { Option(words: $0.words, value: $0.value) }
    }

    /// Every choice's words, lowercased, in order.
    var allWords: [String] { options.flatMap(\.words) }

    /// What `typed` names among the options, ignoring case.
    func resolve(_ typed: String) -> Outcome {
        let lower = typed.lowercased()
        guard !lower.isEmpty else { return .none }
        if let exact = options.first(where: { $0.words.contains { $0.lowercased() == lower } }) {
            return .found(exact.value)
        }
        var started: [(option: Option, word: String)] = []
        for option in options {
            if let word = option.words.first(where: { $0.lowercased().hasPrefix(lower) }) {
                started.append((option, word))
            }
        }
        if started.count == 1 { return .found(started[0].option.value) }
        // An alias is shown with the name help lists ("spread (= confidence)"): a word suggested
        // is one the user can look up.
        if started.count > 1 {
            return .ambiguous(
                started.map { $0.word == $0.option.words[0] ? $0.word : "\($0.word) (= \($0.option.words[0]))" })
        }
        if let close = Self.closest(to: lower, among: allWords) { return .suggestion(close) }
        return .none
    }

    /// The value `typed` names; nil when it names nothing and nothing is close.
    ///
    /// - Parameter what: what the choices are, for the error ("unit", "saved subcommand").
    /// - Throws: `ShellError.usage` for an ambiguous prefix (naming what it could be) or a
    ///   near miss (with the closest word).
    func value(for typed: String, what: String) throws(ShellError) -> Value? {
        let shown = TerminalText.sanitized(String(typed.prefix(40)))
        switch resolve(typed) {
        case .found(let value): return value
        case .ambiguous(let words): throw .usage("“\(shown)” could be \(CommandParser.list(words)); type more of it")
        case .suggestion(let word): throw .usage("unknown \(what) “\(shown)”; did you mean “\(word)”?")
        case .none: return nil
        }
    }

    /// The word closest to `word` (lowercased), if it is close: at most one edit away for words
    /// of up to four letters, two for longer ones (a swap of neighbours is one edit).
    static func closest(to word: String, among words: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in words where candidate.count > 1 {
            let distance = CommandParser.editDistance(word, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }
}

extension WordChoice where Value: SubcommandWord {
    /// The subcommands of `Value`, each under its word and aliases.
    static var subcommands: WordChoice<Value> {
        WordChoice(Value.allCases.map { (words: [$0.declaration.word] + $0.declaration.allAliases, value: $0) })
    }
}
