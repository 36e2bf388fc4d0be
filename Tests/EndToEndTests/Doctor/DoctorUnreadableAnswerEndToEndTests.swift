import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial: Nominatim's status answer in bytes that are not UTF-8 passed `doctor` ("✓ Nominatim
/// (geocoder): answered in 16 ms") while the same bytes make `find` fail. `doctor` reads the
/// answer as the commands read it, and says what is wrong as `find` says it.
@Suite(.tags(.endToEnd))
struct DoctorUnreadableAnswerEndToEndTests {
    @Test func aStatusAnswerThatIsNotUTF8IsOff() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/status", fault: "badutf8"))
        let run = try runWX(["doctor"], home: TemporaryFolder(), server: server, environment: ["COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "✗ Nominatim (geocoder): Nominatim sent an answer wx cannot read (not valid UTF-8 text); try again later\n"
            ),
            "\(run.stdout)")
        #expect(!run.stdout.contains("✓ Nominatim"), "\(run.stdout)")
        // The same fault to `find` is the same words (here passed over for Open-Meteo's geocoder).
        try server.queue(.init(path: "/search", fault: "badutf8"))
        let find = try runWX(["find", "Hamburg"], home: TemporaryFolder(), server: server)
        #expect(
            find.stderr.contains("Nominatim sent an answer wx cannot read (not valid UTF-8 text)"), "\(find.stderr)")
    }

    /// Trial 60: JSON that no command reads passed (`{"hello": 1}` for the forecast, `{"alerts":
    /// 5}` for Bright Sky: "All is well"), while `show` failed on it. Each is a problem now, in
    /// the words the commands use ("an answer wx cannot read").
    @Test func jsonWithoutWhatTheCommandsReadIsOff() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", status: 200, body: #"{"hello": 1}"#, times: 2))
        let run = try runWX(["doctor"], home: TemporaryFolder(), server: server, environment: ["COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "✗ Open-Meteo (provider): Open-Meteo sent an answer wx cannot read (no current conditions in the answer)"
            ),
            "\(run.stdout)")
        #expect(!run.stdout.contains("All is well"), "\(run.stdout)")
        for (service, body, words) in [
            (Service.brightSky, #"{"alerts": 5}"#, "no list of warnings in the answer"),
            (.openMeteo, #"{"current": {"time": 1}}"#, nil),
            (.nominatim, #"{"status": 0, "message": "OK"}"#, nil),
            (.openMeteoGeocoding, #"{"generationtime_ms": 0.5}"#, nil),
            (.openMeteoGeocoding, #"{"results": {}}"#, "“results” is not a list"),
        ] as [(Service, String, String?)] {
            let json = try JSONValue.parse(Data(body.utf8))
            #expect(DoctorProbes.missing(in: json, from: service) == words, "\(service) \(body)")
        }
    }
}
