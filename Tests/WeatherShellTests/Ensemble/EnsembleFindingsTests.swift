import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension ViewFindingsTests {
    @Test func theEnsemblesRainReadsWellInBothUnitSystems() throws {
        let day = EnsembleDay(
            date: date("2025-07-27"), high: nil, low: nil, precipitation: EnsembleSpread([0, 1, 2]),
            wetMembers: 7, precipitationMembers: 51, frostMembers: 0, temperatureMembers: 0)
        #expect(day.rainSentence(format: Self.metric) == "rain ≥ 1 mm over the day: 7 of 51 members (14 %)")
        let imperial = try #require(day.rainSentence(format: Self.imperial))
        #expect(imperial == "rain ≥ 1 mm (about 0.039 in) over the day: 7 of 51 members (14 %)")
        #expect(!imperial.contains("in in"))
    }

    @Test func modelsSayTheirAnswerCoversFewerDaysThanAsked() {
        var report = TrustViewWidthTests().modelsReport()
        report.requestedDays = 10
        let lines = TrustViewWidthTests.render(.models(report), width: 80)
        #expect(lines.contains("  the models’ answer has 3 days from today"), "\(lines)")
        report.requestedDays = 3
        #expect(!TrustViewWidthTests.render(.models(report), width: 80).contains { $0.contains("answer has") })
    }
}

extension RenderFindingsTests {
    /// 0.0 mm read "dry" but 0.1 mm (as dry by `help models`' rule) "0.1 mm": every amount is a
    /// number, followed by "dry" (under 0.2 mm) or "wet" (1 mm or more).
    @Test func modelsAmountsFollowTheDryAndWetRule() {
        let day = ModelDay(
            date: LocalDate(year: 2025, month: 7, day: 28),
            values: [0.0, 1.4, 0.1, 0.5].map { ModelDayValues(precipitationSumMillimetres: $0) })
        let models: [ForecastModel] = [.ecmwfIFS025, .gfsSeamless, .iconSeamless, .gemSeamless]
        let parts = day.disagreements(models: models, format: ValueFormatter(units: .metric))
        #expect(
            parts == [
                "rain (ECMWF IFS 0.0 mm dry, NOAA GFS 1.4 mm wet, DWD ICON 0.1 mm dry, CMC GEM 0.5 mm)"
            ], "\(parts)")
    }
}

extension LabelFindingsTests {
    static func disagreeingModels() -> ModelsReport {
        var report = TrustViewWidthTests().modelsReport()
        let sums = [0.2, 1.4, 0.1, 0.5]
        for index in report.days[1].values.indices {
            report.days[1].values[index].precipitationSumMillimetres = sums[index]
        }
        return report
    }

    @Test(arguments: [40, 80])
    func aRainFlagComesWithTheRuleItFollows(width: Int) {
        let lines = TextFitTests.render(.models(Self.disagreeingModels()), width: width)
        let text = lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        #expect(text.contains("NOAA GFS 1.4 mm wet"), "\(lines)")
        #expect(text.contains("dry: under 0.2 mm · wet: 1 mm or more"), "\(lines)")
        for line in lines { #expect(TextLayout.columns(line) <= width, "\(line)") }
        // Without a rain flag, no rule.
        let agreeing = TextFitTests.render(.models(TrustViewWidthTests().modelsReport()), width: width)
        #expect(!agreeing.joined().contains("dry:"), "\(agreeing)")
    }

    @Test func theRuleIsInTheUnitsInUse() {
        let context = RenderContext(
            units: UnitSetting(preset: .imperial).preferences, now: TextFitTests.berlinNow, colour: false,
            unicode: true, width: 80)
        let text = TextRenderer.render(.models(Self.disagreeingModels()), context: context)
        #expect(text.contains("dry: under 0.2 mm (about 0.008 in) · wet: 1 mm (about 0.039 in) or more"), "\(text)")
        // At the table's one precision: 0.1 mm in another model's cell needs three decimals.
        #expect(text.contains("0.055 in wet"), "\(text)")
    }
}
