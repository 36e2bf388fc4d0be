import Foundation
import Testing
import WeatherTestSupport

/// Trial 63, through the built wx and the loopback server: `check` whose line cannot be written
/// (standard output /dev/full or closed) exited 1 — check's "none held" — and with `--changed`
/// moved its mark, so the change was never told. It now exits 3 (wx cannot tell) and the mark
/// stays until a line is delivered. Beside it: a condition that cannot be checked no longer
/// hides what the others read, and `--rain 60` (no %) is refused as the help says.
@Suite(.tags(.endToEnd))
struct CheckDeliveryEndToEndTests {
    static let paris = "48.85,2.35"
    static let first = "2026-10-23T05:10:00Z"

    /// Runs wx with its standard output `redirection` (a shell's, as `>/dev/full` or `>&-`).
    func runRedirected(
        _ arguments: [String], _ redirection: String, home: TemporaryFolder, server: FixtureServer, now: String
    ) throws -> WXResult {
        var environment = server.environment
        environment.merge([
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_TIMEOUT": "5", "WX_HOME": home.path,
            "XDG_RUNTIME_DIR": home.path + "/run", "WX_NOW": now,
        ]) { $1 }
        return try runProgram(
            "/bin/sh", ["-c", "\"$0\" \"$@\" \(redirection)", TestPaths.wxBinary] + arguments, environment: environment)
    }

    @Test(arguments: [">/dev/full", ">&-"])
    func aHeldConditionNotWrittenIsNotANo(_ redirection: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // Rain holds at 10 % (the trial: 27 of 51 tomorrow); told on a terminal, exit 0.
        let told = try runWX(["check", "--rain", "10%", Self.paris], home: home, server: server, now: Self.first)
        #expect(told.status == 0, "\(told.stdout)\(told.stderr)")
        let run = try runRedirected(
            ["check", "--rain", "10%", Self.paris], redirection, home: home, server: server, now: Self.first)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("check’s answer could not be written, so it told nobody"), "\(run.stderr)")
    }

    @Test func aChangeNotDeliveredIsToldByTheNextRun() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let mark = try runWX(["check", "--changed", Self.paris], home: home, server: server, now: Self.first)
        #expect(mark.status == 1, "\(mark.stdout)\(mark.stderr)")
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/paris-rain-fri-afternoon-sat-warmer-hand-edited.json",
                times: 20))
        let lost = try runRedirected(
            ["check", "--changed", Self.paris], ">/dev/full", home: home, server: server, now: "2026-10-23T06:10:00Z")
        #expect(lost.status == 3, "\(lost.stderr)")
        #expect(lost.stderr.contains("its mark for --changed stays"), "\(lost.stderr)")
        // The mark did not move: the change is told now, once.
        let told = try runWX(
            ["check", "--changed", Self.paris], home: home, server: server, now: "2026-10-23T06:40:00Z")
        #expect(told.status == 0, "\(told.stdout)\(told.stderr)")
        #expect(told.stdout.contains("changed since Fri 07:10"), "\(told.stdout)")
        let after = try runWX(
            ["check", "--changed", Self.paris], home: home, server: server, now: "2026-10-23T07:10:00Z")
        #expect(after.status == 1, "\(after.stdout)\(after.stderr)")
    }

    /// The rain cannot be read (its amounts in "lignes"): frost's reading is still the line,
    /// the rain named as not checked and why on stderr, exit 3 — the same reading `check
    /// --frost` alone gives.
    @Test func whatWasCheckedIsSaidBesideWhatWasNot() throws {
        let server = try FixtureServer()
        let answer = FixtureServer.Answer(
            path: "/v1/ensemble",
            file: "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-precipitation-in-lignes-hand-edited.json",
            times: 1)
        try server.queue(answer)
        let both = try runWX(
            ["check", "--rain", "30%", "--frost", "30%", Self.paris], home: TemporaryFolder(), server: server,
            now: Self.first)
        #expect(both.status == 3, "\(both.stdout)\(both.stderr)")
        try server.queue(answer)
        let frost = try runWX(
            ["check", "--frost", "30%", Self.paris], home: TemporaryFolder(), server: server, now: Self.first)
        #expect(frost.status == 1, "\(frost.stdout)\(frost.stderr)")
        let reading = try #require(
            frost.stdout.split(separator: "—", maxSplits: 1).last?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(both.stdout.contains("none held — \(reading); --rain not checked\n"), "\(both.stdout)")
        #expect(both.stderr.contains("--rain cannot be checked"), "\(both.stderr)")
        let json = try runWX(
            ["--json", "check", "--rain", "30%", "--frost", "30%", Self.paris], home: TemporaryFolder(),
            server: {
                try server.queue(answer)
                return server
            }(), now: Self.first)
        #expect(json.status == 3)
        #expect(json.stdout.contains("\"exit_status\":3"), "\(json.stdout)")
    }

    @Test(arguments: ["--rain", "--frost"])
    func aThresholdWithoutItsPercentIsAUsageError(_ option: String) throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["check", option, "60", Self.paris], home: TemporaryFolder(), server: server, now: Self.first)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr
                == "error: “\(option) 60”: the threshold is a percentage, written with its % (“\(option) 60%”)\n",
            "\(run.stderr)")
        #expect(try server.requests().isEmpty)
    }
}

/// Trial 63 fault 3: check's last mark torn (its line cut to 200 bytes) made `check --changed`
/// compare with the mark before it and tell a change already told, saying nothing of the
/// damaged line. It still compares with the one before (the log is never rewritten), but says
/// on stderr that a newer mark could not be read.
@Suite(.tags(.endToEnd))
struct CheckTornMarkEndToEndTests {
    @Test func aTornMarkIsSaid() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let paris = CheckDeliveryEndToEndTests.paris
        let first = try runWX(
            ["check", "--changed", paris], home: home, server: server, now: CheckDeliveryEndToEndTests.first)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/paris-rain-fri-afternoon-sat-warmer-hand-edited.json",
                times: 20))
        let told = try runWX(["check", "--changed", paris], home: home, server: server, now: "2026-10-23T06:10:00Z")
        #expect(told.status == 0, "\(told.stdout)\(told.stderr)")
        #expect(!told.stderr.contains("could not be read"), "\(told.stderr)")
        // The last of check's marks, cut to its first 200 bytes.
        let path = home.path + "/log.jsonl"
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        let last = try #require(lines.lastIndex { $0.contains(#""command":"check""#) })
        lines[last] = String(lines[last].utf8.prefix(200))!
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let again = try runWX(["check", "--changed", paris], home: home, server: server, now: "2026-10-23T09:10:00Z")
        #expect(
            again.stderr.contains(
                "warning: a mark of check’s in log.jsonl newer than the one compared with could not be read (a damaged line), so a change told already may be told again"
            ), "\(again.stdout)\(again.stderr)")
    }
}

/// Trial 63 fault 4: a temperature-only forecast (case OM-11) gives a look with nothing
/// `changed` compares. `brief` kept none without a word and `changed` called the answer stale,
/// though `show` listed hours to come: each now says what the answer lacks.
@Suite(.tags(.endToEnd))
struct TemperatureOnlyLookEndToEndTests {
    @Test func theLookNotKeptSaysWhatTheAnswerLacks() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let answer = FixtureServer.Answer(path: "/v1/forecast", file: "cases/om-no-timezone-gmt.json", times: 1)
        let lacks = "the forecast has hours from now but no days and no precipitation by the hour"
        try server.queue(answer)
        let brief = try runWX(["brief", "40.71,-74.01"], home: home, server: server, now: "2024-10-30T00:10:00Z")
        #expect(brief.status == 0, "\(brief.stderr)")
        #expect(brief.stderr.contains("warning: the look was not kept for “changed”: \(lacks)"), "\(brief.stderr)")
        try server.queue(answer)
        let changed = try runWX(["changed", "40.71,-74.01"], home: home, server: server, now: "2024-10-30T00:10:00Z")
        #expect(changed.status == 0, "\(changed.stderr)")
        // Wrapped at 80 columns: read as one text.
        let flat = changed.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("this one is not kept: \(lacks)"), "\(changed.stdout)")
        #expect(!flat.contains("stale"), "\(changed.stdout)")
    }
}
