import Foundation
import Testing
import WeatherTestSupport

/// What wx could not do while a command went on is said on stderr as a warning, "warning: …",
/// as the state file's and the pager's notices always were — through the built wx and the
/// loopback server: a look not kept for `changed`, coordinates left without a name.
@Suite(.tags(.endToEnd))
struct WarningLinesEndToEndTests {
    @Test func aLookNotKeptIsAWarning() throws {
        let home = TemporaryFolder()
        // A folder where log.jsonl should be: the look cannot be appended.
        try FileManager.default.createDirectory(atPath: home.path + "/log.jsonl", withIntermediateDirectories: true)
        let run = try runWX(
            ["show", "Berlin"], home: home, server: FixtureServer(), now: "2025-07-27T03:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("warning: the look was not kept for “changed”: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: ") }, "\(run.stderr)")
    }

    @Test func coordinatesWithoutANameAreAWarning() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/reverse", status: 500, body: "busy", times: 20))
        let run = try runWX(
            ["show", "48.85,2.35"], home: TemporaryFolder(), server: server, now: "2026-10-23T05:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("; the coordinates have no name\n"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: ") }, "\(run.stderr)")
    }
}
