import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// nu61, fault 4: hourly times not a whole number of hours apart were said as raw Doubles
/// ("hourly values 0.002777777777777778 to 1.9972222222222222 hours apart"). Each spacing is
/// said in one whole unit ("10 s to 2 h apart"); whole hours as before. The words expected are
/// Fixtures/steps/spacing_expected.py's, worked out apart from wx.
@Suite(.tags(.unit)) struct StepSpacingWordsTests {
    static let script = TestPaths.packageRoot.path + "/Fixtures/steps/spacing_expected.py"

    /// The script's words for entries at `times` with steps of `step` seconds; nil for "null".
    func expected(step: Int, _ times: [Int]) throws -> String? {
        let run = try runProgram(
            "/usr/bin/python3", [Self.script, String(step)] + times.map(String.init),
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stdout.trimmingCharacters(in: .newlines)
        return text == "null" ? nil : text
    }

    func forecast(step: Int, _ times: [Int]) -> Forecast {
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 52.52, longitude: 13.41),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0), source: .openMeteo)
        forecast.hourStepSeconds = step
        forecast.hourly = times.map { HourlyForecast(time: Date(timeIntervalSince1970: Double($0))) }
        return forecast
    }

    @Test(arguments: [
        // The report's: 10 s, then 1 h 59 min 50 s.
        (3_600, [1_792_731_600, 1_792_731_610, 1_792_738_800]),
        // 1 s apart.
        (3_600, [1_792_731_600, 1_792_731_601]),
        // 29 s and 31 min, 89 s and 90 s, 89 min 29 s and 2 days 11 h.
        (3_600, [0, 29, 29 + 1_860]), (3_600, [0, 89, 179]), (3_600, [0, 5_369, 5_369 + 212_400]),
        // Whole hours, as before; one step exactly: nothing said.
        (10_800, [0, 10_800, 43_200]), (3_600, [0, 7_200, 14_400]), (3_600, [0, 3_600, 7_200]),
        // 3-hour steps 90 min apart.
        (10_800, [0, 5_400, 10_800]),
    ])
    func spacingIsSaidInWholeUnits(step: Int, times: [Int]) throws {
        let words = forecast(step: step, times).stepDescription
        #expect(words == (try expected(step: step, times)))
        #expect(!(words ?? "").contains("."), "\(words ?? "")")
    }
}
