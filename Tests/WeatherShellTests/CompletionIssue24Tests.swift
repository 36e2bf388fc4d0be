import Foundation
import Testing
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Issue 24 item 6: Tab completes snapshot numbers (the list shows each one's place and date),
/// and a list of favorites shows the names as people read them, not escaped.
@MainActor
@Suite(.tags(.unit)) struct CompletionIssue24Tests {
    let home = TemporaryFolder()
    static let snapshots = [
        SnapshotChoice(id: 12, label: "12  Hamburg · 2026-02-06 22:40"),
        SnapshotChoice(id: 3, label: "3  Prime Minister’s Office · 2026-02-01 08:05"),
    ]

    @Test func snapshotNumbersCompleteAfterSavedRm() {
        let all = Completer.complete("saved rm ", favorites: [], snapshots: Self.snapshots)
        #expect(all.options == ["12", "3"])
        #expect(all.shown == Self.snapshots.map(\.label))
        let one = Completer.complete("saved rm 1", favorites: [], snapshots: Self.snapshots)
        #expect(one.insertion(typed: "1") == "12 ")
        #expect(Completer.complete("saved del ", favorites: [], snapshots: Self.snapshots).options == ["12", "3"])
    }

    @Test func savedOffersItsSubcommandsAndTheNumbers() {
        let completion = Completer.complete("saved ", favorites: [], snapshots: Self.snapshots)
        #expect(completion.options == ["rm", "remove", "del", "verify", "12", "3"])
        #expect(completion.shown == ["rm", "remove", "del", "verify"] + Self.snapshots.map(\.label))
        #expect(Completer.complete("saved 3", favorites: [], snapshots: Self.snapshots).insertion(typed: "3") == "3 ")
    }

    @Test func aListOfFavoritesShowsTheNamesUnescaped() {
        let names = ["Prime \"Best\" Place", "Prime Minister’s Office"]
        let completion = Completer.complete("show Prime ", favorites: names)
        #expect(completion.options.count == 2)
        #expect(completion.options != names)  // inserted escaped, so that they parse back
        #expect(completion.shown == names)
    }

    @Test func theSessionListsItsSnapshotsNewestFirstWithPlaceAndLocalTime() async throws {
        let places =
            Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
            + Recorded.places("nominatim/search-london-downing-street-two-results.json")
        let provider = FakeForecastProvider(forecasts: [
            places[0].coordinate: Recorded.newYorkForecast(at: places[0].coordinate),
            places[1].coordinate: Recorded.newYorkForecast(at: places[1].coordinate),
        ])
        let session = makeTestSession(
            home: home, geocoder: FakeGeocoder(places: ["Hamburg": places]), forecasts: provider)
        _ = try await session.execute(.show("Hamburg"))
        _ = try await session.execute(.save)
        // Another place: the same reading is not saved twice (trial 8).
        _ = try await session.execute(.use(2))
        _ = try await session.execute(.show(nil))
        _ = try await session.execute(.save)
        let choices = session.snapshotsForCompletion()
        #expect(choices.map(\.id) == [2, 1])
        // Trial 5: the time of the data (16:30, as `saved` lists it), not when it was saved (16:40).
        #expect(choices.last?.label == "1  Elbphilharmonie · 2026-02-06 16:30", "\(choices)")
    }
}
