import Foundation
import Testing
import WXBasics

@testable import WeatherKit
@testable import WeatherShell

/// Issue 37 item 2: a rounded figure never contradicts the word beside it. The one rule
/// (`NearLimit`): the word is decided on the exact value, and the figure is shown with the
/// decimals that put it on the same side of each limit as the value. Every expected figure
/// below is worked out by hand from the limits the help states.
@Suite(.tags(.unit)) struct NearLimitTests {
    static let metric = ValueFormatter(units: .metric)
    static let imperial = ValueFormatter(units: .imperial)

    func day(wet: Int, of members: Int, high: EnsembleSpread? = nil) -> EnsembleDay {
        EnsembleDay(
            date: LocalDate(year: 2026, month: 7, day: 10), high: high, low: nil,
            precipitation: EnsembleSpread([0, 1, 2]), wetMembers: wet, precipitationMembers: members,
            frostMembers: 0, temperatureMembers: 0)
    }

    /// "confident" needs rain in under 20 % or over 80 % of members: 10 of 51 is 19.61 %, shown
    /// "19.6 %" (not "20 %"); 41 of 51 is 80.39 %, "80.4 %"; 18 of 51 is 35.29 %, over the 35 %
    /// where "uncertain" starts, "35.3 %"; 7 of 51 (13.7 %) is far from every limit: "14 %".
    @Test func confidencesShareOfMembersStaysOnTheSideOfItsWord() {
        let narrow = EnsembleSpread(p10: 20, median: 21, p90: 22, members: 51)
        let low = day(wet: 10, of: 51, high: narrow)
        #expect(low.agreement == .confident)
        #expect(low.rainSentence(format: Self.metric) == "rain ≥ 1 mm over the day: 10 of 51 members (19.6 %)")
        let high = day(wet: 41, of: 51, high: narrow)
        #expect(high.agreement == .confident)
        #expect(high.rainSentence(format: Self.metric) == "rain ≥ 1 mm over the day: 41 of 51 members (80.4 %)")
        let middle = day(wet: 18, of: 51, high: narrow)
        #expect(middle.agreement == .uncertain)
        #expect(middle.rainSentence(format: Self.metric) == "rain ≥ 1 mm over the day: 18 of 51 members (35.3 %)")
        #expect(
            day(wet: 7, of: 51).rainSentence(format: Self.metric)
                == "rain ≥ 1 mm over the day: 7 of 51 members (14 %)")
    }

    /// The high's 10th–90th range of 19.851 to 22.949 °C is 3.098 °C, over the 3 °C of
    /// "confident": at one decimal it read "19.9 to 22.9" (3.0); at two, "19.85 to 22.95" (3.10).
    @Test func theHighsRangeAsShownIsOnTheSideOfItsWord() {
        let wide = EnsembleSpread(p10: 19.851, median: 21.4, p90: 22.949, members: 51)
        let lines = TextRenderer.confidenceDayLines([day(wet: 0, of: 51, high: wide)], width: 100, format: Self.metric)
        #expect(lines.first?.contains("high 21.4 °C (19.85 to 22.95)") == true, "\(lines)")
        #expect(lines.first?.hasSuffix("fairly sure") == true, "\(lines)")
        // Away from the limits a range keeps one decimal.
        let narrow = EnsembleSpread(p10: 20.04, median: 21, p90: 21.96, members: 51)
        let plain = TextRenderer.confidenceDayLines(
            [day(wet: 0, of: 51, high: narrow)], width: 100, format: Self.metric)
        #expect(plain.first?.contains("high 21.0 °C (20.0 to 22.0)") == true, "\(plain)")
    }

    /// `models`: dry is under 0.2 mm, wet 1 mm or more. 0.19 mm is "0.19 mm dry" (not "0.2"),
    /// 0.99 mm is "0.99 mm" (not a "1.0" without "wet"). In inches the limits read "about 0.008"
    /// and "about 0.039" (0.2 and 1 mm: three decimals, figures of limits defined in mm), and an
    /// amount is set against the exact limit: 0.19 mm is 0.00748 in, "0.007 in dry" (not
    /// "0.01", over 0.2 mm's 0.00787); 0.99 mm is 0.03898 in, "0.039 in" (not "0.04", over 1 mm's
    /// 0.03937); 1 mm itself is "0.04 in", at or over 0.03937 as the amount is (trial 58: capped
    /// at three decimals it was "0.039 in wet", the figure of 0.999 mm, not wet), 0.2 mm "0.01";
    /// 1.2 mm is 0.0472 in, "0.05 in wet".
    @Test func modelsAmountsStayOnTheSideOfDryAndWet() {
        let day = ModelDay(
            date: LocalDate(year: 2026, month: 7, day: 10),
            values: [0.19, 1.2, 0.99, 0].map {
                ModelDayValues(temperatureMaxCelsius: 20, precipitationSumMillimetres: $0)
            }
        )
        let models = ForecastModel.allCases
        #expect(
            day.disagreements(models: models, format: Self.metric) == [
                "rain (ECMWF IFS 0.19 mm dry, NOAA GFS 1.2 mm wet, DWD ICON 0.99 mm, CMC GEM 0.0 mm dry)"
            ])
        #expect(
            day.disagreements(models: models, format: Self.imperial) == [
                "rain (ECMWF IFS 0.007 in dry, NOAA GFS 0.05 in wet, DWD ICON 0.039 in, CMC GEM 0.00 in dry)"
            ])
        #expect(TextRenderer.modelAmountDecimals(0.99, format: Self.imperial) == 3)
        #expect(TextRenderer.modelAmountValue(1.0, format: Self.imperial) == "0.04")
        #expect(TextRenderer.modelAmountValue(0.2, format: Self.imperial) == "0.01")
        #expect(TextRenderer.modelAmountValue(0.999, format: Self.imperial) == "0.039")
        #expect(TextRenderer.modelAmountValue(0.199, format: Self.imperial) == "0.0078")
        #expect(TextRenderer.modelAmountValue(1.0001, format: Self.metric) == "1.0")
        #expect(TextRenderer.modelAmountValue(0.99, format: Self.metric) == "0.99")
        #expect(TextRenderer.modelAmountValue(0.19, format: Self.metric) == "0.19")
        #expect(TextRenderer.modelAmountValue(0.5, format: Self.metric) == "0.5")
        #expect(
            TextRenderer.rainWordsRule(Self.imperial)
                == "dry: under 0.2 mm (about 0.008 in) · wet: 1 mm (about 0.039 in) or more")
    }

    /// `models`' highs 3.04 °C apart are marked; the range beside the mark reads "3.04 °C", not
    /// "3.0 °C" (which the rule "more than 3.0 °C apart" would not mark).
    @Test func theHighsDisagreementIsShownOverItsLimit() {
        let day = ModelDay(
            date: LocalDate(year: 2026, month: 7, day: 10),
            values: [20, 23.04].map { ModelDayValues(temperatureMaxCelsius: $0, precipitationSumMillimetres: 0) })
        #expect(day.disagreesOnHigh)
        #expect(
            day.disagreements(models: [.ecmwfIFS025, .gfsSeamless], format: Self.metric) == [
                "the high, by 3.04 °C"
            ])
    }

    /// `watch --rain 29%`: 15 of 51 members is 29.41 %, at or above 29 %: "29.4 %", not "29 %".
    @Test func watchsShareIsShownOnTheSideOfItsThreshold() {
        let reading = ChanceReading(
            alert: ChanceAlert(kind: .rain, thresholdPercent: 29), date: LocalDate(year: 2026, month: 7, day: 10),
            isToday: false, members: 15, ofMembers: 51, model: .ecmwfIFS025)
        #expect(reading.isAbove)
        let context = RenderContext(units: .metric, now: Date(timeIntervalSince1970: 0), colour: false, unicode: true)
        #expect(
            TextRenderer.chanceAlertLines(reading, context: context, format: Self.metric).joined(separator: " ")
                == "⚑ rain ≥ 1 mm over tomorrow: 15 of 51 members (29.4 %), at or above 29 %")
        // In inches as `chance` says the limit: "0.04 in" was 1.016 mm, another figure.
        let imperial = RenderContext(
            units: .imperial, now: Date(timeIntervalSince1970: 0), colour: false, unicode: true)
        #expect(
            TextRenderer.chanceAlertLines(reading, context: imperial, format: Self.imperial)
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                == "⚑ rain ≥ 1 mm (about 0.039 in) over tomorrow: 15 of 51 members (29.4 %), at or above 29 %")
    }

    @Test func theRuleItself() {
        #expect(NearLimit.text(19.6, base: 0, limits: [20]) == "19.6")
        #expect(NearLimit.text(20, base: 0, limits: [20]) == "20")
        #expect(NearLimit.text(19.96, base: 0, limits: [20]) == "19.96")
        #expect(NearLimit.text(50, base: 0, limits: [20]) == "50")
        #expect(NearLimit.text(.nan, base: 0, limits: [20]) == "nan")
    }
}
