import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// What tab completion offers for a line: the options for the word being typed.
package struct Completion: Hashable, Sendable {
    /// How many characters before the cursor the options replace (the partial word).
    package var replacing: Int
    /// Full words that fit, in display order.
    package var options: [String]
    /// Whether to add a space after a single option (command names, fixed words).
    package var appendsSpace: Bool
    /// What a list of the options shows, one each, when it differs from `options`: names as
    /// people read them (not escaped), snapshot numbers with their place and date.
    package var labels: [String] = []

    /// What a list of the options shows: `labels`, else the options.
    package var shown: [String] { labels.count == options.count ? labels : options }

    /// The text to put in place of the partial word: the single option, or the longest prefix
    /// that all options share (case-insensitively, spelled as the first option); nil when nothing
    /// longer than what was typed is common.
    package func insertion(typed: String) -> String? {
        guard let first = options.first else { return nil }
        if options.count == 1 { return first + (appendsSpace ? " " : "") }
        let typedCount = typed.count
        if options.allSatisfy(CompletionNames.isPrintableASCII) {
            return Self.asciiInsertion(options, typedCount: typedCount)
        }
        var common = Array(first)
        for option in options.dropFirst() {
            // Once no longer than what was typed, nothing is inserted whatever the rest hold.
            if common.count <= typedCount { return nil }
            var length = 0
            for character in option {
                guard length < common.count,
                    character == common[length] || character.lowercased() == common[length].lowercased()
                else { break }
                length += 1
            }
            if length < common.count { common.removeSubrange(length...) }
        }
        // Not half an escape: a prefix ending in a lone backslash would escape what is typed next.
        if common.reversed().prefix(while: { $0 == "\\" }).count % 2 == 1 { common.removeLast() }
        return common.count > typed.count ? String(common) : nil
    }

    /// `insertion(typed:)` for options of printable ASCII only, a byte per character (thousands
    /// of options after `show Ham` among 100,000 favorites): the same rules, bytes for characters.
    private static func asciiInsertion(_ options: [String], typedCount: Int) -> String? {
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        var common = Array(options[0].utf8)
        for option in options.dropFirst() {
            if common.count <= typedCount { return nil }
            var length = 0
            for byte in option.utf8 {
                guard length < common.count, byte == common[length] || lower(byte) == lower(common[length]) else {
                    break
                }
                length += 1
            }
            if length < common.count { common.removeSubrange(length...) }
        }
        if common.reversed().prefix(while: { $0 == UInt8(ascii: "\\") }).count % 2 == 1 { common.removeLast() }
        return common.count > typedCount ? String(decoding: common, as: UTF8.self) : nil
    }
}

/// Tab completion from the command declarations: command names first, then what each command
/// takes (favorite names — spaces included — subcommands and their aliases, fixed words).
///
/// The line is read by `ShellWords`, as when it runs, and what is inserted reads back through
/// it as the name offered (a favorite with a quote or a backslash in its name is escaped).
/// Names match whatever Unicode form they were typed in: Swift compares strings by canonical
/// equivalence, so "Zu\u{308}rich" as pasted from macOS (NFD) is the favorite "Zürich".
package enum Completer {
    /// Completion for `line`, the text before the cursor.
    ///
    /// - Parameters:
    ///   - favorites: the favorites' names.
    ///   - files: the file names that start with a typed path (see `FileNames.completing`);
    ///     the file system by default.
    ///   - snapshots: the snapshots, for `saved rm <TAB>` and `saved <TAB>`.
    package static func complete(
        _ line: String, favorites: [String], snapshots: [SnapshotChoice] = [],
        files: (String) -> [String] = { FileNames.completing($0) }
    ) -> Completion {
        complete(line, favorites: CompletionNames(favorites), snapshots: snapshots, files: files)
    }

    /// Completion for `line`, the text before the cursor, with the favorites' names prepared
    /// once (a running shell keeps them between presses: `WeatherSession.completion(for:)`).
    package static func complete(
        _ line: String, favorites: CompletionNames, snapshots: [SnapshotChoice] = [],
        files: (String) -> [String] = { FileNames.completing($0) }
    ) -> Completion {
        let lexed = ShellWords(lexing: line)
        let length = line.count
        var words = lexed.endsBetweenCommands ? [] : lexed.commands.last?.words ?? []
        // The word being typed, and where it starts; empty after a space.
        var partial = ShellWords.Word(text: "", start: length, end: length)
        if !lexed.endsBetweenWords, let last = words.popLast() { partial = last }
        // `\i FILE` and `\o FILE` (and their dot spellings) take a file name, as `source` does
        // (issue 40): the lexer reads `\i` as an escaped "i", so the word is read as typed.
        let typedCommand = words.first.map { word in
            String(line.dropFirst(word.start).prefix(word.end - word.start)).lowercased()
        }
        let command = typedCommand.map { fileTakingMetaWords.contains($0) } == true ? "source" : words.first?.text
        let options = self.options(
            command: command, arguments: words.dropFirst().map(\.text), partial: partial.text,
            favorites: favorites, snapshots: snapshots, files: files)
        let arguments = Array(words.dropFirst())
        let start = options.from < arguments.count ? arguments[options.from].start : partial.start
        let values = options.values
        let spelled = values.map { value in
            // A name whose first word reads as a count (`hourly -5 Degrees`) goes in quotes whole.
            guard options.restOfLine, !(options.countMayLead && value.contains(" ") && looksLikeCount(value)) else {
                return ShellWords.quoted(value)
            }
            return ShellWords.quotedRest(value)
        }
        return Completion(
            replacing: values.isEmpty ? 0 : length - start, options: spelled,
            appendsSpace: options.appendsSpace, labels: options.labels ?? values)
    }

    /// The meta commands that take a file name (MetaCommandSpec.takesFile: `\i`, `\o`, `.read`,
    /// `.output`, `.once`…), completed as `source`'s.
    static let fileTakingMetaWords = Set(Registry.metaCommands.filter(\.takesFile).flatMap(\.spellings))

    /// What completes the word being typed, as values (not yet quoted for the line).
    struct Options: Hashable {
        /// The values when not `names`.
        private var listed: [String]
        /// Favorites' names that fit, as lines of the names read as bytes (`wx --complete`,
        /// which writes them as they lie): a `String` is made for each only when `values` is read.
        private(set) var names: NameLines?
        /// The values, in order.
        var values: [String] {
            get { names?.strings ?? listed }
            set {
                listed = newValue
                names = nil
            }
        }
        /// How many values (no `String` made).
        var count: Int { names?.count ?? listed.count }
        /// The index of the first argument the values replace: a place is the rest of the line
        /// (`show New Y` completes "New Y"); `arguments.count` when only the partial word.
        var from: Int
        /// Whether a value is the rest of the line (spaces between words) or one word.
        var restOfLine = false
        var appendsSpace = false
        /// Whether the parser reads a leading number as a count (`hourly 12 Home`).
        var countMayLead = false
        /// What a list shows for each value, when not the value itself (a snapshot's place).
        var labels: [String]?

        init(
            values: [String] = [], names: NameLines? = nil, from: Int, restOfLine: Bool = false,
            appendsSpace: Bool = false, countMayLead: Bool = false, labels: [String]? = nil
        ) {
            listed = values
            self.names = names
            self.from = from
            self.restOfLine = restOfLine
            self.appendsSpace = appendsSpace
            self.countMayLead = countMayLead
            self.labels = labels
        }

        /// The favorites' names that fit `prefix` among `favorites`, as lines when they are kept
        /// as bytes.
        init(favorites: CompletionNames, prefix: String, from: Int, restOfLine: Bool = false) {
            if let lines = favorites.lines(prefix: prefix) {
                self.init(names: lines, from: from, restOfLine: restOfLine)
            } else {
                self.init(values: favorites.matching(prefix: prefix), from: from, restOfLine: restOfLine)
            }
        }

        static func == (left: Options, right: Options) -> Bool {
            left.values == right.values && left.from == right.from && left.restOfLine == right.restOfLine
                && left.appendsSpace == right.appendsSpace && left.countMayLead == right.countMayLead
                && left.labels == right.labels
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(values)
            hasher.combine(from)
            hasher.combine(restOfLine)
            hasher.combine(appendsSpace)
            hasher.combine(countMayLead)
            hasher.combine(labels)
        }
    }

    /// Whether `value`'s first word is what `hourly` and `daily` read as a count.
    static func looksLikeCount(_ value: String) -> Bool {
        let first = value.prefix { $0 != " " }
        return !first.isEmpty && first.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }
    }

    /// The options for the word `partial` after `command` and its complete `arguments`; with
    /// no command, `partial` is the command's name.
    ///
    /// - Parameter files: the file names starting with a typed path; the shell scripts pass
    ///   none, and the shell completes file names itself.
    static func options(
        command: String?, arguments: [String], partial: String, favorites: [String],
        snapshots: [SnapshotChoice] = [], files: (String) -> [String] = { _ in [] }
    ) -> Options {
        options(
            command: command, arguments: arguments, partial: partial, favorites: CompletionNames(favorites),
            snapshots: snapshots, files: files)
    }

    static func options(
        command: String?, arguments: [String], partial: String, favorites: CompletionNames,
        snapshots: [SnapshotChoice] = [], files: (String) -> [String] = { _ in [] }
    ) -> Options {
        guard let command else {
            return Options(values: matching(commandNames, prefix: partial), from: 0, appendsSpace: true)
        }
        guard let spec = try? CommandParser.command(named: command) else { return Options(from: arguments.count) }
        return options(
            arguments, partial: partial, kind: spec.completion, offset: 0, favorites: favorites, snapshots: snapshots,
            files: files)
    }

    /// `arguments[offset...]` are the words after what has been matched so far.
    static func options(
        _ arguments: [String], partial: String, kind: CompletionKind, offset: Int, favorites: CompletionNames,
        snapshots: [SnapshotChoice] = [], files: (String) -> [String]
    ) -> Options {
        let after = Array(arguments[offset...])
        let nothing = Options(from: arguments.count)
        switch kind {
        case .none:
            return nothing
        case .favorites:
            // By a loop, not `joined(separator:)`, whose generic types the runtime looked up at
            // the first call (190 k instructions of a Tab's 850 k, as `ShellCompletion.unquoted`).
            var typed = ""
            for word in after { typed += word + " " }
            typed += partial
            return Options(favorites: favorites, prefix: typed, from: offset, restOfLine: true)
        case .favoriteList:
            // Names already on the line are not offered again.
            let listed = Set(after.map(CompletionNames.key))
            let left = favorites.excluding(listed)
            return Options(values: left.matching(prefix: partial), from: arguments.count, appendsSpace: true)
        case .countThenFavorites:
            // A name starting with what the parser reads as a count ("1906 Building") wins over
            // the count: it is inserted in quotes, and parses back as the name.
            var whole = options(
                arguments, partial: partial, kind: .favorites, offset: offset, favorites: favorites,
                snapshots: snapshots, files: files)
            whole.countMayLead = true
            if let first = after.first, first.allSatisfy({ $0.isASCII && $0.isNumber }), whole.count == 0 {
                return options(
                    arguments, partial: partial, kind: .favorites, offset: offset + 1, favorites: favorites,
                    snapshots: snapshots, files: files)
            }
            return whole
        case .flagsThenCountThenFavorites(let flags):
            // `warnings ` offered favorites, never its `-v` (trial 8).
            let given = after.prefix { flags.contains($0) }
            let left = flags.filter { !given.contains($0) }
            if partial.hasPrefix("-") {
                return Options(values: matching(left, prefix: partial), from: arguments.count, appendsSpace: true)
            }
            var rest = options(
                arguments, partial: partial, kind: .countThenFavorites, offset: offset + given.count,
                favorites: favorites, snapshots: snapshots, files: files)
            if partial.isEmpty, given.count == after.count, !left.isEmpty {
                rest.values = left + rest.values
                rest.appendsSpace = rest.count == 1
            }
            return rest
        case .dateThenFavorites:
            guard after.isEmpty else {
                return options(
                    arguments, partial: partial, kind: .favorites, offset: offset + 1, favorites: favorites,
                    snapshots: snapshots, files: files)
            }
            return Options(
                values: matching(["yesterday"] + PastDate.weekdayNames, prefix: partial), from: arguments.count)
        case .decisionWords(let words, let lead, let once, let countEnds, let valued):
            // Conditions and day words anywhere (`best 2h dry wi<TAB>`), else a favorite.
            guard after.count >= lead else { return nothing }
            let given = after.dropFirst(lead)
            if let last = given.last, valued.contains(last) { return nothing }
            let ended =
                (once && !given.isEmpty)
                || (countEnds && given.contains { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
            let listed = ended ? [] : matching(words, prefix: partial)
            guard partial.isEmpty || listed.isEmpty else {
                return Options(
                    values: listed, from: arguments.count,
                    appendsSpace: !listed[0].hasSuffix("=") && !listed[0].hasSuffix("<") && !listed[0].hasSuffix(">"))
            }
            var place = Options(favorites: favorites, prefix: partial, from: arguments.count, restOfLine: true)
            // An empty word: what the position takes, as `units <TAB><TAB>` lists its words (trial 54).
            let left = listed.filter { !given.contains($0) }
            if !left.isEmpty {
                place.values = left + place.values
            }
            return place
        case .words(let words):
            guard after.isEmpty else { return nothing }
            return Options(values: matching(words, prefix: partial), from: arguments.count)
        case .commands:
            guard after.isEmpty else { return nothing }
            return Options(values: matching(commandNames, prefix: partial), from: arguments.count)
        case .snapshotIDs:
            guard after.isEmpty else { return nothing }
            let found = snapshots.filter { String($0.id).hasPrefix(partial) }
            return Options(
                values: found.map { String($0.id) }, from: arguments.count, appendsSpace: true,
                labels: found.map(\.label))
        case .fileName:
            guard after.isEmpty else { return nothing }
            return fileOptions(files(partial), from: arguments.count)
        case .favoritesThenOptions(let flags):
            if after.last == "--format" {
                let presets = StatusLineFormat.presets.keys.sorted()
                return Options(values: matching(presets, prefix: partial), from: arguments.count, appendsSpace: true)
            }
            if partial.hasPrefix("-") {
                let given = Set(after)
                return Options(
                    values: matching(flags.filter { !given.contains($0) }, prefix: partial), from: arguments.count,
                    appendsSpace: true)
            }
            // The name comes before the options.
            guard !after.contains(where: { $0.hasPrefix("-") }) else { return nothing }
            return options(
                arguments, partial: partial, kind: .favorites, offset: offset, favorites: favorites,
                snapshots: snapshots, files: files)
        case .formatAndFileName:
            let formats = ExchangeFormat.allCases.map(\.rawValue)
            if after.last == "--format" {
                return Options(values: matching(formats, prefix: partial), from: arguments.count, appendsSpace: true)
            }
            if partial.hasPrefix("--format=") {
                let values = matching(formats.map { "--format=" + $0 }, prefix: partial)
                return Options(values: values, from: arguments.count, appendsSpace: true)
            }
            let formatGiven = after.contains { $0 == "--format" || $0.hasPrefix("--format=") }
            if partial.hasPrefix("-") {
                guard !formatGiven else { return nothing }
                return Options(
                    values: matching(["--format"], prefix: partial), from: arguments.count, appendsSpace: true)
            }
            // One file at most: a word that is neither --format nor its value is the file.
            let fileGiven = after.enumerated().contains { index, word in
                word != "--format" && !word.hasPrefix("--format=") && (index == 0 || after[index - 1] != "--format")
            }
            guard !fileGiven else { return nothing }
            return fileOptions(files(partial), from: arguments.count)
        case .subcommands(let subcommands, let otherwise):
            if let first = after.first {
                guard let subcommand = subcommands.first(where: { $0.matches(first) }) else { return nothing }
                return options(
                    arguments, partial: partial, kind: subcommand.then, offset: offset + 1, favorites: favorites,
                    snapshots: snapshots, files: files)
            }
            // Each subcommand, then the other words it answers to (`fav r`: rename, rm, remove).
            let own = matching(subcommands.flatMap { [$0.word] + $0.aliases }, prefix: partial)
            let other = options(
                arguments, partial: partial, kind: otherwise, offset: offset, favorites: favorites,
                snapshots: snapshots, files: files)
            let otherValues = other.values
            return Options(
                values: own + otherValues, from: arguments.count,
                appendsSpace: (!own.isEmpty && otherValues.isEmpty) || (own.isEmpty && other.appendsSpace),
                labels: own + (other.labels ?? otherValues))
        }
    }

    /// File names as options: a space after a file, none after a folder (its "/" ends it). A
    /// list shows each by its last part ("hist.csv", "exports/"), as bash and readline list
    /// file names; the whole paths repeated the folder typed (trial 13).
    static func fileOptions(_ names: [String], from: Int) -> Options {
        let labels = names.map { name in
            let folder = name.hasSuffix("/")
            let last = (folder ? name.dropLast() : Substring(name)).split(separator: "/").last.map(String.init) ?? name
            return last + (folder ? "/" : "")
        }
        return Options(
            values: names, from: from, appendsSpace: names.count == 1 && names[0].last != "/", labels: labels)
    }

    static let commandNames = Registry.commands.map(\.name)

    /// The words starting with `prefix`, ignoring case.
    static func matching(_ words: [String], prefix: String) -> [String] {
        let lower = prefix.lowercased()
        return words.filter { $0.lowercased().hasPrefix(lower) }
    }
}

/// File names for completion after `import favorites` and `export … [FILE]`.
package enum FileNames {
    /// The paths that start with `typed`, as typed plus the rest of each name: a folder's with
    /// "/" at the end. `~/` reads the home folder (`$HOME`), as import and export do; names
    /// starting with "." only when `typed`'s last part does; none when the folder cannot be read.
    ///
    /// - Parameter home: the home folder; `$HOME` when nil.
    package static func completing(_ typed: String, home: String? = nil) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let folderPart = slash.map { String(typed[...$0]) } ?? ""
        let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        var folder = folderPart.isEmpty ? "." : folderPart
        if folderPart.hasPrefix("~/") {
            guard let home = home ?? getenv("HOME").map({ String(cString: $0) }) else { return [] }
            folder = home + folderPart.dropFirst()
        }
        guard let entries = FileIO.folderEntries(folder) else { return [] }
        return entries.compactMap { entry in
            guard entry.name.hasPrefix(namePrefix), namePrefix.hasPrefix(".") || !entry.name.hasPrefix(".") else {
                return nil
            }
            return folderPart + entry.name + (entry.isFolder ? "/" : "")
        }
    }
}

/// A snapshot as Tab offers it: its number, and the line a list shows for it
/// ("12  Hamburg · 2026-11-30 14:05", local time at the place).
package struct SnapshotChoice: Hashable, Sendable {
    package var id: Int
    package var label: String

    package init(id: Int, label: String) {
        self.id = id
        self.label = label
    }
}
