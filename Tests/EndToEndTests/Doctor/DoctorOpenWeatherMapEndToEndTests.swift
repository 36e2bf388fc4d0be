import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// `doctor` for a user with an OpenWeatherMap key who chose it as the provider. `show` asks it
/// twice — its current weather (`/data/2.5/weather`) and its forecast steps (`/data/2.5/forecast`)
/// — and doctor asked only the first: with the forecast failing (a 502 from its gateway) doctor
/// said "All is well." while `show` could not answer. It now asks both, each a light request with
/// the key (never shown), and a forecast that fails is a problem naming the commands it affects.
@Suite(.tags(.endToEnd))
struct DoctorOpenWeatherMapEndToEndTests {
    static let key = "owm-test-key-123"

    /// A home whose provider is OpenWeatherMap (the setting saved by a script's line).
    func home(_ server: FixtureServer) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let set = try runWX(
            stdin: "provider openweathermap\n", home: home, server: server,
            environment: ["OPENWEATHERMAP_API_KEY": Self.key])
        #expect(set.status == 0, "\(set.stderr)")
        return home
    }

    @Test func bothRequestsAreAskedWithTheKeyNeverShown() throws {
        let server = try FixtureServer()
        let home = try home(server)
        let before = try server.requests().count
        let run = try runWX(
            ["doctor"], home: home, server: server,
            environment: ["OPENWEATHERMAP_API_KEY": Self.key, "COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✓ OpenWeatherMap (provider): answered in"), "\(run.stdout)")
        #expect(run.stdout.contains("✓ OpenWeatherMap (provider, forecast): answered in"), "\(run.stdout)")
        #expect(run.stdout.contains("✓ OpenWeatherMap key: set, accepted"), "\(run.stdout)")
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key), "\(run.stdout)")
        let asked = try server.requests().dropFirst(before)
        let weather = asked.filter { $0.path == "/data/2.5/weather" }
        let forecast = asked.filter { $0.path == "/data/2.5/forecast" }
        #expect(weather.count == 1 && forecast.count == 1, "\(asked.map(\.path))")
        #expect(forecast.first?.query["appid"] == Self.key && forecast.first?.query["cnt"] == "1", "\(forecast)")
        // Open-Meteo's forecast API is still asked: `models`, `past` and `saved` ask it.
        #expect(run.stdout.contains("✓ Open-Meteo (forecast API): answered in"), "\(run.stdout)")
    }

    @Test func aForecastThatFailsIsAProblemWithWhatItAffects() throws {
        let server = try FixtureServer()
        let home = try home(server)
        try server.queue(
            FixtureServer.Answer(
                path: "/data/2.5/forecast", status: 502, file: "cases/om-502.html", contentType: "text/html"))
        let run = try runWX(
            ["doctor"], home: home, server: server,
            environment: ["OPENWEATHERMAP_API_KEY": Self.key, "COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let subject = "OpenWeatherMap (provider, forecast)"
        let index = try #require(lines.firstIndex { $0.hasPrefix("✗ \(subject): ") }, "\(run.stdout)")
        #expect(lines[index].contains("502"), "\(lines[index])")
        let affects = "  affects: " + RequestCost.commands(using: .openWeatherMap).joined(separator: ", ")
        #expect(lines.contains(affects), "\(affects)\n\(run.stdout)")
        #expect(RequestCost.commands(using: .openWeatherMap).contains("show"))
        #expect(lines.contains { $0.hasPrefix("✓ OpenWeatherMap (provider): answered in") }, "\(run.stdout)")
        #expect(lines.last == "1 thing is off: \(subject); exit status 1.", "\(run.stdout)")
        #expect(!run.stdout.contains(Self.key), "\(run.stdout)")
    }
}
