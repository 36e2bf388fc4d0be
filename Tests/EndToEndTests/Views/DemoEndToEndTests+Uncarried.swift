import Foundation
import Testing
import WeatherTestSupport

/// What the demo's recordings never carried is left out of `past`, `compare`, `hourly`'s chart
/// and a snapshot, as `show`, `hourly` and `daily` leave it out (DemoEndToEndTests+Conditions):
/// Munich's and Delhi's hours have no chance of rain, Delhi no condition at all, Hamburg's
/// written days of 20–25 July 2025 no condition, mean, wind nor sunshine.
extension DemoEndToEndTests {
    /// What `commands` print in the demo, having succeeded.
    func shown(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let run = try demo(commands, try FixtureServer(demo: Self.manifestPath))
        #expect(run.status == 0, "\(commands): \(run.stderr)", sourceLocation: sourceLocation)
        return run.stdout
    }

    /// `hourly`'s chart has no "rain %" band for hours without a chance of rain.
    @Test(arguments: ["Munich", "Delhi"])
    func hourlyChartHasNoRainBandWhereTheRecordingHasNoChance(_ name: String) throws {
        let text = try shown("find \(name); hourly 6")
        #expect(text.contains("°C ┤") && !text.contains("rain %"), "\(name): \(text)")
    }

    /// `compare` of Delhi and Munich: no rain column (neither carries a chance), Munich's
    /// condition and "—" for Delhi's, never "unknown".
    @Test func compareLeavesOutWhatNoComparedRecordingCarries() throws {
        let text = try shown("find Delhi; fav; find Munich; fav; compare")
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  place") }, "\(text)")
        #expect(header.contains("condition") && header.contains("wind") && !header.contains("rain"), "\(header)")
        #expect(lines.contains { $0.hasPrefix("  Delhi") && $0.contains("  —  ") }, "\(text)")
        #expect(!text.contains("unknown"), "\(text)")
    }

    /// Hamburg's written days carry low, high and the sum alone: `past` shows those, for a
    /// range and for one day, with no column or part of dashes and no "unknown".
    @Test func pastLeavesOutWhatHamburgsWrittenDaysDoNotCarry() throws {
        let text = try shown("past 2025-07-20..2025-07-22 Hamburg; past 2025-07-21 Hamburg")
        let table = "\n  day          low °C high °C     mm\n"
        let day = "\n  low 15.2 °C · high 24.8 °C · precipitation 0.0 mm\n"
        #expect(text.contains(table) && text.contains(day), "\(text)")
        #expect(!text.contains("unknown") && !text.contains("—"), "\(text)")
    }

    /// A snapshot of Delhi (no condition recorded) says "—" for its condition, not "unknown".
    @Test func aSnapshotOfARecordingWithoutConditionsSaysNoneRatherThanUnknown() throws {
        let text = try shown("find Delhi; show; save; saved 1; saved")
        #expect(text.contains("\n  condition     —\n") && !text.contains("unknown"), "\(text)")
    }
}
