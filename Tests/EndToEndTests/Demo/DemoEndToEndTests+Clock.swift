import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
    /// Trial 11: a day not yet come, asked of the current location or a named place in the demo,
    /// is refused on the place's own demo clock; it said "before today (2026-10-04 at UTC+14, the
    /// earliest time zone)", the demo's clock before any place is known.
    @Test func aFutureDayIsRefusedOnThePlacesOwnDemoClock() throws {
        let (run, paths) = try runDemo("find Berlin; past 2030-01-01; past 2030-01-01 Berlin")
        #expect(run.status == 2)
        let refusal =
            "error: 2030-01-01 has not happened yet: “past” is for days before today (2025-07-27 in Berlin, UTC+02:00)"
        #expect(run.stderr.components(separatedBy: "\n").filter { $0 == refusal }.count == 2, "\(run.stderr)")
        #expect(!paths.contains("/v1/archive") && !paths.contains("/v1/forecast"), "\(paths)")
    }
}

extension DemoEndToEndTests {
    /// Issue 40, item 10: the demo's `find` asks its loopback server and no other wx process's
    /// Nominatim requests are spaced from it: it leaves no stamp in the runtime folder for the
    /// cross-process spacing (which made it wait out the last `find`'s second). The spacing is
    /// kept for the public Nominatim host only (RequestSpacing; PolicyTests has its stamp).
    @Test func theDemosFindLeavesNoNominatimSpacingStamp() throws {
        let home = TemporaryFolder()
        // XDG_RUNTIME_DIR (runWX's home/run) exists, as a session's does.
        try FileManager.default.createDirectory(atPath: home.path + "/run", withIntermediateDirectories: true)
        let (run, paths) = try runDemo("find Berlin; find Munich", home: home)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(paths.filter { $0 == "/search" }.count == 2)
        let stamp = home.path + "/run/wx/nominatim.last-request"
        #expect(!FileManager.default.fileExists(atPath: stamp), "the demo's find consulted the shared spacing")
    }
}
