import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// `NearestZone` against Fixtures/zones/nearest_zone_expected.py, which finds the nearest zone of
/// the same table on its own (every line's haversine distance, no shortcut): over a grid of the
/// whole globe, with and without a country, the zone named is the script's. The scan passes
/// over lines whose latitude alone puts them too far; the grid holds places where that bound is
/// tight (on a zone's own latitude, at the poles, across the date line).
@Suite(.tags(.unit)) struct NearestZoneTests {
    static let script = TestPaths.packageRoot.path + "/Fixtures/zones/nearest_zone_expected.py"

    /// "LAT LON [CC]" lines: every 7.5° of latitude and 10° of longitude, some countries, and
    /// the table's own places.
    static let places: [(latitude: Double, longitude: Double, country: String?)] = {
        var places: [(Double, Double, String?)] = []
        for latitudeStep in 0...24 {
            for longitudeStep in 0..<36 {
                places.append((-90 + Double(latitudeStep) * 7.5, -180 + Double(longitudeStep) * 10, nil))
            }
        }
        for (latitude, longitude) in [
            (53.5413, 9.9842), (70.66, 23.68), (42.24, -8.72), (-33.87, 151.21), (64.84, -147.72),
            (51.5, -0.12), (0, 0), (-89.9, 0), (89.9, 179.9), (1.29, 103.85), (-54.8, -68.3), (52.52, 13.41),
        ] {
            for country in [nil, "de", "no", "es", "us", "au", "ru", "ca", "br", "zz", "gb", "fr"] {
                places.append((latitude, longitude, country))
            }
        }
        return places
    }()

    @Test func theNearestZoneIsTheScriptsEverywhere() throws {
        let input =
            Self.places.map { place in
                "\(place.latitude) \(place.longitude)" + (place.country.map { " \($0)" } ?? "")
            }.joined(separator: "\n") + "\n"
        let run = try runProgram(
            "/usr/bin/python3", [Self.script], stdin: input, environment: ["PATH": "/usr/bin:/bin"])
        let expected = run.stdout.split(separator: "\n").map(String.init)
        try #require(expected.count == Self.places.count)
        var differing: [String] = []
        for (place, zone) in zip(Self.places, expected) {
            let found =
                NearestZone.identifier(latitude: place.latitude, longitude: place.longitude, countryCode: place.country)
                ?? "-"
            if found != zone { differing.append("\(place): \(found), script \(zone)") }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func aPlaceIsReadInBothForms() {
        let minutes = NearestZone.coordinates("+5330+01000"[...])
        #expect(minutes?.latitude == 53.5 && minutes?.longitude == 10.0)
        let seconds = NearestZone.coordinates("-335200+1511300"[...])
        #expect(seconds?.latitude == -(33 + 52.0 / 60))
        #expect(seconds?.longitude == 151 + 13.0 / 60)
        #expect(NearestZone.coordinates("+533000+0100030"[...])?.longitude == 10 + 0.0 / 60 + 30.0 / 3_600)
        for bad in ["", "+", "+5330", "5330+01000", "+53a0+01000", "+530+01000", "+5330+0100"] {
            #expect(NearestZone.coordinates(bad[...]) == nil, "\(bad)")
        }
    }
}
