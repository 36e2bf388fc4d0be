import Foundation
import Testing
import WeatherTestSupport

/// `check --rain`/`--frost` on an ensemble answer with a gap inside a day (trial 60): an hour
/// null in every member (case OM-2), or missing from `time`, made the day not covered at all —
/// "none held" (exit 1) from the other day alone — or, missing from `time`, a whole day. The one
/// rule for a day covered in part decides now: the hours held decide when they reach the
/// threshold (exit 0, the line names them and the gap), else wx cannot tell (exit 3, one line),
/// today as tomorrow. An answer with no member's precipitation (or temperature) at all says
/// that, as `best`, `chance` and `plume` do, not "covers neither today nor tomorrow".
/// The bodies and figures come from Fixtures/open-meteo-ensemble/gap_days.py.
@Suite(.tags(.endToEnd))
struct CheckGapDayEndToEndTests {
    static let paris = "48.85,2.35"
    static let script = TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/gap_days.py"

    static func python(_ arguments: [String]) throws -> String {
        let run = try runProgram("/usr/bin/python3", [script] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// The script's figures for `name`: its clock and each day's counts.
    static func figures(_ name: String) throws -> [String: Any] {
        let document = try JSONSerialization.jsonObject(with: Data(try python(["expected"]).utf8))
        return try #require((document as? [String: [String: Any]])?[name])
    }

    /// A server answering `/v1/ensemble` with case `name`'s body `times` times.
    static func server(_ name: String, times: Int) throws -> FixtureServer {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/ensemble", body: try python(["body", name]), contentType: "application/json; charset=utf-8",
                times: times))
        return server
    }

    static func run(_ arguments: [String], _ name: String, server: FixtureServer, now: String) throws -> WXResult {
        try runWX(arguments, home: TemporaryFolder(), server: server, now: now)
    }

    /// "tomorrow’s 23 hours the ensemble covers (of 24, without 13:00–14:00) 24 of 51 members
    /// (47 %)" from a day's figures.
    static func partCount(_ day: [String: Any], _ which: String) -> String {
        let gaps = (day["gaps"] as? [String] ?? []).joined(separator: " and ")
        let percent = Int((day["percent"] as? Double ?? -1).rounded())
        return
            "\(which)’s \(day["hours_covered"] as? Int ?? -1) hours the ensemble covers (of \(day["hours_in_day"] as? Int ?? -1), without \(gaps)) \(day["members"] as? Int ?? -1) of \(day["of"] as? Int ?? -1) members (\(percent) %)"
    }

    static func percent(_ day: [String: Any]) -> Double { day["percent"] as? Double ?? -1 }

    /// Repro A: Saturday's 13:00–14:00 null in every member; its other 23 hours already reach 30 %.
    @Test func aNullHourTomorrowWhoseHoursHeldReachTheThresholdHolds() throws {
        let figures = try Self.figures("sat_null_rain")
        let now = try #require(figures["now"] as? String)
        let tomorrow = try #require(figures["tomorrow_rain"] as? [String: Any])
        let today = try #require(figures["today_rain"] as? [String: Any])
        #expect(tomorrow["whole"] as? Bool == false && Self.percent(tomorrow) >= 30 && Self.percent(today) < 30)
        let server = try Self.server("sat_null_rain", times: 2)
        let held = try Self.run(["check", "--rain", "30%", Self.paris], "sat_null_rain", server: server, now: now)
        #expect(held.status == 0, "\(held.stdout)\(held.stderr)")
        #expect(
            held.stdout.hasSuffix(": rain ≥ 1 mm over " + Self.partCount(tomorrow, "tomorrow") + " ≥ 30 %\n"),
            "\(held.stdout)")
        // Under the threshold over the hours held, and today under it whole: wx cannot tell.
        #expect(Self.percent(tomorrow) < 60)
        let unknown = try Self.run(["check", "--rain", "60%", Self.paris], "sat_null_rain", server: server, now: now)
        #expect(unknown.status == 3, "\(unknown.stdout)\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty && unknown.stderr.split(separator: "\n").count == 1, "\(unknown.stderr)")
        #expect(
            unknown.stderr.hasPrefix(
                "error: tomorrow is only partly covered by the ensemble (23 of its 24 hours, without \((tomorrow["gaps"] as? [String] ?? []).joined())), and \(tomorrow["members"] as? Int ?? -1) of \(tomorrow["of"] as? Int ?? -1) members"
            ), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("none held"))
    }

    /// Repro B: Monday's 13:00 temperature null in every member; 37 of 51 lows below 0 °C in
    /// the other 23 instants hold --frost 50 %.
    @Test func aNullInstantTomorrowDoesNotHideTheFrostOfTheOthers() throws {
        let figures = try Self.figures("mon_null_temp")
        let now = try #require(figures["now"] as? String)
        let tomorrow = try #require(figures["tomorrow_frost"] as? [String: Any])
        #expect(tomorrow["whole"] as? Bool == false && Self.percent(tomorrow) >= 50)
        let server = try Self.server("mon_null_temp", times: 1)
        let run = try Self.run(["check", "--frost", "50%", Self.paris], "mon_null_temp", server: server, now: now)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.hasSuffix(": frost over " + Self.partCount(tomorrow, "tomorrow") + " ≥ 50 %\n"),
            "\(run.stdout)")
    }

    /// Repro C: today's 19:00–20:00 null in every member and tomorrow whole under 60 %: today
    /// was not judged, so it is not "none held" but "cannot tell".
    @Test func aNullHourTodayUnderTheThresholdIsNotANo() throws {
        let figures = try Self.figures("fri_null_rain")
        let now = try #require(figures["now"] as? String)
        let today = try #require(figures["today_rain"] as? [String: Any])
        let tomorrow = try #require(figures["tomorrow_rain"] as? [String: Any])
        #expect(today["whole"] as? Bool == false && Self.percent(today) < 60)
        #expect(tomorrow["whole"] as? Bool == true && Self.percent(tomorrow) < 60)
        let server = try Self.server("fri_null_rain", times: 1)
        let run = try Self.run(["check", "--rain", "60%", Self.paris], "fri_null_rain", server: server, now: now)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(
            run.stderr.hasPrefix(
                "error: the rest of today is only partly covered by the ensemble (\(today["hours_covered"] as? Int ?? -1) of its \(today["hours_in_day"] as? Int ?? -1) hours, without \((today["gaps"] as? [String] ?? []).joined())), and \(today["members"] as? Int ?? -1) of \(today["of"] as? Int ?? -1) members"
            ), "\(run.stderr)")
    }

    /// Finding 8: an hour missing from `time` is a gap, not a whole day of 23 hours: the day is
    /// counted over the hours held and the line says which is missing; confidence says the
    /// answer lacks it, and plume marks its row.
    @Test func anHourMissingFromTheAnswerIsAGap() throws {
        let figures = try Self.figures("sat_missing_time")
        let now = try #require(figures["now"] as? String)
        let tomorrow = try #require(figures["tomorrow_rain"] as? [String: Any])
        let gap = try #require((tomorrow["gaps"] as? [String])?.first)
        #expect(tomorrow["whole"] as? Bool == false && Self.percent(tomorrow) >= 30)
        let server = try Self.server("sat_missing_time", times: 3)
        let check = try Self.run(["check", "--rain", "30%", Self.paris], "sat_missing_time", server: server, now: now)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.hasSuffix(": rain ≥ 1 mm over " + Self.partCount(tomorrow, "tomorrow") + " ≥ 30 %\n"),
            "\(check.stdout)")
        let confidence = try Self.run(["confidence", "2", Self.paris], "sat_missing_time", server: server, now: now)
        let flat = confidence.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // The time missing from the answer: the instant that is the end of the amount's hour.
        let time = try #require((figures["tomorrow_frost"] as? [String: Any])?["gaps"] as? [String]).first ?? "?"
        #expect(flat.contains("the answer lacks 1 hour (from Sat 24 Oct \(time))"), "\(confidence.stdout)")
        #expect(flat.contains("Sat 24 Oct is not shown"), "\(confidence.stdout)")
        let plume = try Self.run(["plume", "rain", "48", Self.paris], "sat_missing_time", server: server, now: now)
        #expect(plume.status == 0, "\(plume.stdout)\(plume.stderr)")
        let row = plume.stdout.split(separator: "\n").first {
            $0.contains(" \(gap.prefix(5)) ") || $0.hasPrefix(gap.prefix(5))
        }
        #expect(row?.contains("—") == true, "\(plume.stdout)")
        #expect(plume.stdout.contains("no member has a value at that hour"), "\(plume.stdout)")
    }

    /// Finding 6: precipitation (or the temperature) null in every member, unit "undefined":
    /// check and brief give best's, chance's and plume's reason.
    @Test func aVariableNoMemberHasIsSaidAsTheDecisionViewsSayIt() throws {
        let rain = "the ECMWF IFS ENS answer has no precipitation (precipitation) for any member"
        let temperature = "the ECMWF IFS ENS answer has no temperature (temperature_2m) for any member"
        let now = try #require(try Self.figures("all_null_rain")["now"] as? String)
        let server = try Self.server("all_null_rain", times: 3)
        let check = try Self.run(["check", "--rain", "30%", Self.paris], "all_null_rain", server: server, now: now)
        #expect(check.status == 3, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr == "error: \(rain), so --rain cannot be checked\n", "\(check.stderr)")
        let brief = try Self.run(["brief", "--sure", Self.paris], "all_null_rain", server: server, now: now)
        #expect(
            brief.stderr.contains("warning: \(rain), so brief says nothing of how likely rain is\n"), "\(brief.stderr)")
        #expect(!brief.stderr.contains("covers neither"), "\(brief.stderr)")
        // The same words as plume's.
        let plume = try Self.run(["plume", "rain", Self.paris], "all_null_rain", server: server, now: now)
        #expect(plume.stderr.contains(rain), "\(plume.stderr)")
        let frostServer = try Self.server("all_null_temp", times: 1)
        let frost = try Self.run(
            ["check", "--frost", "50%", Self.paris], "all_null_temp", server: frostServer, now: now)
        #expect(frost.status == 3, "\(frost.stdout)\(frost.stderr)")
        #expect(frost.stderr == "error: \(temperature), so --frost cannot be checked\n", "\(frost.stderr)")
    }
}
