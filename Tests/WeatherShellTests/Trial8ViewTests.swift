import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

/// Trial 8: imperial units that read as typos ("rain ≥ 0.04 in in 7", "0 mph SW"), views that
/// left content out without a word (`models 10` showing 7 days, `skill` at 40 columns), a
/// range heading that cut the place to "Be…", a region cut on a line of its own, and the
/// demo's `skill 31` refused without saying why.
@Suite(.tags(.unit)) struct Trial8ViewTests {
    static let metric = ValueFormatter(units: .metric)
    static let imperial = ValueFormatter(units: .imperial)

    func date(_ text: String) -> LocalDate { LocalDate(iso: Substring(text))! }

    // MARK: - imperial wording

    @Test func theEnsemblesRainReadsWellInBothUnitSystems() throws {
        let day = EnsembleDay(
            date: date("2025-07-27"), high: nil, low: nil, precipitation: EnsembleSpread([0, 1, 2]),
            wetMembers: 7, precipitationMembers: 51, frostMembers: 0)
        #expect(day.rainSentence(format: Self.metric) == "rain 1.0 mm or more: 7 of 51 members (14 %)")
        let imperial = try #require(day.rainSentence(format: Self.imperial))
        #expect(imperial == "rain 0.04 in or more: 7 of 51 members (14 %)")
        #expect(!imperial.contains("in in"))
    }

    @Test func aWindThatShowsAsNothingIsCalmWithoutADirection() {
        // 0.5 km/h is 0.3 mph: "0 mph SW" pointed nowhere.
        #expect(Self.imperial.wind(0.5, from: 225) == "calm")
        #expect(Self.metric.wind(0.4, from: 225) == "calm")
        #expect(Self.metric.wind(0.4, from: 225, degrees: true) == "calm")
        // Rounded in the shown unit: 0.6 km/h is "1 km/h" but "0 mph".
        #expect(Self.metric.wind(0.6, from: 225) == "1 km/h SW")
        #expect(Self.imperial.wind(0.6, from: 225) == "calm")
        #expect(Self.imperial.wind(8, from: 225) == "5 mph SW")
        #expect(Self.metric.wind(19, from: 225, degrees: true) == "19 km/h SW (225°)")
        var units = UnitPreferences.metric
        units.windSpeed = .metresPerSecond
        let metres = ValueFormatter(units: units)
        #expect(metres.wind(0.1, from: 90) == "calm")
        #expect(metres.wind(0.72, from: 90) == "0.2 m/s E")
        units.windSpeed = .beaufort
        #expect(ValueFormatter(units: units).wind(0.5, from: 90) == "calm")
        #expect(Self.metric.wind(12, from: nil) == "12 km/h")
        #expect(Self.metric.wind(nil, from: 90) == ValueFormatter.missing)
    }

    // MARK: - what a view leaves out

    @Test(arguments: [40, 80])
    func skillSaysWhichColumnsItLeftOutForTheWidth(width: Int) {
        let lines = TrustViewWidthTests.render(.skill(TrustViewWidthTests().skillReport()), width: width)
        TrustViewWidthTests.expectFits(lines, width: width)
        let text = lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        if width == 40 {
            #expect(text.contains("left out for the width: bias, days, rain right"), "\(lines)")
        } else {
            #expect(!text.contains("left out for the width"), "\(lines)")
        }
    }

    @Test func driftSaysItLeftOutTheBarAtFortyColumns() {
        let report = TrustViewWidthTests().driftReport([21.5, 21.4, 21.4, 21.5, 21.6, 21.8, 21.9, nil])
        let narrow = TrustViewWidthTests.render(.drift(report), width: 40)
        TrustViewWidthTests.expectFits(narrow, width: 40)
        let text = narrow.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        #expect(text.contains("left out for the width:") && text.contains("the high’s bar"), "\(narrow)")
        #expect(!TrustViewWidthTests.render(.drift(report), width: 80).contains { $0.contains("left out") })
    }

    @Test func modelsSayTheirAnswerCoversFewerDaysThanAsked() {
        var report = TrustViewWidthTests().modelsReport()
        report.requestedDays = 10
        let lines = TrustViewWidthTests.render(.models(report), width: 80)
        #expect(lines.contains("  the models’ answer has 3 days from today"), "\(lines)")
        report.requestedDays = 3
        #expect(!TrustViewWidthTests.render(.models(report), width: 80).contains { $0.contains("answer has") })
    }

    // MARK: - headings and regions at 40 columns

    @Test func aRangeHeadingShortensItsDatesBeforeThePlace() {
        let format = Self.metric
        #expect(format.shortDayRange(date("2025-07-20"), date("2025-07-23")) == "20–23 Jul 2025")
        #expect(format.shortDayRange(date("2025-06-28"), date("2025-07-03")) == "28 Jun–3 Jul 2025")
        #expect(format.shortDayRange(date("2024-12-30"), date("2025-01-02")) == "30 Dec 2024–2 Jan 2025")
        #expect(
            ValueFormatter(units: .metric, unicode: false).shortDayRange(date("2025-07-20"), date("2025-07-23"))
                == "20-23 Jul 2025")
        let long = "Sun 20 Jul 2025 to Wed 23 Jul 2025"
        #expect(
            TextRenderer.placeHeading("Berlin, Deutschland", long, shorter: "20–23 Jul 2025", width: 40)
                == "Berlin, Deutschland · 20–23 Jul 2025")
        // Where the whole heading fits, the dates keep their weekdays.
        #expect(
            TextRenderer.placeHeading("Berlin, Deutschland", long, shorter: "20–23 Jul 2025", width: 80)
                == "Berlin, Deutschland · \(long)")
    }

    @Test func aLongRegionOnLinesOfItsOwnWrapsInsteadOfBeingCut() {
        let place = Place(
            name: "Palais de Justice - Justitiepaleis",
            region:
                "Bruxelles - Brussel, Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest, België / Belgique / Belgien",
            countryCode: "be", coordinate: Coordinate(latitude: 50.84, longitude: 4.35),
            displayName: "Palais de Justice")
        let lines = TextRenderer.labelLines(place, width: 35, continuation: 35)
        for line in lines { #expect(TextLayout.columns(line) <= 35, "\(lines)") }
        #expect(!lines.dropFirst().contains { $0.contains("…") }, "\(lines)")
        let text = lines.joined(separator: " ")
        #expect(text.contains("Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest,"), "\(lines)")
    }

    // MARK: - the demo's skill

    @Test func theDemosSkillSaysHowManyDaysItsRecordingsHold() throws {
        let berlin = Coordinate(latitude: 52.52, longitude: 13.39)
        var place = DemoWorld.Place(
            name: "Berlin", names: ["Berlin"], coordinate: berlin, recorded: Date(timeIntervalSince1970: 1_753_600_000),
            kinds: [.forecast, .past, .earlierRuns])
        place.days = [
            .past: DemoWorld.merged([date("2025-06-23")...date("2025-07-22"), date("2025-06-23")...date("2025-07-26")]),
            .earlierRuns: [date("2025-06-23")...date("2025-08-03")],
        ]
        #expect(place.days[.past] == [date("2025-06-23")...date("2025-07-26")])
        let world = DemoWorld(places: [place])
        #expect(world.skillRefusal(date("2025-06-23")...date("2025-07-22"), at: berlin) == nil)
        let refusal = try #require(world.skillRefusal(date("2025-06-22")...date("2025-07-22"), at: berlin))
        #expect(
            refusal
                == .notApplicable(
                    "the demo’s recordings for Berlin reach back to 2025-06-23: skill there scores at most 30 days (“skill 30”), not 31 (2025-06-22 to 2025-07-22)"
                ))
    }
}
