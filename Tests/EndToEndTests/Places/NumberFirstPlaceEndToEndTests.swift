import Foundation
import Testing
import WeatherTestSupport

/// A place whose first word is a number, through the built wx and the loopback server: addresses
/// start with numbers (`show 10 Downing Street`, a favorite "1906 Building"), so `normal`, `show`,
/// `rain`, `air`, `changed` and `brief` look such a place up as any other. Only when nothing is
/// found does the error add that the command takes no count (`normal 3 Berlin`).
@Suite(.tags(.endToEnd)) struct NumberFirstPlaceEndToEndTests {
    static let commands = ["normal", "show", "rain", "air", "changed", "brief"]

    /// The demo knows no "3 Berlin": its refusal names the command without the number, on one line,
    /// before any request.
    @Test func aCountBeforeAPlaceTheDemoDoesNotKnowIsSaidInItsRefusal() throws {
        let server = try FixtureServer(demo: demoManifestPath)
        for command in Self.commands {
            let run = try runWX(
                ["-c", "\(command) 3 Berlin"], home: TemporaryFolder(), server: server,
                environment: ["WX_DEMO": demoManifestPath])
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(
                run.stderr
                    == "error: the demo has no recording for 3 Berlin — \(command) takes no count: \(command) Berlin\n")
            #expect(run.stdout == "")
        }
        #expect(try server.requests().isEmpty)
    }

    /// Live, the geocoders are asked for "3 Berlin" and find nothing: the not-found error says it.
    @Test func aCountBeforeAPlaceNoGeocoderFindsIsSaidInTheNotFoundError() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["normal", "3", "Berlin"], home: TemporaryFolder(), server: server, now: "2025-07-27T09:20:00Z")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr == "error: no place found for “3 Berlin” — normal takes no count: normal Berlin\n")
        #expect(
            try server.requests().contains { $0.raw_query.contains("3+Berlin") || $0.raw_query.contains("3%20Berlin") })
    }

    /// `make demo`'s `show 10 Downing Street` (no recording of London) was said to be a count
    /// given to `show`, with “show Downing Street” suggested, which the demo has no more than
    /// the address: the hint comes only when the words after the number are a place.
    @Test func anAddressTheDemoDoesNotKnowIsNoCount() throws {
        let server = try FixtureServer(demo: demoManifestPath)
        let run = try runWX(
            ["-c", "show 10 Downing Street"], home: TemporaryFolder(), server: server,
            environment: ["WX_DEMO": demoManifestPath])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: the demo has no recording for 10 Downing Street"), "\(run.stderr)")
        #expect(!run.stderr.contains("takes no count"), "\(run.stderr)")
        #expect(try server.requests().isEmpty)
    }

    /// Live, neither “12 Nowhere” nor “Nowhere” is found: no place, and no count hinted at.
    @Test func aNumberBeforeNoPlaceIsNoCountEither() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "show 12 Nowhere"], home: TemporaryFolder(), server: server, now: "2025-07-27T09:20:00Z")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("no place found for “12 Nowhere”"), "\(run.stderr)")
        #expect(!run.stderr.contains("takes no count"), "\(run.stderr)")
    }

    /// `show 10 Downing Street` was refused as a count given to `show` (dbaa5a9): it is looked up
    /// and shown, unquoted.
    @Test func anAddressStartingWithANumberIsLookedUpAndShown() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "show 10 Downing Street"], home: TemporaryFolder(), server: server, now: "2025-07-27T09:20:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("takes no count"), "\(run.stderr)")
        // The first place Nominatim's recorded answer gives for it.
        #expect(
            run.stdout.hasPrefix("Prime Minister’s Office, Westminster, England, United Kingdom · "), "\(run.stdout)")
        #expect(try server.requests().contains { $0.path == "/search" && $0.raw_query.contains("Downing") })
    }

    /// A favorite whose name starts with a number, given unquoted to each command that takes no
    /// count, is that favorite (the demo's Berlin renamed "1906 Building").
    @Test func aFavoriteStartingWithANumberIsTheFavorite() throws {
        let (home, server) = try demoHomeWithBerlin()
        let renamed = try runDemoShell(#""$WX" -c 'fav rename Berlin "1906 Building"'"#, home: home, server: server)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        for command in ["show", "rain", "brief", "changed"] {
            let run = try runDemoShell(#""$WX" -c '\#(command) 1906 Building'"#, home: home, server: server)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(run.stdout.contains("1906 Building"), "\(command): \(run.stdout)")
        }
    }
}
