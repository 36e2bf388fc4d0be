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
