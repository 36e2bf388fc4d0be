import Foundation
import Testing
import WeatherTestSupport

/// Trial 58 finding 10: `hourly` printed "12.31999.9" — a value as wide as its column stood
/// against the one before it. A column takes the width of its widest value and keeps a space
/// before it, as `show` does. The body: Fixtures/hostile/forecast-paris-extremes-hand-edited-trial58.json
/// (Fri 23 Oct 08:00 CEST −89.9 °C; 09:00 1999.9 mm and wind 409 km/h).
@Suite(.tags(.endToEnd))
struct WideValueColumnsEndToEndTests {
    static let paris = "48.85,2.35"

    @Test(arguments: ["hourly 4", "daily 2"])
    func aWideValueStandsApartFromTheOneBefore(command: String) throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: "hostile/forecast-paris-extremes-hand-edited-trial58.json"))
        let run = try runWX(
            ["-c", "\(command) \(Self.paris)"], home: TemporaryFolder(), server: server, now: "2026-10-23T05:10:00Z",
            environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        if command.hasPrefix("hourly") {
            let row = try #require(lines.first { $0.contains("09:00") && $0.contains("1999.9") }, "\(run.stdout)")
            // Time, temperature, amount and wind each a word of their own.
            let words = row.split(separator: " ").map(String.init)
            #expect(words.contains("12.3"), "\(row)")
            #expect(words.contains("1999.9"), "\(row)")
            #expect(words.contains("409"), "\(row)")
        }
        // No number runs into another anywhere ("12.31999.9": two decimal points in one word).
        for line in lines {
            for word in line.split(separator: " ") where word.filter({ $0 == "." }).count > 1 {
                #expect(word.contains("/") || word.contains("…"), "\(line)")
            }
        }
    }
}
