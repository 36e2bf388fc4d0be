import Foundation
import Testing
import WeatherTestSupport

/// Trial 57, finding 6: a Nominatim result with no name and no display name (empty or null)
/// became a place — and a favorite — called "52.5000", the first part of "52.5000,13.4000".
/// It is named by its coordinates as wx names every place no geocoder named.
@Suite(.tags(.endToEnd))
struct NamelessGeocoderResultEndToEndTests {
    @Test(
        arguments: [
            #"[{"lat":"52.5","lon":"13.4","display_name":"","name":"","address":{}}]"#,
            #"[{"lat":52.5,"lon":13.4,"display_name":null,"name":null,"address":{}}]"#,
            #"[{"lat":"52.5","lon":"13.4"}]"#,
        ])
    func aResultWithoutANameIsNamedByItsCoordinates(body: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/search", status: 200, body: body))
        let result = try runWX(
            ["-c", "find Berlin; fav; favs; format json; favs"], home: home, server: server, now: "2025-07-27T03:00:00Z"
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("  1  52.5000°N 13.4000°E "), "\(result.stdout)")
        #expect(result.stdout.contains("★ 52.5000°N 13.4000°E saved to favorites\n"), "\(result.stdout)")
        #expect(result.stdout.contains(#""52.5000°N 13.4000°E""#), "\(result.stdout)")
        #expect(!result.stdout.contains(#""52.5000""#), "\(result.stdout)")
        #expect(!home.text("state.plist").contains("<string>52.5000</string>"), "\(home.text("state.plist"))")
    }
}
