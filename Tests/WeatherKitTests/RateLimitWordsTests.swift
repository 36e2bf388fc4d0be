import Testing
import WeatherKit
import WeatherTestSupport

/// A rate limit's message gives the service's reason and says when to try again only where the
/// reason does not (trial 4, item 10: "Please try again tomorrow; try again in 60 s").
@Suite(.tags(.unit)) struct RateLimitWordsTests {
    @Test func aReasonThatSaysWhenIsNotContradicted() {
        let daily = ServiceError.rateLimited(
            .openMeteo, retryAfterSeconds: 60, reason: "Daily API request limit exceeded. Please try again tomorrow.")
        #expect(
            daily.description
                == "Open-Meteo rate limit reached: Daily API request limit exceeded. Please try again tomorrow")
        let hourly = ServiceError.rateLimited(
            .openMeteo, retryAfterSeconds: 60,
            reason: "Hourly API request limit exceeded. Please try again in the next hour.")
        #expect(
            hourly.description
                == "Open-Meteo rate limit reached: Hourly API request limit exceeded. Please try again in the next hour"
        )
    }

    @Test func otherwiseRetryAfterOrAMinute() {
        let concurrent = ServiceError.rateLimited(
            .openMeteo, retryAfterSeconds: 30, reason: "Too many concurrent requests")
        #expect(
            concurrent.description == "Open-Meteo rate limit reached: Too many concurrent requests; try again in 30 s")
        let bare = ServiceError.rateLimited(.nominatim, retryAfterSeconds: nil, reason: nil)
        #expect(bare.description == "Nominatim rate limit reached; try again in a minute")
        let long = ServiceError.rateLimited(.nominatim, retryAfterSeconds: 600, reason: nil)
        #expect(long.description == "Nominatim rate limit reached; try again in 10 min")
    }
}
