import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherShell
import WeatherStore

/// An `HTTPTransport` that answers from a script of expected requests. A request nobody
/// expected fails the running test (`Issue.record`, naming its URL) instead of passing for an
/// outage that production code would quietly fall back from; the request itself then fails
/// with `.failed("unexpected request …")`.
package final class FakeTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`; `clock` is itself Sendable.
    private struct Answer {
        var matches: @Sendable (HTTPRequest) -> Bool
        /// nil: no answer within the request's time limit (libcurl's timeout).
        var result: Result<HTTPResponse, TransportError>?
        var duration: Duration
        /// Whether the transfer sleeps on the test clock for `duration` (the test advances it),
        /// rather than moving the clock itself: requests in flight at once then overlap.
        var sleeps = false
    }

    private let lock = NSLock()
    private var answers: [Answer] = []
    private var received: [(request: HTTPRequest, limits: TransferLimits, time: Duration)] = []
    private let clock: TestClock?

    /// - Parameter clock: advanced by an answer's `taking` duration while it is "in transit".
    package init(clock: TestClock? = nil) { self.clock = clock }

    /// The next request whose URL contains `fragment` gets `response` (once).
    ///
    /// - Parameter taking: how long the transfer lasts on the test clock (a slow server).
    package func expect(
        _ fragment: String, status: Int = 200, body: Data, contentType: String = "application/json",
        retryAfter: Int? = nil,
        taking: Duration = .zero
    ) {
        let response = HTTPResponse(status: status, contentType: contentType, retryAfterSeconds: retryAfter, body: body)
        lock.withLock {
            answers.append(Answer(matches: { $0.url.contains(fragment) }, result: .success(response), duration: taking))
        }
    }

    /// The next request whose URL contains `fragment` fails with `error` (once).
    ///
    /// - Parameter taking: how long the transfer lasts on the test clock before it fails.
    package func expect(_ fragment: String, failure error: TransportError, taking: Duration = .zero) {
        lock.withLock {
            answers.append(Answer(matches: { $0.url.contains(fragment) }, result: .failure(error), duration: taking))
        }
    }

    /// The next request whose URL contains `fragment` gets no answer: it lasts its whole time
    /// limit on the test clock and fails with `.timedOut`, as libcurl does (once).
    package func expectTimeout(_ fragment: String) {
        lock.withLock { answers.append(Answer(matches: { $0.url.contains(fragment) }, result: nil, duration: .zero)) }
    }

    /// The next request whose URL contains `fragment` waits on the test clock — `waiting`,
    /// then gets `body`; nil, its whole time limit, then fails with `.timedOut` — until the
    /// test advances the clock, so that requests made at once wait at the same time (once).
    /// Cancelled meanwhile, it fails as a cancelled transfer.
    package func expectWaiting(_ fragment: String, body: Data? = nil, waiting: Duration = .zero) {
        let result = body.map { Result<HTTPResponse, TransportError>.success(HTTPResponse(status: 200, body: $0)) }
        lock.withLock {
            answers.append(
                Answer(matches: { $0.url.contains(fragment) }, result: result, duration: waiting, sleeps: true))
        }
    }

    /// Every request sent, in order.
    package var requests: [HTTPRequest] { lock.withLock { received.map(\.request) } }

    /// The limits each request was sent with, in order.
    package var limits: [TransferLimits] { lock.withLock { received.map(\.limits) } }

    /// When each request was sent, on the test clock (zero without one).
    package var times: [Duration] { lock.withLock { received.map(\.time) } }

    /// Whether every expected request came.
    package var allAnswered: Bool { lock.withLock { answers.isEmpty } }

    package func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
        let answer: Answer? = lock.withLock {
            received.append((request, limits, clock?.elapsed ?? .zero))
            guard let index = answers.firstIndex(where: { $0.matches(request) }) else { return nil }
            return answers.remove(at: index)
        }
        guard let answer else {
            Issue.record("FakeTransport: unexpected request \(request.url)")
            throw .failed("unexpected request \(request.url)")
        }
        let limit = Duration.milliseconds(Int64((limits.totalTimeoutSeconds * 1000).rounded()))
        let duration = answer.result == nil ? limit : answer.duration
        if duration > .zero {
            guard let clock else { preconditionFailure("FakeTransport: an answer taking time needs a TestClock") }
            if answer.sleeps {
                do { try await clock.sleep(for: duration) } catch { throw .cancelled }
            } else {
                clock.advance(by: duration)
            }
        }
        guard let result = answer.result else { throw .timedOut(seconds: limits.totalTimeoutSeconds) }
        return try result.get()
    }
}

/// A geocoder that answers from dictionaries. A search or reverse lookup that is not listed
/// fails the running test (`Issue.record`, naming it); a test that means "no place there"
/// lists the coordinate with `nil`.
package struct FakeGeocoder: Geocoder {
    package let service: Service
    package var places: [String: [Place]]
    /// Place by rounded coordinate; `nil` for a coordinate the service has no name for.
    package var reversePlaces: [Coordinate: Place?]
    /// Thrown for every call when set (an outage the test plans).
    package var failure: ServiceError?
    package let reverseGeocodes: Bool

    /// - Parameters:
    ///   - service: the service it stands for (Nominatim unless a test needs several).
    ///   - reverseGeocodes: false for one that only repeats coordinates (Open-Meteo's).
    package init(
        service: Service = .nominatim, places: [String: [Place]] = [:], reversePlaces: [Coordinate: Place?] = [:],
        failure: ServiceError? = nil, reverseGeocodes: Bool = true
    ) {
        self.service = service
        self.places = places
        self.reversePlaces = reversePlaces
        self.failure = failure
        self.reverseGeocodes = reverseGeocodes
    }

    package func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]> {
        if let failure { throw failure }
        guard let found = places[query] else {
            Issue.record("FakeGeocoder: unexpected search “\(query)”")
            throw .malformedResponse(service, detail: "FakeGeocoder: unexpected search “\(query)”")
        }
        return Fetched(value: found, origin: .network)
    }

    package func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?> {
        if let failure { throw failure }
        guard let found = reversePlaces[coordinate.rounded] else {
            Issue.record("FakeGeocoder: unexpected reverse lookup \(coordinate.text)")
            throw .malformedResponse(service, detail: "FakeGeocoder: unexpected reverse lookup \(coordinate.text)")
        }
        return Fetched(value: found, origin: .network)
    }
}

/// A forecast provider that answers from a dictionary keyed by rounded coordinate and counts its
/// calls. A coordinate not listed fails the running test (`Issue.record`, naming it).
package final class FakeForecastProvider: ForecastProvider, @unchecked Sendable {
    // @unchecked: `calls` is guarded by `lock`; the rest is immutable.
    package let service = Service.openMeteo
    let forecasts: [Coordinate: Forecast]
    /// Thrown for every call when set (an outage the test plans).
    let failure: ServiceError?
    private let lock = NSLock()
    private var calls = 0

    package init(forecasts: [Coordinate: Forecast], failure: ServiceError? = nil) {
        self.forecasts = forecasts
        self.failure = failure
    }

    /// How many requests the view model made.
    package var requestCount: Int { lock.withLock { calls } }

    package func forecast(at coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Forecast> {
        let all = try await forecasts(at: [coordinate], language: language)
        return Fetched(value: try all.value[0].get(), origin: all.origin)
    }

    package func forecasts(
        at coordinates: [Coordinate], language: String
    ) async throws(ServiceError) -> Fetched<[Result<Forecast, ServiceError>]> {
        lock.withLock { calls += 1 }
        if let failure { throw failure }
        var result: [Result<Forecast, ServiceError>] = []
        for coordinate in coordinates {
            guard let forecast = forecasts[coordinate.rounded] else {
                Issue.record("FakeForecastProvider: unexpected coordinate \(coordinate.text)")
                throw .malformedResponse(
                    .openMeteo, detail: "FakeForecastProvider: unexpected coordinate \(coordinate.text)")
            }
            result.append(.success(forecast))
        }
        return Fetched(value: result, origin: .network)
    }
}

/// Collects what a `ShellRunner` prints.
package final class TestConsole: OutputSink {
    package private(set) var output = ""
    package private(set) var errors = ""
    package init() {}
    package func write(_ text: String) { output += text }
    package func writeError(_ text: String) { errors += text }
    /// Forgets what was printed so far.
    package func clear() {
        output = ""
        errors = ""
    }
}

/// Forecasts and places decoded from recorded fixtures, for view-model tests.
package enum Recorded {
    /// The recorded New York forecast (2026-02-06, America/New_York), for `coordinate`.
    package static func newYorkForecast(at coordinate: Coordinate) -> Forecast {
        forecast("open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json", at: coordinate)
    }

    /// 2026-02-06T21:40:00Z: ten minutes after the New York body's `current.time`.
    package static let newYorkNow = Date(timeIntervalSince1970: 1_770_414_000)

    /// The recorded forecast in `file` as Open-Meteo would answer it at `coordinate`: a
    /// recording made farther away than a grid cell (wx refuses an answer about another place)
    /// has its echoed `latitude`/`longitude` set to `coordinate`'s, a stand-in for the service there.
    package static func forecast(_ file: String, at coordinate: Coordinate) -> Forecast {
        // The fixture is known-good; a failure here is a broken fixture, not a test result.
        try! OpenMeteoForecastProvider.forecast(from: answer(file, at: coordinate), requested: coordinate)
    }

    /// The Open-Meteo answer recorded in `file`, its echoed coordinates `coordinate`'s when the
    /// recording's are farther than 100 km from it (see `forecast(_:at:)`).
    package static func answer(_ file: String, at coordinate: Coordinate) -> JSONValue {
        try! JSONValue.parse(body(file, at: coordinate))
    }

    /// The bytes of the Open-Meteo answer recorded in `file` as the service would send them at
    /// `coordinate`: the first `"latitude"` and `"longitude"` members (the answer's own, or its
    /// first element's) set to `coordinate`'s when they are farther than 100 km from it, every
    /// other byte as recorded. For tests about what a body holds, not about where it is from.
    package static func body(_ file: String, at coordinate: Coordinate) -> Data {
        var text = String(decoding: TestPaths.fixture(file), as: UTF8.self)
        func number(_ key: String) -> (range: Range<String.Index>, value: Double)? {
            guard let match = text.range(of: "\"\(key)\"\\s*:\\s*-?[0-9.eE+-]+", options: .regularExpression),
                let colon = text[match].firstIndex(of: ":"),
                let value = Double(
                    text[text.index(after: colon)..<match.upperBound].trimmingCharacters(in: .whitespaces))
            else { return nil }
            return (match, value)
        }
        guard let latitude = number("latitude"), let longitude = number("longitude"),
            coordinate.kilometres(to: Coordinate(latitude: latitude.value, longitude: longitude.value)) > 100
        else { return Data(text.utf8) }
        // The later one first, so that the earlier range stays where it was.
        for (key, found, value) in [
            ("latitude", latitude.range, coordinate.latitude), ("longitude", longitude.range, coordinate.longitude),
        ].sorted(by: { $0.1.lowerBound > $1.1.lowerBound }) {
            text.replaceSubrange(found, with: "\"\(key)\": \(value)")
        }
        return Data(text.utf8)
    }

    package static func places(_ file: String) -> [Place] {
        try! NominatimGeocoder.places(fromSearch: try! JSONValue.parse(TestPaths.fixture(file)))
    }
}

/// A view model on fakes with its state in `home`.
@MainActor
package func makeTestSession(
    home: TemporaryFolder, geocoder: FakeGeocoder = FakeGeocoder(),
    forecasts: FakeForecastProvider = FakeForecastProvider(forecasts: [:]),
    now: Date = Recorded.newYorkNow, clock: TestClock? = nil, environment: [String: String] = [:],
    fileSystem: any FileSystem = POSIXFileSystem()
) -> WeatherSession {
    makeTestSession(
        home: home, services: WeatherServices(geocoder: geocoder, forecastProvider: forecasts),
        clock: clock ?? TestClock(start: now), environment: environment, fileSystem: fileSystem)
}

/// A view model on `services` with its state in `home`, whose "now" is `clock`'s.
@MainActor
package func makeTestSession(
    home: TemporaryFolder, services: WeatherServices, clock: TestClock, environment: [String: String] = [:],
    fileSystem: any FileSystem = POSIXFileSystem()
) -> WeatherSession {
    var env = ["WX_HOME": home.path, "HOME": home.path]
    env.merge(environment) { $1 }
    let configuration = try! Configuration(environment: env)
    let now: @Sendable () -> Date = { clock.now }
    let state = StateStore(folder: configuration.configFolder, now: now, fileSystem: fileSystem)
    // Wrapped as the composition root (`WeatherSession.live`) wraps them: `WX_DEMO` in
    // `environment` gives the demo's coverage and clock.
    let demo = DemoServices(configuration.demo)
    return WeatherSession(
        configuration: configuration, services: demo.wrapping(services), coverage: demo,
        state: state, log: EventLog(folder: configuration.stateFolder, fileSystem: fileSystem), now: now, clock: clock)
}

extension FixtureServer.Answer {
    /// An answer at `path` with the Open-Meteo body recorded in `file` as the service would send
    /// it at `latitude`, `longitude` (`Recorded.body(_:at:)`).
    package static func recorded(
        _ path: String, _ file: String, latitude: Double, longitude: Double, times: Int? = nil,
        delayMilliseconds: Int? = nil
    ) -> Self {
        let body = Recorded.body(file, at: Coordinate(latitude: latitude, longitude: longitude))
        return .init(
            path: path, body: String(decoding: body, as: UTF8.self), contentType: "application/json",
            delayMilliseconds: delayMilliseconds, times: times)
    }

    /// Where `find Hamburg` puts wx in the recorded answers (the Elbphilharmonie).
    package static let hamburg = (latitude: 53.5413, longitude: 9.9842)
}
