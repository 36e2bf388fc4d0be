import Foundation
import Testing
import WeatherTestSupport

/// What the last clean-clone run of stop 30 found in answers that carry less than asked: `show`
/// of an answer with no hours and no days' readings, and a multi-place answer for one place.
@Suite struct AnswerWithoutForecastTests {
    @Test("show of an answer without hours or days says so and names no view that says more of a forecast")
    func showWithoutForecastHasNoSeeAlso() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/v1/forecast", file: "open-meteo-forecast/enschede-gmt-no-variables-metadata-only.json"))
        let result = try runWX(["-c", "show 52.2,6.9"], home: TemporaryFolder(), server: server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("  no hourly or daily forecast in Open-Meteo’s answer\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("see also"))
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
