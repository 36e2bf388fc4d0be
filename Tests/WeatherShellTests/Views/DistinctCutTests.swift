import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherShell

/// Issue 23, kind 10: a list's labels are cut so that what tells them apart stays.
@Suite(.tags(.unit)) struct DistinctCutTests {
    static let states = ["Florida", "California", "South Carolina", "Alabama", "Maryland"]

    @Test func theSharedPartsGiveWayFirst() {
        // The regions of the five Hollywoods (real Open-Meteo answer): the country they share
        // is left out, then a state too long is cut at its end.
        let regions = Self.states.map { "\($0), United States" }
        let regionCut = DistinctCut(regions)
        #expect(
            regions.map { regionCut.cut($0, to: 10) } == ["Florida", "California", "South Car…", "Alabama", "Maryland"])
        #expect(regionCut.cut("Florida, United States", to: 22) == "Florida, United States")
        // The name they share is cut before the state; "…" alone before a state that needs all.
        let names = ["Hollywood"] + Self.states.dropFirst().map { "Hollywood, \($0)" }
        let nameCut = DistinctCut(names)
        #expect(nameCut.cut("Hollywood, California", to: 17) == "Holl…, California")
        #expect(nameCut.cut("Hollywood, South Carolina", to: 17) == "…, South Carolina")
        #expect(nameCut.cut("Hollywood, South Carolina", to: 16) == "…South Carolina")
        #expect(nameCut.cut("Hollywood, South Carolina", to: 12) == "…South Caro…")
        // Labels that share nothing are cut at the end, as before.
        let apart = DistinctCut(["Elbphilharmonie", "Palais Royal - Koninklijk Paleis"])
        #expect(apart.cut("Palais Royal - Koninklijk Paleis", to: 19) == "Palais Royal - Kon…")
        for width in 1...30 {
            for label in names + regions {
                #expect(TextLayout.columns(nameCut.cut(label, to: width)) <= max(width, 1))
                #expect(TextLayout.columns(regionCut.cut(label, to: width)) <= max(width, 1))
            }
        }
    }

    @Test func partsAreTheLabelBetweenCommaSpaces() {
        for label in [
            "Hollywood, South Carolina, United States", "", ", ", "a, b,c, , d,", ", lead", "trail, ",
            "Zürich, Schweiz/Suisse/Svizzera/Svizra", "東京都, 日本", "no separator", "a,, b",
        ] {
            #expect(
                DistinctCut.parts(label) == label.split(separator: ", ", omittingEmptySubsequences: false),
                "\(label)")
        }
        #expect(DistinctCut.parts("a, b,c, , d,") == ["a", "b,c", "", "d,"])
    }
}
