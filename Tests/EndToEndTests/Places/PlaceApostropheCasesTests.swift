import Foundation
import Testing
import WeatherTestSupport

/// T2-10 of shared/cases/README.md: `wx -c "find St. John's; fav; favs"` runs three commands and
/// the apostrophe is part of the place — in the query sent, the name listed and the favorite
/// kept. The same with the typographic apostrophe and with the line piped to stdin.
@Suite(.tags(.endToEnd))
struct PlaceApostropheCasesTests {
    static let listed = "  1  St. John's, Newfoundland and Labrador, Canada         47.5615, -52.7126\n"

    func run(_ arguments: [String], stdin: String = "") throws -> (WXResult, [FixtureServer.Request]) {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", file: "cases/nominatim-st-johns.json", times: 1))
        let result = try runWX(arguments, stdin: stdin, home: TemporaryFolder(), server: server)
        return (result, try server.requests())
    }

    @Test("T2-10: find St. John's; fav; favs — three commands, the apostrophe part of the place")
    func apostropheInAPlaceName() throws {
        let (run, requests) = try run(["-c", "find St. John's; fav; favs"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(requests.filter { $0.path == "/search" }.count == 1)
        #expect(requests.first { $0.path == "/search" }?.raw_query.hasPrefix("q=St.%20John%27s&") == true)
        #expect(
            run.stdout
                == Self.listed + "★ St. John's saved to favorites\n"
                + "  ★ St. John's             Newfoundland and Labrador, Canada  47.5615, -52.7126\n",
            "\(run.stdout)")
    }

    @Test("T2-10: the typographic apostrophe is sent as UTF-8 and the line piped to stdin runs the same")
    func typographicApostropheAndStdin() throws {
        let (typographic, requests) = try run(["-c", "find St. John’s"])
        #expect(typographic.status == 0, "\(typographic.stderr)")
        #expect(requests.first { $0.path == "/search" }?.raw_query.hasPrefix("q=St.%20John%E2%80%99s&") == true)
        #expect(typographic.stdout == Self.listed)
        let (piped, _) = try run([], stdin: "find St. John's; fav; favs\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("★ St. John's saved to favorites\n"), "\(piped.stdout)")
        #expect(piped.stdout.contains("  ★ St. John's "), "\(piped.stdout)")
    }
}
