import Foundation
import Testing
import WeatherTestSupport

/// Issue 38, items 3 and 4: a warning feed is auxiliary to `show` — one that never answers costs
/// at most its own short limit once, and nothing on the next commands (its failure is remembered
/// across processes) — and however many warnings it sends, `show` prints at most ten and a
/// count, and `save` keeps a bounded summary.
@Suite(.tags(.endToEnd)) struct AuxiliaryFeedTests {
    /// Bright Sky's frost for Berlin runs 2026-03-07 00:00–08:00 UTC (WarningsEndToEndTests).
    static let berlinNight = "2026-03-07T03:00:00Z"

    /// A feed that accepts and never answers, with WX_TIMEOUT at its default 20 s: `show` took
    /// 20 s, and `warnings; show` 40 s (the failure was not remembered).
    @Test func aFeedThatNeverAnswersCostsItsShortLimitOnceAndNothingNext() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/alerts", fault: "hang", seconds: 40, times: 4))
        let environment = ["WX_TIMEOUT": "20"]
        let first = try runWX(
            ["show", "Berlin"], home: home, server: server, now: Self.berlinNight, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.seconds < 8, "show took \(first.seconds) s")
        #expect(first.stdout.hasPrefix("Berlin, Deutschland · Sat 04:00 CET\n") || first.stdout.contains("⚠"))
        // Said once, on standard error, as notes are.
        #expect(first.stderr.components(separatedBy: "warnings could not be fetched").count == 2, "\(first.stderr)")
        #expect(first.stderr.contains("warnings could not be fetched: Bright Sky (DWD) did not answer within 5 s"))
        // The next commands, in new processes, do not wait for it again: 0 s extra.
        let next = try runWX(
            ["-c", "show Berlin; show"], home: home, server: server, now: Self.berlinNight,
            environment: environment)
        #expect(next.status == 0)
        #expect(next.seconds < 3, "the next show took \(next.seconds) s")
        #expect(
            next.stderr.contains(
                "warnings could not be fetched: Bright Sky (DWD) failed just now (no answer within 5 s); not asked again for 5 minutes"
            ), "\(next.stderr)")
        #expect(try server.requests().filter { $0.path == "/alerts" }.count == 1)
        // `warnings` asks by name: it asks again (within the feed's own short limit), and says
        // what this request met.
        let warnings = try runWX(
            ["warnings", "Berlin"], home: home, server: server, now: Self.berlinNight, environment: environment)
        #expect(warnings.status == 1)
        #expect(warnings.seconds < 8)
        #expect(warnings.stderr.hasPrefix("error: Bright Sky (DWD) did not answer within 5 s"), "\(warnings.stderr)")
        #expect(!warnings.stderr.contains("not asked again"), "\(warnings.stderr)")
        #expect(try server.requests().filter { $0.path == "/alerts" }.count == 2)
    }

    /// 2,000 warnings in force: `show` printed 2,000 lines before the weather, and `save` refused
    /// the 300 KB record. Now: the ten most severe (the extreme and the two severe ones, listed
    /// last by the feed, first), a count of the rest, and a snapshot that keeps the same.
    @Test func twoThousandWarningsShowTenAndACountAndSaveKeepsASummary() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(
            .init(path: "/alerts", file: "hostile/brightsky-alerts-berlin-2000-in-force-hand-written.json"))
        let run = try runWX(["-c", "show Berlin; save"], home: home, server: server, now: Self.berlinNight)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let marked = lines.filter { $0.hasPrefix("⚠") }
        #expect(marked.count == 11, "\(marked.count) warning lines")
        #expect(marked.first?.hasPrefix("⚠ Extreme thunderstorm (") == true)
        #expect(marked.dropFirst().first?.hasPrefix("⚠ Heavy snowfall (") == true)
        #expect(marked.last == "⚠ and 1,990 more: “warnings” lists them all")
        #expect(run.stdout.contains("snapshot 1 saved"))
        // The record is small, and `saved 1` shows the same ten and the count.
        let log = home.text("log.jsonl")
        let snapshot = try #require(log.split(separator: "\n").first { $0.contains("\"kind\":\"snapshot\"") })
        #expect(snapshot.utf8.count < 8_000, "\(snapshot.utf8.count) bytes")
        let saved = try runWX(["saved", "1"], home: home)
        #expect(saved.status == 0)
        let kept = saved.stdout.split(separator: "\n").filter { $0.hasPrefix("  ⚠") }
        #expect(kept.count == 11, "\(saved.stdout)")
        #expect(kept.first?.hasPrefix("  ⚠ Extreme thunderstorm (") == true)
        #expect(kept.last == "  ⚠ and 1,990 more")
    }
}
