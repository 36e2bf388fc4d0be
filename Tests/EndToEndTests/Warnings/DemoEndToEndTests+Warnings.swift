import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
    /// `warnings Hamburg` (no forecast in the demo) said "times in UTC (no forecast for the
    /// place’s clock)" while `past` used Europe/Berlin for Hamburg: its times are now Hamburg's.
    @Test func warningsForAPlaceWithoutAForecastAreAtItsOwnClock() throws {
        let (run, _) = try runDemo("warnings Hamburg")
        #expect(run.status == 0, "\(run.stderr)")
        // The DWD warning runs 12:00 to 24:00 UTC: 14:00 to 02:00 CEST.
        #expect(run.stdout.contains("\n     from Sun 14:00 until Mon 02:00\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("times in UTC"), "\(run.stdout)")
    }
}
