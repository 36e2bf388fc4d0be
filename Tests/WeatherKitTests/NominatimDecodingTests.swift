import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Every recorded Nominatim body in Fixtures/ maps to the places a user should see.
@Suite(.tags(.unit)) struct NominatimDecodingTests {
    func search(_ name: String) throws -> [Place] {
        try NominatimGeocoder.places(fromSearch: try JSONValue.parse(TestPaths.fixture(name)))
    }

    @Test func hamburgCityStateWithoutStateKey() throws {
        let places = try search("nominatim/search-hamburg-elbphilharmonie-no-state.json")
        #expect(places.count == 1)
        #expect(places[0].name == "Elbphilharmonie")
        #expect(places[0].region == "Hamburg, Deutschland")
        #expect(places[0].countryCode == "de")
        #expect(places[0].coordinate == Coordinate(latitude: 53.5413, longitude: 9.9842))
    }

    @Test func fiveResultsWithRegionInsteadOfState() throws {
        let places = try search("nominatim/search-brussels-palais-royal-five-results.json")
        #expect(
            places.map(\.name) == [
                "Palais Royal - Koninklijk Paleis", "Coudenberg", "Musée BELvue - BELvue Museum",
                "1 Place des Palais - Paleizenplein", "Les Filles",
            ])
        #expect(
            places[0].region
                == "Ville de Bruxelles - Stad Brussel, Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest, België / Belgique / Belgien"
        )
    }

    @Test func limitCutsTheList() throws {
        let json = try JSONValue.parse(TestPaths.fixture("nominatim/search-brussels-palais-royal-five-results.json"))
        #expect(try NominatimGeocoder.places(fromSearch: json, limit: 2).count == 2)
    }

    /// `/search` answering as `/reverse` does for nothing there is no match, not a rejection;
    /// any other error object is the service's refusal.
    @Test func unableToGeocodeIsNoMatch() throws {
        #expect(
            try NominatimGeocoder.places(fromSearch: try JSONValue.parse(Data(#"{"error":"Unable to geocode"}"#.utf8)))
                .isEmpty)
        #expect(throws: ServiceError.rejected(.nominatim, status: 200, reason: "Invalid key")) {
            try NominatimGeocoder.places(fromSearch: try JSONValue.parse(Data(#"{"error":"Invalid key"}"#.utf8)))
        }
    }

    @Test func downingStreetHouseResultGetsNumberAndRoad() throws {
        let places = try search("nominatim/search-london-downing-street-two-results.json")
        #expect(places.map(\.name) == ["Prime Minister’s Office", "10 Downing Street"])
        #expect(places[1].region == "Westminster, England, United Kingdom")
    }

    @Test func olderServerSendsIdsAsStrings() throws {
        let places = try search("nominatim/search-london-downing-street-2018-string-ids.json")
        #expect(places.count == 1)
        #expect(places[0].name == "10 Downing Street")
        #expect(places[0].coordinate == Coordinate(latitude: 51.5034, longitude: -0.1277))
    }

    @Test func unknownAddressKeyAndEscapedSlashes() throws {
        let places = try search("nominatim/search-brussels-palais-royal-2018-string-ids-address29.json")
        #expect(places.count == 2)
        #expect(places[0].name == "Palais Royal - Koninklijk Paleis")
        #expect(places[0].region.hasSuffix("België / Belgique / Belgien"))
    }

    @Test func houseNumberOnlyFirstPart() throws {
        let places = try search("nominatim/search-warsaw-woronicza-empty-extratags.json")
        #expect(places.map(\.name) == ["17 Jana Pawła Woronicza"])
        #expect(places[0].region == "Warszawa, województwo mazowieckie, Polska")
    }

    @Test func postcodeWithoutOsmType() throws {
        let places = try search("nominatim/search-beverly-hills-90210-postcode-no-osm-type.json")
        #expect(places[0].name == "90210")
        #expect(places[0].region == "Beverly Hills, California, United States")
    }

    @Test func noCountryAtAll() throws {
        let places = try search("nominatim/search-antarctica-italia-stream-no-country.json")
        #expect(places[0].name == "Italia")
        #expect(places[0].region == "")
        #expect(places[0].countryCode == nil)
        #expect(places[0].label == "Italia")
    }

    @Test func emptyArrayIsNoMatch() throws {
        #expect(try search("nominatim/search-no-results-empty-array.json").isEmpty)
    }

    @Test func formatJSONShapeWithClassAndNoBoundingBox() throws {
        let places = try search("nominatim/lookup-format-json-class-key-no-boundingbox.json")
        #expect(places.count == 1)
        #expect(places[0].name == "35 Avenue Jean de Bologne - Jean de Bolognelaan")
    }

    @Test func reverseWithNullNameUsesTheCity() throws {
        let json = try JSONValue.parse(TestPaths.fixture("nominatim/reverse-tokyo-koto-name-null-no-state.json"))
        let asked = Coordinate(latitude: 35.685939, longitude: 139.811695)
        let place = try #require(try NominatimGeocoder.place(fromReverse: json, asked: asked))
        #expect(place.name == "Koto")
        #expect(place.region == "Japan")
        // The place keeps the coordinate that was asked for, not the road's.
        #expect(place.coordinate == Coordinate(latitude: 35.6859, longitude: 139.8117))
    }

    @Test func reverseParisAndWashington() throws {
        let paris = try NominatimGeocoder.place(
            fromReverse: try JSONValue.parse(TestPaths.fixture("nominatim/reverse-paris-starbucks-cafe.json")),
            asked: Coordinate(latitude: 48.86, longitude: 2.35))
        #expect(paris?.label == "Paris, Île-de-France, France")
        let washington = try NominatimGeocoder.place(
            fromReverse: try JSONValue.parse(
                TestPaths.fixture("nominatim/reverse-washington-dc-chamber-of-commerce.json")),
            asked: Coordinate(latitude: 38.900206, longitude: -77.036991))
        #expect(washington?.label == "Washington, District of Columbia, United States")
    }

    @Test func reverseUnableToGeocodeIsNoPlace() throws {
        let json = try JSONValue.parse(TestPaths.fixture("nominatim/reverse-ocean-0-0-error-unable-to-geocode.json"))
        #expect(try NominatimGeocoder.place(fromReverse: json, asked: Coordinate(latitude: 0, longitude: 0)) == nil)
    }

    /// Any other error object from `/reverse` is the service's failure, with its words — not
    /// "no place there" (it read as no name, and `find` made the bare coordinates current).
    @Test(arguments: [
        (#"{"error":"something else"}"#, "something else"),
        (#"{"error":{"code":500,"message":"Internal Server Error"}}"#, "Internal Server Error"),
    ])
    func reverseOtherErrorObjectIsAFailure(body: String, reason: String) throws {
        let json = try JSONValue.parse(Data(body.utf8))
        #expect(throws: ServiceError.rejected(.nominatim, status: 200, reason: reason)) {
            try NominatimGeocoder.place(fromReverse: json, asked: Coordinate(latitude: 0, longitude: 0))
        }
    }

    @Test func htmlBlockPageIsNotParsedAsJSON() throws {
        let response = HTTPResponse(
            status: 200, contentType: "text/html",
            body: TestPaths.fixture("nominatim/error-bandwidth-limit-exceeded.html"))
        #expect(throws: ServiceError.malformedResponse(.nominatim, detail: "a web page instead of data")) {
            try ServiceClient.decode(response, service: .nominatim)
        }
    }

    /// A Content-Type names HTML in any case and anywhere in it, read by its bytes as it was
    /// read lower-cased by characters; a value that is not ASCII is read as before.
    @Test func aContentTypeNamesHTMLInAnyCase() {
        for type in ["text/html", "TEXT/HTML; charset=UTF-8", "application/xhtml+xml", "text/HtMl", "html", "xHTMLx"] {
            #expect(ServiceClient.mentionsHTML(type), "\(type)")
            #expect(ServiceClient.mentionsHTML(type) == type.lowercased().contains("html"), "\(type)")
        }
        for type in [
            "application/json", "text/plain", "htm", "h t m l", "", "text/htm l", "application/jsonhtm", "ḣtml",
        ] {
            #expect(!ServiceClient.mentionsHTML(type), "\(type)")
            #expect(ServiceClient.mentionsHTML(type) == type.lowercased().contains("html"), "\(type)")
        }
        // Not ASCII: by characters, as before ("é" is no letter of "html"; "HTML" after it is).
        #expect(ServiceClient.mentionsHTML("texté/HTML"))
        #expect(!ServiceClient.mentionsHTML("text/htmĺ"))
    }

    @Test func xmlAnswerIsAClearError() throws {
        let response = HTTPResponse(
            status: 200, contentType: "text/xml",
            body: TestPaths.fixture("nominatim/reverse-format-xml-washington-hay-adams.xml"))
        #expect(throws: ServiceError.malformedResponse(.nominatim, detail: "a web page instead of data")) {
            try ServiceClient.decode(response, service: .nominatim)
        }
    }

    @Test func controlCharactersInNamesNeverReachTheTerminal() throws {
        let body =
            #"[{"lat":"1","lon":"2","display_name":"Evil\u001b[2JTown\u0007, Land","address":{"town":"Evil\u001b]0;pwned\u0007Town","country":"La\u009bnd"}}]"#
        let places = try NominatimGeocoder.places(fromSearch: try JSONValue.parse(Data(body.utf8)))
        // Whole sequences go (issue 37 item 6): ESC [ 2 J, ESC ] 0 ; pwned BEL, and C1 CSI with
        // its final "n" (a device status report) out of "La CSI n d".
        #expect(places[0].name == "EvilTown")
        #expect(places[0].region == "Lad")
        #expect(!places[0].displayName.unicodeScalars.contains { $0.value < 0x20 })
    }
}

/// Open-Meteo's geocoder (the alternative to Nominatim).
@Suite(.tags(.unit)) struct OpenMeteoGeocodingDecodingTests {
    func places(_ name: String) throws -> [Place] {
        try OpenMeteoGeocoder.places(from: try JSONValue.parse(TestPaths.fixture(name)), limit: 20)
    }

    @Test func hollywoodWithMissingPopulation() throws {
        let found = try places("open-meteo-geocoding/search-hollywood-10-results-missing-population-postcodes.json")
        #expect(found.count == 10)
        #expect(found[0].name == "Hollywood")
    }

    @Test func enschede() throws {
        let found = try places("open-meteo-geocoding/search-enschede-two-results-with-postcodes.json")
        #expect(found.count == 2)
        #expect(found[0].label == "Enschede, Overijssel, The Netherlands")
    }

    @Test func noResultsKeyMeansNoMatch() throws {
        #expect(try places("open-meteo-geocoding/search-empty-no-results-key.json").isEmpty)
    }

    @Test func missingCountryCodeAndAdminFields() throws {
        let found = try places("open-meteo-geocoding/search-missing-fields-antarctica-no-country-code.json")
        // Île MacMurdo has `country_code` "TF" and no `country`: the code stands for the country.
        #expect(found.map(\.label) == ["Antarctica", "Île MacMurdo, TF", "Atlantic Point, Maine, United States"])
        #expect(found[0].countryCode == nil)
    }

    @Test func hollywoodCount20() throws {
        #expect(try places("open-meteo-geocoding/search-hollywood-count-20.json").count == 20)
    }
}
