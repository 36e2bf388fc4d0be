import Foundation
import Testing
import WeatherTestSupport

/// Trial 59, finding 6: `past 2025-07-28 Berlin` showed the values of the only archive
/// recording (Hamburg's, 255 km away) under Berlin, and `confidence 2 10,10` a Paris ensemble
/// under 10°N 10°E. wx checks every Open-Meteo answer's latitude/longitude against the place
/// asked (`OpenMeteoAnswer.checkAnswer`, as `skill` showed), but the fixture server rewrote a
/// recording's echoed coordinates to the place asked, so nothing was left to check. Its archive
/// and ensemble routes now answer with the recording as recorded, which wx refuses for a place
/// more than a grid cell away and takes for a place within one (the forecast and air-quality
/// routes still stand in for the service anywhere: "stand_in" in Fixtures/routes.json). Distances: the output of
/// Fixtures/open-meteo-forecast/other_place_expected.py.
@Suite(.tags(.endToEnd)) struct RecordingForAnotherPlaceEndToEndTests {
    @Test func theArchiveOfHamburgIsNotBerlinsPast() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "past 2025-07-28 Berlin"], home: TemporaryFolder(), server: server, now: "2025-08-14T03:00:00Z")
        #expect(run.status != 0)
        #expect(
            run.stderr.contains(
                "Open-Meteo archive answered for 53.5400,9.9800, 255 km from the place asked (52.5170,13.3889); the answer was not used: check WX_OPEN_METEO_ARCHIVE_URL"
            ), "\(run.stderr)")
        #expect(!run.stdout.contains("16.2"), "\(run.stdout)")
        // Hamburg (Nominatim's 53.55, 9.99) is within a grid cell of the recording: answered,
        // with the recording's row for 2025-07-28 (low 16.2, high 22.5, 1.4 mm).
        let hamburg = try runWX(
            ["-c", "past 2025-07-28 Hamburg"], home: TemporaryFolder(), server: server, now: "2025-08-14T03:00:00Z")
        #expect(hamburg.status == 0, "\(hamburg.stderr)")
        #expect(hamburg.stdout.contains("low 16.2 °C · high 22.5 °C · precipitation 1.4 mm"), "\(hamburg.stdout)")
    }

    @Test func theEnsembleOfAnotherPlaceIsRefused() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "confidence 2 10,10"], home: TemporaryFolder(), server: server,
            now: "2026-10-23T05:10:00Z")
        #expect(
            run.stderr.contains(
                "Open-Meteo ensemble answered for 48.5000,2.3500, 4340 km from the place asked (10.0000,10.0000); the answer was not used: check WX_OPEN_METEO_ENSEMBLE_URL"
            ), "\(run.stderr)")
        #expect(!run.stdout.contains("how sure the forecast is"), "\(run.stdout)")
    }
}
