import Foundation
import Synchronization
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `make demo`'s clock is a function of the place asked about (closing3, "Found, not mended"):
/// each recording's own time, whichever place was asked before, for the session and for the
/// providers alike — no instant moved on entering a place.
@MainActor
@Suite(.tags(.unit)) struct DemoClockTests {
    let home = TemporaryFolder()
    static let manifest = demoManifestPath

    func world() throws -> DemoWorld { try DemoWorld.load(Self.manifest) }

    func place(_ name: String) throws -> DemoWorld.Place { try #require(try world().place(named: name)) }

    @Test func eachPlaceIsAtItsOwnRecordedTimeAskedInEitherOrder() throws {
        let world = try world()
        let berlin = try place("Berlin")
        let kochi = try place("Kochi")
        for order in [[berlin, kochi], [kochi, berlin], [berlin, kochi, berlin]] {
            for place in order { #expect(world.now(at: place.coordinate) == place.recorded, "\(place.name)") }
        }
        // Admitting a place (what `find` and `show` do first) moves no clock.
        try world.admit(kochi.coordinate, label: "Kochi", needing: .forecast)
        #expect(world.now(at: berlin.coordinate) == berlin.recorded)
    }

    /// A place's later recorded instant (places.json's `later`) is its clock only while a kept
    /// forecast is checked (`readingLater`), for the session and the providers alike; a place
    /// with one instant keeps it; the lines say where the clock went, once a place.
    @Test func theLaterInstantIsTheClockOnlyWhileReadingLater() async throws {
        let world = try world()
        let demo = DemoServices(world)
        let berlin = try place("Berlin")
        let kochi = try place("Kochi")
        let later = try #require(berlin.later)
        #expect(ISO8601DateFormatter().string(from: later) == "2025-08-08T03:00:00Z")
        #expect(kochi.later == nil)
        let read = try await demo.readingLater(
            about: [berlin.coordinate, kochi.coordinate, berlin.coordinate], isolation: #isolation
        ) {
            () async throws(ShellError) in
            (
                world.now(at: berlin.coordinate), world.now(at: kochi.coordinate),
                DemoServices.$askedAbout.withValue(berlin.coordinate) { demo.providerNow() }
            )
        }
        #expect(read.value.0 == later && read.value.1 == kochi.recorded && read.value.2 == later)
        #expect(read.notices == ["wx’s clock moves to Berlin’s later recording, 2025-08-08 03:00 UTC"])
        #expect(world.now(at: berlin.coordinate) == berlin.recorded)
        // Berlin's days recorded at the later instant are not among those it has at the first.
        let day = { (text: String) in LocalDate(iso: Substring(text))! }
        #expect(berlin.days[.past] == [day("2025-06-23")...day("2025-07-26")])
        // Outside a demo: the operation as it is, no lines.
        let plain = try await DemoServices(nil).readingLater(about: [berlin.coordinate], isolation: #isolation) {
            () async throws(ShellError) in 1
        }
        #expect(plain.notices.isEmpty && plain.value == 1)
    }

    @Test func beforeThePlaceIsKnownItIsTheLatestRecording() throws {
        let world = try world()
        let latest = try #require(world.places.map(\.recorded).max())
        #expect(world.now(at: nil) == latest)
        // A place with no recording (refused before any request) is never earlier than any place.
        #expect(world.now(at: Coordinate(latitude: -33.87, longitude: 151.21)) == latest)
    }

    @Test func theSessionsNowIsThePlacesInADemoAndItsOwnClockElsewhere() throws {
        let berlin = try place("Berlin")
        let kochi = try place("Kochi")
        let demo = makeTestSession(
            home: home,
            services: WeatherServices(geocoder: FakeGeocoder(), forecastProvider: FakeForecastProvider(forecasts: [:])),
            clock: TestClock(start: Recorded.newYorkNow), environment: ["WX_DEMO": Self.manifest])
        #expect(demo.now(at: kochi.coordinate) == kochi.recorded)
        #expect(demo.now(at: berlin.coordinate) == berlin.recorded)
        #expect(demo.now(at: kochi.coordinate) == kochi.recorded)
        let plain = makeTestSession(home: TemporaryFolder())
        #expect(plain.now(at: berlin.coordinate) == Recorded.newYorkNow)
        #expect(plain.now(at: nil) == Recorded.newYorkNow)
    }

    /// The providers' clock (cache freshness, which service has past days) is the place of the
    /// request, read while the provider runs.
    @Test func aProviderIsAskedAtItsPlacesOwnTime() async throws {
        let demo = DemoServices(try world())
        let berlin = try place("Berlin")
        let kochi = try place("Kochi")
        let reader = ClockReadingProvider(clock: { demo.providerNow() })
        let plain = WeatherServices(geocoder: FakeGeocoder(), forecastProvider: reader)
        let services = demo.wrapping(plain)
        let provider = services.forecastProviders[0]
        _ = try await provider.forecast(at: kochi.coordinate, language: "en")
        _ = try await provider.forecast(at: berlin.coordinate, language: "en")
        _ = try await provider.forecast(at: kochi.coordinate, language: "en")
        // Several places in one request: no one place's time.
        _ = try await provider.forecasts(at: [kochi.coordinate, berlin.coordinate], language: "en")
        #expect(reader.seen == [kochi.recorded, berlin.recorded, kochi.recorded, try world().latestRecorded])
        // Outside a request, and outside a demo, there is no demo clock.
        #expect(demo.providerNow() == (try world().latestRecorded))
        #expect(DemoServices(nil).providerNow() == nil)
        #expect(DemoServices(nil).wrapping(plain).forecastProviders[0] is ClockReadingProvider)
    }
}

/// A forecast provider that notes the time `clock` gives while it is asked.
private final class ClockReadingProvider: ForecastProvider, Sendable {
    let clock: @Sendable () -> Date?
    private let times = Mutex<[Date]>([])
    init(clock: @escaping @Sendable () -> Date?) { self.clock = clock }
    var seen: [Date] { times.withLock { $0 } }
    var service: Service { .openMeteo }

    func forecast(at coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Forecast> {
        if let now = clock() { times.withLock { $0.append(now) } }
        return Fetched(value: Recorded.newYorkForecast(at: coordinate), origin: .network)
    }

    func forecasts(
        at coordinates: [Coordinate], language: String
    ) async throws(ServiceError) -> Fetched<[Result<Forecast, ServiceError>]> {
        if let now = clock() { times.withLock { $0.append(now) } }
        return Fetched(value: coordinates.map { .success(Recorded.newYorkForecast(at: $0)) }, origin: .network)
    }
}
