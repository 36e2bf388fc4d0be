import Foundation
import Testing
import WeatherTestSupport

/// What `find` says when a geocoder fails or has no place, through the built wx with its
/// commands piped on stdin (script mode), against the loopback server: a reverse lookup's
/// error object is the service's failure and changes nothing; a search's error object hands
/// over to Open-Meteo's geocoder as a 502 does; saved places shown after a failure say so;
/// each geocoder is sent the language in the form it takes.
@Suite(.tags(.endToEnd)) struct GeocodingFailuresEndToEndTests {
    static let now = "2025-07-27T03:10:00Z"
    static let heading = "\nElbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST\n"

    /// Runs `lines` piped to wx, with `answers` queued on `server` (a fresh one by default;
    /// the same one for answers saved by an earlier run, which are kept by their URL), and the
    /// requests this run made.
    func piped(
        _ lines: [String], answers: [FixtureServer.Answer] = [], home: TemporaryFolder = TemporaryFolder(),
        now: String = now, environment: [String: String] = [:], server: FixtureServer? = nil
    ) throws -> (WXResult, [FixtureServer.Request]) {
        let server = try server ?? FixtureServer()
        let before = try server.requests().count
        for answer in answers { try server.queue(answer) }
        let result = try runWX(
            stdin: lines.joined(separator: "\n") + "\n", home: home, server: server, now: now,
            environment: environment)
        return (result, Array(try server.requests().dropFirst(before)))
    }

    /// Case N-3 typed line by line: "Unable to geocode" is no place, and Hamburg stays current.
    @Test func noPlaceAtTheCoordinatesLeavesTheLocation() throws {
        let (run, requests) = try piped(
            ["find Hamburg", "find 10.5,-30.25", "show"],
            answers: [.init(path: "/reverse", file: "cases/nominatim-reverse-unable.json")])
        #expect(
            run.stderr
                == "error: no place found for “10.5,-30.25”: the geocoder has no place there (open sea, ice); “show 10.5,-30.25” gives the weather at the coordinates\n"
        )
        #expect(!run.stdout.contains("10.5000°N"), "\(run.stdout)")
        #expect(run.stdout.contains(Self.heading), "\(run.stdout)")
        // `show`'s forecast and warning feed are asked together, in either order.
        #expect(Array(requests.map(\.path).prefix(2)) == ["/search", "/reverse"])
        #expect(requests.filter { $0.path == "/reverse" }.count == 1)
        #expect(requests.contains { $0.path == "/v1/forecast" })
    }

    /// Another error object from `/reverse` is Nominatim failing: one line that says so, with
    /// its words; Hamburg stays current; it is not kept, so the next `find` asks again.
    @Test func aReverseErrorObjectIsTheServiceFailing() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let (run, _) = try piped(
            ["find Hamburg", "find 48.8566,2.3522", "show"],
            answers: [.init(path: "/reverse", status: 200, body: #"{"error":"something else"}"#)], home: home,
            server: server)
        #expect(
            run.stderr
                == "error: Nominatim failed: it sent an error in place of an answer (“something else”); try again later\n"
        )
        #expect(!run.stdout.contains("48.8566"), "\(run.stdout)")
        #expect(run.stdout.contains(Self.heading), "\(run.stdout)")
        let (again, requests) = try piped(["find 48.8566,2.3522"], home: home, server: server)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Paris"), "\(again.stdout)")
        #expect(requests.map(\.path) == ["/reverse"])
    }

    /// Nominatim's search answering `{"error":…}` with a 200 hands over to Open-Meteo's
    /// geocoder, as a 502 does: its places, and one line saying why.
    @Test func aSearchErrorObjectHandsOverToOpenMeteo() throws {
        let (run, requests) = try piped(
            ["find Hollywood"], answers: [.init(path: "/search", status: 200, body: #"{"error":"something else"}"#)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  1  Hollywood, "), "\(run.stdout)")
        #expect(
            run.stderr
                == "warning: Nominatim failed: it sent an error in place of an answer (“something else”); try again later; these places are from Open-Meteo geocoding\n"
        )
        #expect(requests.map(\.path) == ["/search", "/v1/search"])
    }

    /// A search that fails once the saved answer is out of date shows the saved places, and a
    /// line says the lookup failed and that these are the saved ones (they showed as if fresh).
    @Test func savedPlacesAfterAFailureSaySo() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let (saved, _) = try piped(["find Hamburg"], home: home, server: server)
        #expect(saved.status == 0 && saved.stderr.isEmpty, "\(saved.stderr)")
        let (stale, requests) = try piped(
            ["find Hamburg"], answers: [.init(path: "/search", status: 502, body: "bad gateway", times: 5)], home: home,
            now: "2025-08-27T03:10:00Z", server: server)
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout.contains("Elbphilharmonie"), "\(stale.stdout)")
        #expect(
            stale.stderr
                == "warning: Nominatim is unavailable (HTTP 502); try again in a few minutes; the places shown are those saved from Nominatim 31 days ago\n"
        )
        #expect(requests.allSatisfy { $0.path == "/search" })
        // The name of coordinates likewise.
        let (named, _) = try piped(["find 35.685939,139.811695"], home: home, server: server)
        #expect(named.stdout.hasPrefix("  1  Koto, Japan"), "\(named.stdout)")
        let (staleName, _) = try piped(
            ["find 35.685939,139.811695"],
            answers: [.init(path: "/reverse", status: 502, body: "bad gateway", times: 5)],
            home: home, now: "2025-09-27T03:10:00Z", server: server)
        #expect(staleName.stdout.hasPrefix("  1  Koto, Japan"), "\(staleName.stdout)")
        #expect(
            staleName.stderr
                == "warning: Nominatim is unavailable (HTTP 502); try again in a few minutes; the name shown is the one saved from Nominatim 62 days ago\n"
        )
    }

    /// A saved answer that found no place, standing in for a failed search, is said to be the
    /// saved one, as saved places are: the old wx said only "no place found for “Munich”", as
    /// though the geocoder had just answered so.
    @Test func aSavedEmptyAnswerAfterAFailureSaysSo() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let (saved, _) = try piped(["find Munich"], home: home, server: server)
        #expect(saved.stderr == "error: no place found for “Munich”\n", "\(saved.stderr)")
        let (stale, requests) = try piped(
            ["find Munich"], answers: [.init(path: "/search", status: 502, body: "bad gateway", times: 5)], home: home,
            now: "2025-08-27T03:10:00Z", server: server)
        #expect(stale.status == 1, "\(stale.stderr)")
        #expect(stale.stdout == "", "\(stale.stdout)")
        #expect(
            stale.stderr
                == "error: Nominatim is unavailable (HTTP 502); try again in a few minutes; no place found for “Munich” in the answer saved from Nominatim 31 days ago\n"
        )
        #expect(requests.allSatisfy { $0.path == "/search" })
    }

    /// `pt_BR` (the locale, or the setting): Nominatim is sent "pt-BR" (it was "pt" from the
    /// locale), Open-Meteo's geocoder the bare "pt" its `language` takes (it was "pt-BR" from
    /// the setting).
    @Test func eachGeocoderGetsItsFormOfTheLanguage() throws {
        let (located, fromLocale) = try piped(["find Barcelona"], environment: ["LANG": "pt_BR.UTF-8"])
        #expect(located.status == 0, "\(located.stderr)")
        let nominatim = try #require(fromLocale.first)
        #expect(nominatim.query["accept-language"] == "pt-BR")
        #expect(nominatim.accept_language == "pt-BR")
        let (_, openMeteo) = try piped(
            ["geocoder open-meteo", "find Hollywood"], environment: ["LANG": "pt_BR.UTF-8"])
        #expect(openMeteo.map(\.path) == ["/v1/search"])
        #expect(openMeteo.first?.query["language"] == "pt")
        let (_, setting) = try piped(["language pt_BR", "geocoder open-meteo", "find Hollywood"])
        #expect(setting.first?.query["language"] == "pt")
    }
}
