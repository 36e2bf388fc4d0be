import Foundation
import Testing
import WeatherTestSupport

/// `best` at its edges, through the built wx and the loopback server's hand-written Paris
/// ensemble: a date out of range is a usage error (exit status 2, as the other decision
/// commands' out-of-range arguments), refused before the ensemble is asked; and when no hour of
/// any window holds in any member, the closest windows are given with how far each misses
/// (README's promise), as Fixtures/open-meteo-ensemble/decisions_expected.py computes them.
@Suite(.tags(.endToEnd))
struct BestEdgesEndToEndTests {
    static let now = DecisionsEndToEndTests.now
    static let paris = DecisionsEndToEndTests.paris

    /// The last date the ensemble covers (today + 9 at the place), as
    /// Fixtures/open-meteo-ensemble/best_last_date_expected.py computes it from the answer.
    static func lastDate() throws -> String {
        let script = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/best_last_date_expected.py",
                "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json", now,
            ], environment: ["PATH": "/usr/bin:/bin"])
        return script.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aDateOutOfRangeIsAUsageErrorBeforeAnyRequest() throws {
        let server = try FixtureServer()
        let last = try Self.lastDate()
        for (date, said) in [
            ("1999-01-01", "error: 1999-01-01 has passed; “best” looks ahead (today at the earliest)\n"),
            (
                "2099-01-01",
                "error: 2099-01-01 is past the ensemble’s 10 days; “best” looks from today to \(last) at the latest\n"
            ),
        ] {
            let before = try server.requests().count
            let run = try runWX(
                ["best", "2h", "dry", date, Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 2, "\(date): \(run.stdout)\(run.stderr)")
            #expect(run.stderr == said, "\(run.stderr)")
            #expect(try server.requests().dropFirst(before).allSatisfy { $0.path != "/v1/ensemble" }, "\(date)")
        }
        // Yesterday at the place, refused from the answer's own clock: exit 2 too.
        let yesterday = try runWX(
            ["best", "2h", "dry", "2026-10-22", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(yesterday.status == 2, "\(yesterday.stderr)")
        #expect(yesterday.stderr.contains("2026-10-22 has passed"), "\(yesterday.stderr)")
    }

    /// Every refusal names the same last date, the real one (trial 59: 2026-11-05 was refused
    /// "to 2026-11-02 at the latest", then 2026-11-02 "to 2026-11-01"): refused before the
    /// request or after it, by the guess of the place's today or the answer's own, and the
    /// last date itself is looked at.
    @Test func everyRefusalNamesTheSameRealLastDate() throws {
        let server = try FixtureServer()
        let last = try Self.lastDate()
        let lastDay = try #require(ISO8601DateFormatter().date(from: last + "T12:00:00Z"))
        func day(_ offset: Double) -> String {
            String(ISO8601DateFormatter().string(from: lastDay.addingTimeInterval(offset * 86_400)).prefix(10))
        }
        for date in [day(1), day(2), day(4)] {
            let run = try runWX(
                ["best", "2h", "dry", date, Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 2, "\(date): \(run.stdout)\(run.stderr)")
            #expect(
                run.stderr
                    == "error: \(date) is past the ensemble’s 10 days; “best” looks from today to \(last) at the latest\n",
                "\(run.stderr)")
        }
        let atTheLast = try runWX(
            ["best", "2h", "dry", last, Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(!atTheLast.stderr.contains("past the ensemble"), "\(atTheLast.stderr)")
    }

    /// At 22:30 CEST the next hour is 23:00, and today has one hour left: too short for a
    /// 2-hour window, said in the singular ("1 hour"); the members' reach, in whole hours, too.
    @Test func aSpanTooShortSaysItsHoursInTheRightNumber() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["best", "2h", "dry", "today", Self.paris], home: TemporaryFolder(), server: server,
            now: "2026-10-23T20:30:00Z")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr == "error: no 2-hour window fits in today: 1 hour from Fri 23 Oct 23:00 to Sat 24 Oct 00:00\n",
            "\(run.stderr)")
    }

    @Test func whenNoHourHoldsTheClosestAreThoseThatMissLeast() throws {
        let expected = try #require(DecisionsEndToEndTests.expected["best_none_by_miss"] as? [String: Any])
        let expectedDaylight = try #require(
            DecisionsEndToEndTests.expected["best_none_by_miss_daylight"] as? [String: Any])
        let server = try FixtureServer()
        for (command, want) in [
            ("best 3h temp>25 \(Self.paris)", expected),
            ("best 2h temp>22 daylight tomorrow \(Self.paris)", expectedDaylight),
        ] {
            let run = try runWX(["--json", "-c", command], home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 0, "\(run.stderr)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(document["qualified"] as? Bool == false)
            let top = document["top"] as? [String] ?? []
            #expect(top == want["top"] as? [String], "\(command): \(top)")
            let windows = document["windows"] as? [[String: Any]] ?? []
            let wantMisses = want["misses"] as? [[Double]] ?? []
            for (start, misses) in zip(top, wantMisses) {
                let window = try #require(windows.first { $0["start"] as? String == start })
                let found = (window["misses"] as? [[String: Any]] ?? []).compactMap { $0["by"] as? Double }
                #expect(found.count == misses.count, "\(start): \(window)")
                for (got, wanted) in zip(found, misses) {
                    #expect(abs(got - wanted) < 1e-9, "\(start): \(got) \(wanted)")
                }
            }
        }
        // In words: the closest windows and how far each misses, in the user's units.
        let text = try runWX(
            ["best", "3h", "temp>25", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        let joined = text.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            joined.contains(
                "no 3-hour window holds in any member, nor any hour of one; the closest, by how far the median member misses:"
            ),
            "\(text.stdout)")
        let first = try #require((expected["misses"] as? [[Double]])?.first?.first)
        #expect(
            text.stdout.contains("Fri 23 Oct 13:00–16:00  missed: temp > 25 °C by \(formatted(first)) °C"),
            "\(text.stdout)")
        let imperial = try runWX(
            ["--units", "imperial", "best", "3h", "temp>77F", Self.paris], home: TemporaryFolder(), server: server,
            now: Self.now)
        // 25 °C is 77 °F: the miss in °F is 1.8 times the one in °C.
        #expect(imperial.stdout.contains("by \(formatted(first * 1.8)) °F"), "\(imperial.stdout)")
    }

    /// One decimal, none when whole ("8.7", "16").
    func formatted(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
