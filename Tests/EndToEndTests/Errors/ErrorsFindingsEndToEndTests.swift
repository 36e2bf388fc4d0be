import Foundation
import Testing
import WeatherTestSupport

extension SettingsFindingsEndToEndTests {
    /// `geocoder openweathermap` without a key exited 2 (a usage error), `provider openweathermap`
    /// 1: the same cause, a missing key, is the same failure.
    @Test func aMissingKeyIsTheSameFailureForTheGeocoderAsForTheProvider() throws {
        let home = TemporaryFolder()
        let geocoder = try runWX(
            ["geocoder", "openweathermap"], home: home, environment: ["OPENWEATHERMAP_API_KEY": ""])
        let provider = try runWX(
            ["provider", "openweathermap"], home: home, environment: ["OPENWEATHERMAP_API_KEY": ""])
        #expect(geocoder.status == 1)
        #expect(provider.status == 1)
        #expect(geocoder.stderr == provider.stderr)
        #expect(geocoder.stderr == "error: OpenWeatherMap needs an API key: set OPENWEATHERMAP_API_KEY\n")
        // A word wx does not know is still a usage error.
        #expect(try runWX(["geocoder", "bogus"], home: home).status == 2)
    }
}
