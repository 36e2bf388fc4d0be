import Foundation
import Testing
import WeatherTestSupport

/// `check` (issue 36) through the built wx and the loopback server: its exit status for each
/// condition held and not held, for any of several, for usage errors, and 3 — never a false 0 or
/// 1 — when a service fails or nothing can tell. The ensemble's counts expected come from
/// Fixtures/brief/check_expected.py, which reads the hand-written Paris ensemble with code of its
/// own; the warning cases from Bright Sky's recorded Berlin frost (onset 2026-03-07 00:00 UTC,
/// expires 08:00 UTC).
@Suite(.tags(.endToEnd))
struct CheckEndToEndTests {
    /// 07:10 CEST on Fri 23 Oct 2026 (rain: 26 of 51 members tomorrow; no frost).
    static let friday = "2026-10-23T05:10:00Z"
    /// 06:10 CET on Sun 25 Oct 2026 (frost: 37 of 51 members on Monday).
    static let sunday = "2026-10-25T05:10:00Z"
    static let paris = "48.86,2.35"

    /// check_expected.py's reading at `now`: kind → (date, members, of).
    static func expected(at now: String) throws -> [String: (String, Int, Int)] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/brief/check_expected.py", now],
            environment: ["PATH": "/usr/bin:/bin"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: Any]])
        return object.compactMapValues { reading in
            guard let date = reading["date"] as? String, let members = reading["members"] as? Int,
                let of = reading["of"] as? Int
            else { return nil }
            return (date, members, of)
        }
    }

    func check(_ arguments: [String], now: String, server: FixtureServer, home: TemporaryFolder = TemporaryFolder())
        throws -> WXResult
    {
        try runWX(["check"] + arguments, home: home, server: server, now: now)
    }

    /// The `check` document of a `--json` run.
    func document(_ run: WXResult) throws -> [String: Any] {
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains(#""type":"check""#) })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func rainHoldsAtItsThresholdAndNotAbove() throws {
        let server = try FixtureServer()
        let expected = try #require(try Self.expected(at: Self.friday)["rain"])
        #expect(expected.1 > 0)
        let percent = Double(expected.1) * 100 / Double(expected.2)
        let below = Int(percent.rounded(.down))
        let above = Int(percent.rounded(.up))
        let held = try check(["--rain", "\(below)%", Self.paris], now: Self.friday, server: server)
        #expect(held.status == 0, "\(held.stderr)")
        #expect(
            held.stdout.contains("rain ≥ 1 mm over tomorrow \(expected.1) of \(expected.2) members"), "\(held.stdout)"
        )
        let notHeld = try check(["--rain", "\(above)%", Self.paris], now: Self.friday, server: server)
        #expect(notHeld.status == 1, "\(notHeld.stderr)")
        #expect(notHeld.stderr.isEmpty && notHeld.stdout.contains("none held"), "\(notHeld.stdout)")
        let json = try document(
            try runWX(["--json", "check", "--rain", "\(above)%", Self.paris], server: server, now: Self.friday))
        let condition = try #require((json["conditions"] as? [[String: Any]])?.first)
        #expect(condition["date"] as? String == expected.0)
        #expect(condition["members"] as? Int == expected.1 && condition["of_members"] as? Int == expected.2)
        #expect(json["holds"] as? Bool == false && json["exit_status"] as? Int == 1)
    }

    /// In the evening, rain that fell in the morning is not rain to come: at 20:10 CEST on Sat
    /// 24 Oct the members' rain (06:00–16:00) is over, so `check --rain` and `brief --sure`
    /// read the rest of today from the next hour, as `chance` does (they read the whole day:
    /// 27 of 51, "rain today … ≥ 50 %", beside brief's "Dry for the next 24 hours").
    @Test func theRestOfTodayCountsOnlyTheHoursToCome() throws {
        let server = try FixtureServer()
        let evening = "2026-10-24T18:10:00Z"
        let expected = try Self.expected(at: evening)
        let today = try #require(expected["rain_today"])
        let reading = try #require(expected["rain"])
        #expect(today.0 == "2026-10-24" && today.1 == 0 && today.2 == 51)
        let run = try check(["--rain", "50%", Self.paris], now: evening, server: server)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("rain ≥ 1 mm over tomorrow \(reading.1) of \(reading.2) members"), "\(run.stdout)")
        let json = try document(
            try runWX(["--json", "check", "--rain", "50%", Self.paris], server: server, now: evening))
        let condition = try #require((json["conditions"] as? [[String: Any]])?.first)
        #expect(condition["date"] as? String == reading.0 && condition["members"] as? Int == reading.1)
        let sure = try runWX(["brief", "--sure", Self.paris], server: server, now: evening)
        #expect(
            sure.stdout.replacingOccurrences(of: "\n  ", with: " ").contains(
                "Rain in the rest of today is unlikely: \(today.1) of \(today.2) members give 1 mm or more over the rest of the day."
            ),
            "\(sure.stdout)")
        // chance counts today from the next hour by the same rule: the same members.
        let chance = try runWX(["--json", "chance", "rain>=1mm/day", "2", Self.paris], server: server, now: evening)
        #expect(
            chance.stdout.contains(
                #"{"date":"2026-10-24","members_reaching":\#(today.1),"members":\#(today.2),"#),
            "\(chance.stdout)")
    }

    /// Today's reading is said as the rest of today: at 06:10 CEST on Sat 24 Oct, the hours from
    /// 07:00 (23 of 51 reach 1 mm; the whole day, with the hour begun, 27).
    @Test func todaysReadingSaysRestOfToday() throws {
        let server = try FixtureServer()
        let morning = "2026-10-24T04:10:00Z"
        let today = try #require(try Self.expected(at: morning)["rain_today"])
        #expect(today.0 == "2026-10-24" && today.1 == 23 && today.2 == 51)
        let run = try check(["--rain", "40%", Self.paris], now: morning, server: server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("rain ≥ 1 mm over the rest of today \(today.1) of \(today.2) members"),
            "\(run.stdout)")
    }

    @Test func frostHoldsAtItsThresholdAndNotAbove() throws {
        let server = try FixtureServer()
        let expected = try #require(try Self.expected(at: Self.sunday)["frost"])
        let percent = Double(expected.1) * 100 / Double(expected.2)
        let held = try check(["--frost", "30%", Self.paris], now: Self.sunday, server: server)
        #expect(percent >= 30)
        #expect(held.status == 0, "\(held.stderr)")
        #expect(held.stdout.contains("frost tomorrow \(expected.1) of \(expected.2) members"), "\(held.stdout)")
        let notHeld = try check(
            ["--frost", "\(Int(percent.rounded(.up)))%", Self.paris], now: Self.sunday, server: server)
        #expect(notHeld.status == 1, "\(notHeld.stdout)\(notHeld.stderr)")
        // On Friday no member has frost today or tomorrow.
        let friday = try check(["--frost", "1%", Self.paris], now: Self.friday, server: server)
        #expect(try Self.expected(at: Self.friday)["frost"]?.1 == 0)
        #expect(friday.status == 1, "\(friday.stdout)\(friday.stderr)")
    }

    @Test func warningsHoldInForceOrWithinADay() throws {
        let server = try FixtureServer()
        // (now, holds): 12 h before the onset, 42 h before it, in force, after it expired.
        let cases: [(String, Int32)] = [
            ("2026-03-06T12:00:00Z", 0), ("2026-03-05T06:00:00Z", 1), ("2026-03-07T03:00:00Z", 0),
            ("2026-03-07T09:00:00Z", 1),
        ]
        for (now, status) in cases {
            let run = try check(["--warnings", "Berlin"], now: now, server: server)
            #expect(run.status == status, "\(now): \(run.stdout)\(run.stderr)")
            if status == 0 { #expect(run.stdout.contains("Frost (yellow)"), "\(run.stdout)") }
        }
    }

    @Test func anyConditionHoldingIsEnough() throws {
        let server = try FixtureServer()
        let none = try check(
            ["--rain", "60%", "--frost", "30%", "--warnings", Self.paris], now: Self.friday, server: server)
        #expect(none.status == 1, "\(none.stdout)\(none.stderr)")
        let one = try check(
            ["--rain", "50%", "--frost", "30%", "--warnings", Self.paris], now: Self.friday, server: server)
        #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
        #expect(one.stdout.contains("rain") && !one.stdout.contains("frost"), "\(one.stdout)")
    }

    /// A re-trial: with the ensemble down, `check --rain 60% --warnings Berlin` exited 3 and
    /// printed nothing while a frost warning was in force — README's cron line was never told.
    /// What holds is told (exit 0), what could not be read is said on stderr; with nothing
    /// holding, the failure still makes the exit status 3.
    @Test func aConditionThatHoldsIsToldThoughAnotherCannotBeRead() throws {
        let server = try FixtureServer()
        let dead = ["WX_OPEN_METEO_ENSEMBLE_URL": "http://127.0.0.1:9"]
        // 2026-03-07 03:00 UTC: Bright Sky's frost warning for Berlin is in force.
        let held = try runWX(
            ["check", "--rain", "60%", "--warnings", "Berlin"], home: TemporaryFolder(), server: server,
            now: "2026-03-07T03:00:00Z", environment: dead)
        #expect(held.status == 0, "\(held.stdout)\(held.stderr)")
        #expect(held.stdout.contains("Frost (yellow)"), "\(held.stdout)")
        #expect(held.stderr.contains("not checked: ") && held.stderr.contains("Open-Meteo ensemble"), "\(held.stderr)")
        // After it expired nothing holds, and the unread --rain makes it 3; the line says what
        // --warnings read and names --rain not checked (trial 63).
        let none = try runWX(
            ["check", "--rain", "60%", "--warnings", "Berlin"], home: TemporaryFolder(), server: server,
            now: "2026-03-07T09:00:00Z", environment: dead)
        #expect(none.status == 3, "\(none.stdout)\(none.stderr)")
        #expect(none.stdout.hasSuffix("; --rain not checked\n"), "\(none.stdout)")
    }

    @Test func usageErrorsExitTwoBeforeAnyRequest() throws {
        let server = try FixtureServer()
        for arguments in [["Paris"], ["--rain", "150%", "Paris"], ["--rain"], ["--rian", "60%", "Paris"], []] {
            let run = try check(arguments, now: Self.friday, server: server)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
        #expect(try server.requests().isEmpty)
    }

    @Test func whatCannotBeToldExitsThreeWithTheReason() throws {
        let server = try FixtureServer()
        // The ensemble service cannot be reached.
        let refused = try runWX(
            ["check", "--rain", "50%", Self.paris], home: TemporaryFolder(), server: server, now: Self.friday,
            environment: ["WX_OPEN_METEO_ENSEMBLE_URL": "http://127.0.0.1:9"])
        #expect(refused.status == 3 && refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr.contains("Open-Meteo ensemble"), "\(refused.stderr)")
        // The warning feed answers 500.
        try server.queue(.init(path: "/alerts", status: 500, body: "busy", times: 10))
        let failed = try check(["--warnings", "Berlin"], now: "2026-03-06T12:00:00Z", server: server)
        #expect(failed.status == 3, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stderr.contains("error:"))
        // No feed covers Japan: not "no warnings".
        let uncovered = try check(["--warnings", "35.685939,139.811695"], now: Self.friday, server: server)
        #expect(uncovered.status == 3 && uncovered.stderr.contains("no warning feed covers"), "\(uncovered.stderr)")
        // A place not found. (No place at all is a usage error, 2: CheckUsageEndToEndTests.)
        let nowhere = try check(["--rain", "50%", "Xyzzy Nowhere"], now: Self.friday, server: server)
        #expect(nowhere.status == 3, "\(nowhere.stderr)")
        let noPlace = try check(["--rain", "50%"], now: Self.friday, server: server)
        #expect(noPlace.status == 2, "\(noPlace.stderr)")
        // The same under --json: an error document, still 3.
        let json = try runWX(
            ["--json", "check", "--rain", "50%", Self.paris], home: TemporaryFolder(), server: server,
            now: Self.friday, environment: ["WX_OPEN_METEO_ENSEMBLE_URL": "http://127.0.0.1:9"])
        #expect(json.status == 3 && json.stdout.contains(#""type":"error""#), "\(json.stdout)")
    }

    @Test func aSecondCheckReadsTheCache() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try check(["--rain", "50%", "--warnings", Self.paris], now: Self.friday, server: server, home: home)
        let before = try server.requests().count
        let again = try check(
            ["--rain", "50%", "--warnings", Self.paris], now: Self.friday, server: server, home: home)
        #expect(again.status == 0, "\(again.stderr)")
        let asked = try server.requests().dropFirst(before).map(\.path)
        #expect(asked.isEmpty, "\(asked)")
    }
}
