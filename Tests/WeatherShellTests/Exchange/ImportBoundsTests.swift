import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Every field of an imported favorite has a bound (README, "Your data"): name 100 characters,
/// display name 200, country code 2 or 3 letters, latitude −90…90, longitude −180…180.
@Suite(.tags(.unit)) struct ImportBoundsTests {
    /// Issue 22: ten imports of a 15 MB display name made a 150 MB state.plist.
    @Test(arguments: ["csv", "json"]) func aDisplayNameBeyondTheBoundIsRefused(format: String) throws {
        let long = String(repeating: "Hamburg ", count: 2_000)
        let fitting = String(repeating: "x", count: DataExchange.maximumDisplayNameLength)
        let text =
            format == "csv"
            ? "name,latitude,longitude,display_name\nA,53.55,9.99,\(long)\nB,48.85,2.35,\(fitting)\n"
            : #"[{"name":"A","latitude":53.55,"longitude":9.99,"display_name":"\#(long)"},"#
                + #"{"name":"B","latitude":48.85,"longitude":2.35,"display_name":"\#(fitting)"}]"#
        let read = try DataExchange.favorites(from: text)
        #expect(read.favorites.map(\.name) == ["B"])
        #expect(read.favorites.first?.displayName == fitting)
        #expect(read.problems.count == 1)
        #expect(read.problems.first?.hasSuffix("a display name longer than 200 characters") == true)
    }

    @Test func aCountryCodeThatIsNoCodeIsLeftOut() throws {
        let text =
            "name,latitude,longitude,country_code\nA,53.55,9.99,\(String(repeating: "de", count: 5_000))\nB,1,2,GB\n"
        let read = try DataExchange.favorites(from: text)
        #expect(read.favorites.map(\.countryCode) == [nil, "gb"])
        #expect(read.problems.isEmpty)
    }

    /// A service's text is bounded before it is stored: `fav` of a place with a 70,000-character
    /// name keeps 200 characters of it.
    @Test func aFavoritesTextsFromAServiceAreBounded() {
        let place = Place(
            name: String(repeating: "Hamburg ", count: 8_750), region: "", countryCode: "a very long code",
            coordinate: Coordinate(latitude: 53.55, longitude: 9.99), displayName: "")
        let favorite = Favorite(name: "Hamburg", place: place)
        #expect(favorite.displayName.count == Favorite.longestDisplayName && favorite.displayName.hasSuffix("…"))
        #expect(favorite.countryCode == nil)
    }
}
