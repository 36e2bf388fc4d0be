import Foundation
import Testing
import WeatherTestSupport

/// `best`, `chance` and `plume` (issue 35) on the demo's Berlin ensemble, hand-written from the
/// recorded forecast (Fixtures/demo/generate_berlin.py), which was asked in GMT. The demo's now
/// is the recording's 03:00 UTC on Sun 27 Jul 2025: 05:00 CEST in Berlin.
extension DemoEndToEndTests {
    /// The hours are at Berlin's clock as `show` has them, not the answer's GMT: the span starts
    /// at 05:00 CEST, and the first daylight hour follows the recorded sunrise, 03:18 UTC =
    /// 05:18 CEST, so it is 06:00–07:00.
    @Test func decisionsShowBerlinsClockNotTheAnswersGMT() throws {
        let (run, _) = try runDemo("show Berlin; best 2h dry; best 1h dry daylight today")
        #expect(run.status == 0, "\(run.stderr) \(run.stdout)")
        #expect(run.stdout.contains("the next 3 days from Sun 27 Jul 05:00"), "\(run.stdout)")
        #expect(run.stdout.contains("Sun 27 Jul 06:00–07:00"), "\(run.stdout)")
        #expect(!run.stdout.contains("from Sun 27 Jul 03:00"), "\(run.stdout)")
    }
}

extension DemoEndToEndTests {
    /// README's and `help best`'s examples work on the demo's Berlin: its written ensemble has
    /// wind speed, gusts, cloud cover and snowfall (generate_berlin.py), so an activity and a
    /// gust threshold are counted, not refused; the control run is the recording, whose gust at
    /// 03:00 UTC (05:00 CEST) the plume's members are spread around.
    @Test func berlinsEnsembleHasWindGustsCloudAndSnow() throws {
        let ensemble = try Self.body(try Self.berlin, "/v1/ensemble")
        let hourly = try #require(ensemble["hourly"] as? [String: Any])
        for variable in ["wind_speed_10m", "wind_gusts_10m", "cloud_cover", "snowfall"] {
            #expect(Self.columns(hourly, prefix: variable).count == 51, "\(variable)")
        }
        let (run, _) = try runDemo(
            "show Berlin; best 3h ride; best 2h sunny wind<20 tomorrow; chance gusts>=60 snow>=1cm 2; plume wind 3")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("has no"), "\(run.stdout)")
        #expect(run.stdout.contains("gusts ≥ 60 km/h in any hour"), "\(run.stdout)")
    }
}
