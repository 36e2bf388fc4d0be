import FoundationEssentials
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Tab completion keeps the favorites' names prepared between presses (`CompletionNames`), so
/// what it offers must follow every change: one made in this session, and one another wx wrote.
@MainActor @Suite(.tags(.unit)) struct CompletionCacheTests {
    static func favorite(_ name: String) -> Favorite {
        Favorite(
            name: name, coordinate: Coordinate(latitude: 53.55, longitude: 9.99), displayName: name, countryCode: "de")
    }

    @Test func aFavoriteAddedInTheSessionIsOfferedAtTheNextPress() throws {
        let home = TemporaryFolder()
        let session = makeTestSession(home: home)
        try session.state.update { $0.favorites.append(Self.favorite("Hamburg")) }
        #expect(session.completion(for: "show Ha").options == ["Hamburg"])
        try session.state.update { $0.favorites.append(Self.favorite("Hannover")) }
        #expect(session.completion(for: "show Ha").options == ["Hamburg", "Hannover"])
        try session.state.update { $0.favorites.removeAll { $0.name == "Hamburg" } }
        #expect(session.completion(for: "show Ha").options == ["Hannover"])
    }

    @Test func aFavoriteAnotherWxSavedIsOfferedAtTheNextPress() throws {
        let home = TemporaryFolder()
        let session = makeTestSession(home: home)
        try session.state.update { $0.favorites.append(Self.favorite("Hamburg")) }
        #expect(session.completion(for: "show Ha").options == ["Hamburg"])
        let other = makeTestSession(home: home)
        try other.state.update { $0.favorites.append(Self.favorite("Hannover")) }
        #expect(session.completion(for: "show Ha").options == ["Hamburg", "Hannover"])
    }

    @Test func aPressWithNothingChangedReadsNothingAgain() throws {
        let home = TemporaryFolder()
        let session = makeTestSession(home: home)
        try session.state.update { $0.favorites.append(Self.favorite("Hamburg")) }
        let generation = session.state.generation
        _ = session.completion(for: "show Ha")
        _ = session.completion(for: "show Ha")
        #expect(session.state.generation == generation)
    }

    /// The byte-wise paths for ASCII names give what the character-wise rules give.
    @Test func asciiAndOtherNamesMatchAsCharacters() {
        let names = ["e\u{301}cole", "eel", "Éclair", "EEL Pie"]
        #expect(Completer.complete("show e", favorites: names).options == ["eel", "EEL Pie"])
        #expect(Completer.complete("show é", favorites: names).options == ["e\u{301}cole", "Éclair"])
        #expect(Completer.complete("show EE", favorites: names).insertion(typed: "EE") == "eel")
        let many = (0..<50).map { "Hamburg \($0)" } + ["hamburg-Nord"]
        #expect(Completer.complete("show ham", favorites: many).insertion(typed: "ham") == "Hamburg")
        #expect(Completer.complete("show ham", favorites: many).options.count == 51)
    }

    @Test func plainNamesAreSpelledAsTheyAre() {
        for name in ["Hamburg", "New York", "St.Pauli", "a'b", "x#y"] {
            #expect(ShellWords.quotedRest(name) == name)
        }
        #expect(ShellWords.quotedRest("New  York") == "\"New  York\"")
        #expect(ShellWords.quotedRest(" York") == "\" York\"")
        #expect(ShellWords.quotedRest("'Quoted'") == "\\'Quoted'")
        #expect(ShellWords.quoted("#1") == "\\#1")
        #expect(ShellWords.quoted("a;b") == "a\\;b")
        #expect(ShellWords.quoted("New York") == "\"New York\"")
    }
}
