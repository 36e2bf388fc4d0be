import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// The moon's age and phase against published new-moon times (Fixtures/moon/
/// moon_phase_expected.py, which counts from its table of them, no formula). Trial: `line
/// --format '%m %M'` in the Berlin demo (2025-07-27) printed "🌑 1" from the mean month; the new
/// moon was 24 July 19:11 UTC, 2.6 days before: 🌒 2.
@Suite(.tags(.unit)) struct MoonPhaseTests {
    static let script = TestPaths.packageRoot.path + "/Fixtures/moon/moon_phase_expected.py"

    /// 2025-07-27 03:00 (the demo's Berlin, "🌑 1" on the mean month) and 10:00, 2025-08-01, 2025-08-09 08:00, 2024-04-20 12:00,
    /// 2026-02-01, 2000-01-20, 2025-09-14, 2025-07-24 18:00 (an hour before the new moon).
    static let instants: [Double] = [
        1_753_585_200, 1_753_610_400, 1_754_006_400, 1_754_726_400, 1_713_614_400, 1_769_904_000, 948_326_400,
        1_757_808_000,
        1_753_380_000,
    ]

    @Test func ageAndPhaseAreThePublishedNewMoons() throws {
        let run = try runProgram(
            "/usr/bin/python3", [Self.script],
            stdin: Self.instants.map { String(Int($0)) }.joined(separator: "\n") + "\n",
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = run.stdout.split(separator: "\n").map(String.init)
        try #require(expected.count == Self.instants.count)
        for (instant, line) in zip(Self.instants, expected) {
            let moon = MoonPhase(Date(timeIntervalSince1970: instant))
            #expect("\(moon.day) \(moon.phase)" == line, "\(instant)")
        }
    }

    /// Each published new moon is found within two minutes.
    @Test func theNewMoonsAreWithinTwoMinutes() throws {
        let run = try runProgram("/usr/bin/python3", [Self.script], stdin: "", environment: ["PATH": "/usr/bin:/bin"])
        let published = run.stdout.split(separator: "\n").compactMap { Double($0) }
        try #require(published.count >= 10)
        for instant in published {
            let k = ((instant - MoonPhase.newMoon(0)) / 86_400 / MoonPhase.synodicMonthDays).rounded()
            #expect(abs(MoonPhase.newMoon(k) - instant) < 120, "\(instant): \(MoonPhase.newMoon(k))")
        }
    }
}
