import Foundation
import Testing
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// The view model on fakes: what each command returns and how the session state changes.
@MainActor
@Suite(.tags(.unit)) struct WeatherSessionTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
    static let london = Recorded.places("nominatim/search-london-downing-street-two-results.json")

    func session(failure: ServiceError? = nil) -> (WeatherSession, FakeForecastProvider) {
        var forecasts: [Coordinate: Forecast] = [:]
        for place in Self.hamburg + Self.london {
            forecasts[place.coordinate] = Recorded.newYorkForecast(at: place.coordinate)
        }
        let provider = FakeForecastProvider(forecasts: forecasts, failure: failure)
        let geocoder = FakeGeocoder(places: ["Hamburg": Self.hamburg, "10 Downing Street": Self.london, "nowhere": []])
        return (makeTestSession(home: home, geocoder: geocoder, forecasts: provider), provider)
    }

    @Test func findListsCandidatesAndMakesTheFirstCurrent() async throws {
        let (session, _) = session()
        let results = try await session.execute(.find("10 Downing Street"))
        #expect(results == [.candidates(query: "10 Downing Street", places: Self.london)])
        #expect(session.currentPlace == Self.london[0])
        #expect(try await session.execute(.use(2)) == [.currentPlace(Self.london[1])])
        #expect(session.currentPlace == Self.london[1])
    }

    @Test func noMatchKeepsTheCurrentLocation() async throws {
        let (session, _) = session()
        _ = try await session.execute(.find("Hamburg"))
        await #expect(throws: ShellError.noPlaceFound("nowhere")) { try await session.execute(.find("nowhere")) }
        #expect(session.currentPlace == Self.hamburg[0])
        #expect(session.candidates == Self.hamburg)
    }

    @Test func useOutsideTheList() async throws {
        let (session, _) = session()
        await #expect(throws: ShellError.noSuchCandidate(1, available: 0)) { try await session.execute(.use(1)) }
        _ = try await session.execute(.find("10 Downing Street"))
        await #expect(throws: ShellError.noSuchCandidate(3, available: 2)) { try await session.execute(.use(3)) }
    }

    @Test func showNeedsALocation() async {
        let (session, provider) = session()
        await #expect(throws: ShellError.noCurrentLocation) { try await session.execute(.show(nil)) }
        #expect(provider.requestCount == 0)
    }

    @Test func showFetchesOnceAndBecomesTheLastWeather() async throws {
        let (session, provider) = session()
        let results = try await session.execute(.show("Hamburg"))
        guard case .weather(let report) = results.first else {
            Issue.record("no weather in \(results)")
            return
        }
        #expect(report.place == Self.hamburg[0])
        #expect(report.forecast.current?.temperatureCelsius == -1.4)
        #expect(provider.requestCount == 1)
        #expect(session.lastWeather == report)
        #expect(session.currentPlace == Self.hamburg[0])
        #expect(session.candidates == Self.hamburg)
    }

    @Test func failedShowLosesNothing() async throws {
        let (good, _) = session()
        _ = try await good.execute(.find("Hamburg"))
        let (session, _) = session(failure: .unavailable(.openMeteo, status: 502))
        _ = try await session.execute(.find("10 Downing Street"))
        await #expect(throws: ShellError.service(.unavailable(.openMeteo, status: 502))) {
            try await session.execute(.show("Hamburg"))
        }
        #expect(session.currentPlace == Self.london[0])
        #expect(session.candidates == Self.london)
        #expect(session.lastWeather == nil)
    }

    @Test func cancelledFetchIsReportedAsCancelled() async throws {
        let (session, _) = session(failure: .transport(.openMeteo, .cancelled))
        _ = try await session.execute(.find("Hamburg"))
        await #expect(throws: ShellError.cancelled) { try await session.execute(.show(nil)) }
    }

    @Test func favoriteTogglesAndPersists() async throws {
        let (session, _) = session()
        _ = try await session.execute(.find("Hamburg"))
        let added = try await session.execute(.favoriteToggle)
        let favorite = Favorite(name: "Elbphilharmonie", place: Self.hamburg[0])
        #expect(added == [.favoriteAdded(favorite)])
        #expect(session.favorites == [favorite])
        // Another session on the same folder sees it.
        let (second, _) = self.session()
        #expect(second.favorites == [favorite])
        #expect(try await session.execute(.favoriteToggle) == [.favoriteRemoved(favorite)])
        #expect(session.favorites.isEmpty)
    }

    @Test func showByFavoriteNameMakesNoGeocodingRequest() async throws {
        let (session, provider) = session()
        _ = try await session.execute(.find("Hamburg"))
        _ = try await session.execute(.favoriteToggle)
        _ = try await session.execute(.favoriteRename(from: "elbphilharmonie", to: "Concert Hall"))
        // FakeGeocoder throws on any query it does not know, such as "concert hall".
        let results = try await session.execute(.show("concert hall"))
        guard case .weather(let report) = results.first else {
            Issue.record("no weather")
            return
        }
        #expect(report.place.name == "Concert Hall")
        #expect(provider.requestCount == 1)
    }

    @Test func favoriteNamesStayUnique() async throws {
        let (session, _) = session()
        _ = try await session.execute(.find("10 Downing Street"))
        _ = try await session.execute(.favoriteToggle)
        _ = try await session.execute(.use(2))
        _ = try await session.execute(.favoriteToggle)
        #expect(session.favorites.map(\.name) == ["Prime Minister’s Office", "10 Downing Street"])
        await #expect(throws: ShellError.duplicateFavoriteName("10 Downing Street")) {
            try await session.execute(.favoriteRename(from: "Prime Minister’s Office", to: "10 downing street"))
        }
        await #expect(throws: ShellError.noSuchFavorite("Nowhere")) {
            try await session.execute(.favoriteRemove("Nowhere"))
        }
        _ = try await session.execute(.favoriteRemove("prime minister’s office"))
        #expect(session.favorites.map(\.name) == ["10 Downing Street"])
    }

    /// OM-16: the favorite keeps the coordinate asked for, not the grid cell echoed back.
    @Test func favoriteKeepsTheRequestedCoordinate() async throws {
        let asked = Coordinate(latitude: 35.6895, longitude: 139.6917)
        let echoed = Recorded.forecast("cases/om-echoed-coordinates.json", at: asked)
        let place = Place(
            name: "Tokyo", region: "Japan", countryCode: "jp", coordinate: asked, displayName: "Tokyo, Japan")
        let session = makeTestSession(
            home: home, geocoder: FakeGeocoder(places: ["Tokyo": [place]]),
            forecasts: FakeForecastProvider(forecasts: [asked: echoed]), now: Date(timeIntervalSince1970: 1_748_736_300)
        )
        _ = try await session.execute(.show("Tokyo"))
        _ = try await session.execute(.favoriteToggle)
        #expect(session.favorites.first?.coordinate == asked)
        guard case .snapshotSaved(let snapshot) = try await session.execute(.save).first else {
            Issue.record("no snapshot")
            return
        }
        #expect(snapshot.coordinate == asked)
        #expect(snapshot.reading.temperatureCelsius == 22.4)
    }

    /// The text list shows no kept forecasts and is read without them (from the log's index);
    /// `--json` lists every field.
    /// The snapshots `saved` lists: the list from the index, or those read from the log (with
    /// their kept forecasts) as the runner prints them; nil for another result.
    static func listed(_ results: [CommandResult]) -> [Snapshot]? {
        switch results.first {
        case .snapshots(let snapshots)?: snapshots
        case .snapshotList(let stream)?: stream.collected
        default: nil
        }
    }

    @Test func theListOfSnapshotsHasTheKeptForecastsOnlyWhenAsked() async throws {
        let (session, _) = session()
        _ = try await session.execute(.show("Hamburg"))
        guard case .snapshotSaved(let saved) = try await session.execute(.save).first else {
            Issue.record("no snapshot")
            return
        }
        #expect(saved.reading.forecastDays?.isEmpty == false)
        #expect(Self.listed(try await session.execute(.snapshots)) == [saved])
        session.listsKeptForecasts = false
        var listed = saved
        listed.reading.forecastDays = nil
        #expect(Self.listed(try await session.execute(.snapshots)) == [listed])
    }

    @Test func saveKeepsTheCurrentConditionsAtTheirTime() async throws {
        let (session, _) = session()
        await #expect(throws: ShellError.noWeather) { try await session.execute(.save) }
        _ = try await session.execute(.show("Hamburg"))
        guard case .snapshotSaved(let snapshot) = try await session.execute(.save).first else {
            Issue.record("no snapshot")
            return
        }
        #expect(snapshot.id == 1)
        #expect(snapshot.placeName == "Elbphilharmonie")
        #expect(snapshot.reading.dataTime == Date(timeIntervalSince1970: 1_770_413_400))
        #expect(snapshot.reading.temperatureCelsius == -1.4)
        #expect(snapshot.reading.precipitationMillimetres == 0)  // the 16:00 hour
        #expect(snapshot.reading.precipitationProbabilityPercent == nil)  // not in that body
        #expect(snapshot.reading.weatherCode == 3)
        #expect(snapshot.utcOffsetSeconds == -18_000)
        // The same reading is not saved twice (trial 8); another place's is.
        await #expect(throws: ShellError.self) { try await session.execute(.save) }
        _ = try await session.execute(.show("10 Downing Street"))
        guard case .snapshotSaved(let second) = try await session.execute(.save).first else {
            Issue.record("no snapshot")
            return
        }
        #expect(second.id == 2)
        #expect(try await session.execute(.snapshotRemove(1)) == [.snapshotRemoved(snapshot)])
        #expect(Self.listed(try await session.execute(.snapshots)) == [second])
        await #expect(throws: ShellError.snapshotDeleted(1)) { try await session.execute(.snapshot(1)) }
        // Hamburg's reading again: its snapshot was removed, so it is saved, with a new id.
        _ = try await session.execute(.show("Hamburg"))
        guard case .snapshotSaved(let third) = try await session.execute(.save).first else {
            Issue.record("no snapshot")
            return
        }
        #expect(third.id == 3)  // ids are never reused
    }

    @Test func unitsRerenderWithoutARequest() async throws {
        let (session, provider) = session()
        _ = try await session.execute(.show("Hamburg"))
        let results = try await session.execute(.units(.preset(.imperial)))
        #expect(results.first == .units(UnitSetting(preset: .imperial)))
        #expect(results.count == 2)
        if case .weather(let report) = results.last {
            #expect(report == session.lastWeather)
        } else {
            Issue.record("no re-render")
        }
        #expect(provider.requestCount == 1)
        #expect(session.settings.units == .imperial)
        let (reopened, _) = self.session()
        #expect(reopened.settings.units == .imperial)
    }

    @Test func resetStateOnlyReplacesAnUnreadableFile() async throws {
        let (session, _) = session()
        _ = try await session.execute(.find("Hamburg"))
        _ = try await session.execute(.favoriteToggle)
        await #expect(throws: ShellError.self) { try await session.execute(.resetState) }
        #expect(session.favorites.count == 1)
        try Data("junk".utf8).write(to: home.url.appendingPathComponent("state.plist"))
        let (broken, _) = self.session()
        // Not "no favorite named …": the favorites cannot be read, and the error says so.
        let error = await #expect(throws: ShellError.self) { try await broken.execute(.favoriteRemove("Nowhere")) }
        if case .store(.stateReadOnly) = error {} else { Issue.record("\(String(describing: error))") }
        #expect(broken.takeNotices().isEmpty)
        await #expect(throws: ShellError.self) { try await broken.execute(.favorites) }
        // The copy set aside when the file was found unreadable is the one the reset names.
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.hasPrefix("state.plist.corrupt-")
        }
        #expect(copies.count == 1)
        #expect(
            try await broken.execute(.resetState) == [
                .notice(
                    "state.plist starts afresh: no favorites, default settings; the old file is at \(home.path)/\(copies[0])"
                )
            ])
        _ = try await broken.execute(.find("Hamburg"))
        #expect(try await broken.execute(.favoriteToggle).count == 1)  // saved, no warning
    }

    @Test func helpComesFromTheCommandTable() async throws {
        let (session, _) = session()
        #expect(try await session.execute(.help(nil)) == [.help(CommandTable.all)])
        #expect(try await session.execute(.help("show")) == [.helpCommand(CommandTable.spec(named: "show")!)])
        await #expect(throws: ShellError.self) { try await session.execute(.help("nope")) }
    }
}
