import Foundation
import Testing
import WeatherTestSupport

/// `chance frost N` once this morning's frost night (18:00 to 09:00) is over: the nights move
/// on, so N nights are still shown when the members cover them (Sat 24 to Tue 27 Oct from Fri
/// 23 Oct 10:10 CEST, the Paris members running to Fri 30 Oct), and no note blames the
/// members' end for a night that is simply over. The nights and counts expected come from
/// Fixtures/open-meteo-ensemble/decisions_expected.py (`chance_frost_after_nine`,
/// `chance_frost_before_nine`).
@Suite(.tags(.endToEnd)) struct ChanceFrostNightsEndToEndTests {
    /// 10:10 CEST on Fri 23 Oct 2026: the night that ended at 09:00 is over.
    static let afterNine = "2026-10-23T08:10:00Z"

    /// The frost row's days of wx's --json chance document, as the script writes them.
    func frostDays(_ arguments: String, now: String) throws -> NSArray {
        let run = try runWX(
            ["--json", "-c", "chance \(arguments) \(DecisionsEndToEndTests.paris)"], home: TemporaryFolder(),
            server: FixtureServer(), now: now)
        #expect(run.status == 0, "\(run.stderr)")
        let document = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { $0["type"] as? String == "chance" }
        let thresholds = document?["thresholds"] as? [[String: Any]] ?? []
        let frost = thresholds.first { ($0["threshold"] as? String ?? "").contains("frost") } ?? thresholds.first
        return (frost?["days"] as? [[String: Any]] ?? []).map { day -> [Any] in
            let most = (day["most"] as? [[String: Any]] ?? []).map {
                [$0["from"] as? String ?? "", $0["until"] as? String ?? ""]
            }
            return [
                day["date"] as? String ?? "", day["members_reaching"] as? Int ?? -1, day["members"] as? Int ?? -1, most,
            ]
        } as NSArray
    }

    @Test func frostShowsTheNightsAskedFromTheNextOneNotYetOver() throws {
        let expected = DecisionsEndToEndTests.expected
        #expect(try frostDays("frost 4", now: Self.afterNine) == expected["chance_frost_after_nine"] as? NSArray)
        // Beside a threshold of days: still four nights, not three.
        #expect(
            try frostDays("frost gusts>=60 4", now: Self.afterNine) == expected["chance_frost_after_nine"] as? NSArray)
        // Before 09:00 this morning's night is still counted (from the next hour), as before.
        #expect(
            try frostDays("frost 4", now: DecisionsEndToEndTests.now) == expected["chance_frost_before_nine"]
                as? NSArray)
    }

    @Test func noNoteBlamesTheMembersForANightThatIsOver() throws {
        let server = try FixtureServer()
        let alone = try runWX(
            ["-c", "chance frost 4 \(DecisionsEndToEndTests.paris)"], home: TemporaryFolder(), server: server,
            now: Self.afterNine, environment: ["COLUMNS": "200"])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout.contains("Tue 27 Oct  51 of 51 members (100 %)"), "\(alone.stdout)")
        #expect(!alone.stdout.contains("hours end"), "\(alone.stdout)")
        #expect(!alone.stdout.contains("is over"), "\(alone.stdout)")
        // Beside days from today, the nights' later start is said, and why.
        let both = try runWX(
            ["-c", "chance frost gusts>=60 4 \(DecisionsEndToEndTests.paris)"], home: TemporaryFolder(),
            server: server, now: Self.afterNine, environment: ["COLUMNS": "200"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(!both.stdout.contains("hours end"), "\(both.stdout)")
        // (Notes wrap at 80 columns, their later lines indented two spaces.)
        #expect(
            both.stdout.replacingOccurrences(of: "\n  ", with: " ").contains(
                "frost: this morning’s night (to 09:00) is over; the nights shown start with the one ending Sat 24 Oct"),
            "\(both.stdout)")
        // Where the members do end, that is still said, and true: 8 nights (Sat 24 to Sat 31 Oct,
        // the last held to Fri 23:00 and counted over those instants, as the last day is) and 8
        // days (Fri 23 to Fri 30 Oct) of 10.
        let long = try runWX(
            ["-c", "chance frost gusts>=60 10 \(DecisionsEndToEndTests.paris)"], home: TemporaryFolder(),
            server: server, now: Self.afterNine, environment: ["COLUMNS": "200"])
        #expect(
            long.stdout.replacingOccurrences(of: "\n  ", with: " ").contains(
                "the members’ hours end Fri 30 Oct 23:00 CET: 8 days of 10 asked; the last counted over the hours they cover"
            ),
            "\(long.stdout)")
    }

    /// In the evening tonight's night has begun: it is the first shown, counted from the next
    /// hour and starred as such — not as today.
    @Test func tonightsNightIsCountedFromTheNextHourAndSaidSo() throws {
        let evening = "2026-10-23T17:30:00Z"
        #expect(
            try frostDays("frost 2", now: evening) == DecisionsEndToEndTests.expected["chance_frost_evening"]
                as? NSArray)
        let run = try runWX(
            ["-c", "chance frost 2 \(DecisionsEndToEndTests.paris)"], home: TemporaryFolder(), server: FixtureServer(),
            now: evening)
        #expect(run.stdout.contains("Sat 24 Oct* 0 of 51 members (0 %)"), "\(run.stdout)")
        #expect(run.stdout.contains("* tonight from the next hour"), "\(run.stdout)")
        #expect(!run.stdout.contains("today from the next hour"), "\(run.stdout)")
    }
}
