import Testing
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Issue 24 (4, 5): names as people type them — favorites with typographic quotes, accents,
/// whole names only (trial 62); and every fixed word the spec knows (subcommands, units, providers, export kinds,
/// formats) taken by a unique prefix, with “did you mean” for a near miss.
@MainActor
@Suite(.tags(.unit)) struct NamesAsTypedTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
    static let london = Recorded.places("nominatim/search-london-downing-street-two-results.json")

    /// A session whose favorites are Elbphilharmonie, Prime Minister’s Office and 10 Downing Street.
    func session() async throws -> (WeatherSession, FakeForecastProvider) {
        var forecasts: [Coordinate: Forecast] = [:]
        for place in Self.hamburg + Self.london {
            forecasts[place.coordinate] = Recorded.newYorkForecast(at: place.coordinate)
        }
        let provider = FakeForecastProvider(forecasts: forecasts)
        let geocoder = FakeGeocoder(places: ["Hamburg": Self.hamburg, "10 Downing Street": Self.london])
        let session = makeTestSession(home: home, geocoder: geocoder, forecasts: provider)
        _ = try await session.execute(.find("Hamburg"))
        _ = try await session.execute(.favoriteToggle)
        _ = try await session.execute(.find("10 Downing Street"))
        _ = try await session.execute(.favoriteToggle)
        _ = try await session.execute(.use(2))
        _ = try await session.execute(.favoriteToggle)
        #expect(session.favorites.map(\.name) == ["Elbphilharmonie", "Prime Minister’s Office", "10 Downing Street"])
        return (session, provider)
    }

    @Test(arguments: [
        ("Zürich", "zurich"),
        ("Zu\u{0308}rich", "zurich"),  // decomposed, as pasted from macOS
        ("Prime Minister’s  Office", "prime minister's office"),
        ("„Haus“ – am See", "\"haus\" - am see"),
        ("Straße", "strasse"),
        ("Ærø Łódź", "aero lodz"),
    ])
    func folding(name: String, folded: String) {
        #expect(FavoriteMatching.folded(name) == folded)
    }

    @Test func keyboardApostropheFindsTheTypographicOne() async throws {
        let (session, _) = try await session()
        #expect(session.favorite(named: "Prime Minister's Office")?.name == "Prime Minister’s Office")
        _ = try await session.execute(.favoriteRemove("prime minister's office"))
        #expect(session.favorites.map(\.name) == ["Elbphilharmonie", "10 Downing Street"])
    }

    /// Accents, case and typographic quotes do not matter; a part of a name names no favorite
    /// (trial 62: a second `fav rm Paris` removed “Paris office”): it is offered instead.
    @Test func accentsFindAFavoriteAndAPrefixNone() async throws {
        let (session, provider) = try await session()
        _ = try await session.execute(.favoriteRename(from: "elbphilharmonie", to: "Zürich"))
        // FakeGeocoder fails the test on any query it was not given: these are favorites.
        for typed in ["Zurich", "zu\u{0308}rich", "ZÜRICH"] {
            guard case .weather(let report) = try await session.execute(.show(typed)).first else {
                Issue.record("no weather for \(typed)")
                continue
            }
            #expect(report.place.name == "Zürich")
        }
        #expect(provider.requestCount == 3)
        _ = try await session.execute(.compare(["zurich", "Prime Minister's Office"]))
        await #expect(throws: ShellError.noSuchFavorite("zur", meant: ["Zürich"])) {
            try await session.execute(.favoriteRemove("zur"))
        }
        await #expect(throws: ShellError.noSuchFavorite("Prime Minister's", meant: ["Prime Minister’s Office"])) {
            try await session.execute(.compare(["zurich", "Prime Minister's"]))
        }
        #expect(session.favorites.count == 3)
    }

    /// Trial 15: `compare New York` took “New” as a prefix of “New York”, then said “York” was
    /// no favorite. Unquoted words that together are a favorite's name are that name.
    @Test func unquotedWordsOfOneNameCompareThatFavorite() async throws {
        let (session, _) = try await session()
        let results = try await session.execute(.compare(["prime", "Minister's", "office", "10", "Downing", "Street"]))
        guard case .comparison(let reports, let missing) = results.first else {
            Issue.record("no comparison: \(results)")
            return
        }
        #expect(reports.map(\.place.name) == ["Prime Minister’s Office", "10 Downing Street"])
        #expect(missing.isEmpty)
        // A word alone is still a name of its own (here a prefix).
        #expect(
            FavoriteMatching.names(["elb", "10", "Downing", "Street", "Mars"], in: session.favorites) == [
                "elb", "10 Downing Street", "Mars",
            ])
        await #expect(throws: ShellError.noSuchFavorite("Mars")) {
            try await session.execute(.compare(["10", "Downing", "Street", "Mars"]))
        }
    }

    @Test func aPrefixOfSeveralNamesNoneAndOffersThem() async throws {
        let (session, _) = try await session()
        _ = try await session.execute(.favoriteRename(from: "Elbphilharmonie", to: "Primrose Hill"))
        let error = ShellError.noSuchFavorite("Pri", meant: ["Primrose Hill", "Prime Minister’s Office"])
        #expect(
            error.description == "no favorite named “Pri” (did you mean “Primrose Hill” or “Prime Minister’s Office”?)")
        await #expect(throws: error) { try await session.execute(.favoriteRemove("Pri")) }
        await #expect(throws: ShellError.noSuchFavorite("Pri", meant: ["Primrose Hill", "Prime Minister’s Office"])) {
            try await session.execute(.favoriteRename(from: "Pri", to: "P"))
        }
        #expect(session.favorites.count == 3)
        // A name that folds to another favorite's is taken already.
        await #expect(throws: ShellError.duplicateFavoriteName("Prime Minister’s Office")) {
            try await session.execute(.favoriteRename(from: "10 Downing Street", to: "PRIME MINISTER'S OFFICE"))
        }
    }

    @Test(arguments: [
        ("saved ver Home", Command.snapshotVerify("Home")),
        ("saved RM 3", .snapshotRemove(3)),
        ("fav ren Home Work", .favoriteRename(from: "Home", to: "Work")),
        ("log comp", .log(compact: true)),
        ("units imp", .units(.preset(.imperial))),
        ("units met", .units(.preset(.metric))),
        ("units temp K", .units(.quantity(.temperature, "K"))),
        ("units wind kn", .units(.quantity(.wind, "kn"))),
        ("units pressure inh", .units(.quantity(.pressure, "inHg"))),
        ("provider owm", .provider("openweathermap")),
        ("provider openw", .provider("openweathermap")),
        ("provider open-m", .provider("open-meteo")),
        ("geocoder nom", .geocoder("nominatim")),
        ("format js", .format(.json)),
        ("export fav", .export(.favorites, format: nil, path: nil)),
        ("export snap --format j out.txt", .export(.snapshots, format: .json, path: "out.txt")),
    ])
    func uniquePrefixes(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: [
        ("saved vrify", "unknown saved subcommand “vrify”; did you mean “verify”?"),
        ("fav remvoe X", "unknown fav subcommand “remvoe”; did you mean “remove”?"),
        ("fav re X", "“re” could be rename or remove (= rm); type more of it"),
        ("units imperal", "unknown unit setting “imperal”; did you mean “imperial”?"),
        ("units wind kmhh", "unknown wind unit “kmhh”; did you mean “kmh”?"),
        ("units wind m", "“m” could be ms or mph; type more of it"),
        ("provider open", "“open” could be open-meteo or openweathermap; type more of it"),
        ("provider opne-meteo", "unknown provider “opne-meteo”; did you mean “open-meteo”?"),
        ("geocoder nominatin", "unknown geocoder “nominatin”; did you mean “nominatim”?"),
        ("export favorits", "unknown export kind “favorits”; did you mean “favorites”?"),
        ("export history --format jsn", "unknown format “jsn”; did you mean “json”?"),
        ("format jsn", "unknown format “jsn”; did you mean “json”?"),
        ("import favorits x.csv", "unknown import subcommand “favorits”; did you mean “favorites”?"),
        ("reset stae", "unknown reset subcommand “stae”; did you mean “state”?"),
    ])
    func nearMisses(line: String, message: String) {
        #expect(throws: ShellError.usage(message)) { try CommandParser.parse(line) }
    }
}
