import Foundation
import Testing
import WeatherTestSupport

/// Trial: `past` over an answer in GMT (the demo's Berlin, asked with timezone=GMT) gave its days
/// as Berlin's without a word, while `daily` over the same GMT source says "days are UTC days
/// (02:00–02:00 CEST): Open-Meteo answered in GMT". `past` says the same line.
@Suite(.tags(.endToEnd))
struct PastUTCDaysEndToEndTests {
    @Test func pastSaysItsDaysAreUTCDaysAsDailyDoes() throws {
        let (run, _) = try runDemo("daily 2 Berlin; past yesterday Berlin; past -3..yesterday Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let said = lines.filter { $0.contains("days are UTC days") }
        // daily's line, then the same for each past.
        #expect(said.count == 3, "\(run.stdout)")
        #expect(said.first == "  days are UTC days (02:00–02:00 CEST): Open-Meteo answered in GMT", "\(run.stdout)")
        #expect(Set(said).count == 1, "\(said)")
    }
}
