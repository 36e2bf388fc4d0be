import Foundation
import Testing
import WeatherTestSupport

/// A geocoder's answer wx cannot read is said to be one, not "no place found" (and Open-Meteo's
/// geocoder, asked instead, finds no Badplace either).
@Suite(.tags(.endToEnd)) struct GeocoderAnswerEndToEndTests {
    func find(_ body: String) throws -> WXResult {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", body: body))
        return try runWX(["-c", "find Badplace"], home: TemporaryFolder(), server: server)
    }

    /// Entries whose coordinates are off the globe or not numbers were skipped, leaving none:
    /// Nominatim's answer cannot be read, so Open-Meteo's geocoder is asked instead.
    @Test func placesWithoutCoordinatesOnTheGlobeAreAnUnreadableAnswer() throws {
        let outOfRange = try find(#"[{"lat":"999","lon":"10","display_name":"Badplace"}]"#)
        #expect(outOfRange.status == 1)
        #expect(
            outOfRange.stderr
                == "error: Nominatim sent an answer wx cannot read (no place in it has coordinates on the globe: lat “999”, lon “10”); try again later; Open-Meteo geocoding, asked instead, found no place for “Badplace”\n"
        )
        let notANumber = try find(#"[{"lat":"nan","lon":"nan","display_name":"Badplace"}]"#)
        #expect(notANumber.status == 1)
        #expect(
            notANumber.stderr
                == "error: Nominatim sent an answer wx cannot read (no place in it has coordinates on the globe: lat “nan”, lon “nan”); try again later; Open-Meteo geocoding, asked instead, found no place for “Badplace”\n"
        )
    }

    /// An error object says the service's message; one entry of several with bad coordinates
    /// leaves the others.
    @Test func errorObjectSaysItsMessageAndGoodEntriesStay() throws {
        let error = try find(#"{"error":"database unavailable"}"#)
        #expect(error.status == 1)
        // The service failed (it read "rejected the request (HTTP 200)"), and Open-Meteo's
        // geocoder is asked instead, as after a 502.
        #expect(
            error.stderr
                == "error: Nominatim failed: it sent an error in place of an answer (“database unavailable”); try again later; Open-Meteo geocoding, asked instead, found no place for “Badplace”\n"
        )
        let mixed = try find(
            #"[{"lat":"999","lon":"10","display_name":"Bad"},{"lat":"53.5","lon":"10","display_name":"Goodplace","name":"Goodplace"}]"#
        )
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.stdout.contains("Goodplace"))
    }
}
