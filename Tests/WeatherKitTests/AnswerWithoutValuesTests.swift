import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// An Open-Meteo answer that carries no value — every array empty, every value null, or only
/// `time` — is never stored, by one rule for every cached Open-Meteo service
/// (`ServiceRequest.storedOnlyWithValues`), so the next command asks again (trial 58, finding
/// 4: one such ensemble answer stood for a whole model run).
@Suite(.tags(.unit)) struct AnswerWithoutValuesTests {
    static let hamburg = Coordinate(latitude: 53.5413, longitude: 9.9842)

    @Test func answersWithoutAnyValueCarryNone() throws {
        let cases: [(String, Bool)] = [
            (#"{"hourly":{"time":[],"temperature_2m":[]}}"#, false),
            (#"{"hourly":{"time":[1,2],"temperature_2m":[null,null]},"daily":{"time":[1]}}"#, false),
            (#"{"hourly":{"time":[1,2]}}"#, false),
            (#"{"latitude":53.5}"#, false),
            (#"{"hourly":{"time":[1,2],"temperature_2m":[null,0.0]}}"#, true),
            (#"{"current":{"time":1,"temperature_2m":3.5}}"#, true),
        ]
        for (body, carries) in cases {
            let json = try JSONValue.parse(Data(body.utf8))
            #expect(OpenMeteoAnswer.carriesValues(json) == carries, "\(body)")
        }
    }

    /// `models` reads an answer whose every model is without values, but keeps it no longer
    /// than the command: the next asks again.
    @Test func aModelsAnswerWithoutValuesIsAskedAgain() async throws {
        let home = TemporaryFolder()
        let clock = TestClock(start: ISOTime.parse("2025-08-14T07:10:00Z")!)
        let transport = FakeTransport(clock: clock)
        let context = ServiceContext(
            transport: transport, cache: ResponseCache(folder: home.path + "/cache"), now: { clock.now }, clock: clock)
        let provider = OpenMeteoModelsProvider(baseURL: "http://om", context: context)
        let keys = OpenMeteoModelsProvider.dailyVariables.flatMap { variable in
            OpenMeteoModelsProvider.models.map { "\"\(variable)_\($0.rawValue)\":[null]" }
        }
        let body = Data(
            (#"{"latitude":53.54,"longitude":9.98,"utc_offset_seconds":0,"timezone":"GMT","daily":{"time":[1755129600],"#
                + keys.joined(separator: ",") + "}}").utf8)
        transport.expect("/v1/forecast", body: body)
        transport.expect("/v1/forecast", body: body)
        let first = try await provider.comparison(at: Self.hamburg)
        #expect(first.value.modelsWithoutValues.count == OpenMeteoModelsProvider.models.count)
        let second = try await provider.comparison(at: Self.hamburg)
        #expect(second.origin == .network)
        #expect(transport.requests.count == 2)
    }
}
