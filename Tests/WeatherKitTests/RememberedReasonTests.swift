import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

/// A failure remembered for the next command keeps its reason: after a flood (an answer past the
/// 8 MB cap) `check --warnings` said only "failed just now (request failed)" where `show` had said
/// "sent more than 8 MB".
@Suite(.tags(.unit)) struct RememberedReasonTests {
    @Test(arguments: [
        (ServiceError.transport(.brightSky, .bodyTooLarge(limitBytes: 8 << 20)), "sent more than 8 MB"),
        (.transport(.brightSky, .failed("SSL connect error")), "SSL connect error"),
        (.transport(.brightSky, .cancelled), "cancelled"),
        (.rejected(.brightSky, status: 400, reason: "bad"), "HTTP 400"),
        (.keyRefused(.openWeatherMap), "API key refused"),
        (.transport(.brightSky, .timedOut(seconds: 5)), "no answer within 5 s"),
        (.malformedResponse(.brightSky, detail: "x"), "unreadable answer"),
    ])
    func eachFailureSaysItsOwnReason(error: ServiceError, reason: String) {
        #expect(error.shortReason == reason)
    }

    @Test func theRememberedFloodIsNamed() {
        let remembered = ServiceError.transport(
            .brightSky,
            .failedRecently(
                reason: ServiceError.transport(.brightSky, .bodyTooLarge(limitBytes: 8 << 20)).shortReason,
                secondsAgo: 10, secondsLeft: 290))
        #expect(
            remembered.description
                == "Bright Sky (DWD) failed just now (sent more than 8 MB); not asked again for 5 minutes")
    }
}
