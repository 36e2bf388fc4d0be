import Foundation
import Testing
import WeatherTestSupport

/// Requests that do not depend on each other do not wait for each other: `show` asks the
/// warning feed alongside the forecast, `compare` every favorite's feed alongside the one
/// forecast request. The loopback server's gate answers only once all of them are in flight at
/// once, so that code asking one after another fails here (the gate gives up, `opened` false).
@Suite(.tags(.endToEnd)) struct OverlappingRequestsTests {
    /// Bright Sky's frost for Berlin runs 2026-03-07 00:00–08:00 UTC.
    static let berlinNight = "2026-03-07T03:00:00Z"

    /// A home whose state.plist holds these favorites: (name, latitude, longitude, country code).
    func home(with favorites: [(String, Double, Double, String)]) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let list = favorites.map { name, latitude, longitude, country in
            [
                "name": name, "latitude": latitude, "longitude": longitude, "displayName": "\(name), Somewhere",
                "countryCode": country,
            ] as [String: Any]
        }
        let document: [String: Any] = ["version": 1, "favorites": list, "settings": [String: Any]()]
        let data = try PropertyListSerialization.data(fromPropertyList: document, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: home.path + "/state.plist"))
        return home
    }

    @Test func showAsksTheWarningFeedAlongsideTheForecast() throws {
        let server = try FixtureServer()
        let home = try home(with: [("Berlin", 52.517, 13.3889, "de")])
        try server.holdUntil(2)
        let run = try runWX(["show", "Berlin"], home: home, server: server, now: Self.berlinNight)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("⚠ Frost (yellow) until Sat 09:00 — DWD\nBerlin, Somewhere · Sat 04:00 CET\n"))
        #expect(try server.gate().opened)
        #expect(try server.requests().map(\.path).sorted() == ["/alerts", "/v1/forecast"])
    }

    /// Two German favorites (a Bright Sky request each) and two Dutch ones (one MeteoAlarm feed
    /// for the country, asked once): four requests, all in flight together.
    @Test func compareAsksEveryFeedAlongsideTheForecasts() throws {
        let server = try FixtureServer()
        let home = try home(with: [
            ("Berlin", 52.517, 13.3889, "de"), ("Hamburg", 53.55, 9.99, "de"), ("Lelystad", 52.5185, 5.4714, "nl"),
            ("Utrecht", 52.0907, 5.1214, "nl"),
        ])
        try server.holdUntil(4)
        let run = try runWX(["compare"], home: home, server: server, now: Self.berlinNight)
        #expect(run.status == 0)
        #expect(run.stdout.contains("⚠ Berlin: Frost (yellow) until Sat 09:00 — DWD\n"))
        #expect(try server.gate().opened)
        let paths = try server.requests().map(\.path)
        #expect(paths.filter { $0 == "/v1/forecast" }.count == 1)
        #expect(paths.filter { $0 == "/alerts" }.count == 2)
        #expect(paths.filter { $0 == "/api/v1/warnings/feeds-netherlands" }.count == 1)
        #expect(paths.count == 4)
    }
}
