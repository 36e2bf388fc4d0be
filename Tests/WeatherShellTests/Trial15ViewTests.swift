import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial 15, where the views decide: conditions hours old are not the weather now.
@Suite(.tags(.unit)) struct Trial15ViewTests {
    static let report = GoldenViewTests.report
    /// The Berlin recording's current conditions: 2025-07-27 03:00 UTC.
    static let conditions = Date(timeIntervalSince1970: 1_753_585_200)

    static func context(_ now: Date) -> RenderContext {
        RenderContext(units: .metric, now: now, colour: false, unicode: true)
    }

    @Test func conditionsMoreThanThreeHoursFromNowAreNotNow() {
        let bound = WeatherPresentation.conditionsBoundSeconds
        #expect(bound == 3 * 3_600)
        let at = { (seconds: Double) in
            WeatherPresentation(Self.report, now: Self.conditions.addingTimeInterval(seconds))
        }
        #expect(at(0).conditionsAgeSeconds == 0)
        #expect(!at(bound).conditionsAreNotNow)
        #expect(at(bound + 1).conditionsAreNotNow)
        // A clock before the answer, as far: not now either.
        #expect(!at(-bound).conditionsAreNotNow)
        #expect(at(-bound - 1).conditionsAreNotNow)
    }

    @Test func showSaysOldConditionsAreNotNowUnderItsHeadingAndJSONCarriesIt() throws {
        let now = Self.conditions.addingTimeInterval(5 * 3_600 + 600)
        let text = TextRenderer.render(.weather(Self.report), context: Self.context(now))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Berlin, Deutschland · Sun 10:10 CEST")
        #expect(lines[1] == "  conditions from 2025-07-27 05:00, 5 hours ago — not now")
        #expect(lines[2].hasPrefix("  16.5 °C, feels like 17.5 °C"))
        #expect(!text.contains("as of"))
        let json = try JSONValue.parse(
            Data(JSONRenderer.render(.weather(Self.report), context: Self.context(now)).utf8))
        #expect(json["current"]?["not_now"]?.bool == true)
        #expect(json["current"]?["age_seconds"]?.int == 5 * 3_600 + 600)
        // Before the answer (a clock set back): "after now".
        let early = TextRenderer.render(
            .weather(Self.report), context: Self.context(Self.conditions.addingTimeInterval(-2 * 86_400)))
        #expect(early.contains("\n  conditions for 2025-07-27 05:00, 2 days after now — not now\n"), "\(early)")
        // At the answer's time: nothing said.
        let current = TextRenderer.render(.weather(Self.report), context: Self.context(Self.conditions))
        #expect(!current.contains("not now"))
    }

    @Test func spansAreSaidInTheirOneUnit() {
        #expect(TimeWords.roughSpan(seconds: 45 * 60) == "45 min")
        #expect(TimeWords.roughSpan(seconds: 3 * 3_600 + 60) == "3 hours")
        #expect(TimeWords.roughSpan(seconds: 47 * 3_600) == "47 hours")
        #expect(TimeWords.roughSpan(seconds: 2 * 86_400) == "2 days")
        #expect(TimeWords.roughSpan(seconds: 59 * 86_400) == "59 days")
        #expect(TimeWords.roughSpan(seconds: 61 * 86_400) == "2 months")
        #expect(TimeWords.roughSpan(seconds: 729 * 86_400) == "24 months")
        #expect(TimeWords.roughSpan(seconds: 1_850 * 86_400) == "5 years")
        #expect(TimeWords.roughSpan(seconds: 366 * 86_400) == "12 months")
    }
}
