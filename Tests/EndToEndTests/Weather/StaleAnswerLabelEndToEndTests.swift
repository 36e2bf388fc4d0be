import Foundation
import Testing
import WeatherTestSupport

/// The line under a saved answer shown because a fresh one did not come, through the built wx
/// and the loopback server: one rule for every way the service failed — "offline:" only under
/// `--offline`, where nothing was asked; after a request that failed, "saved data from AGE ago"
/// with what happened (a fresh user's timed-out Open-Meteo read "offline: data from …").
@Suite(.tags(.endToEnd))
struct StaleAnswerLabelEndToEndTests {
    static let recorded = "2025-07-27T03:10:00Z"
    /// 2 h 14 min after `recorded`: the saved forecast is out of date. `show` tells the age of its
    /// conditions (03:00 UTC: 2 h 24 min) and when they were fetched (trial 62, `DataAge`), as
    /// Fixtures/open-meteo-forecast/stale_age_expected.py works them out; `compare`, with no one
    /// reading, the answer's.
    static let later = "2025-07-27T05:24:00Z"

    /// A home whose Hamburg forecast (the favorite Elbphilharmonie) was saved at `recorded`.
    static func savedHome(_ server: FixtureServer) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let saved = try runWX(["-c", "find Hamburg; fav; show"], home: home, server: server, now: Self.recorded)
        #expect(saved.status == 0, "\(saved.stderr)")
        return home
    }

    /// The note under the heading, its wrapped lines joined.
    static func note(_ stdout: String) -> String {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        var note: [String] = []
        for line in lines {
            guard line.hasPrefix("  "), !line.contains("°C") else { break }
            note.append(line.trimmingCharacters(in: .whitespaces))
        }
        return note.joined(separator: " ")
    }

    @Test(
        "each failure of the request says what happened, never “offline”",
        arguments: [
            (
                FixtureServer.Answer(path: "/v1/forecast", fault: "hang", seconds: 20, times: 3),
                "saved data from 2 h 24 min ago, fetched 2 h 14 min ago (Open-Meteo did not answer within 1 s; check your connection and try again)"
            ),
            (
                FixtureServer.Answer(path: "/v1/forecast", status: 429, file: "cases/om-error-429-daily.json"),
                "saved data from 2 h 24 min ago, fetched 2 h 14 min ago (Open-Meteo rate limit reached: Daily API request limit exceeded. Please try again tomorrow)"
            ),
            (
                FixtureServer.Answer(path: "/v1/forecast", status: 403, body: "forbidden", times: 3),
                "saved data from 2 h 24 min ago, fetched 2 h 14 min ago (Open-Meteo refused the request (HTTP 403); wait a while and try again)"
            ),
        ])
    func aFailedRequest(fault: FixtureServer.Answer, said: String) throws {
        let server = try FixtureServer()
        let home = try Self.savedHome(server)
        try server.queue(fault)
        let run = try runWX(
            ["-c", "show Elbphilharmonie"], home: home, server: server, now: Self.later,
            environment: ["WX_TIMEOUT": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland · Sun 07:24 CEST\n"), "\(run.stdout)")
        #expect(Self.note(run.stdout) == said, "\(run.stdout)")
    }

    /// An answer that cannot be used is a failed request like a 429 or a 502: the saved forecast
    /// is offered with the reason (a new user's finding: a 200 of garbage failed `show` with
    /// no fallback, while a 502 offered the same saved forecast).
    @Test(
        "an answer that cannot be used offers the saved forecast, with why",
        arguments: [
            (
                FixtureServer.Answer(path: "/v1/forecast", fault: "badutf8", times: 3),
                "saved data from 2 h 24 min ago, fetched 2 h 14 min ago (Open-Meteo sent an answer wx cannot read (not valid UTF-8 text); try again later)"
            ),
            (
                FixtureServer.Answer(path: "/v1/forecast", status: 200, body: "<html>hi</html>", times: 3),
                "saved data from 2 h 24 min ago, fetched 2 h 14 min ago (Open-Meteo sent an answer wx cannot read (a web page instead of data); try again later)"
            ),
            (
                FixtureServer.Answer(path: "/v1/forecast", status: 200, body: #"{"error":false}"#, times: 3),
                "saved data from 2 h 24 min ago, fetched 2 h 14 min ago (Open-Meteo sent an answer wx cannot read (no current conditions, hours or days in the answer); try again later)"
            ),
        ])
    func anAnswerThatCannotBeUsed(fault: FixtureServer.Answer, said: String) throws {
        let server = try FixtureServer()
        let home = try Self.savedHome(server)
        try server.queue(fault)
        let run = try runWX(["-c", "show Elbphilharmonie"], home: home, server: server, now: Self.later)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland · Sun 07:24 CEST\n"), "\(run.stdout)")
        #expect(Self.note(run.stdout) == said, "\(run.stdout)")
        // The unusable answer was not kept: the next `show` asks again and shows it fresh.
        try server.reset()
        let next = try runWX(["-c", "show Elbphilharmonie"], home: home, server: server, now: Self.later)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.note(next.stdout).isEmpty, "\(next.stdout)")
        #expect(try server.requests().filter { $0.path == "/v1/forecast" }.count == 1)
    }

    /// `compare` (one request for several favorites) offers their saved forecasts the same way.
    @Test func anAnswerThatCannotBeUsedInCompare() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let saved = try runWX(
            ["-c", "find Hamburg; fav; find 10 Downing Street; fav; compare"], home: home, server: server,
            now: Self.recorded)
        #expect(saved.status == 0, "\(saved.stderr)")
        try server.queue(.init(path: "/v1/forecast", status: 200, body: "<html>hi</html>", times: 3))
        let run = try runWX(["-c", "compare"], home: home, server: server, now: Self.later)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Elbphilharmonie      16.5"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "  saved data from 2 h 14 min ago (Open-Meteo sent an answer wx cannot read (a\n  web page instead of data); try again later)"
            ), "\(run.stdout)")
    }

    /// A service that cannot be reached was asked too: said so, not "offline".
    @Test func aServiceThatCannotBeReached() throws {
        let server = try FixtureServer()
        let home = try Self.savedHome(server)
        server.stop()
        let run = try runWX(["-c", "show Elbphilharmonie"], home: home, server: server, now: Self.later)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            Self.note(run.stdout).hasPrefix(
                "saved data from 2 h 24 min ago, fetched 2 h 14 min ago (cannot reach Open-Meteo at 127.0.0.1:"),
            "\(run.stdout)")
    }

    /// `--offline`: nothing was asked, and the note says offline, with no reason.
    @Test func theOfflineFlag() throws {
        let server = try FixtureServer()
        let home = try Self.savedHome(server)
        let before = try server.requests().count
        let run = try runWX(["--offline", "-c", "show Elbphilharmonie"], home: home, server: server, now: Self.later)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.note(run.stdout) == "offline: data from 2 h 24 min ago, fetched 2 h 14 min ago", "\(run.stdout)")
        #expect(try server.requests().count == before)
    }
}
