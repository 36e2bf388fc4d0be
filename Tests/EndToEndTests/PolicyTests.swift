import Foundation
import Testing
import WeatherTestSupport

/// Nominatim's usage policy: at most one request a second for the whole application, an
/// identifying User-Agent, answers cached instead of asked again.
@Suite struct PolicyTests {
    @Test func oneNominatimRequestASecondWithinAProcess() throws {
        let server = try FixtureServer()
        let result = try runWX(["-c", "find Hamburg; find Dunstable; find BS7 9EX"], home: TemporaryFolder(), server: server)
        #expect(result.status == 0)
        let times = try server.requests().filter { $0.path == "/search" }.map(\.time)
        #expect(times.count == 3)
        // wx spaces its sends by a second; the server stamps arrivals, which a loaded machine
        // (CI, two cores) delays by up to a few hundred milliseconds. Without the limit the
        // gaps would be about a millisecond.
        for (earlier, later) in zip(times, times.dropFirst()) { #expect(later - earlier >= 0.7) }
    }

    @Test func oneNominatimRequestASecondAcrossProcesses() throws {
        let server = try FixtureServer()
        let runtime = TemporaryFolder()
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        // Two wx processes with different state folders, started together.
        let group = DispatchGroup()
        for query in ["Hamburg", "Dunstable"] {
            group.enter()
            DispatchQueue.global().async {
                _ = try? runWX(["find", query], home: TemporaryFolder(), server: server, environment: environment)
                group.leave()
            }
        }
        group.wait()
        let times = try server.requests().filter { $0.path == "/search" }.map(\.time).sorted()
        #expect(times.count == 2)
        #expect(times[1] - times[0] >= 0.7)  // (arrival stamps; see above)
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
