import Foundation
import Testing
import WeatherTestSupport

/// `brief` when the ensemble covers tomorrow only in part (its answer stops before tomorrow
/// ends): it said nothing of tomorrow's rain where a whole tomorrow has its sentence (here late in
/// the evening, when no hour of today is left). It now says what the hours held say, by `check
/// --rain`'s rule at brief's "likely" (65 %): likely when those hours already reach it (the hours
/// missing can only add rain), else not judged yet, naming until when tomorrow is covered. Piped
/// to the built wx against the loopback server; the counts come from
/// Fixtures/open-meteo-ensemble/partial_tomorrow_expected.py over the same answers.
@Suite(.tags(.endToEnd))
struct BriefPartTomorrowEndToEndTests {
    static let paris = "48.85,2.35"
    static let newYork = "40.75,-74.0"
    /// Thu 29 Oct 23:30 CET; Tue 01 Dec 23:30 EST.
    static let parisLate = "2026-10-29T22:30:00Z"
    static let newYorkLate = "2026-12-02T04:30:00Z"
    /// New York's answer with 23 of its 31 members wet early on Wed 02 Dec, in the place's zone.
    static let wetWednesday = "open-meteo-ensemble/new-york-gfs025-31-members-wet-wednesday-hand-edited.json"

    /// partial_tomorrow_expected.py's case `key` (read as check's tests of a day covered in part read it).
    static func expected(_ key: String) throws -> [String: Any] { try CheckPartDayEndToEndTests.figures(key) }

    /// The output's lines, unwrapped and joined by spaces.
    static func joined(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The brief's sentences from `--json`, after validating the document against the schema.
    static func sentences(_ run: WXResult, home: TemporaryFolder) throws -> [[String: Any]] {
        #expect(run.status == 0, "\(run.stderr)")
        let check = try validateAgainstSchema(run.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "brief")
        return try #require(document["sentences"] as? [[String: Any]])
    }

    @Test func hoursHeldUnderLikelyAreNotJudgedYet() throws {
        let figures = try Self.expected("paris_late")
        #expect(figures["likely"] as? Bool == false)
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(
            stdin: "brief --sure \(Self.paris)\n", home: home, server: server, now: Self.parisLate,
            environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let covered = try #require(figures["hours_covered"] as? Int)
        let day = try #require(figures["hours_in_day"] as? Int)
        let wet = try #require(figures["wet"] as? Int)
        let of = try #require(figures["of"] as? Int)
        let end = try #require(figures["end"] as? String)
        #expect(
            Self.joined(run.stdout).contains(
                "Rain tomorrow cannot be judged yet: the ensemble covers it only until \(end), and over those \(covered) hours (of \(day)) \(wet) of \(of) members give 1 mm or more."
            ), "\(run.stdout)")

        let json = try runWX(
            ["--json"], stdin: "brief --sure \(Self.paris)\n", home: home, server: server, now: Self.parisLate)
        let part = try #require(
            try Self.sentences(json, home: home).first { $0["kind"] as? String == "chance_part_day" })
        let facts = try #require(part["facts"] as? [String: Any])
        #expect(facts["date"] as? String == figures["tomorrow"] as? String)
        #expect(facts["members"] as? Int == wet && facts["of_members"] as? Int == of)
        #expect(facts["hours_covered"] as? Int == covered && facts["hours_in_day"] as? Int == day)
        #expect(facts["covered_until"] as? String == figures["end_utc"] as? String)
        #expect(facts["judged"] as? Bool == false)
        #expect(facts["likelihood"] is NSNull, "\(facts)")
    }

    @Test func hoursHeldThatReachLikelyAreLikely() throws {
        let figures = try Self.expected("new_york_wet_late")
        #expect(figures["likely"] as? Bool == true)
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/v1/ensemble", file: Self.wetWednesday))
        let run = try runWX(
            stdin: "brief --sure \(Self.newYork)\n", home: home, server: server, now: Self.newYorkLate,
            environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let covered = try #require(figures["hours_covered"] as? Int)
        let day = try #require(figures["hours_in_day"] as? Int)
        let wet = try #require(figures["wet"] as? Int)
        let of = try #require(figures["of"] as? Int)
        let end = try #require(figures["end"] as? String)
        #expect(
            Self.joined(run.stdout).contains(
                "Rain tomorrow is likely: \(wet) of \(of) members already give 1 mm or more over tomorrow’s \(covered) hours the ensemble covers (of \(day), to \(end))."
            ), "\(run.stdout)")

        // The same answer, cached for the run: brief without --sure reads it too.
        let json = try runWX(
            ["--json"], stdin: "brief \(Self.newYork)\n", home: home, server: server, now: Self.newYorkLate)
        let part = try #require(
            try Self.sentences(json, home: home).first { $0["kind"] as? String == "chance_part_day" })
        let facts = try #require(part["facts"] as? [String: Any])
        #expect(facts["members"] as? Int == wet && facts["of_members"] as? Int == of)
        #expect(facts["hours_covered"] as? Int == covered && facts["hours_in_day"] as? Int == day)
        #expect(facts["covered_until"] as? String == figures["end_utc"] as? String)
        #expect(facts["judged"] as? Bool == true)
        #expect(facts["likelihood"] as? String == "likely")
    }
}
