import Foundation
import Testing
import WeatherTestSupport

/// What the last clean-clone run of stop 30 found in answers that carry less than asked: `show`
/// of an answer with no hours and no days' readings, and a multi-place answer for one place.
@Suite(.tags(.endToEnd)) struct AnswerWithoutForecastTests {
    /// Trial 16: an answer with nothing in it (`{}`, metadata only, a current block whose time
    /// cannot be read) printed a heading and "no hourly or daily forecast" with exit 0, as if the
    /// forecast had come; it was kept in the cache too, so "try again" replayed it for 15 minutes.
    @Test(
        "show of an answer with no current conditions, hours or days fails as an unreadable answer, and is not kept",
        arguments: [
            FixtureServer.Answer(
                path: "/v1/forecast", file: "open-meteo-forecast/enschede-gmt-no-variables-metadata-only.json"),
            FixtureServer.Answer(path: "/v1/forecast", body: "{}", contentType: "application/json"),
            FixtureServer.Answer(path: "/v1/forecast", body: #"{"error":false}"#, contentType: "application/json"),
            FixtureServer.Answer(
                path: "/v1/forecast", body: #"{"current":{"time":"garbage"}}"#, contentType: "application/json"),
        ])
    func showWithoutForecastFails(_ answer: FixtureServer.Answer) throws {
        let server = try FixtureServer()
        try server.queue(answer)
        let home = TemporaryFolder()
        let result = try runWX(["-c", "show 52.2,6.9"], home: home, server: server)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "error: Open-Meteo sent an answer wx cannot read (no current conditions, hours or days in the answer); try again later\n"
        )
        func forecastRequests() throws -> Int { try server.requests().filter { $0.path == "/v1/forecast" }.count }
        let before = try forecastRequests()
        #expect(try runWX(["-c", "show 52.2,6.9"], home: home, server: server).status == 0)
        #expect(try forecastRequests() == before + 1, "the second show was answered from the cache")
    }

    @Test("a two-element answer for one place is named in words: 2 forecasts for 1 place")
    func countMismatchInWords() throws {
        let server = try FixtureServer()
        let one = String(decoding: TestPaths.fixture("cases/om-echoed-coordinates.json"), as: UTF8.self)
        try server.queue(.init(path: "/v1/forecast", body: "[\(one),\(one)]", contentType: "application/json"))
        let result = try runWX(["-c", "show 52.52,13.41"], home: TemporaryFolder(), server: server)
        #expect(result.status == 1)
        #expect(result.stderr.contains("2 forecasts for 1 place asked"), "\(result.stderr)")
        #expect(!result.stderr.contains("places asked"))
    }
}

/// `compare` asks for several favorites in one request: an answer that is no list of them
/// (`{}`, `[]`, a bare string) read as "1 forecast for 2 places asked" — a garbage answer named as
/// a miscount — where `show` of the same answer names what is wrong with it. It is the service's
/// failure for each of those places, said as `show` says it, with the saved forecast shown for a
/// place that has one.
@Suite(.tags(.endToEnd)) struct CompareUnusableAnswerEndToEndTests {
    static let recorded = "2025-07-27T03:10:00Z"
    /// 2 h 14 min after `recorded`: the saved forecast is out of date, so compare asks.
    static let later = "2025-07-27T05:24:00Z"

    /// What `show` says of `body` for one place: the reason `compare` must give for each.
    static func showsError(_ body: String) throws -> String {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", body: body, contentType: "application/json"))
        let run = try runWX(["-c", "show 52.2,6.9"], home: TemporaryFolder(), server: server)
        #expect(run.status == 1)
        return run.stderr
    }

    @Test(
        "a garbage answer for several places is the service's failure for each, as show says it",
        arguments: [
            ("{}", "no current conditions, hours or days in the answer"), ("[]", "no forecast in the answer"),
            (#""garbage""#, "expected a forecast object"),
            ("[{}]", "no current conditions, hours or days in the answer"),
        ])
    func garbageForSeveralPlaces(body: String, reason: String) throws {
        let said = "Open-Meteo sent an answer wx cannot read (\(reason)); try again later"
        #expect(try Self.showsError(body) == "error: \(said)\n")
        let server = try FixtureServer()
        // Hamburg's forecast saved (show), the Prime Minister's Office's not.
        let home = TemporaryFolder()
        let saved = try runWX(
            ["-c", "find Hamburg; fav; show; find 10 Downing Street; fav"], home: home, server: server,
            now: Self.recorded)
        #expect(saved.status == 0, "\(saved.stderr)")
        try server.queue(.init(path: "/v1/forecast", body: body, contentType: "application/json", times: 3))
        let run = try runWX(["-c", "compare"], home: home, server: server, now: Self.later)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\n  Elbphilharmonie      16.5  "), "\(run.stdout)")
        // The note under the table, its wrapped lines joined.
        let joined = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(joined.contains(" saved data from 2 h 14 min ago (\(said))\n"), "\(run.stdout)")
        #expect(run.stderr == "error: no weather for Prime Minister’s Office: \(said)\n")
        #expect(!(run.stdout + run.stderr).contains("places asked"))
        // Neither saved: the one failure, as show's.
        let bare = TemporaryFolder()
        _ = try runWX(["-c", "find Hamburg; fav; find 10 Downing Street; fav"], home: bare, server: server)
        try server.queue(.init(path: "/v1/forecast", body: body, contentType: "application/json", times: 3))
        let none = try runWX(["-c", "compare"], home: bare, server: server, now: Self.later)
        #expect(none.status == 1)
        #expect(none.stderr == "error: \(said)\n", "\(none.stderr)")
    }
}
