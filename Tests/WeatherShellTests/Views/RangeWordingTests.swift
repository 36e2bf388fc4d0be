import Testing
import WXBasics
import WeatherKit

@testable import WeatherShell

/// Ranges and rule hours as the views word them, by the units and clock set.
@Suite(.tags(.unit)) struct RangeWordingTests {
    static var beaufort: ValueFormatter {
        var units = UnitPreferences.metric
        units.windSpeed = .beaufort
        return ValueFormatter(units: units)
    }

    /// "2–3 Bft (gentle breeze)" named force 3 alone.
    @Test func aBeaufortRangeNamesBothEnds() {
        // 8 km/h is force 2, 15 km/h force 3, 30 km/h force 5.
        #expect(Self.beaufort.windSpeedRange(8, 15) == "2–3 Bft (light to gentle breeze)")
        #expect(Self.beaufort.windSpeedRange(0, 3) == "0–1 Bft (calm to light air)")
        #expect(Self.beaufort.windSpeedRange(15, 30) == "3–5 Bft (gentle to fresh breeze)")
        #expect(Self.beaufort.windSpeedRange(14, 15) == "3 Bft (gentle breeze)")
        #expect(ValueFormatter(units: .metric).windSpeedRange(8, 15) == "8–15 km/h")
        #expect(ValueFormatter(units: .metric).windSpeedRange(8.2, 7.9) == "8 km/h")
    }

    @Test func aRulesHourFollowsTheClock() {
        var twelve = UnitPreferences.metric
        twelve.clock = .twelveHour
        #expect(ValueFormatter(units: twelve).clock(hour: 18) == "6:00 pm")
        #expect(ValueFormatter(units: twelve).clock(hour: 0) == "12:00 am")
        #expect(ValueFormatter(units: .metric).clock(hour: 9) == "09:00")
    }

    @Test func optionsWithValuesAreReadFromTheSynopsis() {
        #expect(
            Arguments.optionsTakingValues("check [--rain N%] [--frost N%] [--warnings] [--changed] [place | favorite]")
                == ["--rain", "--frost"])
        #expect(Arguments.optionsTakingValues("line [place | favorite] [--format FMT] [--json]") == ["--format"])
        #expect(Arguments.optionsTakingValues("brief [--sure] [place | favorite]").isEmpty)
    }
}
