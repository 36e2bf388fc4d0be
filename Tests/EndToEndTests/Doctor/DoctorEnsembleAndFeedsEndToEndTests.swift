import Foundation
import Testing
import WeatherTestSupport

/// `doctor` asks the ensemble and the warning feeds too, one light request each, and says each:
/// trial, the ensemble answered 503 and doctor said "All is well." while `check --rain` exited 3.
@Suite(.tags(.endToEnd))
struct DoctorEnsembleAndFeedsEndToEndTests {
    @Test func anEnsembleThatFailsIsAProblem() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", status: 503, body: "busy", times: 5))
        let before = try server.requests().count
        let run = try runWX(["doctor"], home: TemporaryFolder(), server: server)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("All is well."), "\(run.stdout)")
        #expect(run.stdout.contains("✗ Open-Meteo ensemble (chance, check --rain):"), "\(run.stdout)")
        // One request to it, no retry.
        let ensemble = try server.requests().dropFirst(before).filter { $0.path == "/v1/ensemble" }
        #expect(ensemble.count == 1, "\(ensemble)")
    }

    /// No favorite: each feed that needs no country is asked once and said; all well.
    @Test func withoutFavoritesEachFeedNeedingNoCountryIsAsked() throws {
        let server = try FixtureServer()
        let before = try server.requests().count
        let run = try runWX(["doctor"], home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("All is well.\n"), "\(run.stdout)")
        for line in [
            "✓ Open-Meteo ensemble (chance, check --rain): answered in", "✓ NWS (warnings): answered in",
            "✓ Bright Sky (DWD, warnings): answered in", "✓ Environment Canada (warnings): answered in",
            "✓ MET Norway (warnings): answered in",
        ] {
            #expect(run.stdout.contains(line), "\(line)\n\(run.stdout)")
        }
        let asked = try server.requests().dropFirst(before).map(\.path).sorted()
        #expect(
            asked == [
                "/alerts", "/alerts/active", "/collections/weather-alerts/items", "/previous-runs/v1/forecast",
                "/status", "/v1/air-quality", "/v1/archive", "/v1/ensemble", "/v1/forecast", "/v1/search",
                "/weatherapi/metalerts/2.0/current.json",
            ], "\(asked)")
    }
}
