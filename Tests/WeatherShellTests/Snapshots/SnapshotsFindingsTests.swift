import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension RenderFindingsTests {
    /// `saved` at 40 columns: "1  2025-07-27 03:00  Berlin  16.5 °C" and nothing more.
    @Test func savedNamesTheColumnsItLeavesOut() {
        let snapshot = Snapshot(
            id: 1, savedAt: Date(timeIntervalSince1970: 1_753_585_800), placeName: "Berlin",
            coordinate: Coordinate(latitude: 52.52, longitude: 13.41), utcOffsetSeconds: 7_200,
            timeZone: "Europe/Berlin",
            reading: SnapshotReading(
                dataTime: Date(timeIntervalSince1970: 1_753_585_200), temperatureCelsius: 16.5,
                precipitationProbabilityPercent: 0, precipitationMillimetres: 0, weatherCode: 3))
        let narrow = Self.render(.snapshots([snapshot]), width: 40)
        #expect(
            narrow == [
                "1  2025-07-27 05:00  Berlin  16.5 °C", "  left out for the width: rain chance,",
                "  precipitation, condition",
            ], "\(narrow)")
        let wide = Self.render(.snapshots([snapshot]))
        #expect(wide.count == 1 && wide[0].hasSuffix("0 %   0.0 mm  overcast"), "\(wide)")
    }
}

/// Trial 8's small findings: `save` after `find`, a reading saved twice, units by their names,
/// Tab after `units` and `warnings`, what to try after an HTTP 400, watch's threshold, compare's
/// warning lines in a pipe.
@MainActor
@Suite(.tags(.unit)) struct SessionFindingsTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
    static let london = Recorded.places("nominatim/search-london-downing-street-two-results.json")

    func session() -> WeatherSession {
        var forecasts: [Coordinate: Forecast] = [:]
        for place in Self.hamburg + Self.london {
            forecasts[place.coordinate] = Recorded.newYorkForecast(at: place.coordinate)
        }
        let geocoder = FakeGeocoder(places: ["Hamburg": Self.hamburg, "10 Downing Street": Self.london])
        return makeTestSession(
            home: home, geocoder: geocoder, forecasts: FakeForecastProvider(forecasts: forecasts))
    }

    /// `find Hamburg; save` saved the London weather shown before, silently.
    @Test func saveAfterFindingAnotherPlaceSaysWhoseWeatherItHas() async throws {
        let session = session()
        _ = try await session.execute(.show("10 Downing Street"))
        let shown = try #require(session.lastWeather?.place.name)
        _ = try await session.execute(.find("Hamburg"))
        let current = try #require(session.currentPlace?.name)
        await #expect(
            throws: ShellError.notApplicable(
                "the last weather shown is \(shown)’s, not \(current)’s: “show” first to save \(current)’s")
        ) { try await session.execute(.save) }
        #expect(session.snapshotsForCompletion().isEmpty)
        _ = try await session.execute(.show(nil))
        guard case .snapshotSaved(let saved)? = try await session.execute(.save).first else {
            Issue.record("not saved")
            return
        }
        #expect(saved.placeName == current)
    }

    /// The same reading twice made a second, identical snapshot.
    @Test func theSameReadingIsNotSavedTwice() async throws {
        let session = session()
        _ = try await session.execute(.show("Hamburg"))
        _ = try await session.execute(.save)
        let name = try #require(session.lastWeather?.place.name)
        await #expect(
            throws: ShellError.notApplicable(
                "this reading of \(name)’s weather is saved already, as snapshot 1 (“saved 1” shows it)")
        ) { try await session.execute(.save) }
        #expect(session.snapshotsForCompletion().map(\.id) == [1])
    }
}

extension CompletionTargetTests {
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
