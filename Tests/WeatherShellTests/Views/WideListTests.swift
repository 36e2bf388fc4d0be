import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Trial 16: on a terminal 120 columns wide, `find`, `favs` and `saved` padded their name
/// column to the terminal's edge, so the coordinates (or the values) stood 40 to 70 columns from
/// the names they belong to. A list is as wide as its longest cell needs, as at 80 columns.
@Suite(.tags(.unit)) struct WideListTests {
    static func lines(_ result: CommandResult, width: Int) -> [String] {
        TextFitTests.render(result, width: width)
    }

    @Test func findAt120ColumnsKeepsTheCoordinatesBesideTheLongestLabel() {
        let places = [
            Place(
                name: "Hamburg", region: "Deutschland", countryCode: "de",
                coordinate: Coordinate(latitude: 53.5438, longitude: 10.0099), displayName: "Hamburg, Deutschland"),
            Place(
                name: "Hamburg", region: "Erie County, New York, United States", countryCode: "us",
                coordinate: Coordinate(latitude: 42.7159, longitude: -78.8295),
                displayName: "Hamburg, Erie County, New York, United States"),
        ]
        let at120 = Self.lines(.candidates(query: "Hamburg", places: places), width: 120)
        // As at 80: the labels padded to 52 columns, then the coordinates.
        #expect(at120 == Self.lines(.candidates(query: "Hamburg", places: places), width: 80))
        #expect(at120.first == "  1  Hamburg, Deutschland" + String(repeating: " ", count: 34) + "53.5438, 10.0099")
        // A label longer than 52 columns moves them out only as far as it needs.
        let long = Self.lines(.candidates(query: "Brussels", places: TextFitTests.brussels), width: 120)
        #expect(long.allSatisfy { TextLayout.columns($0) <= 120 })
    }

    @Test func favsAt120ColumnsIsNoWiderThanItsCells() {
        let favorites = ExportFormatTests.favorites
        let at120 = Self.lines(.favorites(favorites), width: 120)
        let at80 = Self.lines(.favorites(favorites), width: 80)
        #expect(at120 == at80, "\(at120)")
    }

    @Test func savedAt120ColumnsIsNoWiderThanItsCells() {
        let at120 = Self.lines(.snapshots(ExportFormatTests.snapshots), width: 120)
        // "Elbphilharmonie" (cut at 80) is whole, and the values follow it as they do at 80.
        #expect(
            at120 == [
                "    3  2025-07-27 05:00  Elbphilharmonie  16.5 °C  20 %   0.0 mm  overcast",
                "    4  2025-07-27 03:30  Nowhere          -0.3 °C     —        —  —",
            ], "\(at120)")
    }
}

/// Trial 17's polish: text a new user reads first, laid out as the rest is.
@Suite(.tags(.unit)) struct FirstReadingTests {
    /// `saved` with none at 40 columns was broken by the terminal mid-word ("weat / her").
    @Test func noSnapshotsWrapsBetweenWords() {
        #expect(
            TextFitTests.render(.snapshots([]), width: 40) == [
                "no snapshots: “save” keeps the last", "  weather shown",
            ])
    }

    /// `wx --help`'s usage lines: "<command> [args] run one…" had one space where the others
    /// line up.
    @Test func usageLinesLineUp() {
        let lines = Invocation.usage.split(separator: "\n").prefix(4).map(String.init)
        let descriptions = [
            "start the weather shell", "run commands and exit", "run one command and exit",
            "print a shell completion script",
        ]
        let starts = zip(lines, descriptions).map { line, description in
            line.range(of: description).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(Set(starts).count == 1, "\(starts) \(lines)")
    }
}
