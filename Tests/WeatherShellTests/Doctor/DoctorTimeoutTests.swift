import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial 55, F3: `doctor`'s light request is bounded by `WX_TIMEOUT` when the user set less
/// than doctor's own 10 s, and a request that times out on doctor's shorter bound says it was
/// a share of the whole the user set.
@Suite(.tags(.unit))
struct DoctorTimeoutTests {
    func probe(requestTimeoutSeconds: Double) async -> (DoctorCheck, [TransferLimits]) {
        let clock = TestClock()
        let transport = FakeTransport(clock: clock)
        transport.expectTimeout("http://nominatim/status")
        let check = await DoctorProbes.ask(
            .nominatim, subject: "Nominatim (geocoder)", url: "http://nominatim/status?format=json", secrets: [],
            requestTimeoutSeconds: requestTimeoutSeconds, environment: DoctorEnvironment(), transport: transport,
            clock: clock, proxies: ProxyEnvironment())
        #expect(transport.allAnswered)
        return (check, transport.limits)
    }

    @Test func aShorterWXTimeoutBoundsTheLightRequest() async {
        let (check, limits) = await probe(requestTimeoutSeconds: 3)
        #expect(limits.map(\.totalTimeoutSeconds) == [3])
        #expect(limits.map(\.connectTimeoutSeconds) == [3])
        #expect(check.status == .problem)
        #expect(check.finding == "Nominatim did not answer within 3 s; check your connection and try again")
    }

    @Test func doctorsOwnBoundIsSaidAsAShareOfWXTimeout() async {
        let (check, limits) = await probe(requestTimeoutSeconds: 20)
        #expect(limits.map(\.totalTimeoutSeconds) == [10])
        #expect(
            check.finding
                == "Nominatim did not answer within 10 s (its share of WX_TIMEOUT's 20 s); check your connection and try again"
        )
    }
}
