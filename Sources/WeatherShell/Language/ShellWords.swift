import WXBasics
import WeatherKit

/// The one lexer for what people type: the runner's `;` splitting, the parser, Tab completion
/// (at the prompt and for bash, zsh and fish), `!N`, `replay` and the start-up file all read
/// lines through it, so a line means the same thing wherever it is read.
///
/// The rules, close to a POSIX shell's:
/// - whitespace separates words; `;` outside quotes separates commands;
/// - `"…"` and `'…'` group words, but only where a word starts (or resumes after a closing
///   quote): an apostrophe inside a word is a letter (`St. John's`, `O'Brien`);
/// - a backslash takes the next character as it is, outside single quotes;
/// - `#` starting the first word of a command makes the rest of the line a comment;
/// - an unclosed quote is an error when running, and the word being typed when completing.
package struct ShellWords: Hashable, Sendable {
    /// One word: its text with quoting removed, and where it was typed (in characters).
    package struct Word: Hashable, Sendable {
        package var text: String
        /// The offset of the word's first character in the line, its opening quote included.
        package var start: Int
        /// The offset just past the word's last character.
        package var end: Int
    }

    /// The words of one command, and its text as typed (for the history).
    package struct Command: Hashable, Sendable {
        package var words: [Word]
        package var text: String

        /// Word `index` as it was typed, its quotes and backslashes kept; nil past the last.
        package func typed(_ index: Int) -> String? {
            guard words.indices.contains(index), let first = words.first else { return nil }
            let characters = Array(text)
            let start = words[index].start - first.start
            let end = min(words[index].end - first.start, characters.count)
            guard start >= 0, start <= end else { return nil }
            var typed = ""
            for character in characters[start..<end] { typed.append(character) }
            return typed
        }
    }

    /// Each command on the line, in order; commands with no words are left out.
    package var commands: [Command]
    /// The quote that was opened and not closed, with what followed it; nil when all closed.
    package var unclosed: Unclosed?
    /// Whether the line ends between words (after whitespace or `;`): a new word starts there.
    package var endsBetweenWords: Bool
    /// Whether the line ends where a new command starts (empty, or after a `;`).
    package var endsBetweenCommands: Bool

    /// A quote opened and not closed: which, and the text after it.
    package struct Unclosed: Hashable, Sendable {
        package var quote: Character
        package var after: String
    }

    /// Reads a line, tolerating an unclosed quote (it runs to the end, as while typing).
    ///
    /// - Parameter quotesInsideWords: whether a quote opens inside a word too, as in a POSIX
    ///   shell: only for words a shell such as bash has quoted (`'Tom'\''s`), never for what is
    ///   typed to wx, where `St. John's` is a place.
    package init(lexing line: String, quotesInsideWords: Bool = false) {
        commands = []
        unclosed = nil
        endsBetweenWords = true
        endsBetweenCommands = true
        var words: [Word] = []
        var commandStart: Int?
        var commandEnd = 0
        var current = ""
        var wordStart: Int?
        var quote: (character: Character, offset: Int)?
        var escaped = false
        // A quote opens only where a word starts or resumes after a closing quote.
        var quoteMayOpen = true
        let characters = Array(line)
        // Appending Characters one by one: `String(characters[range])` goes through the generic
        // `String.init<S: Sequence>`, whose conformance lookup at run time cost ~5 % of start-up.
        func text(_ range: some RangeExpression<Int>) -> String {
            var text = ""
            for character in characters[range] { text.append(character) }
            return text
        }
        func finishWord(at offset: Int) {
            guard let start = wordStart else { return }
            // Invisible format characters pasted at a word's ends ("Hamburg\u{200B}") are not
            // part of it; a word of nothing else is no word.
            let bare = Self.withoutInvisibleEnds(current)
            guard bare.isEmpty == current.isEmpty else {
                current = ""
                wordStart = nil
                return
            }
            current = bare
            words.append(Word(text: current, start: start, end: offset))
            commandEnd = offset
            current = ""
            wordStart = nil
        }
        func finishCommand() {
            if let start = commandStart, !words.isEmpty {
                commands.append(Command(words: words, text: text(start..<commandEnd)))
            }
            words = []
            commandStart = nil
        }
        var offset = 0
        scan: while offset < characters.count {
            let character = characters[offset]
            defer { offset += 1 }
            if escaped {
                current.append(character)
                escaped = false
                quoteMayOpen = false
                continue
            }
            if let open = quote {
                if character == open.character {
                    quote = nil
                    quoteMayOpen = true
                } else if character == "\\" && open.character == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            if character.isWhitespace {
                finishWord(at: offset)
                quoteMayOpen = true
                continue
            }
            if character == ";" {
                finishWord(at: offset)
                finishCommand()
                endsBetweenCommands = true
                quoteMayOpen = true
                continue
            }
            if wordStart == nil {
                wordStart = offset
                endsBetweenCommands = false
                if commandStart == nil {
                    if character == "#" {
                        offset = characters.count
                        wordStart = nil
                        break scan
                    }
                    commandStart = offset
                }
            }
            if character == "\\" {
                escaped = true
            } else if (quoteMayOpen || quotesInsideWords) && (character == "\"" || character == "'") {
                quote = (character, offset)
            } else {
                current.append(character)
                quoteMayOpen = false
            }
        }
        if escaped { current.append("\\") }  // a backslash at the end stands for itself
        if let open = quote {
            unclosed = Unclosed(quote: open.character, after: text((open.offset + 1)...))
        }
        endsBetweenWords = wordStart == nil
        finishWord(at: characters.count)
        finishCommand()
    }

    /// Default-ignorable format characters that a copy from a web page or a chat leaves at a
    /// word's ends: zero-width space, non-joiner and joiner, word joiner, the byte-order mark
    /// (zero-width no-break space), soft hyphen.
    static let invisible: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD]

    /// `word` without `invisible` characters at its start and end (those inside stay: a
    /// joiner inside an emoji sequence is part of it).
    static func withoutInvisibleEnds(_ word: String) -> String {
        let scalars = word.unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
            invisible.contains(first.value) || invisible.contains(last.value)
        else { return word }
        var view = Substring(word).unicodeScalars
        while let scalar = view.first, invisible.contains(scalar.value) { view.removeFirst() }
        while let scalar = view.last, invisible.contains(scalar.value) { view.removeLast() }
        return String(view)
    }

    /// The commands on `line`, each as its words and its text.
    ///
    /// - Throws: `ShellError.usage` naming a quote that is not closed.
    package static func commands(_ line: String) throws(ShellError) -> [Command] {
        let lexed = ShellWords(lexing: line)
        if let unclosed = lexed.unclosed { throw unclosedQuote(unclosed.quote, after: unclosed.after) }
        return lexed.commands
    }

    /// The words of `text`, with `;` a separator like whitespace (one command's arguments).
    ///
    /// - Throws: `ShellError.usage` naming a quote that is not closed.
    package static func words(_ text: String) throws(ShellError) -> [String] {
        try commands(text).flatMap { $0.words.map(\.text) }
    }

    /// The error for a quote opened and never closed: which quote, and where it was opened.
    static func unclosedQuote(_ quote: Character, after text: String) -> ShellError {
        let shown = TerminalText.sanitized(String(text.prefix(40)))
        // A quote at the end of the line has nothing after it to name (`find "`).
        guard !shown.trimmed.isEmpty else { return .usage("the quote \(quote) at the end of the line is not closed") }
        return .usage("the quote \(quote) before “\(shown)” is not closed")
    }

    /// `word` spelled so that it reads back as exactly that one word: as it is when nothing in
    /// it is special, else in double quotes (a name with spaces) or with backslashes. A `|` is
    /// escaped too: the prompt refuses an unquoted one as a shell's pipe, and a word the shell
    /// already quoted (`wx line --format "%t|%h"`, trial 58) is one word, never a pipe.
    package static func quoted(_ word: String) -> String {
        if word.isEmpty { return "\"\"" }
        if readsBackAsIs(word, spaces: false) { return word }
        if word.contains(where: \.isWhitespace) {
            var out = "\""
            for character in word {
                if character == "\"" || character == "\\" { out.append("\\") }
                out.append(character)
            }
            return out + "\""
        }
        var out = ""
        for (index, character) in word.enumerated() {
            let special =
                character == "\"" || character == "\\" || character == ";" || character == "|"
                || (index == 0 && (character == "'" || character == "#"))
            if special { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A place spelled so that it reads back as that place, where a place is the rest of the
    /// line (`show New York`): word by word, unless its spacing would be lost.
    package static func quotedRest(_ text: String) -> String {
        if readsBackAsIs(text, spaces: true) { return text }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) else { return quoted(text) }
        return parts.map(quoted).joined(separator: " ")
    }

    /// Whether `text` needs no quoting, from its bytes alone (most names: tab completion spells
    /// every favorite that fits, 14,000 of 100,000 after `show Ham` in make bench): printable
    /// ASCII with none of `"` `\` `;` `|`, no word starting with `'` or `#`, and — when `spaces` —
    /// words apart by one space, none before or after. Anything else takes the full rules.
    static func readsBackAsIs(_ text: String, spaces: Bool) -> Bool {
        let space = UInt8(ascii: " ")
        var previous = space
        for byte in text.utf8 {
            switch byte {
            case space:
                guard spaces, previous != space else { return false }
            case UInt8(ascii: "'"), UInt8(ascii: "#"):
                guard previous != space else { return false }
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: "|"):
                return false
            case 0x21...0x7E:
                break
            default:
                return false
            }
            previous = byte
        }
        return previous != space
    }

    /// Words back into one command line that reads as the same words (`wx fav rename
    /// "New York" NYC` keeps "New York" one word).
    package static func join(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}

extension ShellWords {
    /// The command's words, with `help \o`'s backslash given back: the lexer takes it as an
    /// escape, so help was asked about “o” and said “unknown command” (trial 6).
    package static func keepingMetaBackslash(_ typed: ShellWords.Command) -> [String] {
        var words = typed.words.map(\.text)
        guard words.count == 2, (try? CommandParser.command(named: words[0])) == .help,
            typed.typed(1)?.hasPrefix("\\") == true, !words[1].hasPrefix("\\")
        else { return words }
        words[1] = "\\" + words[1]
        return words
    }
}
