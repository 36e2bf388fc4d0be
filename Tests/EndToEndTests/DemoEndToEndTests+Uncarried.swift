import Foundation
import Testing
import WeatherTestSupport

/// What the demo's recordings never carried is left out of `past`, `compare`, `hourly`'s chart
/// and a snapshot, as `show`, `hourly` and `daily` leave it out (DemoEndToEndTests+Conditions):
/// Munich's and Delhi's hours have no chance of rain, Delhi no condition at all, Hamburg's
/// written days of 20–25 July 2025 no condition, mean, wind nor sunshine.
extension DemoEndToEndTests {
    /// `hourly`'s chart has no "rain %" band for hours without a chance of rain.
    @Test(arguments: ["Munich", "Delhi"])
    func hourlyChartHasNoRainBandWhereTheRecordingHasNoChance(_ name: String) throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find \(name); hourly 6", server)
        #expect(run.status == 0, "\(name): \(run.stderr)")
        #expect(run.stdout.contains("°C ┤"), "\(name): \(run.stdout)")
        #expect(!run.stdout.contains("rain %"), "\(name): \(run.stdout)")
    }

    /// `compare` of Delhi and Munich: no rain column (neither carries a chance), Munich's
    /// condition and "—" for Delhi's, never "unknown".
    @Test func compareLeavesOutWhatNoComparedRecordingCarries() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find Delhi; fav; find Munich; fav; compare", server)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  place") }, "\(run.stdout)")
        #expect(header.contains("condition") && header.contains("wind") && !header.contains("rain"), "\(header)")
        #expect(lines.contains { $0.hasPrefix("  Delhi") && $0.contains("  —  ") }, "\(run.stdout)")
        #expect(!run.stdout.contains("unknown"), "\(run.stdout)")
    }

    /// Hamburg's written days carry low, high and the sum alone: `past` shows those, for a
    /// range and for one day, with no column or part of dashes and no "unknown".
    @Test func pastLeavesOutWhatHamburgsWrittenDaysDoNotCarry() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("past 2025-07-20..2025-07-22 Hamburg; past 2025-07-21 Hamburg", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  day          low °C high °C     mm\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  low 15.2 °C · high 24.8 °C · precipitation 0.0 mm\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("unknown") && !run.stdout.contains("—"), "\(run.stdout)")
    }

    /// A snapshot of Delhi (no condition recorded) says "—" for its condition, not "unknown".
    @Test func aSnapshotOfARecordingWithoutConditionsSaysNoneRatherThanUnknown() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try demo("find Delhi; show; save; saved 1; saved", server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  condition     —\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("unknown"), "\(run.stdout)")
    }
}
