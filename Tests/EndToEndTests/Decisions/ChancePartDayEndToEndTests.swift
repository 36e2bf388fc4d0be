import Foundation
import Testing
import WeatherTestSupport

/// `chance` on a day the ensemble's answer stops within (the answer's last): the day was left
/// out ("a day is shown only when the members cover all of it"), though `check --rain` reads the
/// same hours. It is now shown, counted over the hours held by the same rule, with those hours
/// named; `--json` gives them. Piped to the built wx against the loopback server; the counts come
/// from Fixtures/open-meteo-ensemble/partial_tomorrow_expected.py over the same answers.
@Suite(.tags(.endToEnd))
struct ChancePartDayEndToEndTests {
    /// (the script's case, the place, now): Paris at 23:30 CET, no hour of today left (Fri 30 Oct
    /// covered to 23:00); New York at 10:00 EST, its answer in GMT read at the place's clock
    /// (Wed 02 Dec covered to 18:00).
    static let cases = [
        ("paris_late", "48.85,2.35", "2026-10-29T22:30:00Z"), ("new_york", "40.75,-74.0", "2026-12-01T15:00:00Z"),
    ]

    /// partial_tomorrow_expected.py's case `key` (read as check's tests of a day covered in part read it).
    static func expected(_ key: String) throws -> [String: Any] { try CheckPartDayEndToEndTests.figures(key) }

    /// "Fri 30 Oct" of "2026-10-30".
    static func dayName(_ iso: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let date = formatter.date(from: iso)!
        formatter.dateFormat = "EEE dd MMM"
        return formatter.string(from: date)
    }

    @Test(arguments: cases) func aDayCoveredInPartIsShownWithItsHours(key: String, place: String, now: String) throws {
        let figures = try Self.expected(key)
        let covered = try #require(figures["hours_covered"] as? Int)
        let day = try #require(figures["hours_in_day"] as? Int)
        let wet = try #require(figures["wet"] as? Int)
        let of = try #require(figures["of"] as? Int)
        let percent = try #require(figures["percent"] as? Double)
        let end = try #require(figures["end"] as? String)
        let tomorrow = try #require(figures["tomorrow"] as? String)
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(stdin: "chance rain>=1mm/day 3 \(place)\n", home: home, server: server, now: now)
        #expect(run.status == 0, "\(run.stderr)")
        // The day's row with its wrapped lines (indented under the counts) joined.
        let row = try #require(
            run.stdout.replacing(/\n {16}/, with: " ").split(separator: "\n").first {
                $0.contains(Self.dayName(tomorrow))
            }, "\(run.stdout)")
        #expect(
            row.contains(
                " \(wet) of \(of) members (\(String(format: "%.0f", percent)) %) over the \(covered) hours the ensemble covers (of \(day), to \(end))"
            ), "\(row)")
        let flat = run.stdout.replacing(/\n +/, with: " ")
        #expect(
            flat.contains(
                "a day the members cover only in part is counted over the hours they cover: a member that reaches a threshold in them reaches it that day, and the hours missing may add more"
            ), "\(run.stdout)")
        #expect(!flat.contains("a day is shown only when the members cover all of it"), "\(run.stdout)")

        let json = try runWX(
            ["--json"], stdin: "chance rain>=1mm/day 3 \(place)\n", home: home, server: server, now: now)
        #expect(json.status == 0, "\(json.stderr)")
        let check = try validateAgainstSchema(json.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require((document["thresholds"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])
        let part = try #require(days.first { $0["date"] as? String == tomorrow }, "\(days)")
        #expect(part["members_reaching"] as? Int == wet && part["members"] as? Int == of)
        #expect(part["hours_covered"] as? Int == covered && part["hours_in_day"] as? Int == day)
        #expect(part["covered_until"] as? String == figures["end_utc"] as? String)
        // The days counted whole say so.
        #expect(days.filter { $0["date"] as? String != tomorrow }.allSatisfy { $0["hours_covered"] is NSNull })
    }
}
