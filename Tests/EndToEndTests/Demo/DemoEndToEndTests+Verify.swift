import Foundation
import Testing
import WeatherTestSupport

/// `saved verify` in `make demo`: a snapshot `save` keeps at Berlin's first recorded instant is
/// checked at its later one (places.json's `later`), where the archive has the forecast's days.
/// The figures expected come from Fixtures/demo/verify_expected.py, which reads the forecast
/// recording and the archive body with code of its own.
extension DemoEndToEndTests {
    static func verifyExpected() throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/demo/verify_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// `value` (a JSON number) is `expected` rounded as wx gives it (hundredths, or tenths by lead).
    func agrees(_ value: Any?, _ expected: Any?, digits: Double) -> Bool {
        guard let value = value as? Double, let expected = expected as? Double else { return false }
        return abs(value - (expected * digits).rounded() / digits) < 0.5 / digits + 1e-9
    }

    /// At the first instant none of the kept days has passed (all 7 "to come"); `saved verify`
    /// reads at the later instant, so all 7 are checked against the archive, with the errors,
    /// bias and rain hits the script finds.
    @Test func savedVerifyChecksTheSnapshotAtTheLaterRecordedInstant() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let expected = try Self.verifyExpected()
        let run = try runWX(
            ["--json", "-c", "find Berlin; show; save; saved verify"], home: TemporaryFolder(), server: server,
            environment: ["WX_DEMO": Self.manifestPath])
        #expect(run.status == 0, "\(run.stderr)")
        let documents = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let verification = try #require(documents.first { $0["type"] as? String == "verification" })
        let place = try #require((verification["places"] as? [[String: Any]])?.first)
        #expect(place["checked_days"] as? Int == expected["checked_days"] as? Int)
        #expect(place["checked_days"] as? Int == 7)
        #expect(place["pending_days"] as? Int == expected["pending_days"] as? Int)
        #expect(place["source"] as? String == "Open-Meteo archive")
        #expect(place["problem"] is NSNull)
        #expect(agrees(place["temperature_max_mean_absolute_error_celsius"], expected["high_mae"], digits: 100))
        #expect(agrees(place["temperature_max_mean_error_celsius"], expected["high_bias"], digits: 100))
        #expect(agrees(place["temperature_min_mean_absolute_error_celsius"], expected["low_mae"], digits: 100))
        #expect(place["rain_hits"] as? Int == expected["rain_hits"] as? Int)
        #expect(place["rain_days"] as? Int == expected["rain_days"] as? Int)
        #expect(agrees(place["rain_hit_rate_percent"], expected["rain_percent"], digits: 1))
        let leads = try #require(place["by_lead"] as? [[String: Any]])
        let expectedLeads = try #require(expected["by_lead"] as? [[String: Any]])
        #expect(leads.count == expectedLeads.count)
        for (lead, wanted) in zip(leads, expectedLeads) {
            #expect(lead["lead_days"] as? Int == wanted["lead"] as? Int)
            #expect(agrees(lead["temperature_max_mean_absolute_error_celsius"], wanted["high_mae"], digits: 10))
            #expect(agrees(lead["temperature_max_mean_error_celsius"], wanted["high_bias"], digits: 10))
            #expect(agrees(lead["temperature_min_mean_absolute_error_celsius"], wanted["low_mae"], digits: 10))
            #expect(agrees(lead["temperature_min_mean_error_celsius"], wanted["low_bias"], digits: 10))
            #expect(lead["rain_hits"] as? Int == wanted["rain_hits"] as? Int, "lead \(wanted["lead"] ?? "")")
        }
        // wx says where its clock went: a notice, on stderr with --json too, never a document.
        #expect(!documents.contains { $0["type"] as? String == "notice" })
        #expect(run.stderr.contains("wx’s clock moves to Berlin’s later recording, 2025-08-08 03:00 UTC"))
    }

    /// `saved 1` reads at the later instant too: each kept day next to the archive's values;
    /// every other command stays at the first instant (the second `show` is Sunday 05:00 again).
    @Test func savedSnapshotShowsWhatHappenedAtTheLaterRecordedInstant() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let expected = try #require(try Self.verifyExpected()["by_lead"] as? [[String: Any]])
        let run = try demo("find Berlin; show; save; saved 1; show", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wx’s clock moves to Berlin’s later recording, 2025-08-08 03:00 UTC"))
        // Thu 31 Jul (lead 4): the recording's high, low and amount (21.4, 14.7, 6.9) beside the
        // archive body's (19.8, 15.0, 11.7), the errors as the script finds them.
        // (`show`'s day rows name a condition; the kept forecast's rows are figures only.)
        let thursday = try #require(
            run.stdout.split(separator: "\n").first { $0.contains("Thu 31 Jul") && !$0.contains("thunderstorm") })
        let cells = thursday.split(separator: " ").map(String.init)
        #expect(
            Array(cells.prefix(11)) == [
                "Thu", "31", "Jul", "21.4", "19.8", cells[5], "14.7", "15.0", cells[8], "6.9", "11.7",
            ])
        let wanted = try #require(expected.first { $0["lead"] as? Int == 4 })
        #expect(cells[5] == String(format: "%+.1f", try #require(wanted["high_bias"] as? Double)))
        #expect(cells[8] == String(format: "%+.1f", try #require(wanted["low_bias"] as? Double)))
        let shows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Berlin, Deutschland · ") }
        #expect(shows == ["Berlin, Deutschland · Sun 05:00 CEST", "Berlin, Deutschland · Sun 05:00 CEST"])
    }
}
