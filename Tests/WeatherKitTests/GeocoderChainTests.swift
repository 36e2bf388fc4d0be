import Testing
import WeatherKit
import WeatherTestSupport

/// The geocoder fallback rules (`GeocoderChain`) on fakes: who is asked, who is not, and what
/// the answer or failure says. A fake that was not planned to be asked fails the test when it is.
@Suite(.tags(.unit)) struct GeocoderChainTests {
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
    static let coordinate = Coordinate(latitude: 53.5413, longitude: 9.9841)
    static let unreachable = ServiceError.transport(.nominatim, .cannotConnect("nominatim"))

    static func chain(_ chosen: FakeGeocoder, _ others: FakeGeocoder...) -> GeocoderChain {
        GeocoderChain(chosen: chosen, others: others, budgetSeconds: 20)
    }

    @Test func theChosenOneAnswersAndNoOtherIsAsked() async throws {
        let chain = Self.chain(
            FakeGeocoder(places: ["Hamburg": Self.hamburg]), FakeGeocoder(service: .openMeteoGeocoding))
        let answer = try await chain.searching("Hamburg", limit: 5, language: "en")
        #expect(answer.fetched.value == Self.hamburg)
        #expect(answer.passedOver == nil)
        #expect(answer.service == .nominatim)
    }

    @Test(arguments: [
        unreachable, ServiceError.unavailable(.nominatim, status: 503),
        .refused(.nominatim, status: 403), .rateLimited(.nominatim, retryAfterSeconds: 60, reason: nil),
        .transport(.nominatim, .timedOut(seconds: 20)), .transport(.nominatim, .bodyTooLarge(limitBytes: 8 << 20)),
        // An answer wx cannot read is one another geocoder may well answer.
        .malformedResponse(.nominatim, detail: "not valid UTF-8 text"),
        .malformedResponse(.nominatim, detail: "not valid JSON"),
        // Its error object sent with a 200 (`{"error":"…"}`): the service failed, as with a 502.
        .rejected(.nominatim, status: 200, reason: "something else"),
    ])
    func anUnusableChosenOneIsPassedOverWithItsReason(_ error: ServiceError) async throws {
        let chain = Self.chain(
            FakeGeocoder(failure: error), FakeGeocoder(service: .openMeteoGeocoding, places: ["Hamburg": Self.hamburg]))
        let answer = try await chain.searching("Hamburg", limit: 5, language: "en")
        #expect(answer.fetched.value == Self.hamburg)
        #expect(answer.passedOver == error)
        #expect(answer.service == .openMeteoGeocoding)
    }

    @Test(arguments: [
        ServiceError.rejected(.nominatim, status: 400, reason: "bad query"), .transport(.nominatim, .cancelled),
    ])
    func anyOtherFailureIsTheAnswerAndNoOtherIsAsked(_ error: ServiceError) async {
        let chain = Self.chain(FakeGeocoder(failure: error), FakeGeocoder(service: .openMeteoGeocoding))
        await #expect(throws: GeocoderChain.Failure.failed(error)) {
            try await chain.searching("Hamburg", limit: 5, language: "en")
        }
    }

    @Test func whenTheStandInFailsTooBothReasonsAreTheAnswerAndNoThirdIsAsked() async {
        let second = ServiceError.unavailable(.openMeteoGeocoding, status: 502)
        let chain = Self.chain(
            FakeGeocoder(failure: Self.unreachable), FakeGeocoder(service: .openMeteoGeocoding, failure: second),
            FakeGeocoder(service: .openWeatherMap))
        await #expect(throws: GeocoderChain.Failure.fallbackFailed(Self.unreachable, then: second)) {
            try await chain.searching("Hamburg", limit: 5, language: "en")
        }
    }

    @Test func aCancelledStandInIsOnlyCancelled() async {
        let cancelled = ServiceError.transport(.openMeteoGeocoding, .cancelled)
        let chain = Self.chain(
            FakeGeocoder(failure: Self.unreachable), FakeGeocoder(service: .openMeteoGeocoding, failure: cancelled))
        await #expect(throws: GeocoderChain.Failure.failed(cancelled)) {
            try await chain.searching("Hamburg", limit: 5, language: "en")
        }
    }

    @Test func withNobodyToStandInTheFirstReasonIsTheAnswer() async {
        await #expect(throws: GeocoderChain.Failure.failed(Self.unreachable)) {
            try await Self.chain(FakeGeocoder(failure: Self.unreachable)).searching("Hamburg", limit: 5, language: "en")
        }
    }

    @Test func reverseGeocodingFallsBackOnlyToThoseThatReverseGeocode() async throws {
        let place = Self.hamburg[0]
        let chain = Self.chain(
            FakeGeocoder(failure: Self.unreachable),
            FakeGeocoder(service: .openMeteoGeocoding, reverseGeocodes: false),
            FakeGeocoder(service: .openWeatherMap, reversePlaces: [Self.coordinate.rounded: place]))
        let answer = try await chain.reversing(Self.coordinate, language: "en")
        #expect(answer.fetched.value == place)
        #expect(answer.passedOver == Self.unreachable)
        #expect(answer.service == .openWeatherMap)

        let without = Self.chain(
            FakeGeocoder(failure: Self.unreachable), FakeGeocoder(service: .openMeteoGeocoding, reverseGeocodes: false))
        await #expect(throws: GeocoderChain.Failure.failed(Self.unreachable)) {
            try await without.reversing(Self.coordinate, language: "en")
        }
    }

    @Test func theChosenServiceIsNotAskedTwice() {
        let chain = GeocoderChain(
            chosen: FakeGeocoder(service: .openMeteoGeocoding),
            others: [FakeGeocoder(), FakeGeocoder(service: .openMeteoGeocoding)], budgetSeconds: 20)
        #expect(chain.geocoders.map(\.service) == [.openMeteoGeocoding, .nominatim])
        #expect(chain.service == .openMeteoGeocoding)
    }

    @Test func asAGeocoderItAnswersWithTheStandInsPlacesOrTheFirstReason() async throws {
        let standIn = Self.chain(
            FakeGeocoder(failure: Self.unreachable),
            FakeGeocoder(service: .openMeteoGeocoding, places: ["Hamburg": Self.hamburg]))
        #expect(try await standIn.search("Hamburg", limit: 5, language: "en").value == Self.hamburg)

        let bothDown = Self.chain(
            FakeGeocoder(failure: Self.unreachable),
            FakeGeocoder(service: .openMeteoGeocoding, failure: .unavailable(.openMeteoGeocoding, status: 503)))
        await #expect(throws: Self.unreachable) { try await bothDown.search("Hamburg", limit: 5, language: "en") }
    }
}
