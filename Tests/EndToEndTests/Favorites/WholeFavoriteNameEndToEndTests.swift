import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, fault 1: a favorite is named by its whole name. `fav rm Paris` run twice removed
/// “Paris” and then “Paris office”; `fav rename Hamburg HH` renamed “Hamburg office”; `show
/// Hamburg` showed the favorite “Hamburg office” and never looked Hamburg up. A part of a name
/// names no favorite: a command that changes favorites says so (with what was maybe meant) and
/// changes nothing; `show` looks the text up as any place.
@Suite(.tags(.endToEnd)) struct WholeFavoriteNameEndToEndTests {
    /// A home whose favorites are Paris, Paris office and Hamburg office (imported).
    func home(server: FixtureServer) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let csv = home.url.appendingPathComponent("po.csv")
        try Data(
            "name,latitude,longitude\nParis,48.85,2.35\nParis office,48.87,2.33\nHamburg office,53.56,10.01\n".utf8
        ).write(to: csv)
        let imported = try runWX(["-c", "import favorites \(csv.path)"], home: home, server: server)
        #expect(imported.status == 0, "\(imported.stderr)")
        return home
    }

    @Test func aSecondRemovalOfANameRemovesNothing() throws {
        let server = try FixtureServer()
        let home = try home(server: server)
        let first = try runWX(stdin: "fav rm Paris\n", home: home, server: server)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "☆ Paris removed from favorites\n", "\(first.stdout)")
        let second = try runWX(stdin: "fav rm Paris\n", home: home, server: server)
        #expect(second.status == 1)
        #expect(second.stdout.isEmpty, "\(second.stdout)")
        #expect(second.stderr == "error: no favorite named “Paris” (did you mean “Paris office”?)\n")
        let renamed = try runWX(stdin: "fav rename Hamburg HH\nfav rename paris P\n", home: home, server: server)
        #expect(renamed.status == 1)
        #expect(
            renamed.stderr
                == "error: no favorite named “Hamburg” (did you mean “Hamburg office”?)\n"
                + "error: no favorite named “paris” (did you mean “Paris office”?)\n")
        let favs = try runWX(["-c", "favs"], home: home, server: server)
        #expect(favs.stdout.contains("★ Paris office "), "\(favs.stdout)")
        #expect(favs.stdout.contains("★ Hamburg office "), "\(favs.stdout)")
        // The whole name, in any case, still names it.
        let whole = try runWX(["-c", "fav rm PARIS OFFICE"], home: home, server: server)
        #expect(whole.stdout == "☆ Paris office removed from favorites\n", "\(whole.stderr)")
    }

    @Test func showOfAPartOfANameLooksThePlaceUp() throws {
        let server = try FixtureServer()
        let home = try home(server: server)
        try server.reset()
        let shown = try runWX(["-c", "show Hamburg"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(!shown.stdout.contains("Hamburg office"), "\(shown.stdout)")
        let asked = try server.requests()
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(asked.filter { $0.path == "/search" }.count == 1, "\(asked.map(\.path))")
        // `compare` takes favorites only: a part of a name is none, with what was meant.
        let compared = try runWX(["-c", "compare Hamburg"], home: home, server: server)
        #expect(compared.status == 1)
        #expect(compared.stderr == "error: no favorite named “Hamburg” (did you mean “Hamburg office”?)\n")
    }
}
