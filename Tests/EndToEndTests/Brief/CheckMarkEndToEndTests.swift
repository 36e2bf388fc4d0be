import Foundation
import Testing
import WeatherTestSupport

/// What a new user's trial of `check` found (issue 36), through the built wx and the loopback
/// server: `--changed` compares like with like, a mark that cannot be kept and a warning feed
/// that fails make it exit 3, its line is one line at any width, the near-limit rule, and a
/// place out of range is a usage error.
@Suite(.tags(.endToEnd))
struct CheckMarkEndToEndTests {
    @Test func theMovingWindowIsNoChange() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // Berlin's recording, the same answer at both instants: at 08:00 CEST on Tue 29 Jul the
        // next 24 hours are dry; at 16:00 they reach Wednesday's rain (from 12:00 UTC), which
        // the answer had all along. Nothing changed: not today's rain, not a day's.
        let first = try runWX(
            ["check", "--changed", "Berlin"], home: home, server: server, now: "2025-07-29T06:00:00Z")
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        let later = try runWX(
            ["check", "--changed", "Berlin"], home: home, server: server, now: "2025-07-29T14:00:00Z")
        #expect(later.status == 1, "\(later.stdout)\(later.stderr)")
        #expect(later.stdout.contains("nothing changed that matters"), "\(later.stdout)")
    }

    @Test func theClockPastMidnightIsNoChange() throws {
        // Berlin's recording, the same answer at three instants (issue 36): Wed 06:00 CEST (rain
        // from Wed 14:00), Thu 00:00 CEST (Wednesday's spell over, the next from Thu 02:00, which
        // the first look's 24 hours already held) and Thu 08:00 CEST. The answer never changed,
        // so neither today's rain nor a day's did: not for check, changed or brief.
        let server = try FixtureServer()
        let instants = ["2025-07-30T04:00:00Z", "2025-07-30T22:00:00Z", "2025-07-31T06:00:00Z"]
        for command in [["check", "--changed"], ["changed"], ["brief"]] {
            let home = TemporaryFolder()
            for (index, now) in instants.enumerated() {
                let run = try runWX(command + ["Berlin"], home: home, server: server, now: now)
                let said = "\(command) at \(now): \(run.status) \(run.stdout)\(run.stderr)"
                #expect(!run.stdout.contains("rain now starts"), "\(said)")
                #expect(!run.stdout.contains("more"), "\(said)")
                switch command[0] {
                case "check": #expect(run.status == 1, "\(said)")
                case "brief": #expect(run.status == 0, "\(said)")
                default: break
                }
                if index > 0 {
                    #expect(run.stdout.lowercased().contains("nothing changed that matters"), "\(said)")
                }
            }
        }
    }

    @Test func aMarkThatCannotBeKeptExitsThree() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // The log cannot be written: a folder where the file should be.
        try FileManager.default.createDirectory(atPath: home.path + "/log.jsonl", withIntermediateDirectories: true)
        let run = try runWX(
            ["check", "--changed", "Berlin"], home: home, server: server, now: BriefEndToEndTests.wednesday)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("kept for next time"), "\(run.stdout)")
        #expect(run.stderr.contains("check’s mark"), "\(run.stderr)")
    }

    @Test func aFailedWarningFeedCannotBeCompared() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let now = BriefEndToEndTests.wednesday
        let first = try runWX(["check", "--changed", "Berlin"], home: home, server: server, now: now)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        try server.queue(.init(path: "/alerts", status: 500, body: "busy", times: 10))
        // 20 minutes on: the feed's answer (kept 10 minutes) is asked again, and fails.
        let run = try runWX(["check", "--changed", "Berlin"], home: home, server: server, now: "2025-07-30T06:20:00Z")
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot compare warnings"), "\(run.stderr)")
    }

    @Test func itsLineIsOneLineAtAnyWidth() throws {
        let server = try FixtureServer()
        let paris = CheckEndToEndTests.paris
        for columns in ["40", "80"] {
            let run = try runWX(
                ["check", "--rain", "60%", "--frost", "30%", "--warnings", paris], server: server,
                now: CheckEndToEndTests.friday, environment: ["COLUMNS": columns])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stdout.split(separator: "\n").count == 1, "\(columns): \(run.stdout)")
            #expect(run.stdout.contains("24 h"), "\(run.stdout)")
        }
    }

    @Test func aShareNearTheLimitHasTheDigitsThatTellItApart() throws {
        let server = try FixtureServer()
        let expected = try #require(try CheckEndToEndTests.expected(at: CheckEndToEndTests.friday)["rain"])
        // 27 of 51 members: 52.94 %, under 53 % — said "(52.9 %) < 53 %", not "(53 %) < 53 %".
        let percent = Double(expected.1) * 100 / Double(expected.2)
        let limit = Int(percent.rounded(.up))
        let run = try runWX(
            ["check", "--rain", "\(limit)%", CheckEndToEndTests.paris], server: server, now: CheckEndToEndTests.friday)
        #expect(run.status == 1, "\(run.stderr)")
        // The fewest decimals that keep the figure under the limit (the near-limit rule).
        let shown = try #require(
            (0...3).map { String(format: "%.\($0)f", percent) }.first { Double($0)! < Double(limit) })
        #expect(shown != "\(limit)")
        #expect(run.stdout.contains("(\(shown) %) < \(limit) %"), "\(run.stdout)")
    }

    /// The demo's Berlin, whose answers came in GMT: check's mark is said at the place's clock
    /// (05:00 CEST) whether --changed is asked alone or beside --rain, which reads the ensemble
    /// (its zone was GMT's, and the mark was said at 03:00).
    @Test func theMarkIsSaidAtThePlacesClockBesideTheEnsemble() throws {
        let home = TemporaryFolder()
        var lines: [String] = []
        for command in ["check --changed Berlin", "check --changed Berlin", "check --changed --rain 90% Berlin"] {
            let (run, _) = try runDemo(command, home: home)
            #expect(run.status == 1, "\(command): \(run.stdout)\(run.stderr)")
            lines.append(run.stdout)
        }
        #expect(lines[1].contains("nothing changed that matters since Sun 05:00"), "\(lines[1])")
        #expect(lines[2].contains("nothing changed that matters since Sun 05:00"), "\(lines[2])")
        #expect(!lines[2].contains("03:00"), "\(lines[2])")
    }

    @Test func aPlaceOutOfRangeIsAUsageError() throws {
        let server = try FixtureServer()
        let run = try runWX(["check", "--rain", "60%", "91,0"], server: server, now: CheckEndToEndTests.friday)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
    }
}
