import Foundation
import Testing
import WeatherTestSupport

/// A server that answers New York for any coordinates: wx refuses its answer for Berlin in one
/// line naming both places and the distance (Fixtures/open-meteo-forecast/other_place_expected.py:
/// 6377 km), keeps the current location, and keeps nothing of it (the next `show` asks again).
/// On the old code New York's weather was shown under Berlin's coordinates.
@Suite(.tags(.endToEnd)) struct AnswerForAnotherPlaceEndToEndTests {
    @Test func anAnswerForAnotherCityIsRefusedAndNotKept() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/forecast",
                file: "open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json",
                times: 3))
        let run = try runWX(
            ["-c", "show 40.7886,-73.9661; show 52.52,13.41; show 52.52,13.41; show"], home: TemporaryFolder(),
            server: server, now: "2026-02-06T21:40:00Z")
        #expect(run.status == 1, "\(run.stderr)")
        let refusals = run.stderr.split(separator: "\n").filter { $0.contains("answered for") }
        #expect(refusals.count == 2, "\(run.stderr)")
        #expect(
            refusals.allSatisfy {
                $0.hasSuffix(
                    "Open-Meteo answered for 40.7886,-73.9661, 6377 km from the place asked (52.5200,13.4100); the answer was not used: check WX_OPEN_METEO_URL"
                )
            }, "\(run.stderr)")
        // New York's weather twice (its own `show`, then the current location's from the cache),
        // never under Berlin's coordinates.
        #expect(!run.stdout.contains("52.52"), "\(run.stdout)")
        let headings = run.stdout.split(separator: "\n").filter { $0.contains("40.7886") }
        #expect(headings.count == 2, "\(run.stdout)")
        // Asked three times: New York once (then cached), Berlin twice (the refused answer not kept).
        #expect(try server.requests().filter { $0.path == "/v1/forecast" }.count == 3)
    }
}
