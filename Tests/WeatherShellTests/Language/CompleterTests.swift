import Testing
import WeatherTestSupport

@testable import WeatherShell

@Suite(.tags(.unit)) struct CompleterTests {
    /// Names that need quoting or escaping at the prompt: what Tab inserts reads back, through
    /// the same lexer that runs the line, as the favorite's name.
    static let awkward = [
        "Tom's \"Bar\"", "C:\\Temp", "'Quoted'", "St. John's", "a;b", "#1 Pub", "O'Brien", "say \"hi\" now",
    ]

    @Test(arguments: awkward)
    func insertedNamesReadBackAsTheName(name: String) throws {
        for command in ["show", "fav rm", "hourly 3", "compare Elsewhere", "fav rename"] {
            let line = "\(command) \(name.prefix(1))"
            let completion = Completer.complete(line, favorites: [name])
            let insertion = try #require(completion.insertion(typed: String(line.suffix(completion.replacing))))
            let typed = String(line.dropLast(completion.replacing)) + insertion
            let words = try #require(try ShellWords.commands(typed).first?.words.map(\.text))
            let prefix = command.split(separator: " ").count
            if command.hasPrefix("compare") || command == "fav rename" {
                #expect(words.last == name, "\(typed)")
            } else {
                #expect(words.dropFirst(prefix).joined(separator: " ") == name, "\(typed)")
            }
        }
    }

    @Test func pastCompletesYesterdayThenFavorites() {
        #expect(Completer.complete("past y", favorites: ["Home"]).options == ["yesterday"])
        #expect(Completer.complete("past 2024-07-14 H", favorites: ["Home", "Work"]).options == ["Home"])
        #expect(Completer.complete("past -3 W", favorites: ["Home", "Work"]).options == ["Work"])
        #expect(Completer.complete("normal H", favorites: ["Home"]).options == ["Home"])
    }

    @Test func escapedSpellings() {
        #expect(Completer.complete("show T", favorites: ["Tom's \"Bar\""]).options == ["Tom's \\\"Bar\\\""])
        #expect(Completer.complete("compare T", favorites: ["Tom's \"Bar\""]).options == ["\"Tom's \\\"Bar\\\"\""])
        #expect(Completer.complete("show C", favorites: ["C:\\Temp"]).options == ["C:\\\\Temp"])
        #expect(Completer.complete("show St", favorites: ["St. John's"]).options == ["St. John's"])
        // The common part stops before half an escape.
        let escapes = Completer.complete("show a", favorites: ["a\\b", "a;b"])
        #expect(escapes.options == ["a\\\\b", "a\\;b"])
        #expect(escapes.insertion(typed: "a") == nil)
        // Typed in quotes, an apostrophe inside, or the place spread over words: all complete.
        #expect(Completer.complete("show \"St. J", favorites: ["St. John's"]).options == ["St. John's"])
        #expect(Completer.complete("show \"St. J", favorites: ["St. John's"]).replacing == 6)
        #expect(Completer.complete("find x; show St. Jo", favorites: ["St. John's"]).replacing == 6)
    }

    let favorites = ["Hamburg", "New York", "New Delhi", "Paris"]

    @Test func commandNames() {
        let completion = Completer.complete("sh", favorites: favorites)
        #expect(completion.options == ["show"])
        #expect(completion.insertion(typed: "sh") == "show ")
        #expect(Completer.complete("fa", favorites: favorites).options == ["fav", "favs"])
        #expect(Completer.complete("fa", favorites: favorites).insertion(typed: "fa") == "fav")
    }

    @Test func favoriteNamesWithSpaces() {
        let completion = Completer.complete("show New Y", favorites: favorites)
        #expect(completion.options == ["New York"])
        #expect(completion.replacing == 5)
        #expect(completion.insertion(typed: "New Y") == "New York")
        let both = Completer.complete("show ne", favorites: favorites)
        #expect(both.options == ["New York", "New Delhi"])
        #expect(both.insertion(typed: "ne") == "New ")
        #expect(Completer.complete("show ham", favorites: favorites).insertion(typed: "ham") == "Hamburg")
    }

    @Test func subcommandsThenNames() {
        // Subcommands with the other words they answer to.
        #expect(Completer.complete("fav r", favorites: favorites).options == ["rename", "rm", "remove"])
        #expect(
            Completer.complete("fav ", favorites: favorites).options == ["add", "rename", "mv", "rm", "remove", "del"])
        #expect(Completer.complete("fav del Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("fav mv New", favorites: favorites).options == ["\"New York\"", "\"New Delhi\""])
        #expect(Completer.complete("saved r", favorites: favorites).options == ["rm", "remove"])
        #expect(Completer.complete("saved v", favorites: favorites).options == ["verify"])
        #expect(Completer.complete("saved verify Pa", favorites: favorites).options == ["Paris"])
        // A prefix of one command completes after it as the command would.
        #expect(Completer.complete("sh Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("fav rm Pa", favorites: favorites).options == ["Paris"])
        #expect(
            Completer.complete("fav rename New", favorites: favorites).options == ["\"New York\"", "\"New Delhi\""])
        #expect(Completer.complete("units i", favorites: favorites).options == ["imperial"])
        #expect(Completer.complete("help sa", favorites: favorites).options == ["save", "saved"])
        #expect(Completer.complete("find Hamburg; sh", favorites: favorites).options == ["show"])
        #expect(Completer.complete("save ", favorites: favorites).options.isEmpty)
        #expect(Completer.complete("bogus x", favorites: favorites).options.isEmpty)
        // A count first, then the name (hourly, daily); a name starting with digits still completes.
        #expect(Completer.complete("hourly 12 Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("hourly 12 Pa", favorites: favorites).replacing == 2)
        #expect(Completer.complete("daily Ne", favorites: favorites).options == ["New York", "New Delhi"])
        #expect(Completer.complete("rain Pa", favorites: favorites).options == ["Paris"])
        // compare takes several names: the last word completes, quoted when it has spaces.
        let compare = Completer.complete("compare Hamburg New", favorites: favorites)
        #expect(compare.options == ["\"New York\"", "\"New Delhi\""])
        #expect(compare.replacing == 3)
        #expect(compare.insertion(typed: "New") == "\"New ")
        #expect(Completer.complete("compare \"New York\" \"New D", favorites: favorites).options == ["\"New Delhi\""])
        #expect(
            Completer.complete("compare \"New D", favorites: favorites).insertion(typed: "\"New D") == "\"New Delhi\" ")
        #expect(Completer.complete("compare Pa", favorites: favorites).insertion(typed: "Pa") == "Paris ")
        #expect(
            Completer.complete("compare Paris \"New York\" ", favorites: favorites).options == [
                "Hamburg", "\"New Delhi\"",
            ])
    }
}

/// The candidates `wx --complete` gives the bash, zsh and fish scripts.
@Suite(.tags(.unit)) struct ShellCompletionTests {
    let favorites = ["Hamburg", "New York", "Elbe Concert Hall", "Tom's *Bar*"]

    @Test(arguments: [
        (["sh"], ["show"]),
        ([""], CommandTable.all.map(\.name)),
        (["show", "Ham"], ["Hamburg"]),
        // bash splits "New Y" into two words: only what replaces the last word comes back.
        (["show", "New", "Y"], ["York"]),
        // Quoting as typed is removed first.
        (["show", "Elbe\\ C"], ["Elbe Concert Hall"]),
        (["show", "\"Elbe C"], ["Elbe Concert Hall"]),
        (["show", "'Tom'\\''s"], ["Tom's *Bar*"]),
        (["--json", "--home", "/tmp/x", "show", "Ham"], ["Hamburg"]),
        (["--js"], ["--json"]),
        (["--"], ["--command", "--json", "--home", "--offline", "--units", "--no-rc", "--help", "--version"]),
        // A flag's value completes as the flag declares: --units its presets, --home nothing (the
        // shell's file names), -c a command; the words after a value are the command's.
        (["--units", ""], ["metric", "imperial"]),
        (["--units=i"], ["--units=imperial"]),
        (["--units", "=", "i"], ["imperial"]),
        (["--home", ""], []),
        (["-c", "sh"], ["show"]),
        (["--json", "--units", "imperial", "sho"], ["show"]),
        (["fav", "r"], ["rename", "rm", "remove"]),
        (["fav", "mv", "Elbe"], ["Elbe Concert Hall"]),
        (["show", "Tom\\'s", "*"], ["*Bar*"]),
        (["export", "s"], ["snapshots"]),
        (["hourly", "12", "N"], ["New York"]),
        (["bogus", "x"], []),
        // compare takes several names: each comes back bare (the shell quotes it), also after
        // a name with spaces and while the name typed so far has spaces.
        (["compare", "El"], ["Elbe Concert Hall"]),
        (["compare", "Elbe Concert Hall", "New"], ["New York"]),
        (["compare", "Hamburg", "\"Elbe Co"], ["Elbe Concert Hall"]),
    ])
    func candidates(words: [String], expected: [String]) {
        #expect(Set(ShellCompletion.candidates(words: words, favorites: favorites)) == Set(expected))
    }

    /// `wx --complete` reads state.plist only where a favorite's name may be offered: what it
    /// offers is the same as with the names at hand, after every command and the shapes of words
    /// that follow them; with no command (the bench's `wx show Pla`), a command's name, or a
    /// flag's value that is no favorite, the names are never asked for.
    @Test func favoritesAreReadOnlyWhereOneMayBeOffered() {
        var shapes: [[String]] = [
            ["wx", "show", "Pla"], ["sh"], [""], ["--units", "im"], ["--units=im"], ["-c", "sh"],
        ]
        let tails = [
            [""], ["E"], ["3", ""], ["-v", ""], ["-v", "H"], ["rm", ""], ["rename", "E"], ["2024-07-14", "N"],
            ["--format", ""], ["Hamburg", ""], ["Hamburg", "-"], ["favorites", ""],
        ]
        for command in CommandTable.all.map(\.name) {
            for tail in tails { shapes.append([command] + tail) }
        }
        var loaded = 0
        for words in shapes {
            var loads = 0
            let lazy = ShellCompletion.candidates(
                words: words,
                loadingFavorites: {
                    loads += 1
                    return CompletionNames(favorites)
                })
            #expect(lazy == ShellCompletion.candidates(words: words, favorites: favorites), "\(words)")
            #expect(loads <= 1, "\(words)")
            loaded += loads
        }
        #expect(loaded > 20)
        for words in [["wx", "show", "Pla"], ["sh"], ["--units", "im"], ["units", ""]] {
            _ = ShellCompletion.candidates(
                words: words,
                loadingFavorites: {
                    Issue.record("favorites read for \(words)")
                    return CompletionNames(favorites)
                })
        }
    }

    @Test func homeFromTheWords() {
        #expect(ShellCompletion.home(in: ["--home", "/tmp/h", "show", "Ha"]) == "/tmp/h")
        #expect(ShellCompletion.home(in: ["--home=~/w", "show", ""]) == "~/w")
        #expect(ShellCompletion.home(in: ["--home", "/tmp/h"]) == nil)  // still being typed
    }
}

/// Issue 40 item 5: Tab after a straight apostrophe found nothing for a favorite written with a
/// typographic one (`show O'Br` for `O’Brien’s Pub`), though the whole name typed so matched.
@Suite(.tags(.unit)) struct ApostropheCompletionTests {
    @Test(arguments: ["show O'Br", "show o'brien's", "fav rm O'B", "hourly 3 O'", "compare Oslo O'Bri"])
    func straightApostropheFindsTheTypographicOne(line: String) throws {
        let name = "O’Brien’s Pub"
        let completion = Completer.complete(line, favorites: [name, "Oslo", "Ottawa"])
        #expect(completion.options.count == 1, "\(completion.options)")
        let insertion = try #require(completion.insertion(typed: String(line.suffix(completion.replacing))))
        let typed = String(line.dropLast(completion.replacing)) + insertion
        let words = try #require(try ShellWords.commands(typed).first?.words.map(\.text))
        #expect(words.joined(separator: " ").hasSuffix(name), "\(typed)")
    }

    @Test func andTheOtherWayRound() {
        #expect(Completer.complete("show St. John’s", favorites: ["St. John's", "Stuttgart"]).options.count == 1)
        #expect(Completer.complete("show O'", favorites: ["O’Brien’s Pub", "O'Hare"]).options.count == 2)
    }
}

/// Issue 40 item 6: `\i` and `\o` (and `.read`, `.output`, `.once`) complete file names, as
/// `source` does.
@Suite(.tags(.unit)) struct MetaFileCompletionTests {
    @Test(arguments: ["\\i ", "\\o ", ".read ", ".output ", ".once ", "\\include ", "source "])
    func fileNamesAfterTheWord(word: String) {
        let line = word + "~/comm"
        var asked: [String] = []
        let completion = Completer.complete(line, favorites: ["commute"]) { typed in
            asked.append(typed)
            return ["~/commands.wx"]
        }
        #expect(asked == ["~/comm"])
        #expect(completion.options == ["~/commands.wx"])
        #expect(completion.replacing == "~/comm".count)
    }

    @Test func otherBackslashWordsCompleteNoFile() {
        #expect(Completer.complete("\\timing o", favorites: []) { _ in ["oops"] }.options.isEmpty)
    }
}
