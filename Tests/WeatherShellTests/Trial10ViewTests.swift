import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

/// Trial 10: a place named by its coordinates is never cut inside a number; `models` says what
/// "dry" and "wet" mean where it uses them; `units` keeps "24h clock" together; `about` indents
/// every endpoint's address alike.
@Suite(.tags(.unit)) struct Trial10ViewTests {
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

    // MARK: - 1. coordinates are never cut inside a number

    @Test func theUnnamedPlaceIsNamedByItsCoordinates() {
        #expect(Self.unnamed.label == "52.5200°N 13.4100°E")
    }

    @Test(arguments: [40, 80])
    func favoritesAndHeadingsCutCoordinatesOnlyBetweenThem(width: Int) {
        let favorites = [
            Favorite(name: "52.5200°N 13.4100°E, and a long region that runs on", place: Self.unnamed),
            Favorite(name: "Hamburg", place: TrustViewWidthTests.berlin),
        ]
        let lines = TextFitTests.render(.favorites(favorites), width: width)
        Self.expectNoNumberCut(lines)
        for line in lines { #expect(TextLayout.columns(line) <= width, "\(line)") }
        for label in [Self.unnamed.label, Self.unnamed.label + " and more words to make it long enough to cut"] {
            let heading = TextRenderer.placeHeading(label, "Tue 15 Apr 00:00", width: width)
            Self.expectNoNumberCut([heading])
            #expect(TextLayout.columns(heading) <= width, "\(heading)")
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

    // MARK: - 2. models says what dry and wet mean

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
        #expect(text.contains("dry: under 0.008 in · wet: 0.04 in or more"), "\(text)")
        #expect(text.contains("0.06 in wet"), "\(text)")
    }

    // MARK: - 3. units keeps a unit phrase together

    @Test(arguments: [
        (UnitPreset.metric, [UnitQuantity: String]()), (.imperial, [:]), (.metric, [.wind: "mph"]),
        (.imperial, [.clock: "24h"]),
    ])
    func unitsConfirmationKeepsTheClockPhraseTogether(preset: UnitPreset, overrides: [UnitQuantity: String]) {
        var setting = UnitSetting(preset: preset)
        for (quantity, value) in overrides { setting.overrides[quantity] = value }
        for width in [40, 48, 80] {
            let context = RenderContext(
                units: setting.preferences, now: TextFitTests.berlinNow, colour: false, unicode: true, width: width)
            let lines = TextRenderer.render(.units(setting), context: context).split(separator: "\n").map(String.init)
            let clock = setting.preferences.clock.rawValue + " clock"
            #expect(lines.contains { $0.hasSuffix(clock) }, "at \(width): \(lines)")
            #expect(!lines.joined().contains("\u{00A0}"), "the glue is a space again")
            for line in lines { #expect(TextLayout.columns(line) <= width, "\(line)") }
        }
    }

    // MARK: - 4. about indents every address alike

    @Test func aboutIndentsEveryEndpointAlike() {
        let info = AboutInfo(
            version: "1.0", services: [.nominatim, .openMeteo, .openMeteoArchive, .openMeteoPreviousRuns],
            endpoints: Endpoints {
                $0 == .openMeteoPreviousRuns ? "http://127.0.0.1:43567/previous-runs" : "http://127.0.0.1:43567"
            },
            configFolder: "/home/u/.config/wx", stateFolder: "/home/u/.local/state/wx",
            cacheFolder: "/home/u/.cache/wx",
            startupFile: "/home/u/.config/wx/wxrc", startupFileExists: false, lineEditorFile: "/home/u/.editrc")
        let lines = TextFitTests.render(.about(info), width: 40)
        let addresses = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("http://") }
        #expect(addresses.count >= 2, "\(lines)")
        #expect(Set(addresses.map { $0.prefix { $0 == " " }.count }).count == 1, "\(lines)")
        for line in lines { #expect(TextLayout.columns(line) <= 40, "\(line)") }
    }
}
