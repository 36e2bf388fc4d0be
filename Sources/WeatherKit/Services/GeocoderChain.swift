/// Geocoders in order of preference, asked as one: the first (the `geocoder` setting's choice)
/// answers; when it cannot be used at all (down, blocked, rate-limited:
/// `ServiceError.isUnreachable`), the next one stands in, and the answer says which one that
/// was and why the first was passed over.
///
/// The rules:
/// - Only a first geocoder that cannot be used is passed over: unreachable (down, blocked,
///   rate-limited, timed out, flooding) or answering a 2xx wx cannot use (not UTF-8, not JSON,
///   a web page, no place on the globe, its error object sent as a success — Nominatim's
///   `{"error":…}`: `ServiceError.isUnusableAnswer`). Any other failure (a query refused with
///   a 4xx, a cancelled request) is the answer.
/// - Only one stand-in is asked: when it fails too, both reasons are the answer
///   (`Failure.fallbackFailed`), except a cancelled request, which is its own answer.
/// - All share one time budget (`budgetSeconds`, `WX_TIMEOUT`). When a stand-in could be
///   asked, the first leaves it a part (`standInSeconds`), so that one that never answers does
///   not spend it all; the stand-in gets that part and whatever the first left.
/// - Reverse geocoding falls back only to geocoders that really reverse-geocode
///   (`Geocoder.reverseGeocodes`; Open-Meteo's only repeats the coordinates).
package struct GeocoderChain: Geocoder {
    /// The geocoders, the chosen one first, each service once.
    package let geocoders: [any Geocoder]
    /// The time every request of one search or lookup shares, seconds.
    package let budgetSeconds: Double

    /// - Parameters:
    ///   - chosen: the geocoder asked first.
    ///   - others: those that may stand in, in order; one of `chosen`'s service is left out.
    ///   - budgetSeconds: the time all of them share, seconds (`WX_TIMEOUT`).
    package init(chosen: any Geocoder, others: [any Geocoder], budgetSeconds: Double) {
        self.geocoders = [chosen] + others.filter { $0.service != chosen.service }
        self.budgetSeconds = budgetSeconds
    }

    /// The chosen geocoder's service.
    package var service: Service { geocoders[0].service }

    /// What a geocoder of the chain said.
    package struct Answer<Value: Sendable>: Sendable {
        /// The places (or place) found, and whether they came from the network or the cache.
        package var fetched: Fetched<Value>
        /// Why the chosen geocoder was passed over; nil when it answered.
        package var passedOver: ServiceError?
        /// The geocoder that answered.
        package var service: Service
    }

    /// Why the chain has no answer.
    package enum Failure: Error, Hashable, Sendable {
        /// The chosen geocoder failed in a way no other can mend, no other could be asked
        /// (none eligible, no time left), or the stand-in's request was cancelled.
        case failed(ServiceError)
        /// The chosen geocoder could not be used (the first error), and the stand-in failed
        /// too (the second).
        case fallbackFailed(ServiceError, then: ServiceError)
    }

    /// Up to `limit` places matching `query`, from the first geocoder that can be used.
    ///
    /// - Throws: `Failure`.
    package func searching(_ query: String, limit: Int, language: String) async throws(Failure) -> Answer<[Place]> {
        try await ask(eligible: { _ in true }) { geocoder throws(ServiceError) in
            try await geocoder.search(query, limit: limit, language: language)
        }
    }

    /// The place at `coordinate`, from the first geocoder that can be used and reverse-geocodes.
    ///
    /// - Throws: `Failure`.
    package func reversing(_ coordinate: Coordinate, language: String) async throws(Failure) -> Answer<Place?> {
        try await ask(eligible: \.reverseGeocodes) { geocoder throws(ServiceError) in
            try await geocoder.reverse(coordinate, language: language)
        }
    }

    /// `searching`, as a `Geocoder`: the stand-in's places without saying it stood in.
    ///
    /// - Throws: the chosen geocoder's error when it failed (first of two).
    package func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]> {
        do throws(Failure) {
            return try await searching(query, limit: limit, language: language).fetched
        } catch {
            throw error.first
        }
    }

    /// `reversing`, as a `Geocoder`.
    ///
    /// - Throws: the chosen geocoder's error when it failed (first of two).
    package func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?> {
        do throws(Failure) {
            return try await reversing(coordinate, language: language).fetched
        } catch {
            throw error.first
        }
    }

    package var reverseGeocodes: Bool { geocoders.contains { $0.reverseGeocodes } }

    /// The most of the budget the first geocoder leaves a stand-in, seconds: a third of it
    /// when that is less (3 s of `WX_TIMEOUT`: 2 s for the first, 1 s for the stand-in).
    static let standInSeconds = 5.0

    private func ask<T: Sendable>(
        eligible: (any Geocoder) -> Bool, _ body: (any Geocoder) async throws(ServiceError) -> Fetched<T>
    ) async throws(Failure) -> Answer<T> {
        let chosen = geocoders[0]
        let standIn = geocoders.dropFirst().first(where: eligible)
        let reserve = standIn == nil ? 0 : min(budgetSeconds / 3, Self.standInSeconds)
        let first = ServiceBudget(seconds: budgetSeconds - reserve)
        let failure: ServiceError
        let second: any Geocoder
        do {
            let fetched = try await first.spending { () async throws(ServiceError) -> Fetched<T> in
                try await body(chosen)
            }
            return Answer(fetched: fetched, passedOver: nil, service: chosen.service)
        } catch {
            guard let standIn, error.passesOverGeocoder else { throw .failed(error) }
            failure = error
            second = standIn
        }
        let rest = ServiceBudget(seconds: reserve + first.remaining.inSeconds)
        do {
            let fetched = try await rest.spending { () async throws(ServiceError) -> Fetched<T> in
                try await body(second)
            }
            return Answer(fetched: fetched, passedOver: failure, service: second.service)
        } catch {
            if case .transport(_, .cancelled) = error { throw .failed(error) }
            throw .fallbackFailed(failure, then: error)
        }
    }
}

extension ServiceError {
    /// Whether a geocoder that failed so is passed over for another (`GeocoderChain`): the
    /// request failed — it cannot be reached or used, or what it sent with a 2xx cannot be
    /// (`letsSavedDataStandIn`: not UTF-8, not JSON, a web page, no place on the globe, an
    /// error object sent as a success) — which another geocoder may well answer. The one rule
    /// by which a saved answer stands in for a failed request: an unusable answer counts as
    /// the service's failure here as there (a 200 `{"error":…}` was the answer, with no
    /// stand-in asked, where a 502 handed over).
    var passesOverGeocoder: Bool { letsSavedDataStandIn }
}

extension GeocoderChain.Failure {
    /// Whether this is `--offline` with nothing saved: every geocoder that was looked in had no
    /// saved answer, and none was asked.
    package var isOffline: Bool {
        switch self {
        case .failed(let error): error.isOfflineWithoutSavedData
        case .fallbackFailed(let first, let then): first.isOfflineWithoutSavedData && then.isOfflineWithoutSavedData
        }
    }

    /// The first error: why the chosen geocoder gave no answer.
    package var first: ServiceError {
        switch self {
        case .failed(let error), .fallbackFailed(let error, _): error
        }
    }
}
