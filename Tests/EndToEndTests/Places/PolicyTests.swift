import Foundation
import Testing
import WeatherTestSupport

/// Nominatim's usage policy: at most one request a second for the whole application, an
/// identifying User-Agent, answers cached instead of asked again.
@Suite(.tags(.endToEnd)) struct PolicyTests {
    // How far apart requests are is tested on a TestClock, in process and without sleeping
    // (WeatherKitTests.ServiceTimingTests): timing real processes on a loaded machine only
    // measured the machine. What is left to check here is the wiring of the real binary.

    @Test func nominatimSpacingIsSharedThroughTheRuntimeFolder() throws {
        let server = try FixtureServer()
        let runtime = TemporaryFolder()
        let result = try runWX(
            ["find", "Hamburg"], home: TemporaryFolder(), server: server, now: "2025-07-27T03:10:00Z",
            environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(result.status == 0)
        // The stamp other wx processes wait on: the wall-clock time of this request, never WX_NOW.
        let stamp = try String(contentsOfFile: runtime.path + "/wx/nominatim.last-request", encoding: .utf8)
        let seconds = try #require(Double(stamp))
        #expect(abs(seconds - Date().timeIntervalSince1970) < 120)
    }

    @Test func repeatedFindIsAnsweredFromTheCache() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(["find", "Hamburg"], home: home, server: server)
        let again = try runWX(["find", "Hamburg"], home: home, server: server)
        #expect(again.stdout.hasPrefix("  1  Elbphilharmonie"))
        #expect(try server.requests().filter { $0.path == "/search" }.count == 1)
    }
}
