import Foundation
import Testing
import WeatherTestSupport

/// OpenWeatherMap's answers through the built wx and the loopback server: an answer about
/// another place is refused as Open-Meteo's is (the server answered London's reading for Paris
/// and Moscow's, at Moscow's offset, for Tokyo, shown under their names); a connection cut on
/// the current-weather endpoint leaves the forecast shown, as a 502 there does (it failed the
/// whole `show`, exit 1, without asking for the steps); an old reading's day with sunrise and
/// sunset alone is no empty row above the steps' later days.
@Suite(.tags(.endToEnd)) struct OpenWeatherMapAnswersEndToEndTests {
    static let key = ["OPENWEATHERMAP_API_KEY": "owm-answers-test-key", "WX_TIMEOUT": "3"]

    func run(
        _ commands: String, now: String?, answers: [FixtureServer.Answer] = []
    ) throws -> (result: WXResult, requests: [FixtureServer.Request]) {
        let server = try FixtureServer()
        for answer in answers { try server.queue(answer) }
        let result = try runWX(
            ["-c", "provider openweathermap; " + commands], home: TemporaryFolder(), server: server, now: now,
            environment: Self.key)
        return (result, try server.requests())
    }

    /// Distances from Fixtures/openweathermap/other_place_expected.py (344.4 and 7479.3 km).
    @Test("an OpenWeatherMap answer about a place 100 km or more away is refused in one line")
    func anAnswerForAnotherCityIsRefused() throws {
        let paris = try run("show 48.85,2.35", now: "2025-03-20T12:00:00Z")
        #expect(paris.result.status == 1)
        #expect(
            paris.result.stderr
                == "error: OpenWeatherMap answered for 51.5100,-0.1300, 344 km from the place asked (48.8500,2.3500); the answer was not used: check WX_OPENWEATHERMAP_URL\n"
        )
        #expect(paris.result.stdout == "provider: openweathermap\n", "\(paris.result.stdout)")
        // Tokyo got Moscow's snow at UTC+3; its favorite is not saved from that answer.
        let tokyo = try run("show 35.68,139.69; fav; favs", now: "2023-11-14T22:13:20Z")
        #expect(tokyo.result.status == 1)
        #expect(
            tokyo.result.stderr.hasPrefix(
                "error: OpenWeatherMap answered for 55.7522,37.6156, 7479 km from the place asked (35.6800,139.6900); the answer was not used: check WX_OPENWEATHERMAP_URL\n"
            ), "\(tokyo.result.stderr)")
        #expect(!tokyo.result.stdout.contains("Москва") && !tokyo.result.stdout.contains("снег"))
        #expect(tokyo.result.stdout.hasSuffix("no favorites yet: “fav” saves the current location\n"))
        // The recording's own place is still shown, from its answer.
        let london = try run("show 51.51,-0.13", now: "2025-03-20T12:00:00Z")
        #expect(london.result.status == 0, "\(london.result.stderr)")
        #expect(london.result.stdout.contains("  8.9 °C, feels like 4.2 °C · ☂ moderate rain"))
    }

    /// OpenWeatherMap as the reverse geocoder: its answer for 48.85,2.35 (the server's London
    /// recording, `coord` 51.51,-0.13) named Paris's coordinates "London, GB". It is refused by
    /// the place check every answer with coordinates gets, said once, and the next geocoder
    /// (Nominatim) names the place. Distance from Fixtures/openweathermap/other_place_expected.py.
    @Test func theReverseGeocodersAnswerAboutAnotherPlaceIsRefused() throws {
        let result = try runWX(
            ["-c", "geocoder openweathermap; show 48.85,2.35"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2025-03-20T12:00:00Z", environment: Self.key)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("London"), "\(result.stdout)")
        #expect(result.stdout.contains("Paris, Île-de-France, France ·"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "OpenWeatherMap answered for 51.5100,-0.1300, 344 km from the place asked (48.8500,2.3500); the answer was not used"
            ), "\(result.stderr)")
    }

    /// The fault on the current-weather endpoint only: a cut mid-body, a connection closed
    /// with no answer, no answer within WX_TIMEOUT. Each gives what a 502 there gives: the
    /// forecast steps asked and shown, one line on stderr, exit 0.
    @Test(
        "a connection cut, closed or silent on OpenWeatherMap's current weather leaves the forecast, as a 502 does",
        arguments: ["cut", "close", "hang"])
    func aTransportFailureOfTheCurrentWeatherIsItsAlone(fault: String) throws {
        let show = "show 51.51,-0.13"
        let now = "2025-03-20T12:00:00Z"
        let unavailable = try run(
            show, now: now,
            answers: [.init(path: "/data/2.5/weather", status: 502, file: "cases/om-502.html", times: 5)])
        #expect(unavailable.result.status == 0)
        let failed = try run(
            show, now: now,
            answers: [.init(path: "/data/2.5/weather", fault: fault, seconds: fault == "hang" ? 30 : nil, times: 5)])
        #expect(failed.result.status == 0, "\(failed.result.stderr)")
        #expect(failed.requests.contains { $0.path == "/data/2.5/forecast" })
        #expect(failed.result.stdout == unavailable.result.stdout)
        #expect(failed.result.stdout.contains("3-hour steps from OpenWeatherMap"))
        let notice = failed.result.stderr.split(separator: "\n")
        #expect(notice.count == 1, "\(failed.result.stderr)")
        #expect(
            notice.first?.hasPrefix("warning: forecast only: OpenWeatherMap’s current conditions did not come — ")
                == true)
    }

    /// London's reading is from 2020-04-28, its steps from March 2025: under the real clock the
    /// reading's day (sunrise and sunset alone) was a row of dashes, "Tue 28 Apr", above Thu 20
    /// Mar. The days are the steps' (Fixtures/openweathermap/days_expected.py), in order.
    @Test(
        "an old OpenWeatherMap reading's day is no empty row above the steps' days",
        arguments: [nil, "2026-12-07T07:00:00Z"])
    func anOldReadingsDayIsNoEmptyRow(now: String?) throws {
        let run = try run("show 51.51,-0.13", now: now)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        let lines = run.result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("  day ") }, "\(run.result.stdout)")
        let rows = lines[(header + 1)...].prefix { !$0.hasPrefix("  * ") && !$0.hasPrefix("  this ") }
        #expect(
            rows.map { String($0.dropFirst(2).prefix(11)).trimmingCharacters(in: .whitespaces) }
                == ["Thu 20 Mar*", "Fri 21 Mar", "Sat 22 Mar", "Sun 23 Mar", "Mon 24 Mar", "Tue 25 Mar*"],
            "\(run.result.stdout)")
        #expect(!run.result.stdout.contains("28 Apr"))
    }
}
