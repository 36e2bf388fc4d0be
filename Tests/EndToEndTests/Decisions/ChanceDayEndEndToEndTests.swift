import Foundation
import Testing
import WeatherTestSupport

/// A `chance` span that ends where its day ends says "24:00", on a spring-forward night too:
/// Santiago's Saturday 05 Sep 2026 ends at Sunday 01:00 UTC-03:00 (Sunday has no 00:00), which
/// was written "01:00 UTC-03:00" — the next day's hour without its day (trial60 finding 9). The
/// line expected comes from Fixtures/open-meteo-ensemble/spring_forward_end_expected.py over the
/// answer served (santiago-ecmwf-ifs025-spring-forward-hand-written.json).
@Suite(.tags(.endToEnd))
struct ChanceDayEndEndToEndTests {
    @Test func aSpanToTheEndOfASpringForwardDaySaysTwentyFour() throws {
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/spring_forward_end_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(script.status == 0, "\(script.stderr)")
        let expected = script.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/ensemble",
                file: "open-meteo-ensemble/santiago-ecmwf-ifs025-spring-forward-hand-written.json",
                times: 1))
        let run = try runWX(
            ["chance", "rain>=0.1", "3", "-33.45,-70.66"], home: TemporaryFolder(), server: server,
            now: "2026-09-04T12:00:00Z", environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let saturday = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("Sat 05 Sep") }
        #expect(saturday == "Sat 05 Sep  \(expected)", "\(expected)\n\(run.stdout)")
    }
}
