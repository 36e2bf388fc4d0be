import Foundation
import Testing
import WeatherTestSupport

/// Issue 23 end to end: one failing part of an answer never hides the parts that came.
@Suite(.tags(.endToEnd)) struct PathsEndToEndTests {
    static let key = ["OPENWEATHERMAP_API_KEY": "k3y-that-must-not-leak"]
    /// The Maceió recording's time (its current weather's `dt`).
    static let now = "2021-01-08T16:46:22Z"

    /// The loopback server answers OpenWeatherMap's current weather with a 502 page every time
    /// (three attempts), the 5-day forecast with its recording.
    func run(_ arguments: [String]) throws -> WXResult {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/data/2.5/weather", status: 502, file: "cases/om-502.html", contentType: "text/html", times: 3))
        return try runWX(
            arguments + ["-c", "provider openweathermap; show -9.6658,-35.7353"], home: TemporaryFolder(),
            server: server, now: Self.now, environment: Self.key)
    }

    /// Item 4, the other direction: the current-weather request fails, the forecast that came
    /// is shown, and one line on stderr says what did not come; the exit status is 0, as when
    /// the forecast steps fail alone.
    @Test func showKeepsTheForecastWhenTheCurrentWeatherFails() throws {
        let result = try run([])
        #expect(result.status == 0, "\(result.stderr)")
        let notes = result.stderr.split(separator: "\n")
        #expect(notes.count == 1, "\(result.stderr)")
        // What is shown first, then what did not come and why, after a dash (trial 9: the
        // reason in parentheses nested its own).
        #expect(
            notes.first?.hasPrefix("warning: forecast only: OpenWeatherMap’s current conditions did not come — ")
                == true,
            "\(result.stderr)")
        #expect(
            result.stdout.contains("3-hour steps from OpenWeatherMap; days are built from them"), "\(result.stdout)")
        #expect(result.stdout.contains("today 26.5 … 29.8 °C (part of the day)"), "\(result.stdout)")
        #expect(!result.stdout.contains("did not come") && !result.stdout.contains("no current conditions"))
        let json = try run(["--json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""current":null"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""missing_parts":[{"part":"current_conditions","#), "\(json.stdout)")
    }
}
