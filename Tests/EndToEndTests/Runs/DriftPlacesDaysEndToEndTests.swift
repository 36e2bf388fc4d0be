import Foundation
import Testing
import WeatherTestSupport

/// Trial 57 finding 3: Berlin's earlier runs come in GMT (the demo's written answer), and `drift`
/// made its days on UTC's calendar — "Mon 28 Jul" from 02:00 to 02:00 CEST — while `confidence`
/// made the same label Berlin's day, and README says days are made in the place's calendar. Now
/// the runs are put at the place's clock as the ensemble is (`PlacesClock`): `drift`'s Monday is
/// Berlin's, 27 Jul 22:00 to 28 Jul 22:00 UTC.
///
/// The figures are the output of Fixtures/open-meteo-previous-runs/berlin_drift_days_expected.py
/// (Berlin day: lead 1 21.9/17.3, 0.2 mm; lead 7 25.0/16.9, 0.1 mm — the UTC day gave 17.1 and
/// 21.5 and no 1-day sum).
@Suite(.tags(.endToEnd)) struct DriftPlacesDaysEndToEndTests {
    /// Each row's lead and its high, low and sum, by lead.
    static func rows(_ output: String) -> [Int: [String]] {
        var rows: [Int: [String]] = [:]
        // The newest run's row without values (its "ahead" that of lead 1) is no row of figures.
        for line in output.split(separator: "\n")
        where line.range(of: #"^ +[A-Z][a-z]{2} [0-9]{2} [A-Z][a-z]{2} +[0-9] d "#, options: .regularExpression) != nil
            && !line.hasSuffix("newest run: no values for this day")
        {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 8, let lead = Int(words[3]) else { continue }
            rows[lead] = Array(words[5...7])
        }
        return rows
    }

    @Test func driftsDaysAreBerlinsAsConfidencesAre() throws {
        let (run, _) = try runDemo("find Berlin; drift; confidence")
        #expect(run.status == 0, "\(run.stderr)")
        let rows = Self.rows(run.stdout)
        let expected: [Int: [String]] = [
            1: ["21.9", "17.3", "0.2"], 2: ["21.8", "17.4", "0.2"], 3: ["21.6", "17.5", "0.2"],
            4: ["22.4", "17.4", "0.1"], 5: ["23.3", "17.3", "0.1"], 6: ["24.2", "17.2", "0.1"],
            7: ["25.0", "16.9", "0.1"],
        ]
        for (lead, figures) in expected {
            #expect(rows[lead] == figures, "lead \(lead): \(run.stdout)")
        }
        // The same label's low in `confidence`, on the same calendar.
        let day = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("  Mon 28 Jul") && $0.contains("high ") })
        #expect(day.contains("low 17.3 °C"), "\(day)")
    }

    /// Trial 60 finding 4: at 00:30 CEST on Fri 15 Aug (22:30 UTC on the 14th) `drift` asked the
    /// runs for 14..16 Aug — a day either side of UTC's tomorrow — for Hamburg's tomorrow, Sat 16,
    /// whose last hour of precipitation ends at 17 Aug 00:00: every mm cell was "—". The days are
    /// now counted from the place's today (its nearest zone), as `drift sat` and the date were.
    /// Lead 7's and the newest run's sums, 3.1 and 0.0 mm, are expected.py's (drift 2025-08-16).
    @Test func driftTomorrowAfterThePlacesMidnightAsksThePlacesTomorrow() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(["-c", "drift tomorrow Hamburg"], home: home, server: server, now: "2025-08-14T22:30:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Sat 16 Aug (tomorrow), run by run"), "\(run.stdout)")
        #expect(run.stdout.contains("precipitation 3.1 mm → 0.0 mm"), "\(run.stdout)")
        let asked = try server.requests().filter { $0.path == "/previous-runs/v1/forecast" }
        #expect(asked.map { [$0.query["start_date"], $0.query["end_date"]] } == [["2025-08-15", "2025-08-17"]])
        // `drift today` at the same instant: Fri 15 Aug and the 00:00 that ends it.
        let today = try runWX(["-c", "drift today Hamburg"], home: home, server: server, now: "2025-08-14T22:30:00Z")
        #expect(today.stdout.contains("Fri 15 Aug (today), run by run"), "\(today.stdout)")
        let second = try server.requests().filter { $0.path == "/previous-runs/v1/forecast" }.last
        #expect(second?.query["start_date"] == "2025-08-14" && second?.query["end_date"] == "2025-08-16")
    }
}
