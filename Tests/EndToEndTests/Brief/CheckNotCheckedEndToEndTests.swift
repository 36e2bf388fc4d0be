import Foundation
import Testing
import WeatherTestSupport

/// `check` with some conditions that cannot be checked, through the built wx and the loopback
/// server (live and `make demo`'s world): any condition that holds is told (exit 0) with a
/// `warning: not checked: …` line for each that could not be; none holding and all checked is
/// 1; none holding and one not checked is 3. Bright Sky's recorded Berlin frost begins
/// 2026-03-07 00:00 UTC, so it holds from 4 hours before (within 24 h); on 29 Jul 2025, when
/// Open-Meteo's Berlin forecast was recorded, it is months ahead and does not.
@Suite(.tags(.endToEnd))
struct CheckNotCheckedEndToEndTests {
    /// 4 hours before the Berlin frost warning's onset: `--warnings` holds.
    static let frostAhead = "2026-03-06T20:00:00Z"
    /// 08:00 CEST on 29 Jul 2025, at Berlin's recorded forecast: `--warnings` does not hold.
    static let summer = "2025-07-29T06:00:00Z"

    /// The lines of `stderr` that begin "warning: not checked: ".
    func notChecked(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("warning: not checked: ") }
    }

    @Test func aWarningHoldingIsToldThoughTheForecastForChangedFails() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", status: 502, body: "bad gateway", times: 30))
        let run = try runWX(
            ["check", "--warnings", "--changed", "Berlin"], home: TemporaryFolder(), server: server,
            now: Self.frostAhead)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Frost (yellow)"), "\(run.stdout)")
        let lines = notChecked(run.stderr)
        #expect(lines.count == 1 && lines[0].contains("Open-Meteo"), "\(run.stderr)")
        #expect(!run.stderr.contains("error:"), "\(run.stderr)")
    }

    @Test func noneHoldingIsThreeWithOneNotCheckedAndOneWhenAllAre() throws {
        let server = try FixtureServer()
        // All checked, none holds: the first --changed keeps the mark and holds not.
        let checked = try runWX(
            ["check", "--warnings", "--changed", "Berlin"], home: TemporaryFolder(), server: server,
            now: Self.summer)
        #expect(checked.status == 1, "\(checked.stdout)\(checked.stderr)")
        // --changed cannot be checked: not "no".
        try server.queue(.init(path: "/v1/forecast", status: 502, body: "bad gateway", times: 30))
        let unchecked = try runWX(
            ["check", "--warnings", "--changed", "Berlin"], home: TemporaryFolder(), server: server,
            now: Self.summer)
        #expect(unchecked.status == 3, "\(unchecked.stdout)\(unchecked.stderr)")
        #expect(unchecked.stdout.hasSuffix("; --changed not checked\n"), "\(unchecked.stdout)")
        #expect(unchecked.stderr.hasPrefix("error: ") && unchecked.stderr.contains("Open-Meteo"), "\(unchecked.stderr)")
    }

    /// The demo has Hamburg's warnings but no ensemble recording: the warning that holds is
    /// told, --rain is said not checked, in the demo's words.
    @Test func inTheDemoAWarningHoldsThoughTheEnsembleIsNotRecorded() throws {
        let server = try FixtureServer(demo: demoManifestPath)
        let demo = ["WX_DEMO": demoManifestPath]
        let alone = try runWX(
            ["check", "--warnings", "Hamburg"], home: TemporaryFolder(), server: server, environment: demo)
        #expect(alone.status == 0, "\(alone.stdout)\(alone.stderr)")
        let run = try runWX(
            ["check", "--warnings", "--rain", "90%", "Hamburg"], home: TemporaryFolder(), server: server,
            environment: demo)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == alone.stdout, "\(run.stdout)")
        let lines = notChecked(run.stderr)
        #expect(
            lines.count == 1 && lines[0].contains("the demo has no recording of an ensemble forecast for Hamburg"),
            "\(run.stderr)")
    }

    /// Berlin in the demo has no recording of warnings: `--warnings` beside another condition
    /// gives that reason, as `check --warnings Berlin` alone does — not "no warning feed covers".
    @Test func inTheDemoWarningsNotCheckedGiveTheDemosReasonBesideAnother() throws {
        let server = try FixtureServer(demo: demoManifestPath)
        let demo = ["WX_DEMO": demoManifestPath]
        let reason = "the demo has no recording of warnings for Berlin"
        let alone = try runWX(
            ["check", "--warnings", "Berlin"], home: TemporaryFolder(), server: server, environment: demo)
        #expect(alone.status == 3 && alone.stderr.contains(reason), "\(alone.stderr)")
        let run = try runWX(
            ["check", "--rain", "10%", "--warnings", "Berlin"], home: TemporaryFolder(), server: server,
            environment: demo)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Berlin: rain"), "\(run.stdout)")
        let lines = notChecked(run.stderr)
        #expect(lines.count == 1 && lines[0].contains(reason), "\(run.stderr)")
        #expect(!run.stderr.contains("no warning feed covers"), "\(run.stderr)")
        // --rain not holding: the same reason makes it 3.
        let none = try runWX(
            ["check", "--rain", "99%", "--warnings", "Berlin"], home: TemporaryFolder(), server: server,
            environment: demo)
        #expect(none.status == 3, "\(none.stdout)\(none.stderr)")
        #expect(none.stdout.hasSuffix("; --warnings not checked\n"), "\(none.stdout)")
        #expect(none.stderr.hasPrefix("error: \(reason)"), "\(none.stderr)")
    }
}
