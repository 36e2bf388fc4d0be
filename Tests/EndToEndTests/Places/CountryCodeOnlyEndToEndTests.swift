import Foundation
import Testing
import WeatherTestSupport

/// A daily user: a place whose geocoding answer gave a country code and no country name showed
/// an empty country in `find`'s candidates and in `favs`. The code, upper-cased, stands for the
/// name (Fixtures/SOURCES.md, "A country given only by its code").
@Suite(.tags(.endToEnd))
struct CountryCodeOnlyEndToEndTests {
    /// Nominatim: Helgoland's `address` holds `town` and `country_code` "de" alone (hand-written).
    @Test func nominatimsCodeStandsForTheCountryInFindAndFavs() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", file: "nominatim/search-helgoland-country-code-only-hand-written.json"))
        let run = try runWX(stdin: "find Helgoland\nfav\nfavs\n", home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("  1  Helgoland, DE ") == true, "\(run.stdout)")
        #expect(lines.first?.hasSuffix("  54.1823, 7.8867") == true, "\(run.stdout)")
        let row = try #require(lines.last)
        #expect(row.split(separator: " ").map(String.init) == ["★", "Helgoland", "DE", "54.1823,", "7.8867"], "\(row)")
    }

    /// Open-Meteo's geocoding (a recording): Île MacMurdo has `country_code` "TF" and no
    /// `country` nor `admin1`; Antarctica, with neither, stays without; Atlantic Point keeps its
    /// country's name.
    @Test func openMeteosCodeStandsForTheCountryInFindAndFavs() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/search", file: "open-meteo-geocoding/search-missing-fields-antarctica-no-country-code.json"))
        let run = try runWX(
            stdin: "geocoder open-meteo\nfind MacMurdo\nuse 2\nfav\nfavs\n", home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stderr)")
        let candidates = run.stdout.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true
        }
        #expect(candidates.count == 3, "\(run.stdout)")
        #expect(candidates[0].split(separator: " ").prefix(2) == ["1", "Antarctica"], "\(candidates[0])")
        #expect(candidates[1].contains("2  Île MacMurdo, TF "), "\(candidates[1])")
        #expect(candidates[2].contains("3  Atlantic Point, Maine, United States "), "\(candidates[2])")
        let row = try #require(run.stdout.split(separator: "\n").last)
        #expect(
            row.split(separator: " ").map(String.init) == ["★", "Île", "MacMurdo", "TF", "-48.8982,", "69.4154"],
            "\(row)")
    }
}
