import Foundation
import Testing
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// trial2 finding 3: a favorite's name is bounded at `Favorite.longestName` characters on every
/// path that names one, the bound `import favorites` applies, so every favorite can be moved.
@MainActor
@Suite(.tags(.unit)) struct FavoriteNameBoundTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    func session() -> WeatherSession {
        let geocoder = FakeGeocoder(places: ["Hamburg": Self.hamburg])
        return makeTestSession(home: home, geocoder: geocoder, forecasts: FakeForecastProvider(forecasts: [:]))
    }

    @Test func renameRefusesANameImportWouldRefuse() async throws {
        let session = session()
        _ = try await session.execute(.find("Hamburg"))
        _ = try await session.execute(.favoriteToggle)
        let long = String(repeating: "x", count: 101)
        await #expect(
            throws: ShellError.usage("a favorite’s name is at most 100 characters; this one has 101")
        ) {
            try await session.execute(.favoriteRename(from: "Elbphilharmonie", to: long))
        }
        #expect(session.favorites.map(\.name) == ["Elbphilharmonie"])
        let longest = String(repeating: "y", count: 100)
        _ = try await session.execute(.favoriteRename(from: "Elbphilharmonie", to: longest))
        #expect(session.favorites.map(\.name) == [longest])
        // import accepts what rename accepted.
        let imported = DataExchange.favorite(
            name: longest, latitude: .number(53.5413), longitude: .number(9.9841), displayName: "Hamburg",
            countryCode: "de", origin: "line 2")
        #expect((try? imported.get()) != nil)
    }

    @Test func addingCutsALongPlaceName() {
        let longName = String(repeating: "L", count: 150)
        let place = Place(
            name: longName, region: "Somewhere, Country", countryCode: "de",
            coordinate: Coordinate(latitude: 1, longitude: 2), displayName: "\(longName), Somewhere, Country")
        var names = FavoriteNames([])
        let first = names.claim(for: place)
        #expect(first == String(repeating: "L", count: 99) + "…")
        let second = names.claim(for: place)
        #expect(second == String(repeating: "L", count: 97) + "… 2")
        let third = names.claim(for: place)
        #expect(third == String(repeating: "L", count: 97) + "… 3")
        #expect([first, second, third].allSatisfy { $0.count <= Favorite.longestName })
    }
}
