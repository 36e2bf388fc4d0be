import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// What trial 12 found in the views.
@Suite(.tags(.unit)) struct Trial12ViewTests {
    /// Hours from 13:00 UTC with these amounts and chances.
    static func forecast(_ hours: [(mm: Double, chance: Double?)]) -> (Forecast, Date) {
        let start = Date(timeIntervalSince1970: 1_753_880_400)  // 2025-07-30 13:00 UTC
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 52.5, longitude: 13.4),
            zone: ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0), source: .openMeteo)
        forecast.hourly = hours.enumerated().map { index, values in
            var hour = HourlyForecast(time: start.addingTimeInterval(Double(index) * 3_600))
            hour.precipitationMillimetres = values.mm
            hour.precipitationProbabilityPercent = values.chance
            return hour
        }
        return (forecast, start.addingTimeInterval(60))
    }

    /// `rain` said "no rain expected in the next 24 h" where `hourly` showed 35 % for two hours
    /// of 0.0 mm: the sentence now says the amounts stay under the limit though the chance is
    /// there, in the units in use; with no chance above 0 it is as before.
    ///
    /// Each hour's amount and chance are the preceding hour's (issue 37 item 10): four hours
    /// labelled from a minute before now reach 2 h 59 min ahead ("the next 2 h"); three, 1 h 59.
    @Test func aDryOutlookSaysTheChanceItLeavesAside() throws {
        let (forecast, now) = Self.forecast([(0, 0), (0.05, 35), (0, 20), (0, 3)])
        let outlook = try #require(PrecipitationOutlook(forecast: forecast, now: now))
        #expect(outlook.kind == .dry)
        #expect(outlook.probabilityPercent == 35)
        #expect(
            TextRenderer.rainSentence(outlook, clock: forecast.clock, format: ValueFormatter(units: .metric), now: now)
                == "no rain expected in the next 2 h (hourly data): every hour under 0.1 mm, though up to 35 % likely")
        #expect(
            TextRenderer.rainSentence(
                outlook, clock: forecast.clock, format: ValueFormatter(units: .imperial), now: now)
                == "no rain expected in the next 2 h (hourly data): every hour under 0.004 in, though up to 35 % likely"
        )
        let (none, _) = Self.forecast([(0, 0), (0, 0), (0, nil)])
        let quiet = try #require(PrecipitationOutlook(forecast: none, now: now))
        #expect(quiet.probabilityPercent == 0)
        #expect(
            TextRenderer.rainSentence(quiet, clock: none.clock, format: ValueFormatter(units: .metric), now: now)
                == "no rain expected in the next 1 h (hourly data)")
    }

    /// Trial 13: `wx show --bogus` asked the geocoder for “--bogus” and exited 1; two dashes
    /// and a letter alone are an unknown option (exit 2), one dash still a favorite's name.
    @Test func aLoneDoubleDashWordIsAnOption() throws {
        #expect(
            throws: ShellError.usage("unknown option “--bogus”: “show” takes none (usage: show [place | favorite])")
        ) {
            try CommandParser.parse("show --bogus")
        }
        #expect(
            throws: ShellError.usage(
                "unknown option “--rain”: “hourly” takes none (usage: hourly [N] [place | favorite])")
        ) { try CommandParser.parse("hourly --rain") }
        #expect(try CommandParser.parse("show -x") == .show("-x"))
        #expect(try CommandParser.parse("show --") == .show("--"))
    }
}
