import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

extension SessionFindingsTests {
    /// An HTTP 400 named the reason and nothing to try (cases OM-5, OM-6, N-11).
    @Test func badRequestsSayWhatToTry() {
        let reason = "Cannot initialize ForecastSurfaceVariable from invalid String value cape for key hourly"
        #expect(
            ServiceError.rejected(.openMeteo, status: 400, reason: reason).description
                == "Open-Meteo rejected the request (HTTP 400): \(reason); wx’s request does not suit this server: check WX_OPEN_METEO_URL, or update wx"
        )
        #expect(
            ServiceError.rejected(.nominatim, status: 400, reason: "Bad Request. Details: Need coordinates").description
                == "Nominatim rejected the request (HTTP 400): Bad Request. Details: Need coordinates; check the place as typed"
        )
        // Another 4xx names the base URL to check, and a redirect wx could not follow is said
        // to be one (trial 16: "rejected the request (HTTP 301)" and nothing to try).
        #expect(
            ServiceError.rejected(.meteoAlarm, status: 404, reason: nil).description
                == "MeteoAlarm rejected the request (HTTP 404); check WX_METEOALARM_URL")
        #expect(
            ServiceError.rejected(.openMeteo, status: 418, reason: "I'm a teapot").description
                == "Open-Meteo rejected the request (HTTP 418): I'm a teapot; check WX_OPEN_METEO_URL")
        #expect(
            ServiceError.rejected(.openMeteo, status: 301, reason: nil).description
                == "Open-Meteo answered with a redirect (HTTP 301) that led nowhere wx could follow; check WX_OPEN_METEO_URL"
        )
        // The archive's reason says what was wrong (the dates asked): no hint after it.
        #expect(
            ServiceError.rejected(.openMeteoArchive, status: 400, reason: "Parameter 'start_date' is out of range")
                .description
                == "Open-Meteo archive rejected the request (HTTP 400): Parameter 'start_date' is out of range")
    }
}
