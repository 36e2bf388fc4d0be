import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Issue 23, kind 4: one failing part of an answer never hides the parts that came.
@Suite(.tags(.unit)) struct ForecastPartsTests {
    static let maceio = Coordinate(latitude: -9.6658, longitude: -35.7353)

    /// The provider over `transport`; one attempt per request, so that a 5xx is not retried.
    func provider(_ transport: FakeTransport) -> OpenWeatherMapProvider {
        OpenWeatherMapProvider(
            baseURL: "https://api.openweathermap.org", key: "k",
            context: ServiceContext(
                transport: transport, cache: nil, now: { Date(timeIntervalSince1970: 1_610_124_382) },
                clock: TestClock(), maximumAttempts: 1))
    }

    /// The forecast request refused (the recorded 400 "Nothing to geocode", which the /forecast
    /// cassette has too): the current weather that came is kept, with why the steps did not.
    @Test func currentConditionsStayWhenTheForecastRequestFails() async throws {
        let transport = FakeTransport()
        transport.expect(
            "/data/2.5/weather",
            body: TestPaths.fixture("openweathermap/weather-maceio-metric-pt-br-negative-offset.json"))
        transport.expect(
            "/data/2.5/forecast", status: 400,
            body: TestPaths.fixture("openweathermap/weather-400-nothing-to-geocode.json"))
        let forecast = try await provider(transport).forecast(at: Self.maceio, language: "en").value
        #expect(forecast.current?.temperatureCelsius == 31)
        #expect(forecast.hourly.isEmpty)
        #expect(forecast.missingParts.map(\.part) == [.forecastSteps])
        #expect(transport.allAnswered)
    }

    /// The other way round: the current-weather endpoint down (the recorded 502 page), the
    /// steps that came are kept, with why the conditions did not.
    @Test func stepsStayWhenTheCurrentWeatherRequestFails() async throws {
        let transport = FakeTransport()
        transport.expect(
            "/data/2.5/weather", status: 502, body: TestPaths.fixture("cases/om-502.html"), contentType: "text/html")
        transport.expect(
            "/data/2.5/forecast", body: TestPaths.fixture("openweathermap/forecast-maceio-metric-pt-br-cnt40.json"))
        let forecast = try await provider(transport).forecast(at: Self.maceio, language: "en").value
        #expect(forecast.current == nil)
        #expect(forecast.hourly.count == 40)
        #expect(forecast.zone.utcOffsetSeconds == -10_800)
        #expect(forecast.missingParts.map(\.part) == [.currentConditions])
        #expect(transport.allAnswered)
    }

    /// A refusal of the request itself (the recorded 400 "Nothing to geocode") would meet the
    /// steps request too: the forecast fails with its reason and the steps are not asked for.
    @Test func aRefusedRequestFailsTheForecast() async throws {
        let transport = FakeTransport()
        transport.expect(
            "/data/2.5/weather", status: 400,
            body: TestPaths.fixture("openweathermap/weather-400-nothing-to-geocode.json"))
        await #expect(throws: ServiceError.rejected(.openWeatherMap, status: 400, reason: "Nothing to geocode")) {
            _ = try await provider(transport).forecast(at: Self.maceio, language: "en")
        }
    }
}
