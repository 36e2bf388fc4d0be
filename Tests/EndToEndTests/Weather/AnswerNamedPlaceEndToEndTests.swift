import Foundation
import Testing
import WeatherTestSupport

/// Case W-7 (non-Latin names display): coordinates no geocoder names take the name the weather
/// answer gives them — OpenWeatherMap's "Москва" — rather than heading with the coordinates.
@Suite(.tags(.endToEnd)) struct AnswerNamedPlaceEndToEndTests {
    @Test func openWeatherMapsCityNamesTheCoordinates() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "provider openweathermap; show 55.7522,37.6156; show"], home: TemporaryFolder(), server: server,
            now: "2023-11-14T22:13:20Z", environment: ["OPENWEATHERMAP_API_KEY": "k3y-that-must-not-leak"])
        #expect(run.status == 0, "\(run.stderr)")
        let headings = run.stdout.split(separator: "\n").filter { $0.contains(" · Wed ") }
        #expect(headings.count == 2, "\(run.stdout)")
        #expect(headings.allSatisfy { $0.hasPrefix("Москва, RU · ") }, "\(run.stdout)")
        #expect(!run.stdout.contains("55.7522°N"), "\(run.stdout)")
    }
}
