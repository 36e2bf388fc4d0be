import Foundation
import Testing
import WeatherTestSupport

/// `check`'s usage through the built wx: a missing place is a usage error (exit 2), and options
/// take their value after "=" as after a space.
@Suite(.tags(.endToEnd)) struct CheckUsageEndToEndTests {
    /// 07:10 CEST on Fri 23 Oct 2026, the Paris ensemble's morning.
    static let now = "2026-10-23T05:10:00Z"

    /// With no place given, none current and no favorite, `check` exited 3 ("cannot tell"), the
    /// status a cron job reads as a service's failure.
    @Test func noPlaceAtAllIsAUsageError() throws {
        let server = try FixtureServer()
        let run = try runWX(["check", "--rain", "60%"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "error: no place to check: name one after the conditions (“check --rain 60% Hamburg”), or find or save one first\n",
            "\(run.stderr)")
        #expect(try server.requests().isEmpty)
    }

    /// `--rain=60%` was "unknown option “--rain=60%”"; it is `--rain 60%`, for every option of
    /// every command that takes a value (`line --format=…`, `export --format=…`).
    @Test func anOptionsValueAfterAnEqualsSignIsTaken() throws {
        let server = try FixtureServer()
        let spaced = try runWX(
            ["check", "--rain", "60%", "48.85,2.35"], home: TemporaryFolder(), server: server, now: Self.now)
        let joined = try runWX(
            ["check", "--rain=60%", "48.85,2.35"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(joined.status == spaced.status && [0, 1].contains(joined.status), "\(joined.stderr)")
        #expect(joined.stdout == spaced.stdout && !joined.stdout.isEmpty)
        let prompt = try runWX(
            [], stdin: "check --frost=30% 48.85,2.35\n", home: TemporaryFolder(), server: server, now: Self.now)
        #expect(!prompt.stderr.contains("unknown option"), "\(prompt.stderr)")
        let line = try runWX(
            ["line", "48.85,2.35", "--format=%t"], home: TemporaryFolder(), server: server, now: Self.now)
        let lineSpaced = try runWX(
            ["line", "48.85,2.35", "--format", "%t"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(line.status == 0, "\(line.stderr)")
        #expect(line.stdout == lineSpaced.stdout)
        // An option that takes no value is not given one so: still an unknown option.
        let flag = try runWX(["check", "--warnings=yes", "48.85,2.35"], home: TemporaryFolder(), now: Self.now)
        #expect(flag.status == 2, "\(flag.stderr)")
    }
}

/// A stray space in a cron line (trial 59): `check --rain 60 % Home` took 60 as the percentage
/// and "% Home" as the place, then found none (exit 3, "cannot tell", read by a timer unit as a
/// passing failure). It is a usage error (exit 2) saying the threshold and its % are one word,
/// for each threshold of `check` and `watch`, before any request.
@Suite(.tags(.endToEnd)) struct SplitPercentEndToEndTests {
    @Test(arguments: [
        (["check", "--rain", "60", "%", "Home"], "--rain 60"),
        (["check", "--frost", "30", "%", "48.85,2.35"], "--frost 30"),
        (["check", "--warnings", "--rain", "60", "%Home"], "--rain 60"),
        (["watch", "1", "--rain", "60", "%"], "--rain 60"),
        (["watch", "--frost", "30", "%", "--notify"], "--frost 30"),
    ])
    func aPercentSignSplitOffIsAUsageError(arguments: [String], typed: String) throws {
        let server = try FixtureServer()
        let run = try runWX(arguments, home: TemporaryFolder(), server: server, now: CheckUsageEndToEndTests.now)
        #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "error: “\(typed) %”: the threshold and its % must be one word, without a space (“\(typed)%”)\n",
            "\(run.stderr)")
        #expect(try server.requests().isEmpty)
    }
}
