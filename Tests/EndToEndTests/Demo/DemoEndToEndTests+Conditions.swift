import Foundation
import Testing
import WeatherTestSupport

/// Demo places whose recordings were made without `weather_code` — Munich's hours and days,
/// Delhi throughout, Denver's current conditions, Kochi's days — (issue 24, trial 6 item 1 and
/// trial 7 item 4). A condition the recording does not carry is left out; "unknown" is the word
/// for a code the answer has as null (case OM-2, CasesTests). A part of a line the recording does
/// not have at all is left out too, rather than shown as dashes.
extension DemoEndToEndTests {
    @Test(arguments: ["Munich", "Delhi", "Denver", "Kochi"])
    func aRecordingWithoutConditionsIsNeverCalledUnknown(_ name: String) throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        // Denver and Kochi have no hours recorded: `hourly` is the demo's refusal there.
        let hours = ["Munich", "Delhi"].contains(name) ? "; hourly 3" : ""
        let run = try demo("find \(name); show; daily 3" + hours, server)
        #expect(run.status == 0, "\(name): \(run.stderr)")
        #expect(!run.stdout.contains("unknown"), "\(name): \(run.stdout)")
        for part in ["feels like —", "wind —", "humidity —", "rain — · —"] {
            #expect(!run.stdout.contains(part), "\(name): \(run.stdout)")
        }
        // No row of `show`'s hours is dashes all along ("  rain %      —    —    — …").
        let dashes = run.stdout.split(separator: "\n").filter {
            $0.range(of: "^  [a-z%°C ]+( +—){3,}$", options: .regularExpression) != nil
        }
        #expect(dashes.isEmpty, "\(name): \(dashes)")
    }

    /// Denver's current block holds the temperature alone and it has no hours: `show` says the
    /// temperature and today's range, then the days with their recorded conditions.
    @Test func denversThinRecordingShowsWhatItHas() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find Denver; show", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  19.7 °C\n  today 1.1 … 19.9 °C\n"), "\(run.stdout)")
        // The days' `weathercode` is recorded: the condition column is there.
        #expect(run.stdout.contains("⛅ partly cloudy"), "\(run.stdout)")
    }

    /// Munich's legacy `current_weather` has a code, its hours and days none: the conditions
    /// line says it, and the day table has no condition column rather than seven "unknown".
    @Test func munichSaysItsCurrentConditionAndNoneForItsDays() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find Munich; show", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  8.5 °C · ⛅ partly cloudy · wind 5 km/h N (9°)\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("condition"), "\(run.stdout)")
        // Nor has it precipitation, chance or amount, hourly or daily: no rain row or column.
        #expect(!run.stdout.contains("rain"), "\(run.stdout)")
    }
}
