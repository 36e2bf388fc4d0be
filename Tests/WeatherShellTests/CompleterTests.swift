import Testing

@testable import WeatherShell

@Suite struct CompleterTests {
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
        #expect(Completer.complete("fav r", favorites: favorites).options == ["rename", "rm"])
        #expect(Completer.complete("fav rm Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("fav rename New", favorites: favorites).options == ["\"New York\"", "\"New Delhi\""])
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
        #expect(Completer.complete("compare \"New D", favorites: favorites).insertion(typed: "\"New D") == "\"New Delhi\" ")
        #expect(Completer.complete("compare Pa", favorites: favorites).insertion(typed: "Pa") == "Paris ")
        #expect(Completer.complete("compare Paris \"New York\" ", favorites: favorites).options == ["Hamburg", "\"New Delhi\""])
    }
}

/// The candidates `wx --complete` gives the bash, zsh and fish scripts.
@Suite struct ShellCompletionTests {
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
        (["fav", "r"], ["rename", "rm"]),
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

    @Test func homeFromTheWords() {
        #expect(ShellCompletion.home(in: ["--home", "/tmp/h", "show", "Ha"]) == "/tmp/h")
        #expect(ShellCompletion.home(in: ["--home=~/w", "show", ""]) == "~/w")
        #expect(ShellCompletion.home(in: ["--home", "/tmp/h"]) == nil)  // still being typed
    }
}
