import Foundation
import Testing
import WeatherTestSupport

/// A snapshot whose forecast came in GMT keeps UTC days, and `saved N` and `saved verify` set
/// them against what happened over the same UTC days: the archive is asked with timezone=GMT
/// (a user found a UTC day's high and low set against the place's day of the same date, hours
/// apart). Through the built wx and the loopback server: Berlin's forecast is the GMT recording,
/// and the archive answers a GMT request near Berlin with
/// Fixtures/open-meteo-archive/berlin-daily-2025-07-27-to-08-02-hand-written.json (UTC days);
/// a request for the place's days gets the Hamburg body in Europe/Berlin. The figures expected
/// come from Fixtures/saved-verify/utc_days_expected.py over the same two bodies.
@Suite(.tags(.endToEnd)) struct SavedUTCDaysEndToEndTests {
    static let saved = "2025-07-27T03:00:00Z"
    static let checked = "2025-08-08T03:00:00Z"

    /// The script's figures for the snapshot saved at `saved`, checked at `at`.
    static func expected(at: String = checked) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/saved-verify/utc_days_expected.py",
                "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json",
                "open-meteo-archive/berlin-daily-2025-07-27-to-08-02-hand-written.json", saved, at,
            ], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// `text` with each line break and the indentation after it made one space: a sentence as
    /// wrapped at any width.
    static func flat(_ text: String) -> String {
        text.replacing(/\n */, with: " ")
    }

    /// "Sun 27 Jul" of "2025-07-27".
    static func dayName(_ iso: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let date = formatter.date(from: iso)!
        formatter.dateFormat = "EEE dd MMM"
        return formatter.string(from: date)
    }

    @Test func savedNAndVerifyCompareUTCDaysWithWhatHappenedOverTheSameUTCDays() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let save = try runWX(["-c", "show Berlin; save"], home: home, server: server, now: Self.saved)
        #expect(save.status == 0, "\(save.stderr)")
        #expect(save.stdout.contains("days are UTC days"))
        // The record says its days are UTC days.
        let log = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        #expect(log.contains(#""days_utc":true"#), "\(log)")

        let expected = try Self.expected()
        let run = try runWX(["-c", "saved 1; saved verify"], home: home, server: server, now: Self.checked)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try #require(expected["rows"] as? [[String]])
        #expect(rows.count == 7)
        for row in rows {
            let line = ForecastCheckTests().row(Self.dayName(row[0]), cells: Array(row.dropFirst()))
            #expect(run.stdout.contains(line + "\n"), "\(line)\n\(run.stdout)")
        }
        // One line says what was done and why, under `saved 1`'s table and in `saved verify`.
        #expect(
            Self.flat(run.stdout).contains(
                " these are UTC days (00:00–24:00 UTC: the forecast came in GMT), checked against what happened over the same UTC days (asked in GMT) Berlin (52.5170, 13.3889): 1 snapshot,"
            ), "\(run.stdout)")
        #expect(
            Self.flat(run.stdout).contains(
                " 1 snapshot kept UTC days (00:00–24:00 UTC: the forecast came in GMT), checked against what happened over the same UTC days (asked in GMT) by days ahead"
            ), "\(run.stdout)")
        // One request, for the UTC days, in GMT.
        let archive = try server.requests().filter { $0.path == "/v1/archive" }
        #expect(archive.count == 1)
        #expect(archive.first?.query["timezone"] == "GMT")
        #expect(archive.first?.query["start_date"] == "2025-07-27" && archive.first?.query["end_date"] == "2025-08-02")

        // The summed figures, as JSON, from the cache.
        let json = try runWX(["--json", "-c", "saved verify"], home: home, server: server, now: Self.checked)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let place = try #require((document["places"] as? [[String: Any]])?.first)
        func hundredths(_ value: Any?) -> Double? { (value as? Double).map { ($0 * 100).rounded() / 100 } }
        #expect(place["checked_days"] as? Int == expected["checked_days"] as? Int)
        #expect(place["pending_days"] as? Int == expected["pending_days"] as? Int)
        #expect(place["temperature_max_mean_absolute_error_celsius"] as? Double == hundredths(expected["high_mae"]))
        #expect(place["temperature_max_mean_error_celsius"] as? Double == hundredths(expected["high_bias"]))
        #expect(place["temperature_min_mean_absolute_error_celsius"] as? Double == hundredths(expected["low_mae"]))
        #expect(place["rain_hits"] as? Int == expected["rain_hits"] as? Int)
        #expect(place["rain_days"] as? Int == expected["rain_days"] as? Int)
        #expect(place["snapshots_with_utc_days"] as? Int == 1)
        #expect(try server.requests().filter { $0.path == "/v1/archive" }.count == 1)
    }

    /// A place with snapshots of both kinds of day: each kind asked once, the place's days with
    /// timezone=auto (as before) and the UTC days in GMT; a record without `days_utc` (every one
    /// written before wx kept it) reads as the place's days, as before.
    @Test func aPlaceWithBothKindsOfDayAsksEachKindOnce() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let save = try runWX(["-c", "show Hamburg; save"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(save.status == 0, "\(save.stderr)")
        let old =
            #"{"data_time":"2025-07-28T08:00:00Z","forecast_days":[{"date":"2025-07-28","temperature_max_celsius":22.0,"temperature_min_celsius":16.0,"precipitation_sum_millimetres":1.0}],"id":2,"kind":"snapshot","place":{"latitude":53.5413,"longitude":9.9842,"name":"Elbphilharmonie"},"timezone":"Europe/Berlin","ts":"2025-07-28T08:05:00Z","utc_offset_seconds":7200,"v":1}"#
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: home.path + "/log.jsonl"))
        try log.seekToEnd()
        try log.write(contentsOf: Data((old + "\n").utf8))
        try log.close()
        let run = try runWX(["-c", "saved 2; saved verify"], home: home, server: server, now: "2025-08-10T12:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        // The old record's day next to the place's day: 22.0 against 22.5 on 28 Jul.
        #expect(run.stdout.contains("  Mon 28 Jul    22.0  22.5  -0.5"), "\(run.stdout)")
        #expect(!Self.flat(run.stdout).contains("these are UTC days"))
        #expect(Self.flat(run.stdout).contains(" 1 snapshot kept UTC days (00:00–24:00 UTC"))
        let archive = try server.requests().filter { $0.path == "/v1/archive" }
        #expect(archive.compactMap { $0.query["timezone"] }.sorted() == ["GMT", "auto"])
    }

    /// `saved verify`'s line on UTC days is said only when a snapshot that kept them had a day
    /// set against what happened: right after the save none has passed ("0 forecast days
    /// checked, 7 to come"), and the line claimed a check that was not made. A day later the
    /// first day is checked, and the line is there.
    @Test func theUTCDaysLineOnlyWhenADayWasChecked() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let save = try runWX(stdin: "show Hamburg\nsave\n", home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(save.status == 0, "\(save.stderr)")
        let line = "kept UTC days (00:00–24:00 UTC: the forecast came in GMT)"
        let none = try runWX(stdin: "saved verify\n", home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(Self.flat(none.stdout).contains(": 1 snapshot, 0 forecast days checked, 7 to come"), "\(none.stdout)")
        #expect(!Self.flat(none.stdout).contains(line), "\(none.stdout)")
        // The count of snapshots that kept UTC days stays in --json, checked or not.
        let json = try runWX(
            ["--json"], stdin: "saved verify\n", home: home, server: server, now: "2025-07-27T03:10:00Z")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["places"] as? [[String: Any]])?.first?["snapshots_with_utc_days"] as? Int == 1)

        let one = try runWX(stdin: "saved verify\n", home: home, server: server, now: "2025-07-28T03:10:00Z")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(Self.flat(one.stdout).contains(": 1 snapshot, 1 forecast day checked, 6 to come"), "\(one.stdout)")
        #expect(Self.flat(one.stdout).contains(" 1 snapshot \(line)"), "\(one.stdout)")
    }

    /// `saved N`'s line on UTC days by `saved verify`'s rule: said only once a day was set
    /// against what happened. Right after the save no day has passed (the script: 0 checked, 7
    /// to come), and `saved 1` said "these are UTC days … checked against what happened" under
    /// a table of days all to come; a day later the first is checked, and the line is there.
    @Test func savedNSaysItsUTCDaysLineOnlyWhenADayWasChecked() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let save = try runWX(stdin: "show Berlin\nsave\n", home: home, server: server, now: Self.saved)
        #expect(save.status == 0, "\(save.stderr)")
        let line = "these are UTC days (00:00–24:00 UTC: the forecast came in GMT)"
        let none = try Self.expected(at: Self.saved)
        #expect(none["checked_days"] as? Int == 0 && none["pending_days"] as? Int == 7, "\(none)")
        let early = try runWX(stdin: "saved 1\n", home: home, server: server, now: Self.saved)
        #expect(early.status == 0, "\(early.stderr)")
        #expect(early.stdout.contains("not passed yet: Sun 27 Jul to Sat 02 Aug"), "\(early.stdout)")
        #expect(!Self.flat(early.stdout).contains(line), "\(early.stdout)")
        // The kept days are still said to be UTC days in --json, checked or not.
        let json = try runWX(["--json"], stdin: "saved 1\n", home: home, server: server, now: Self.saved)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        #expect((document["forecast_check"] as? [String: Any])?["days_in_utc"] as? Bool == true, "\(json.stdout)")

        let dayLater = "2025-07-28T03:10:00Z"
        let one = try Self.expected(at: dayLater)
        #expect(one["checked_days"] as? Int == 1, "\(one)")
        let later = try runWX(stdin: "saved 1\n", home: home, server: server, now: dayLater)
        #expect(later.status == 0, "\(later.stderr)")
        #expect(Self.flat(later.stdout).contains(line), "\(later.stdout)")
    }

    /// An answer asked in GMT that comes in the place's zone holds other days than those asked
    /// for: they are not compared, and the one line says why. (Hamburg's forecast is the Berlin
    /// GMT recording; the body queued is Hamburg's archive in Europe/Berlin.)
    @Test func anAnswerNotInGMTForUTCDaysIsNotCompared() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let save = try runWX(["-c", "show Hamburg; save"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(save.status == 0, "\(save.stderr)")
        try server.queue(
            .init(path: "/v1/archive", file: "open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json"))
        let run = try runWX(["-c", "saved 1"], home: home, server: server, now: Self.checked)
        #expect(run.stdout.contains("no observed values: Sun 27 Jul to Sat 02 Aug"), "\(run.stdout)")
        #expect(
            Self.flat(run.stdout).contains(
                " what happened is not compared: UTC days were asked for (timezone=GMT), and the answer’s days are Europe/Berlin’s"
            ), "\(run.stdout)")
    }
}
