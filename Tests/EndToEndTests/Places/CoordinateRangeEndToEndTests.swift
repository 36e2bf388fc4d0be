import Foundation
import Testing
import WeatherTestSupport

/// Two numbers that are no coordinates — too large, not finite — are the coordinate-range usage
/// error (exit 2) before any request, in every command that takes a place: `show 1e308,1` and
/// `show nan,nan` had said "no place found" (exit 1) after asking the geocoder.
@Suite(.tags(.endToEnd)) struct CoordinateRangeEndToEndTests {
    static let message =
        "error: coordinates are “latitude,longitude” in degrees: latitude from -90 to 90, longitude from -180 to 180\n"

    @Test(arguments: [
        "show 1e308,1", "show nan,nan", "show 91,0", "find inf,0", "brief nan,nan", "check --warnings 1e308,1",
        "hourly 1e308,1", "daily 3 nan,nan", "plume temp 1e308,1", "confidence nan,nan", "past yesterday nan,nan",
    ])
    func isTheRangeErrorBeforeAnyRequest(command: String) throws {
        let server = try FixtureServer()
        let run = try runWX(["-c", command], home: TemporaryFolder(), server: server, now: "2026-10-23T05:10:00Z")
        #expect(run.status == 2, "\(command): \(run.stderr)")
        #expect(run.stderr == Self.message, "\(command)")
        #expect(try server.requests().isEmpty, "\(command)")
    }
}
