import WeatherKit

/// What tab completion offers for a line: the options for the word being typed.
public struct Completion: Hashable, Sendable {
    /// How many characters before the cursor the options replace (the partial word).
    public var replacing: Int
    /// Full words that fit, in display order.
    public var options: [String]
    /// Whether to add a space after a single option (command names, fixed words).
    public var appendsSpace: Bool

    /// The text to put in place of the partial word: the single option, or the longest prefix
    /// that all options share (case-insensitively, spelled as the first option); nil when nothing
    /// longer than what was typed is common.
    public func insertion(typed: String) -> String? {
        guard let first = options.first else { return nil }
        if options.count == 1 { return first + (appendsSpace ? " " : "") }
        var common = Array(first)
        for option in options.dropFirst() {
            let other = Array(option)
            var length = 0
            while length < min(common.count, other.count), String(common[length]).lowercased() == String(other[length]).lowercased() {
                length += 1
            }
            common = Array(common[..<length])
        }
        return common.count > typed.count ? String(common) : nil
    }
}

/// Tab completion from the command table: command names first, then what each command takes
/// (favorite names — spaces included — subcommands, fixed words).
public enum Completer {
    /// Completion for `line`, the text before the cursor.
    public static func complete(_ line: String, favorites: [String]) -> Completion {
        // Only the last command of "a; b" is being typed.
        let current = line.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? line
        let leading = current.prefix { $0.isWhitespace }
        let text = current.dropFirst(leading.count)
        guard let space = text.firstIndex(where: \.isWhitespace) else {
            return Completion(replacing: text.count, options: matching(commandNames, prefix: String(text)), appendsSpace: true)
        }
        let word = String(text[..<space])
        let rest = String(text[space...].drop { $0.isWhitespace })
        guard let spec = CommandTable.spec(named: word) else { return Completion(replacing: 0, options: [], appendsSpace: false) }
        return complete(rest, kind: spec.completion, favorites: favorites, quoted: false)
    }

    static func complete(_ rest: String, kind: CompletionKind, favorites: [String], quoted: Bool) -> Completion {
        switch kind {
        case .none:
            return Completion(replacing: 0, options: [], appendsSpace: false)
        case .favorites:
            if quoted {
                // A word among several (fav rename): names with spaces get quotes.
                let typed = rest.hasPrefix("\"") ? String(rest.dropFirst()) : rest
                let options = matching(favorites, prefix: typed).map { $0.contains(" ") ? "\"\($0)\"" : $0 }
                return Completion(replacing: rest.count, options: options, appendsSpace: true)
            }
            let typed = rest.hasPrefix("\"") ? String(rest.dropFirst()) : rest
            return Completion(replacing: rest.count, options: matching(favorites, prefix: typed), appendsSpace: false)
        case .favoriteList:
            // Only the last word is being typed: it starts after the last space outside quotes.
            var start = rest.startIndex
            var quoted = false
            for index in rest.indices {
                if rest[index] == "\"" { quoted.toggle() }
                if !quoted, rest[index].isWhitespace { start = rest.index(after: index) }
            }
            // Names already on the line are not offered again.
            let listed = Set(((try? CommandParser.words(String(rest[..<start]))) ?? []).map { $0.lowercased() })
            let left = favorites.filter { !listed.contains($0.lowercased()) }
            return complete(String(rest[start...]), kind: .favorites, favorites: left, quoted: true)
        case .countThenFavorites:
            let count = rest.prefix { $0.isASCII && $0.isNumber }
            let after = rest.dropFirst(count.count)
            guard !count.isEmpty, after.first?.isWhitespace == true else {
                return complete(rest, kind: .favorites, favorites: favorites, quoted: false)
            }
            return complete(String(after.drop { $0.isWhitespace }), kind: .favorites, favorites: favorites, quoted: false)
        case .words(let words):
            return Completion(replacing: rest.count, options: matching(words, prefix: rest), appendsSpace: false)
        case .commands:
            return Completion(replacing: rest.count, options: matching(commandNames, prefix: rest), appendsSpace: false)
        case .subcommands(let subcommands, let otherwise):
            if let space = rest.firstIndex(where: \.isWhitespace) {
                let word = String(rest[..<space]).lowercased()
                guard let next = subcommands.first(where: { $0.word == word })?.then else {
                    return Completion(replacing: 0, options: [], appendsSpace: false)
                }
                let after = String(rest[space...].drop { $0.isWhitespace })
                // After "rename", the first of two names: quote names with spaces.
                return complete(after, kind: next, favorites: favorites, quoted: word == "rename")
            }
            let own = matching(subcommands.map(\.word), prefix: rest)
            let other = complete(rest, kind: otherwise, favorites: favorites, quoted: false).options
            return Completion(replacing: rest.count, options: own + other, appendsSpace: !own.isEmpty && other.isEmpty)
        }
    }

    static let commandNames = CommandTable.all.map(\.name)

    /// The words starting with `prefix`, ignoring case.
    static func matching(_ words: [String], prefix: String) -> [String] {
        let lower = prefix.lowercased()
        return words.filter { $0.lowercased().hasPrefix(lower) }
    }
}
