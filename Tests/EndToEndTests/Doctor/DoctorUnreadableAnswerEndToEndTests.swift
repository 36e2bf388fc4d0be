import Foundation
import Testing
import WeatherTestSupport

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
}
