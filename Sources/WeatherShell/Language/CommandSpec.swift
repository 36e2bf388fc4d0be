import WXBasics
import WeatherKit

/// What may follow a command word, for tab completion.
package indirect enum CompletionKind: Hashable, Sendable {
    /// Nothing to offer.
    case none
    /// The rest of the line is a favorite's name.
    case favorites
    /// Several favorites' names, each a word; names with spaces in quotes (`compare Hamburg "New York"`).
    case favoriteList
    /// An optional count, then a favorite's name (`hourly 12 Home`).
    case countThenFavorites
    /// Flags (`-v`), offered on an empty word or after “-”, then as `countThenFavorites`
    /// (`warnings -v 2 Home`).
    case flagsThenCountThenFavorites([String])
    /// A date (`yesterday` is offered), then a favorite's name (`past yesterday Home`).
    case dateThenFavorites
    /// One of fixed words.
    case words([String])
    /// Any of fixed words at any place (`best`'s conditions and day words), else a favorite; on
    /// an empty word, the words not yet given and the favorites. `lead` words come first that
    /// nothing completes (`best`'s duration); with `once`, one of the words at most (`plume`'s
    /// variable); with `countEnds`, a count ends them (`chance rain>=1mm 2 <TAB>` is the place);
    /// after a word of `valued`, its value (`check --rain 60%`), which nothing completes.
    case decisionWords([String], lead: Int = 0, once: Bool = false, countEnds: Bool = false, valued: [String] = [])
    /// A command name (`help <TAB>`).
    case commands
    /// A snapshot's number (`saved rm <TAB>`); the list shows each one's place and date.
    case snapshotIDs
    /// A file name, from the file system (folders end in "/"; `~/` is the home folder).
    case fileName
    /// `export`'s words after the kind: `--format`, its values (csv, json), and a file name.
    case formatAndFileName
    /// A favorite's name, then options (`line Home --json`): the options after “-”, wttr.in's
    /// numbered formats after `--format`.
    case favoritesThenOptions([String])
    /// A subcommand word, or else `otherwise`; after a subcommand, what its entry says.
    case subcommands([Subcommand], otherwise: CompletionKind)
}

extension CompletionKind {
    /// Whether completing by it may offer favorites' names, anywhere after its command (`wx
    /// --complete` reads state.plist only then).
    package var mayOfferFavorites: Bool {
        switch self {
        case .none, .words, .commands, .snapshotIDs, .fileName, .formatAndFileName: false
        case .favorites, .favoriteList, .countThenFavorites, .flagsThenCountThenFavorites, .dateThenFavorites,
            .decisionWords, .favoritesThenOptions:
            true
        case .subcommands(let subcommands, let otherwise):
            otherwise.mayOfferFavorites || subcommands.contains { $0.then.mayOfferFavorites }
        }
    }
}

/// A word after a command (`fav rm`), the other words that mean the same (`remove`, `del`),
/// what it takes, and what completes after it. The parser, `help` and Tab all read it.
package struct Subcommand: Hashable, Sendable {
    package let word: String
    /// Other words for it that Tab lists beside it (`mv` beside `rename`).
    package let aliases: [String]
    /// Other words for it that Tab leaves out, a spelling rather than a word to offer (`favs` and
    /// `favourites` for `import favorites`): typed, help and the parser take them all the same.
    package let unlistedAliases: [String]
    /// What follows it, for its usage line ("<old> <new>").
    package let arguments: String
    package let then: CompletionKind

    package init(
        _ word: String, aliases: [String] = [], unlistedAliases: [String] = [], arguments: String = "",
        then: CompletionKind
    ) {
        self.word = word
        self.aliases = aliases
        self.unlistedAliases = unlistedAliases
        self.arguments = arguments
        self.then = then
    }

    /// Every other word it answers to, listed or not.
    package var allAliases: [String] { aliases + unlistedAliases }

    /// Whether `typed` names this subcommand (or one of its aliases), ignoring case.
    package func matches(_ typed: String) -> Bool {
        let lower = typed.lowercased()
        return word == lower || allAliases.contains(lower)
    }
}

/// A command's subcommands as an enum, so that its parser switches over them exhaustively
/// instead of comparing words: a new subcommand does not compile until the parser handles it.
protocol SubcommandWord: CaseIterable, Hashable, Sendable {
    /// How it is typed, its aliases, its arguments and what completes after it.
    var declaration: Subcommand { get }
}

extension SubcommandWord {
    /// Every subcommand's declaration, for `CompletionKind.subcommands`.
    static var declarations: [Subcommand] { allCases.map(\.declaration) }
}

/// One command, declared once: its name, aliases, synopsis, help text, what completes after it
/// and how its arguments parse. `help`, tab completion, `--help`, the man page, the parser and
/// its usage errors all read this one value, so they cannot drift apart.
///
/// The parser is not optional, and `Command.spec` maps every parsed command back to its
/// declaration in an exhaustive switch: a command without a declaration or a parser does not
/// compile, nor does one without a handler (`WeatherSession.execute` switches over `Command`).
package struct CommandSpec: Sendable {
    package let name: String
    package let aliases: [String]
    /// "show [place | favorite]".
    package let synopsis: String
    /// One line for the `help` list.
    package let summary: String
    /// Paragraphs of its own for `help <command>` and the man page.
    var about: [String] { aboutParagraphs() }
    /// Made when asked: some are built from tables (`brief`'s rules, `best`'s activities), and
    /// the first lookup of any command name made every spec (0.57 M instructions of a `wx -c
    /// "find Hamburg; show"`, issue 39) though only `help` and the man page read them.
    private let aboutParagraphs: @Sendable () -> [String]
    package let completion: CompletionKind
    /// What it asks of the services, form by form (`about` lists them); empty for a command
    /// that reads only what wx keeps.
    package let costs: [RequestCost]
    /// Reads the words after the command's name.
    let parse: @Sendable (inout Arguments) throws(ShellError) -> Command

    init(
        name: String, aliases: [String] = [], synopsis: String, summary: String,
        details: @autoclosure @escaping @Sendable () -> [String] = [],
        completion: CompletionKind = .none, costs: [RequestCost] = [],
        parse: @escaping @Sendable (inout Arguments) throws(ShellError) -> Command
    ) {
        self.name = name
        self.aliases = aliases
        self.synopsis = synopsis
        self.summary = summary
        self.aboutParagraphs = details
        self.completion = completion
        self.costs = costs
        self.parse = parse
    }

    /// The words after the name that select a form of the command (`fav rm`, `saved rm`).
    package var subcommands: [Subcommand] {
        if case .subcommands(let subcommands, _) = completion { return subcommands }
        return []
    }

    /// Paragraphs for `help <command>` and the man page, ending with the other words its
    /// subcommands answer to (“rm” is also “remove” or “del”).
    package var details: [String] {
        let aliased = subcommands.filter { !$0.allAliases.isEmpty }
        guard !aliased.isEmpty else { return about }
        let sentences = aliased.map { subcommand in
            "“\(subcommand.word)” is also " + subcommand.allAliases.map { "“\($0)”" }.joined(separator: " or ")
        }
        return about + [sentences.joined(separator: "; ") + "."]
    }

    /// The usage error: "usage: " and the synopsis, with `note` after it.
    package func usage(_ note: String = "") -> ShellError {
        .usage("usage: \(synopsis)\(note)")
    }

    /// The usage error of one subcommand ("usage: fav rename <old> <new>").
    package func usage(of subcommand: Subcommand) -> ShellError {
        .usage("usage: \(name) \(subcommand.word)" + (subcommand.arguments.isEmpty ? "" : " \(subcommand.arguments)"))
    }
}

extension CommandSpec {
    /// Whether the synopsis lists `flag` among the command's own options (`line … --json`).
    package func takes(_ flag: String) -> Bool {
        synopsis.split(whereSeparator: Self.separatesSynopsisWords).contains { $0 == flag }
    }

    /// Whether `character` stands between the words of a synopsis: a space, a bracket, a bar or
    /// an angle bracket. Compared one by one: `" []|<>".contains` walked that text's characters
    /// again for each of the synopsis's (0.2 M instructions of a `find` and `show`, issue 39).
    static func separatesSynopsisWords(_ character: Character) -> Bool {
        switch character {
        case " ", "[", "]", "|", "<", ">": return true
        default: return false
        }
    }
}

extension CommandSpec: Hashable {
    /// Names are unique (a test checks): a spec is its name.
    package static func == (a: CommandSpec, b: CommandSpec) -> Bool { a.name == b.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The words after a command's name, as its parser reads them.
package struct Arguments: Sendable {
    /// The command being parsed, for its usage errors.
    package let spec: CommandSpec
    /// The words not read yet.
    package private(set) var words: [String]
    /// Every word of the command as given (an option's `=value` split off as in `words`), for
    /// the examples errors give (`unknownOption`).
    let typed: [String]
    /// A word that named no subcommand but came close to one (or started several): what the
    /// usage error says instead of the synopsis.
    private(set) var nearMiss: ShellError?

    /// The words of `spec`'s command, an option's value written after an equals sign
    /// (`--rain=60%`, `--format=csv`) read as the two words `--rain 60%`: for every option whose
    /// synopsis gives it a value, in this one place.
    init(_ words: [String], of spec: CommandSpec) {
        self.spec = spec
        let valued = Self.optionsTakingValues(spec.synopsis)
        guard !valued.isEmpty, words.contains(where: { $0.hasPrefix("--") && $0.contains("=") }) else {
            self.words = words
            typed = words
            return
        }
        self.words = words.flatMap { word -> [String] in
            guard word.hasPrefix("--"), let equals = word.firstIndex(of: "="),
                valued.contains(word[..<equals].lowercased())
            else { return [word] }
            return [String(word[..<equals]), String(word[word.index(after: equals)...])]
        }
        typed = self.words
    }

    /// The options a synopsis gives a value (`[--rain N%]`, `[--format csv|json]`), lower-cased;
    /// not those alone in their brackets (`[--warnings]`).
    static func optionsTakingValues(_ synopsis: String) -> Set<String> {
        let tokens = synopsis.split(separator: " ")
        var options: Set<String> = []
        for (index, token) in tokens.enumerated().dropLast() {
            let option = token.drop { "[(<".contains($0) }
            guard option.hasPrefix("--"), !token.hasSuffix("]"), !token.hasSuffix(">"), !token.hasSuffix(")") else {
                continue
            }
            let next = tokens[index + 1]
            if !next.hasPrefix("[") && !next.hasPrefix("-") && next != "|" { options.insert(option.lowercased()) }
        }
        return options
    }

    package var isEmpty: Bool { words.isEmpty }

    /// The rest of the words joined by single spaces: how a place is given (`show New York`
    /// and `show "New York"` name the same place); nil when nothing (or only space) is left.
    package mutating func rest() -> String? {
        defer { words = [] }
        let text = words.joinedText(separator: " ").trimmed
        return text.isEmpty ? nil : text
    }

    /// The next word, taken.
    package mutating func next() -> String? {
        words.isEmpty ? nil : words.removeFirst()
    }

    /// The subcommand the next word names (or one of its aliases), taken; nil when it names none.
    package mutating func subcommand() -> Subcommand? {
        guard let first = words.first, let found = spec.subcommands.first(where: { $0.matches(first) }) else {
            return nil
        }
        words.removeFirst()
        return found
    }

    /// The subcommand of `Word` the next word names (one of its words or aliases, or a prefix of
    /// only its words), taken; nil when it names none.
    ///
    /// When the word is a prefix of several subcommands or close to one (“saved vrify”), that is
    /// kept: the usage error the parser then throws says it (“did you mean “verify”?”).
    mutating func subcommand<Word: SubcommandWord>(_: Word.Type) -> Word? {
        guard let first = words.first else { return nil }
        let found: Word?
        do {
            found = try WordChoice<Word>.subcommands.value(for: first, what: "\(spec.name) subcommand")
        } catch {
            nearMiss = error
            return nil
        }
        if found != nil { words.removeFirst() }
        return found
    }

    /// At the prompt (`show Berlin --json`, `compare --json`): `--json` is wx's own flag, not a
    /// place or a favorite's name.
    ///
    /// - Throws: `ShellError.usage` naming `format json` and `wx --json`.
    package func refuseJSONFlag() throws(ShellError) {
        guard words.contains("--json") else { return }
        throw .usage(
            "“--json” is not an option of “\(spec.name)”: for JSON, “format json”, or wx --json … from the shell")
    }

    /// Where a place is read: a word that reads as an option (`-x`, `--xyz`) beside other words
    /// is a usage error naming it and the options the command's synopsis lists, with the closest
    /// when it is near (“warnings -x Hamburg”: did you mean “-v”?), or where it goes when it is
    /// the command's own or wx's (`unknownOption`) — never part of a place's
    /// name. Alone, one dash and a letter is the name for a command that takes no options (a
    /// favorite may be called “-x”, and Tab inserts it so: `show -x`); for one that does
    /// (`warnings -x`), it is an option mistyped, not a place to look up (issue 37 item 14); two
    /// dashes (`show --bogus`) are an option still: no place is named so, and the geocoder was
    /// asked for one (trial 13).
    /// Coordinates (`-33.9,18.4`) and counts (`-5`) have a digit after the dash: no options.
    ///
    /// - Throws: `ShellError.usage` for the first such word.
    package func refuseOptions() throws(ShellError) {
        let options = declaredOptions
        if !options.contains("--json") { try refuseJSONFlag() }
        guard let word = words.first(where: Self.looksLikeOption),
            words.count > 1 || word.hasPrefix("--") || !options.filter({ $0 != "--json" }).isEmpty
        else {
            return
        }
        throw unknownOption(word, options: options)
    }

    /// Whether `word` is written as an option: one or two dashes, then a letter.
    static func looksLikeOption(_ word: String) -> Bool {
        let body = word.drop { $0 == "-" }
        return (1...2).contains(word.count - body.count) && body.first.map { $0.isASCII && $0.isLetter } == true
    }

    /// `command` when no words are left, else the error that the command takes none.
    package func alone(_ command: Command) throws(ShellError) -> Command {
        guard words.isEmpty else { throw .usage("“\(spec.name)” takes no arguments") }
        return command
    }

    /// The usage error of the command ("usage: " and its synopsis), with `note` after it.
    /// A near miss of a subcommand, when one was typed, says that instead.
    package func usage(_ note: String = "") -> ShellError { nearMiss ?? spec.usage(note) }
}
