import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension LabelFindingsTests {
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
}

extension CompletionTargetTests {
    @Test func aListOfFavoritesShowsTheNamesUnescaped() {
        let names = ["Prime \"Best\" Place", "Prime Minister’s Office"]
        let completion = Completer.complete("show Prime ", favorites: names)
        #expect(completion.options.count == 2)
        #expect(completion.options != names)  // inserted escaped, so that they parse back
        #expect(completion.shown == names)
    }
}
