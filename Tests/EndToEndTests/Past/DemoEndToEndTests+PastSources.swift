import Foundation
import Testing
import WeatherTestSupport

/// Trial 15 in `make demo`: a range of Hamburg's past days names the service of each of its days.
extension DemoEndToEndTests {
    /// `past 2025-07-20..2025-07-26 Hamburg` said "from Open-Meteo’s forecast API (recent days)"
    /// (JSON `"source":"forecast"`), while the demo answers 20–25 July from the archive's days and
    /// only the 26th from the forecast API: each service is named with its days.
    @Test func aRangeOfPastDaysNamesTheServiceOfEachOfItsDays() throws {
        let (run, _) = try runDemo("past 2025-07-20..2025-07-26 Hamburg")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "\n  Sun 20 Jul to Fri 25 Jul from Open-Meteo’s archive (ERA5), Sat 26 Jul from\n  Open-Meteo’s forecast API (recent days)\n"
            ), "\(run.stdout)")
        let json = try runDemo("format json; past 2025-07-20..2025-07-26 Hamburg")
        let past = try #require(
            try json.run.stdout.split(separator: "\n").compactMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { $0["type"] as? String == "past" })
        #expect(past["source"] as? String == "mixed")
        let sources = try #require(past["sources"] as? [[String: Any]])
        #expect(sources.map { $0["source"] as? String } == ["archive", "forecast"])
        #expect(sources.map { $0["start_date"] as? String } == ["2025-07-20", "2025-07-26"])
        #expect(sources.map { $0["end_date"] as? String } == ["2025-07-25", "2025-07-26"])
        let days = try #require(past["days"] as? [[String: Any]])
        #expect(days.map { $0["source"] as? String } == Array(repeating: "archive", count: 6) + ["forecast"])
        // One day of each, alone: its own service.
        let (single, _) = try runDemo("past 2025-07-23 Hamburg; past 2025-07-26 Hamburg")
        #expect(single.stdout.contains("· Wed 23 Jul 2025\n  from Open-Meteo’s archive (ERA5)\n"), "\(single.stdout)")
        #expect(
            single.stdout.contains("· Sat 26 Jul 2025\n  from Open-Meteo’s forecast API (recent days)\n"),
            "\(single.stdout)")
    }
}
