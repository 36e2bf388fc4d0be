import Foundation
import Testing
import WeatherTestSupport

/// A forecast answer with values no weather has — −500 °C in an hour, a negative hour of rain,
/// 1e308 °C now, a day's gusts of 1e308 km/h — is refused whole by `show`, `hourly`, `rain` and
/// `brief` with one line naming the service and the field, and nothing of it is cached: the next
/// command asks again, and shows the recording once the service sends it. The bodies are
/// Fixtures/hostile/forecast-berlin-*.json (written by Fixtures/hostile/generate.py from the
/// Berlin recording), queued on the loopback server.
@Suite(.tags(.endToEnd)) struct HostileForecastEndToEndTests {
    static let now = "2025-07-27T03:10:00Z"
    static let berlin = "52.52,13.41"

    /// `command` on the queued `file`, twice, then on the recording.
    func refusedTwiceThenShown(_ command: String, file: String, field: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/v1/forecast", file: "hostile/" + file, times: 2))
        for _ in 0..<2 {
            let run = try runWX([command, Self.berlin], home: home, server: server, now: Self.now)
            #expect(run.status == 1, "\(command): \(run.status) \(run.stdout)")
            #expect(run.stdout == "", "\(command): \(run.stdout)")
            #expect(
                run.stderr.hasPrefix("error: Open-Meteo sent an answer wx cannot read (\(field) holds "),
                "\(run.stderr)")
            #expect(run.stderr.hasSuffix("; try again later\n") && run.stderr.split(separator: "\n").count == 1)
        }
        // Both asked the service: the refused answer was not cached.
        #expect(try server.requests().filter { $0.path == "/v1/forecast" }.count == 2)
        let good = try runWX([command, Self.berlin], home: home, server: server, now: Self.now)
        #expect(good.status == 0, "\(command): \(good.stderr)")
        #expect(try server.requests().filter { $0.path == "/v1/forecast" }.count == 3)
    }

    @Test func showRefusesACurrentTemperatureOf1e308() throws {
        try refusedTwiceThenShown(
            "show", file: "forecast-berlin-now-1e308-c-hand-written.json", field: "current.temperature_2m")
    }

    @Test func hourlyRefusesAnHourOfMinus500Degrees() throws {
        try refusedTwiceThenShown(
            "hourly", file: "forecast-berlin-hour-minus-500-c-hand-written.json", field: "hourly.temperature_2m")
    }

    @Test func rainRefusesANegativeHourOfRain() throws {
        try refusedTwiceThenShown(
            "rain", file: "forecast-berlin-negative-rain-hand-written.json", field: "hourly.precipitation")
    }

    @Test func briefRefusesGustsOf1e308() throws {
        try refusedTwiceThenShown(
            "brief", file: "forecast-berlin-gusts-1e308-hand-written.json", field: "daily.wind_gusts_10m_max")
    }

    /// The exact line for one of them: the value as the service wrote it, with a real minus
    /// sign, and the range.
    @Test func theLineNamesTheValueAndTheRange() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: "hostile/forecast-berlin-negative-rain-hand-written.json"))
        let run = try runWX(["rain", Self.berlin], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(
            run.stderr
                == "error: Open-Meteo sent an answer wx cannot read (hourly.precipitation holds −2.5 mm, which no precipitation is: 0 to 2000 mm); try again later\n"
        )
    }
}
