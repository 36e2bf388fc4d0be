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

/// Issue 37 item 11: lists keep what tells rows apart. Four favorites on a Washington Street in
/// a Springfield of four states: at every width from 40 columns up, each row still shows its
/// state (the part of the region no other row shares), the shared name narrowing first.
@Suite(.tags(.unit)) struct DistinguishingColumnTests {
    static let states = ["Illinois", "Massachusetts", "Missouri", "Oregon"]
    static let favorites = states.enumerated().map { index, state in
        Favorite(
            name: index == 0 ? "Washington Street, Springfield" : "Washington Street, Springfield \(index + 1)",
            coordinate: Coordinate(latitude: 39.0 + Double(index), longitude: -89.0 - Double(index)),
            displayName: "Washington Street, \(state), United States", countryCode: "us")
    }

    @Test(arguments: [40, 44, 50, 60, 80])
    func eachRowKeepsItsState(width: Int) {
        let lines = FavoritesWidthTests.lines(Self.favorites, width: width)
        let rows = Array(lines.prefix(4))
        for (row, state) in zip(rows, Self.states) {
            #expect(TextLayout.columns(row) <= width, "\(row)")
            // The state whole, or its first letters up to a cut, never left out.
            let shown = row.split(separator: " ").contains { word in
                let word = word.trimmingCharacters(in: CharacterSet(charactersIn: ",…"))
                return word.count >= 2 && state.hasPrefix(word)
            }
            #expect(shown, "at \(width): \(row)")
        }
        #expect(Set(rows).count == 4)
        #expect(!lines.contains { $0.contains("left out for the width: region") }, "\(lines)")
    }

    /// The rows without their coordinates (what a reader tells them apart by).
    static func words(_ rows: [String]) -> [String] {
        rows.map { row in
            let text = row.range(of: #"\s+-?\d+\.\d{4}, -?\d+\.\d{4}$"#, options: .regularExpression).map {
                String(row[..<$0.lowerBound])
            }
            return text ?? row
        }
    }

    /// Names that differ, but not by a number at the end: cut to the name column's narrowest they
    /// read the same ("…, Spri…"), so the state keeps its column — or the names keep the word
    /// that differs ("…(home)") — at 40, 50 and 60 columns. Before, only names differing by a
    /// trailing number kept the region, and these four rows read the same but for coordinates.
    @Test(arguments: [40, 50, 60])
    func namesThatDifferOnlyPastTheCutStayApart(width: Int) {
        let labels = ["(home)", "(office)", "(gym)", "(shop)"]
        let favorites = zip(Self.states, labels).enumerated().map { index, pair in
            Favorite(
                name: "Washington Street, Springfield \(pair.1)",
                coordinate: Coordinate(latitude: 39.0 + Double(index), longitude: -89.0 - Double(index)),
                displayName: "Washington Street, \(pair.0), United States", countryCode: "us")
        }
        let rows = Array(FavoritesWidthTests.lines(favorites, width: width).prefix(4))
        for row in rows { #expect(TextLayout.columns(row) <= width, "\(row)") }
        #expect(Set(Self.words(rows)).count == 4, "at \(width): \(rows)")
        for (row, (state, label)) in zip(rows, zip(Self.states, labels)) {
            let shown = row.split(separator: " ").contains { word in
                let word = word.trimmingCharacters(in: CharacterSet(charactersIn: ",…()"))
                return word.count >= 2 && (state.hasPrefix(word) || label.contains(word))
            }
            #expect(shown, "at \(width): \(row)")
        }
    }

    /// One region, names that share their first words: the word that differs is what stays
    /// ("…North"), not "Springfield O…" four times.
    @Test(arguments: [40, 50, 60])
    func namesSharingTheirFirstWordsKeepTheWordThatDiffers(width: Int) {
        let sides = ["North", "South", "East", "West"]
        let favorites = sides.enumerated().map { index, side in
            Favorite(
                name: "Springfield Riverside Office Park \(side)",
                coordinate: Coordinate(latitude: 39.0 + Double(index) / 100, longitude: -89.0),
                displayName: "Springfield, Illinois, United States", countryCode: "us")
        }
        let rows = Array(FavoritesWidthTests.lines(favorites, width: width).prefix(4))
        #expect(Set(Self.words(rows)).count == 4, "at \(width): \(rows)")
        for (row, side) in zip(rows, sides) { #expect(row.contains(side), "at \(width): \(row)") }
    }

    /// The rule itself: names that read the same at the name column's narrowest, regions that
    /// differ.
    @Test func regionsTellApartOnlyWhatTheNamesDoNot() {
        let regions = ["Illinois, United States", "Oregon, United States"]
        #expect(
            TextRenderer.regionsTellApart(
                names: ["★ Springfield (home)", "★ Springfield (office)"], regions: regions, nameWidth: 10) == false)
        #expect(
            TextRenderer.regionsTellApart(
                names: ["★ Washington Street, Springfield (home)", "★ Washington Street, Springfield (office)"],
                regions: regions, nameWidth: 10) == false)
        // "…Northern…" both.
        #expect(
            TextRenderer.regionsTellApart(
                names: ["★ Springfield Northernmostvillage", "★ Springfield Northernmosttown"], regions: regions,
                nameWidth: 10))
        #expect(
            TextRenderer.regionsTellApart(names: ["★ Springfield", "★ Springfield 2"], regions: regions, nameWidth: 10))
        #expect(
            !TextRenderer.regionsTellApart(
                names: ["★ Springfield", "★ Springfield 2"], regions: regions.map { _ in "Oregon" }, nameWidth: 10))
    }

    /// Favorites whose names hold wide emoji and ideographs (issue 37, item 9): every row's
    /// coordinates start at the same terminal column, counted with the widths of Unicode's
    /// data files (`UnicodeWidthTests.wide`'s source, scripts/unicode-width.py), at 40 and 80.
    @Test(arguments: [40, 80]) func namesWithWideCharactersKeepTheColumns(_ width: Int) throws {
        #expect(!UnicodeData.wideRanges.isEmpty, "unicode-width.py did not run")
        let favorites = [("🚀 Startplatz", 52.5), ("⌚ Uhrturm", 47.37), ("🌡 Wetterwarte", 50.1), ("東京タワー", 35.66)].map {
            Favorite(
                name: $0.0, coordinate: Coordinate(latitude: $0.1, longitude: 8.5), displayName: $0.0 + ", Nowhere",
                countryCode: "de")
        }
        let all = FavoritesWidthTests.lines(favorites, width: width)
        // The rows (a note on what gave way to the width may follow them).
        let lines = all.filter { $0.contains("8.5000") }
        #expect(lines.count == 4, "\(all)")
        let starts = lines.map { line in
            UnicodeData.columns(line[..<(line.range(of: "8.5000")?.lowerBound ?? line.endIndex)])
        }
        #expect(Set(starts).count == 1, "\(all)")
        for line in lines { #expect(UnicodeData.columns(line) <= width, "\(line)") }
    }
}
