import Foundation
import WeatherKit
import WeatherShell
import WeatherStore

/// An `HTTPTransport` that answers from a script of expected requests and fails loudly on any
/// other: the unexpected URL comes back as a `.failed` error whose text starts "unexpected request".
public final class FakeTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`.
    private let lock = NSLock()
    private var answers: [(matches: @Sendable (HTTPRequest) -> Bool, result: Result<HTTPResponse, TransportError>)] = []
    private var received: [HTTPRequest] = []

    public init() {}

    /// The next request whose URL contains `fragment` gets `response` (once).
    public func expect(_ fragment: String, status: Int = 200, body: Data, contentType: String = "application/json", retryAfter: Int? = nil) {
        lock.withLock {
            answers.append(({ $0.url.contains(fragment) }, .success(HTTPResponse(status: status, contentType: contentType, retryAfterSeconds: retryAfter, body: body))))
        }
    }

    /// The next request whose URL contains `fragment` fails with `error` (once).
    public func expect(_ fragment: String, failure error: TransportError) {
        lock.withLock { answers.append(({ $0.url.contains(fragment) }, .failure(error))) }
    }

    /// Every request sent, in order.
    public var requests: [HTTPRequest] { lock.withLock { received } }

    /// Whether every expected request came.
    public var allAnswered: Bool { lock.withLock { answers.isEmpty } }

    public func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
        let result: Result<HTTPResponse, TransportError> = lock.withLock {
            received.append(request)
            guard let index = answers.firstIndex(where: { $0.matches(request) }) else {
                return .failure(.failed("unexpected request \(request.url)"))
            }
            return answers.remove(at: index).result
        }
        return try result.get()
    }
}

/// A geocoder that answers from dictionaries and throws on anything not listed.
public struct FakeGeocoder: Geocoder {
    public let service = Service.nominatim
    public var places: [String: [Place]]
    public var reversePlaces: [Coordinate: Place]
    public var failure: ServiceError?

    public init(places: [String: [Place]] = [:], reversePlaces: [Coordinate: Place] = [:], failure: ServiceError? = nil) {
        self.places = places
        self.reversePlaces = reversePlaces
        self.failure = failure
    }

    public func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]> {
        if let failure { throw failure }
        guard let found = places[query] else {
            throw .malformedResponse(.nominatim, detail: "FakeGeocoder: unexpected search “\(query)”")
        }
        return Fetched(value: found, origin: .network)
    }

    public func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?> {
        if let failure { throw failure }
        return Fetched(value: reversePlaces[coordinate.rounded], origin: .network)
    }
}

/// A forecast provider that answers from a dictionary keyed by rounded coordinate, counts its
/// calls, and throws on a coordinate not listed.
public final class FakeForecastProvider: ForecastProvider, @unchecked Sendable {
    // @unchecked: `calls` is guarded by `lock`; the rest is immutable.
    public let service = Service.openMeteo
    let forecasts: [Coordinate: Forecast]
    let failure: ServiceError?
    private let lock = NSLock()
    private var calls = 0

    public init(forecasts: [Coordinate: Forecast], failure: ServiceError? = nil) {
        self.forecasts = forecasts
        self.failure = failure
    }

    /// How many requests the view model made.
    public var requestCount: Int { lock.withLock { calls } }

    public func forecast(at coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Forecast> {
        let all = try await forecasts(at: [coordinate], language: language)
        return Fetched(value: try all.value[0].get(), origin: all.origin)
    }

    public func forecasts(
        at coordinates: [Coordinate], language: String
    ) async throws(ServiceError) -> Fetched<[Result<Forecast, ServiceError>]> {
        lock.withLock { calls += 1 }
        if let failure { throw failure }
        var result: [Result<Forecast, ServiceError>] = []
        for coordinate in coordinates {
            guard let forecast = forecasts[coordinate.rounded] else {
                throw .malformedResponse(.openMeteo, detail: "FakeForecastProvider: unexpected coordinate \(coordinate.text)")
            }
            result.append(.success(forecast))
        }
        return Fetched(value: result, origin: .network)
    }
}

/// Collects what a `ShellRunner` prints.
public final class TestConsole: OutputSink {
    public private(set) var output = ""
    public private(set) var errors = ""
    public init() {}
    public func write(_ text: String) { output += text }
    public func writeError(_ text: String) { errors += text }
    /// Forgets what was printed so far.
    public func clear() {
        output = ""
        errors = ""
    }
}

/// Forecasts and places decoded from recorded fixtures, for view-model tests.
public enum Recorded {
    /// The recorded New York forecast (2026-02-06, America/New_York), for `coordinate`.
    public static func newYorkForecast(at coordinate: Coordinate) -> Forecast {
        forecast("open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json", at: coordinate)
    }

    /// 2026-02-06T21:40:00Z: ten minutes after the New York body's `current.time`.
    public static let newYorkNow = Date(timeIntervalSince1970: 1_770_414_000)

    public static func forecast(_ file: String, at coordinate: Coordinate) -> Forecast {
        // The fixture is known-good; a failure here is a broken fixture, not a test result.
        try! OpenMeteoForecastProvider.forecast(from: try! JSONValue.parse(TestPaths.fixture(file)), requested: coordinate)
    }

    public static func places(_ file: String) -> [Place] {
        try! NominatimGeocoder.places(fromSearch: try! JSONValue.parse(TestPaths.fixture(file)))
    }
}

/// A view model on fakes with its state in `home`.
@MainActor
public func makeTestSession(
    home: TemporaryFolder, geocoder: FakeGeocoder = FakeGeocoder(), forecasts: FakeForecastProvider = FakeForecastProvider(forecasts: [:]),
    now: Date = Recorded.newYorkNow, environment: [String: String] = [:]
) -> WeatherSession {
    var env = ["WX_HOME": home.path, "HOME": home.path]
    env.merge(environment) { $1 }
    let configuration = try! Configuration(environment: env)
    let state = StateStore(folder: configuration.configFolder, now: { now })
    return WeatherSession(
        configuration: configuration, services: WeatherServices(geocoder: geocoder, forecastProvider: forecasts),
        state: state, log: EventLog(folder: configuration.stateFolder), now: { now })
}
