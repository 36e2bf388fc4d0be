import Foundation
import Testing
import WeatherTestSupport

/// How the binary reads what is typed: one lexer for `-c`, scripts, `;`, quotes and
/// apostrophes; unknown commands and prefixes.
@Suite(.serialized, .tags(.endToEnd)) struct CommandLineTests {
    static let now = "2025-07-27T03:10:00Z"

    /// An apostrophe inside a place is part of it, and the `;` after it still separates: three
    /// commands run, and the geocoder is asked for the place alone.
    @Test func apostropheInAPlaceThenMoreCommands() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/search", file: "nominatim/search-hamburg-elbphilharmonie-no-state.json"))
        let result = try runWX(["-c", "find St. John's; fav; favs"], home: home, server: server, now: Self.now)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                  1  Elbphilharmonie, Hamburg, Deutschland                 53.5413, 9.9842
                ★ Elbphilharmonie saved to favorites
                  ★ Elbphilharmonie        Hamburg, Deutschland            53.5413, 9.9842

                """)
        #expect(try server.requests().map(\.path) == ["/search"])
        #expect(try server.requests().first?.query["q"] == "St. John's")
        // The same line in a script does the same.
        try server.queue(.init(path: "/search", file: "nominatim/search-hamburg-elbphilharmonie-no-state.json"))
        let script = try runWX(stdin: "find St. John's; favs\n", home: TemporaryFolder(), server: server, now: Self.now)
        #expect(script.status == 0)
        #expect(try server.requests().last?.query["q"] == "St. John's")
    }

    @Test func unclosedQuoteIsAUsageErrorAndNothingRuns() throws {
        let server = try FixtureServer()
        let result = try runWX(["-c", "find \"Hamburg; favs"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: the quote \" before “Hamburg; favs” is not closed\n")
        #expect(try server.requests().isEmpty)
        let plain = try runWX(["-c", "find \"Hamburg"], home: TemporaryFolder())
        #expect(plain.status == 2)
        #expect(plain.stderr == "error: the quote \" before “Hamburg” is not closed\n")
    }

    @Test func unknownCommandSuggestsAndAPrefixRuns() throws {
        let home = TemporaryFolder()
        let typo = try runWX(["-c", "shwo"], home: home)
        #expect(typo.status == 2)
        #expect(typo.stdout == "")
        #expect(typo.stderr == "error: unknown command “shwo”; did you mean “show”?\n")
        let ambiguous = try runWX(["-c", "s"], home: home)
        #expect(ambiguous.status == 2)
        #expect(
            ambiguous.stderr
                == "error: “s” could be show, skill, spread (= confidence), save, saved or source; type more of it\n")
        let prefix = try runWX(["-c", "fo json; fo"], home: home)
        #expect(prefix.status == 0)
        #expect(
            prefix.stdout
                == "{\"type\":\"format\",\"schema_version\":1,\"format\":\"json\"}\n{\"type\":\"format\",\"schema_version\":1,\"format\":\"json\"}\n"
        )
    }

    /// Words from the command line keep their boundaries: a word with a quote or an apostrophe
    /// reaches the command as typed.
    @Test func commandWordsKeepQuotesAndApostrophes() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", file: "nominatim/search-hamburg-elbphilharmonie-no-state.json"))
        let result = try runWX(
            ["find", "O'Brien's \"Pub\";", "x"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try server.requests().first?.query["q"] == "O'Brien's \"Pub\"; x")
    }
}
