import Testing
import WeatherKit

@testable import WeatherShell

/// How `best` writes a window's ranges: a negative end has a minus sign (U+2212), not the
/// hyphen-minus that beside the range's en dash read "-3–-2 °C".
@Suite(.tags(.unit)) struct DecisionRangeTextTests {
    @Test func aNegativeRangeEndHasAMinusSign() {
        let format = ValueFormatter(units: .metric)
        var values = WindowValues()
        values.temperatureRange = -3.2...(-2.0)
        #expect(TextRenderer.forecastParts(values, format) == ["−3–−2 °C"])
        values.temperatureRange = -1.4...2.0
        #expect(TextRenderer.forecastParts(values, format) == ["−1–2 °C"])
        values.temperatureRange = -3.2...(-3.0)
        #expect(TextRenderer.forecastParts(values, format) == ["−3 °C"])
        #expect(ValueFormatter.minusSigned("-0") == "−0" && ValueFormatter.minusSigned("4") == "4")
    }

    /// A limit that is not zero is never shown as 0: `chance snow>=0.0001` said "0 cm".
    @Test func aLimitIsShownAsTyped() {
        let metric = ValueFormatter(units: .metric)
        #expect(DecisionText.limit(.snowfall, 0.001, metric) == "0.0001 cm")
        #expect(DecisionText.limit(.precipitation, 0.01, metric) == "0.01 mm")
        #expect(DecisionText.limit(.precipitation, 0.1, metric) == "0.1 mm")
        #expect(DecisionText.limit(.precipitation, 1, metric) == "1 mm")
        #expect(DecisionText.limit(.temperature, 20, metric) == "20 °C")
        #expect(DecisionText.limit(.windGusts, 60, metric) == "60 km/h")
        // A limit finer than six decimals is still never shown as 0.
        #expect(LimitText.number(0.0000004, digits: 1) == "0.0000004")
    }
}

/// `wind<4bft`: a Beaufort force written as a unit, under any units (it was refused as no unit
/// under metric ones).
@Suite(.tags(.unit)) struct BeaufortUnitTests {
    @Test func aForceIsAUnitInAnyUnits() throws {
        let parsed = try DecisionParser.limit(
            try #require(DecisionVocabulary.comparison("wind<4bft")), word: "wind<4bft",
            allowed: DecisionParser.conditionQuantities)
        #expect(parsed.unit == .beaufort)
        #expect(parsed.isBeaufort(.metric))
        // Below force 4: below its lowest speed in the WMO table, 5.5 m/s = 19.8 km/h (trial 54).
        let applied = parsed.applied(.metric)
        #expect(applied.comparison == .below && applied.limit == 19.8)
        let shown = AppliedCondition(
            variable: parsed.variable, comparison: parsed.comparison, limit: parsed.canonical(.metric), typed: parsed)
        #expect(DecisionText.condition(shown, ValueFormatter(units: .metric)) == "wind < 4 Bft")
        // Not a unit of rain.
        #expect(throws: ShellError.self) {
            try DecisionParser.limit(
                DecisionVocabulary.comparison("rain<4bft")!, word: "rain<4bft",
                allowed: DecisionParser.conditionQuantities)
        }
    }
}
