import Foundation
import Testing
import WeatherTestSupport

/// A 5xx says what the service said: when to try again (its `Retry-After`, as a 429 does) and
/// its own reason when the body carries one (Open-Meteo's `{"error":true,"reason":…}`).
@Suite(.tags(.endToEnd)) struct ServiceUnavailableEndToEndTests {
    func run(_ answer: FixtureServer.Answer) throws -> (result: WXResult, forecasts: Int) {
        let server = try FixtureServer()
        try server.queue(answer)
        let result = try runWX(["-c", "show 52.52,13.41"], home: TemporaryFolder(), server: server)
        return (result, try server.requests().filter { $0.path == "/v1/forecast" }.count)
    }

    /// It said "try again in a few minutes" to a service that asked for an hour; asking for
    /// more than wx's pause between attempts, it is asked once.
    @Test func retryAfterOfA503SaysWhenToTryAgain() throws {
        let (result, forecasts) = try run(
            .init(path: "/v1/forecast", status: 503, body: "", headers: ["Retry-After": "3600"], times: 5))
        #expect(result.status == 1)
        #expect(result.stderr == "error: Open-Meteo is unavailable (HTTP 503); try again in 1 h\n")
        #expect(forecasts == 1)
    }

    /// Open-Meteo's error body on a 500 was dropped: the reason is in the one line, cleaned of
    /// control characters and clipped.
    @Test func reasonOfA500IsShown() throws {
        let (result, _) = try run(
            .init(path: "/v1/forecast", status: 500, body: #"{"error":true,"reason":"boom\u001b[2J"}"#, times: 5))
        #expect(result.status == 1)
        #expect(result.stderr == "error: Open-Meteo is unavailable (HTTP 500): boom; try again in a few minutes\n")
        let long = String(repeating: "x", count: 400)
        let (clipped, _) = try run(
            .init(path: "/v1/forecast", status: 502, body: #"{"error":true,"reason":"\#(long)"}"#, times: 5))
        #expect(
            clipped.stderr
                == "error: Open-Meteo is unavailable (HTTP 502): \(String(repeating: "x", count: 157))…; try again in a few minutes\n"
        )
    }
}
