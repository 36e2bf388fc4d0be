import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `doctor` asks the geocoder that stands in when the chosen one cannot be used (`GeocoderChain`:
/// Open-Meteo's geocoding for Nominatim, Nominatim for Open-Meteo's), naming the commands it
/// affects from the command table: it asked only the chosen one, so "All is well." while a
/// blocked or rate-limited Nominatim would have left every place by name without an answer.
@Suite(.tags(.endToEnd))
struct DoctorFallbackGeocoderEndToEndTests {
    /// The commands a geocoder affects, as the command table declares them, and every command
    /// given a place by name.
    static func affects(_ service: Service) -> String {
        "  affects: "
            + (RequestCost.commands(using: service) + ["any command given a place by name"])
            .joined(separator: ", ")
    }

    /// Nominatim chosen (the default): Open-Meteo's geocoding, at a port nothing listens on, is a
    /// problem with what it affects; exit status 1.
    @Test func anUnreachableFallbackIsAProblemWithWhatItAffects() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["doctor"], home: TemporaryFolder(), server: server,
            environment: ["WX_OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:9", "COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let subject = "Open-Meteo geocoding (fallback geocoder)"
        let index = try #require(lines.firstIndex { $0.hasPrefix("✗ \(subject): cannot reach") }, "\(run.stdout)")
        #expect(lines.dropFirst(index + 1).first == Self.affects(.openMeteoGeocoding), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("✓ Nominatim (geocoder): answered in") }, "\(run.stdout)")
        #expect(lines.last == "1 thing is off: \(subject); exit status 1.", "\(run.stdout)")
    }

    /// Open-Meteo's geocoding chosen: Nominatim stands in, and is asked once (its status page);
    /// --json names what it affects.
    @Test func nominatimIsAskedWhenItStandsIn() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        #expect(try runWX(stdin: "geocoder open-meteo\n", home: home, server: server).status == 0)
        let before = try server.requests().count
        let run = try runWX(["doctor"], home: home, server: server, environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✓ Open-Meteo geocoding (geocoder): answered in"), "\(run.stdout)")
        #expect(run.stdout.contains("✓ Nominatim (fallback geocoder): answered in"), "\(run.stdout)")
        let asked = try server.requests().dropFirst(before)
        #expect(asked.filter { $0.path == "/status" }.count == 1, "\(asked.map(\.path))")
        let json = try runWX(["--json", "doctor"], home: home, server: server)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let checks = try #require(document["checks"] as? [[String: Any]])
        let fallback = try #require(checks.first { $0["subject"] as? String == "Nominatim (fallback geocoder)" })
        #expect(
            fallback["affects"] as? [String]
                == RequestCost.commands(using: .nominatim) + ["any command given a place by name"], "\(fallback)")
    }
}
