import Foundation
import Testing
import WeatherTestSupport

/// A geocoder's 200 that wx cannot use — an error object, a JSON object where a list belongs,
/// places without coordinates — is not kept in the cache: the next `find` asks again (a new
/// user's finding: one bad Nominatim answer made "try again later" fail for 30 days). The
/// services' documented "no match" answers are kept, as their terms ask.
@Suite(.tags(.endToEnd))
struct UnreadableAnswerNotKeptEndToEndTests {
    /// How many requests went to `path`.
    static func count(_ server: FixtureServer, _ path: String) throws -> Int {
        try server.requests().filter { $0.path == path }.count
    }

    @Test(
        "a bad search answer is not kept: the next find asks Nominatim again and finds the place",
        arguments: [
            #"{"error":"x"}"#, #"{"latitude":48.85,"longitude":2.35}"#, #"[{"lat":"x"}]"#,
            #"{"error":"Unable to geocode"}"#,
        ])
    func aBadSearchAnswer(body: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/search", status: 200, body: body))
        _ = try runWX(["-c", "find Hamburg"], home: home, server: server)
        #expect(try Self.count(server, "/search") == 1)
        let again = try runWX(["-c", "find Hamburg"], home: home, server: server)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Elbphilharmonie"), "\(again.stdout)")
        #expect(again.stderr.isEmpty, "\(again.stderr)")
        #expect(try Self.count(server, "/search") == 2)
    }

    /// `[]` is Nominatim's own "no place": kept (its usage policy asks clients to cache), so
    /// the same search does not ask again.
    @Test func anEmptyListIsKept() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/search", status: 200, body: "[]"))
        let first = try runWX(["-c", "find Hamburg"], home: home, server: server)
        #expect(first.status == 1)
        let again = try runWX(["-c", "find Hamburg"], home: home, server: server)
        #expect(again.stderr == first.stderr)
        #expect(try Self.count(server, "/search") == 1)
    }

    /// A reverse lookup's error object other than its "Unable to geocode" is not kept; that one is.
    @Test func aReverseErrorObjectIsNotKeptButNoMatchIs() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/reverse", status: 200, body: #"{"error":"database unavailable"}"#))
        _ = try runWX(["-c", "find 48.8566,2.3522"], home: home, server: server)
        let again = try runWX(["-c", "find 48.8566,2.3522"], home: home, server: server)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.count(server, "/reverse") == 2)
        #expect(again.stdout.contains("Paris"), "\(again.stdout)")

        try server.queue(.init(path: "/reverse", status: 200, body: #"{"error":"Unable to geocode"}"#))
        _ = try runWX(["-c", "find 40.1,-30.2"], home: home, server: server)
        _ = try runWX(["-c", "find 40.1,-30.2"], home: home, server: server)
        #expect(try Self.count(server, "/reverse") == 3)
    }

    /// Open-Meteo's geocoder: its error object sent with a 200 is not kept either.
    @Test func anOpenMeteoGeocodingErrorObjectIsNotKept() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/v1/search", status: 200, body: #"{"error":true,"reason":"overloaded"}"#))
        let first = try runWX(["-c", "geocoder open-meteo; find Enschede"], home: home, server: server)
        #expect(first.stderr.contains("overloaded"), "\(first.stderr)")
        let again = try runWX(["-c", "find Enschede"], home: home, server: server)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Enschede"), "\(again.stdout)")
        #expect(try Self.count(server, "/v1/search") == 2)
    }

    /// A bad answer when an older answer is saved: the saved places are offered, as for a
    /// service that cannot be reached; and the bad answer does not replace them.
    @Test func aBadAnswerAfterTheSavedOneExpiredOffersTheSavedPlaces() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let saved = try runWX(["-c", "find Hamburg"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(saved.status == 0, "\(saved.stderr)")
        try server.queue(.init(path: "/search", status: 200, body: #"{"error":"x"}"#))
        // 31 days later: the saved answer is out of date.
        let stale = try runWX(["-c", "find Hamburg"], home: home, server: server, now: "2025-08-27T03:10:00Z")
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout.contains("Elbphilharmonie"), "\(stale.stdout)")
        let fresh = try runWX(["-c", "find Hamburg"], home: home, server: server, now: "2025-08-27T03:11:00Z")
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout.contains("Elbphilharmonie"), "\(fresh.stdout)")
        #expect(try Self.count(server, "/search") == 3)
    }
}
