import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

/// Trial 8: imperial units that read as typos ("rain ≥ 0.04 in in 7", "0 mph SW"), views that
/// left content out without a word (`models 10` showing 7 days, `skill` at 40 columns), a
/// range heading that cut the place to "Be…", a region cut on a line of its own, and the
/// demo's `skill 31` refused without saying why.
@Suite(.tags(.unit)) struct ViewFindingsTests {
    static let metric = ValueFormatter(units: .metric)
    static let imperial = ValueFormatter(units: .imperial)

    func date(_ text: String) -> LocalDate { LocalDate(iso: Substring(text))! }

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
}

/// Trial 9's findings in the text views: an empty "rain %" band, columns left out without a
/// word, the chart's labels at column 0, `air`'s heading without a time, `models`' two ways of
/// writing a dry day, and OpenWeatherMap's current line and fallback note.
@Suite(.tags(.unit)) struct RenderFindingsTests {
    static func render(_ result: CommandResult, now: Date = TextFitTests.berlinNow, width: Int = 80) -> [String] {
        let context = RenderContext(units: .metric, now: now, colour: false, unicode: true, width: width)
        var lines = TextRenderer.render(result, context: context).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// At 40 columns the scale's labels ("-11.2 °C") were at column 0; they are two spaces in,
    /// as every line of a view, and the bars still fit the width.
    @Test func chartLabelsAreIndentedAtEveryWidth() {
        for width in [40, 80] {
            let lines = Self.render(.hourly(TextFitTests.berlin, hours: 24), width: width)
            let rows = lines.filter { $0.contains("┤") }
            #expect(!rows.isEmpty)
            #expect(rows.allSatisfy { $0.hasPrefix("  ") }, "\(width): \(rows)")
            // The longest label (a temperature, or "rain %") is two spaces in, not more.
            #expect(rows.contains { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(rows)")
            #expect(lines.allSatisfy { TextLayout.columns($0) <= width }, "\(lines)")
        }
    }
}

/// Trial 10: a place named by its coordinates is never cut inside a number; `models` says what
/// "dry" and "wet" mean where it uses them; `units` keeps "24h clock" together; `about` indents
/// every endpoint's address alike.
@Suite(.tags(.unit)) struct LabelFindingsTests {
    static let unnamed = Place.unnamed(at: Coordinate(latitude: 52.52, longitude: 13.41))

    /// Every "…" in `lines` follows a space or a letter, never a digit, a point, a sign or a degree.
    static func expectNoNumberCut(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            var previous: Character = " "
            for character in line {
                if character == "…" {
                    #expect(
                        !(previous.isNumber || ".,°-+:".contains(previous)), "a number cut: \(line)",
                        sourceLocation: sourceLocation)
                }
                previous = character
            }
        }
    }

    /// The name column of a table (`saved`, `compare`, `history`) gives way by whole values.
    @Test(arguments: [8, 11, 12, 15, 18, 19])
    func aTableCellOfCoordinatesGivesWayByWholeValues(width: Int) {
        let labels = [Self.unnamed.label, "Elbphilharmonie Hamburg"]
        let table = TextTable(columns: [
            .init(header: "place", cells: labels, width: width, shrinkable: 4, cut: .distinct(DistinctCut(labels))),
            .init(header: "°C", cells: ["8.0", "7.5"], lead: 2, right: true),
        ])
        let lines = table.lines(width: width + 2 + 2 + 3)
        Self.expectNoNumberCut(lines)
        let shown = String(lines[1].dropFirst(2).prefix(width)).trimmingCharacters(in: .whitespaces)
        #expect(
            ["52.5200°N 13.4100°E", "52.5200°N …", "…"].contains(shown), "at \(width): \(lines)")
        if width >= 11 { #expect(shown != "…", "at \(width): \(lines)") }
        // Words still give way where they reach the width.
        if width == 15 { #expect(lines[2].contains("Elbphilharmoni…"), "\(lines)") }
    }
}

extension OptionFindingsTests {
    /// A phrase given to `wrap(keeping:)` is never parted, and comes back with plain spaces.
    @Test func keptPhrasesStayOnOneLine() {
        let text = "Warnings by MET Norway (api.met.no MetAlerts), CC BY 4.0 and NLOD 2.0"
        #expect(
            TextLayout.wrap(text, indent: 2, width: 40)
                == ["  Warnings by MET Norway (api.met.no", "  MetAlerts), CC BY 4.0 and NLOD 2.0"])
        #expect(
            TextLayout.wrap(text, indent: 2, width: 34)
                == ["  Warnings by MET Norway", "  (api.met.no MetAlerts), CC BY", "  4.0 and NLOD 2.0"])
        #expect(
            TextLayout.wrap(text, indent: 2, width: 34, keeping: TextRenderer.licenceNames)
                == ["  Warnings by MET Norway", "  (api.met.no MetAlerts),", "  CC BY 4.0 and NLOD 2.0"])
        #expect(!TextLayout.wrap(text, indent: 0, width: 200, keeping: ["CC BY 4.0"])[0].contains("\u{00A0}"))
    }
}

extension ClockFindingsTests {
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
