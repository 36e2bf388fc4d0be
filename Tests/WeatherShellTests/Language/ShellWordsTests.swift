import Testing
import WeatherTestSupport

@testable import WeatherShell

/// The one lexer: what each line reads as, command by command and word by word.
@Suite(.tags(.unit)) struct ShellWordsTests {
    @Test(arguments: [
        ("", [[String]]()),
        ("   ", []),
        ("find Hamburg", [["find", "Hamburg"]]),
        ("  find   Portland,  OR  ", [["find", "Portland,", "OR"]]),
        ("find Hamburg; show", [["find", "Hamburg"], ["show"]]),
        ("find Hamburg;show;;  ;", [["find", "Hamburg"], ["show"]]),
        // An apostrophe inside a word is a letter; `;` after it still separates.
        ("find St. John's; fav; favs", [["find", "St.", "John's"], ["fav"], ["favs"]]),
        ("find O'Brien's pub", [["find", "O'Brien's", "pub"]]),
        ("find Prime Minister’s Office", [["find", "Prime", "Minister’s", "Office"]]),
        // Quotes group where a word starts, and keep `;` and spaces.
        ("show \"New York\"", [["show", "New York"]]),
        ("show 'New York'", [["show", "New York"]]),
        ("find \"Rue A; Paris\"", [["find", "Rue A; Paris"]]),
        ("show \"\"", [["show", ""]]),
        ("fav rename \"New York\"NYC x", [["fav", "rename", "New YorkNYC", "x"]]),
        ("show \"Tom's\"", [["show", "Tom's"]]),
        ("show 'say \"hi\"'", [["show", "say \"hi\""]]),
        // A double quote inside a word is a letter too.
        ("show a\"b", [["show", "a\"b"]]),
        // Backslashes escape outside single quotes; inside double quotes too.
        ("fav rename Old\\ Town New", [["fav", "rename", "Old Town", "New"]]),
        ("find a\\;b", [["find", "a;b"]]),
        ("show \"a \\\"b\\\" \\\\ c\"", [["show", "a \"b\" \\ c"]]),
        ("show 'a\\b'", [["show", "a\\b"]]),
        ("show \\'x", [["show", "'x"]]),
        ("show x\\", [["show", "x\\"]]),
        // `#` starting a command makes the rest of the line a comment, apostrophes and all.
        ("# don't; show", []),
        ("show; # it's a comment; favs", [["show"]]),
        ("show #1", [["show", "#1"]]),
        ("!12", [["!12"]]),
    ])
    func lexes(line: String, expected: [[String]]) throws {
        #expect(try ShellWords.commands(line).map { $0.words.map(\.text) } == expected)
    }

    @Test func commandTextsAreAsTyped() throws {
        #expect(
            try ShellWords.commands("  find  \"St. John's\" ;fav  ").map(\.text) == ["find  \"St. John's\"", "fav"])
    }

    @Test(arguments: [
        ("find \"Hamburg", "the quote \" before “Hamburg” is not closed"),
        // A new user's `find "`: nothing after the quote to name.
        ("find \"", "the quote \" at the end of the line is not closed"),
        ("find 'Hamburg; show", "the quote ' before “Hamburg; show” is not closed"),
        ("fav rename \"a b", "the quote \" before “a b” is not closed"),
        ("show \"a\\\"", "the quote \" before “a\\\"” is not closed"),
    ])
    func unclosedQuotesAreErrors(line: String, message: String) {
        #expect(throws: ShellError.usage(message)) { try ShellWords.commands(line) }
    }

    @Test func whileTypingAnUnclosedQuoteIsTheLastWord() {
        let lexed = ShellWords(lexing: "compare Hamburg \"New D")
        #expect(lexed.unclosed == ShellWords.Unclosed(quote: "\"", after: "New D"))
        #expect(lexed.commands.last?.words.last == ShellWords.Word(text: "New D", start: 16, end: 22))
        #expect(!lexed.endsBetweenWords)
        #expect(ShellWords(lexing: "show ").endsBetweenWords)
        #expect(ShellWords(lexing: "show; ").endsBetweenCommands)
        #expect(!ShellWords(lexing: "show ").endsBetweenCommands)
    }

    @Test func posixQuotingForWordsAShellTyped() {
        let bash = ShellWords(lexing: "'Tom'\\''s", quotesInsideWords: true)
        #expect(bash.commands.first?.words.map(\.text) == ["Tom's"])
        #expect(ShellWords(lexing: "'Tom'\\''s").commands.first?.words.map(\.text) == ["Tom''s"])
    }

    @Test(arguments: [
        ("Hamburg", "Hamburg"),
        ("New York", "\"New York\""),
        ("St. John's", "\"St. John's\""),
        ("O'Brien", "O'Brien"),
        ("'quoted'", "\\'quoted'"),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("a\\b", "a\\\\b"),
        ("a;b", "a\\;b"),
        ("#1", "\\#1"),
        ("", "\"\""),
    ])
    func quotedReadsBackAsTheSameWord(word: String, spelled: String) throws {
        #expect(ShellWords.quoted(word) == spelled)
        #expect(try ShellWords.commands("x " + spelled).first?.words.map(\.text) == ["x", word])
    }

    @Test(arguments: ["New York", "Tom's \"Bar\"", "a\\b c", "'x' y", "two  spaces", "a;b c", "#1 pub"])
    func quotedRestReadsBackAsTheSamePlace(place: String) throws {
        let line = "show " + ShellWords.quotedRest(place)
        #expect(try CommandParser.parse(line) == .show(place))
    }

    @Test func joinKeepsEachArgumentOneWord() throws {
        let arguments = ["fav", "rename", "New York", "Tom's \"Bar\""]
        #expect(ShellWords.join(arguments) == "fav rename \"New York\" \"Tom's \\\"Bar\\\"\"")
        #expect(try ShellWords.commands(ShellWords.join(arguments)).first?.words.map(\.text) == arguments)
        #expect(CommandParser.join(arguments: ["show", "Hamburg"]) == "show Hamburg")
    }
}

@Suite(.tags(.unit)) struct InvisibleWordEndsTests {
    /// A zero-width space pasted after a name was part of the word: “Hamburg\u{200B}” was
    /// looked up and not found. Such format characters go at a word's ends, stay inside it.
    @Test func formatCharactersAtWordEndsAreTrimmed() {
        let words = ShellWords(lexing: "find \u{FEFF}Hamburg\u{200B} \u{200C}Köln\u{200D}\u{2060} \u{200B}").commands
            .flatMap { $0.words.map(\.text) }
        #expect(words == ["find", "Hamburg", "Köln"])
        // A joiner inside an emoji sequence is part of it; a quoted empty word stays a word.
        #expect(
            ShellWords(lexing: "a 👩\u{200D}💻 \"\"").commands.flatMap { $0.words.map(\.text) } == [
                "a", "👩\u{200D}💻", "",
            ])
    }
}
