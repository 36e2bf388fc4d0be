import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Trial 4, item 8: `favs` at 80 columns cut "United Stat…" in a line that whole is 77 columns.
@Suite(.tags(.unit)) struct FavoritesWidthTests {
    static let newYork = Favorite(
        name: "New York", coordinate: Coordinate(latitude: 40.7127, longitude: -74.006),
        displayName: "New York, City of New York, United States", countryCode: "us")

    static func lines(_ favorites: [Favorite], width: Int) -> [String] {
        let context = RenderContext(units: .metric, now: Date(), colour: false, unicode: true, width: width)
        return TextRenderer.render(.favorites(favorites), context: context).split(separator: "\n").map(String.init)
    }

    @Test func aRegionThatFitsTheLineIsWhole() {
        let whole = "  ★ New York               City of New York, United States  40.7127, -74.0060"
        #expect(TextLayout.columns(whole) == 77)
        for width in [77, 80] { #expect(Self.lines([Self.newYork], width: width) == [whole], "at \(width)") }
        // One column fewer: the region gives way, the coordinates never do.
        #expect(
            Self.lines([Self.newYork], width: 76) == [
                "  ★ New York               City of New York, United Stat…  40.7127, -74.0060"
            ])
    }

    @Test func shortRegionsKeepTheirColumnWhereTheyWere() {
        let berlin = Favorite(
            name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41),
            displayName: "Berlin, Deutschland", countryCode: "de")
        let lines = Self.lines([berlin, Self.newYork], width: 80)
        #expect(lines.count == 2)
        for line in lines { #expect(TextLayout.columns(line) <= 80, "\(line)") }
        #expect(lines[0] == "  ★ Berlin                 Deutschland                      52.5200, 13.4100", "\(lines)")
        // A region cut after a comma loses the comma: "Stad Brussel…", not "Stad Brussel,…".
        #expect(
            Self.lines(TextFitTests.favorites, width: 80) == [
                "  ★ Elbphilharmonie        Deutschland                          52.5200, 13.4100",
                "  ★ Palais Royal - Konink… Ville de Bruxelles - Stad Brussel…   50.8420, 4.3620",
            ])
    }
}
