import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Trial 62: `import snapshots` took a snapshot whose kept forecast repeated a day (a copied
/// row), had a low above its high, or went back in time, and `saved verify` then counted the
/// repeated day twice ("8 forecast days checked" of a 7-day forecast). Such a record is refused
/// with its item and day named, as any record beyond its bounds; and Ctrl-C (the task
/// cancelled) stops an import with nothing imported.
@MainActor
@Suite(.tags(.unit)) struct ImportForecastDaysTests {
    let home = TemporaryFolder()

    static func day(_ date: String, high: Double = 24.1, low: Double = 16.3) -> String {
        #"{"date":"\#(date)","temperature_max_celsius":\#(high),"temperature_min_celsius":\#(low),"precipitation_sum_millimetres":0,"precipitation_probability_max_percent":20,"weather_code":3}"#
    }

    static func file(_ days: [String]) -> String {
        #"[{"id":1,"saved_at":"2025-07-27T03:10:00Z","place":{"name":"Berlin","latitude":52.52,"longitude":13.41},"data_time":"2025-07-27T03:00:00Z","utc_offset_seconds":7200,"temperature_celsius":16.5,"precipitation_probability_percent":0,"precipitation_millimetres":0,"weather_code":3,"forecast_days":["#
            + days.joined(separator: ",") + "]}]"
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try DataExchange.snapshots(from: text)
            return nil
        } catch { return error.description }
    }

    @Test func aRepeatedDayIsRefused() {
        let text = Self.file([Self.day("2025-07-27"), Self.day("2025-07-28"), Self.day("2025-07-27")])
        #expect(problem(text) == "item 1: forecast day 3: 2025-07-27 comes after 2025-07-28 (days must be in order)")
        let twice = Self.file([Self.day("2025-07-27"), Self.day("2025-07-28"), Self.day("2025-07-28")])
        #expect(problem(twice) == "item 1: forecast day 3: 2025-07-28 comes twice")
    }

    @Test func aLowAboveTheHighIsRefused() {
        let text = Self.file([Self.day("2025-07-27"), Self.day("2025-07-28", high: 24.1, low: 30)])
        #expect(
            problem(text)
                == "item 1: forecast day 2 (2025-07-28): temperature_min_celsius 30 is above temperature_max_celsius 24.1"
        )
    }

    @Test func daysInOrderWithALowEqualToTheHighAreTaken() throws {
        let text = Self.file([Self.day("2025-07-27", high: 20, low: 20), Self.day("2025-07-29")])
        #expect(try DataExchange.snapshots(from: text).first?.reading.forecastDays?.count == 2)
    }

    /// Through the command: one error, nothing written.
    @Test func theCommandRefusesItAndWritesNothing() async throws {
        let session = makeTestSession(home: home)
        let json = home.path + "/s.json"
        try Self.file([Self.day("2025-07-27"), Self.day("2025-07-27")]).write(
            toFile: json, atomically: true, encoding: .utf8)
        await #expect(throws: ShellError.self) { _ = try await session.execute(.importLog(.snapshots, path: json)) }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/log.jsonl"))
    }

    /// Ctrl-C during an import: the line's task cancelled while the file is read; nothing is
    /// imported and the error is the one a cancelled `show` gives. The old import ran to the end.
    @Test func aCancelledImportImportsNothing() async throws {
        let session = makeTestSession(home: home)
        try session.recordCommand("find Berlin")
        let before = try Data(contentsOf: URL(fileURLWithPath: home.path + "/log.jsonl"))
        var csv = "number,line,time\n"
        for number in 1...5_000 { csv += "\(number),show Berlin \(number),2025-07-27T03:10:00Z\n" }
        let file = home.path + "/h.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = await Task { @MainActor () -> ShellError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try await session.execute(.importLog(.history, path: file))
                return nil
            } catch { return error as? ShellError }
        }.value
        #expect(outcome == .cancelled)
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.path + "/log.jsonl")) == before)
    }
}
