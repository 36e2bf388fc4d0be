import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// `NearestZone`'s guess in the large countries with several zones, against the zone each place
/// keeps: the guess is right when its clock is the right zone's in January and in July, as
/// Fixtures/zones/right_zone_offsets.py reads them from Python's zoneinfo. On the nearest
/// principal place alone, Portland and Seattle were given Boise's Mountain time, El Paso and
/// Albuquerque Phoenix's, Dallas, Nashville and New Orleans Eastern time, Alice Springs Eucla's,
/// Kazan Ulyanovsk's.
@Suite(.tags(.unit)) struct ZoneGuessTests {
    static let script = TestPaths.packageRoot.path + "/Fixtures/zones/right_zone_offsets.py"

    /// Name, coordinate, country, the zone the place keeps. None of them is one of
    /// `ZoneAnchors`' places, so that the test is not the table read back.
    static let places: [(name: String, latitude: Double, longitude: Double, country: String, zone: String)] = [
        ("Portland", 45.52, -122.67, "us", "America/Los_Angeles"),
        ("Seattle", 47.61, -122.33, "us", "America/Los_Angeles"),
        ("San Francisco", 37.77, -122.42, "us", "America/Los_Angeles"),
        ("Spokane", 47.66, -117.43, "us", "America/Los_Angeles"),
        ("Reno", 39.53, -119.81, "us", "America/Los_Angeles"), ("Phoenix", 33.45, -112.07, "us", "America/Phoenix"),
        ("Tucson", 32.22, -110.97, "us", "America/Phoenix"), ("Denver", 39.74, -104.99, "us", "America/Denver"),
        ("El Paso", 31.76, -106.49, "us", "America/Denver"), ("Albuquerque", 35.08, -106.65, "us", "America/Denver"),
        ("Billings", 45.78, -108.50, "us", "America/Denver"), ("Chicago", 41.88, -87.63, "us", "America/Chicago"),
        ("Dallas", 32.78, -96.80, "us", "America/Chicago"), ("Houston", 29.76, -95.37, "us", "America/Chicago"),
        ("Memphis", 35.15, -90.05, "us", "America/Chicago"), ("New Orleans", 29.95, -90.07, "us", "America/Chicago"),
        ("Kansas City", 39.10, -94.58, "us", "America/Chicago"), ("Detroit", 42.33, -83.05, "us", "America/Detroit"),
        ("Indianapolis", 39.77, -86.16, "us", "America/Indiana/Indianapolis"),
        ("Knoxville", 35.96, -83.92, "us", "America/New_York"), ("Miami", 25.76, -80.19, "us", "America/New_York"),
        ("Boise", 43.62, -116.20, "us", "America/Boise"), ("Anchorage", 61.22, -149.90, "us", "America/Anchorage"),
        ("Fairbanks", 64.84, -147.72, "us", "America/Anchorage"),
        ("Honolulu", 21.31, -157.86, "us", "Pacific/Honolulu"),
        ("Vancouver", 49.28, -123.12, "ca", "America/Vancouver"),
        ("Kelowna", 49.89, -119.50, "ca", "America/Vancouver"),
        ("Calgary", 51.05, -114.07, "ca", "America/Edmonton"), ("Saskatoon", 52.13, -106.67, "ca", "America/Regina"),
        ("Winnipeg", 49.90, -97.14, "ca", "America/Winnipeg"), ("Thunder Bay", 48.38, -89.25, "ca", "America/Toronto"),
        ("Ottawa", 45.42, -75.70, "ca", "America/Toronto"), ("Perth", -31.95, 115.86, "au", "Australia/Perth"),
        ("Kalgoorlie", -30.75, 121.47, "au", "Australia/Perth"),
        ("Adelaide", -34.93, 138.60, "au", "Australia/Adelaide"),
        ("Darwin", -12.46, 130.84, "au", "Australia/Darwin"), ("Yulara", -25.24, 130.99, "au", "Australia/Darwin"),
        ("Brisbane", -27.47, 153.03, "au", "Australia/Brisbane"),
        ("Cairns", -16.92, 145.77, "au", "Australia/Brisbane"),
        ("Canberra", -35.28, 149.13, "au", "Australia/Sydney"), ("Novosibirsk", 55.03, 82.92, "ru", "Asia/Novosibirsk"),
        ("Saint Petersburg", 59.94, 30.31, "ru", "Europe/Moscow"), ("Cheboksary", 56.15, 47.25, "ru", "Europe/Moscow"),
        ("Tolyatti", 53.51, 49.42, "ru", "Europe/Samara"), ("Omsk", 54.99, 73.37, "ru", "Asia/Omsk"),
        ("Irkutsk", 52.29, 104.28, "ru", "Asia/Irkutsk"), ("Manaus", -3.12, -60.02, "br", "America/Manaus"),
        ("Rio de Janeiro", -22.91, -43.17, "br", "America/Sao_Paulo"),
        ("Anapolis", -16.33, -48.95, "br", "America/Sao_Paulo"),
        ("Uberlandia", -18.92, -48.28, "br", "America/Sao_Paulo"),
        ("Porto Velho", -8.76, -63.90, "br", "America/Porto_Velho"),
    ]

    @Test func theGuessKeepsThePlacesClock() throws {
        let input =
            Self.places.map { "\($0.name)|\($0.latitude)|\($0.longitude)|\($0.country)|\($0.zone)" }
            .joined(separator: "\n") + "\n"
        let run = try runProgram(
            "/usr/bin/python3", [Self.script], stdin: input, environment: ["PATH": "/usr/bin:/bin"])
        let expected = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(expected.count == Self.places.count)
        // 12:00 UTC on 15 January and 15 July 2025, as the script reads the offsets.
        let instants = [1_736_942_400, 1_752_580_800]
        var wrong: [String] = []
        for (place, line) in zip(Self.places, expected) {
            let guess = NearestZone.identifier(
                latitude: place.latitude, longitude: place.longitude, countryCode: place.country)
            let offsets = instants.map { instant in
                guess.flatMap { TimeZoneDatabase.shared.localTime(instant, in: $0)?.utcOffsetSeconds }.map(String.init)
                    ?? "-"
            }
            if offsets != Array(line.dropFirst()) {
                wrong.append("\(place.name): \(guess ?? "-") \(offsets), right \(place.zone) \(line.dropFirst())")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
