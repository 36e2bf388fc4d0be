import Foundation
import Testing
import WeatherTestSupport

/// After a flood on the warning feed, the next command that would ask it names the failure as
/// `show` did ("sent more than 8 MB"), not "request failed".
@Suite(.tags(.endToEnd)) struct RememberedFloodEndToEndTests {
    @Test func checkAfterAFloodSaysWhatFailed() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/alerts", fault: "flood", bytes: 12 << 20))
        let home = TemporaryFolder()
        let now = "2026-10-23T05:10:00Z"
        let show = try runWX(["show", "Berlin"], home: home, server: server, now: now)
        #expect(show.stderr.contains("Bright Sky (DWD) sent more than 8 MB"), "\(show.stderr)")
        let check = try runWX(["check", "--warnings", "Berlin"], home: home, server: server, now: now)
        #expect(
            check.stderr.contains("Bright Sky (DWD) failed just now (sent more than 8 MB); not asked again for"),
            "\(check.stderr)")
        #expect(!check.stderr.contains("request failed"), "\(check.stderr)")
    }
}
