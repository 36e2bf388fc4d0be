import Foundation
import Testing
import WeatherTestSupport

/// Nominatim's usage policy: at most one request a second for the whole application, an
/// identifying User-Agent, answers cached instead of asked again.
@Suite(.tags(.endToEnd)) struct PolicyTests {
    // How far apart requests are is tested on a TestClock, in process and without sleeping
    // (WeatherKitTests.ServiceTimingTests): timing real processes on a loaded machine only
    // measured the machine. What is left to check here is the wiring of the real binary.

    @Test func thePublicNominatimThroughAProxyIsSpacedThroughTheRuntimeFolder() throws {
        // WX_NOMINATIM_URL names the public host; the proxy sends its requests to the loopback
        // server. The runtime folder is not made yet, as XDG_RUNTIME_DIR may name one: the old
        // code made only its last folder, opened no file, and spaced nothing.
        let server = try FixtureServer()
        let port = try #require(server.url.split(separator: ":").last.flatMap { Int($0) })
        let proxy = try LoopbackProxy(routes: ["nominatim.openstreetmap.org": port])
        let runtime = TemporaryFolder()
        let result = try runWX(
            ["find", "Hamburg"], home: TemporaryFolder(), server: server, now: "2025-07-27T03:10:00Z",
            environment: [
                "XDG_RUNTIME_DIR": runtime.path + "/run/user", "WX_NOMINATIM_URL": "http://nominatim.openstreetmap.org",
                "http_proxy": proxy.url, "WX_OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:1",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try proxy.handled().contains { $0.hasPrefix("GET http://nominatim.openstreetmap.org/search?") })
        // The stamp other wx processes wait on: the wall-clock time of this request, never WX_NOW.
        let stamp = try String(contentsOfFile: runtime.path + "/run/user/wx/nominatim.last-request", encoding: .utf8)
        let seconds = try #require(stamp.split(separator: " ").first.flatMap { Double($0) })
        #expect(abs(seconds - Date().timeIntervalSince1970) < 120)
    }

    @Test func aNominatimOfTheUsersOwnIsNotSpaced() throws {
        // `make demo`'s loopback server: no stamp, so no wx process waits for another.
        let server = try FixtureServer()
        let runtime = TemporaryFolder()
        let result = try runWX(
            ["find", "Hamburg"], home: TemporaryFolder(), server: server, now: "2025-07-27T03:10:00Z",
            environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: runtime.path + "/wx/nominatim.last-request"))
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
