import Foundation
import Testing
import WeatherTestSupport

/// Trial 55, F3: `WX_TIMEOUT=3 wx doctor` waited 10 s for a service that never answered and
/// said "did not answer within 10 s": doctor's light requests had a bound of their own, longer
/// than the one the user set. They keep within `WX_TIMEOUT` now (10 s at most), and what they
/// say names the bound the user set.
@Suite(.tags(.endToEnd))
struct DoctorTimeoutEndToEndTests {
    @Test func aHungServiceIsGivenUpWithinWXTimeout() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/status", fault: "hang", seconds: 30))
        let run = try runWX(
            ["doctor"], home: TemporaryFolder(), server: server, environment: ["WX_TIMEOUT": "1", "COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "✗ Nominatim (geocoder): Nominatim did not answer within 1 s; check your connection and try again\n"),
            "\(run.stdout)")
        #expect(run.stdout.contains("✓ Open-Meteo (provider): answered in"), "\(run.stdout)")
        // What it said is what it did: about one WX_TIMEOUT, not doctor's 10 s (loosely: a
        // shared machine).
        #expect(run.seconds < 8, "\(run.seconds)")
    }
}
