import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

extension WeatherSession {
    /// A session on the real services, configured from the environment.
    ///
    /// Nothing touches the network here: libcurl starts at the first request.
    ///
    /// - Parameters:
    ///   - transport: the HTTP transport (libcurl in the product).
    ///   - offline: answer from the cache only.
    /// - Returns: the session.
    package static func live(configuration: Configuration, transport: any HTTPTransport, offline: Bool)
        -> WeatherSession
    {
        // The one place the real clocks are chosen: `WX_NOW` fixes the date wx shows and stores,
        // never the time it waits (retry pauses, Nominatim spacing, `watch`).
        let clock = SystemClock()
        let fixed = configuration.fixedNow
        let now: @Sendable () -> Date = { fixed ?? clock.wallClock }
        // In `make demo` the providers' "now" is the time the place they are asked about was
        // recorded (`DemoServices.providerNow`); the session's is `now(at:)`. What wx records
        // (history, snapshots' `ts`, the names of files set aside) keeps the real clock, so it
        // runs forward.
        let demo = DemoServices(configuration.demo)
        let providerNow: @Sendable () -> Date = { demo.providerNow() ?? now() }
        // state.plist is read when a command first needs favorites or settings, not here.
        let fileSystem = POSIXFileSystem()
        let state = StateStore(folder: configuration.configFolder, now: now, fileSystem: fileSystem)
        let log = EventLog(folder: configuration.stateFolder, fileSystem: fileSystem)
        let context = ServiceContext(
            transport: transport, cache: ResponseCache(folder: configuration.cacheFolder), now: providerNow,
            clock: clock,
            userAgent: WXVersion.userAgent(contact: configuration.contact),
            limits: TransferLimits(totalTimeoutSeconds: configuration.requestTimeoutSeconds),
            // Spaced and stamped only for the public Nominatim host (RequestSpacing): the demo's
            // loopback server is not it, so its `find` neither waits nor leaves a stamp.
            spacingLockFolder: configuration.runtimeFolder, offline: offline)
        let services = WeatherServices.live(
            baseURL: { configuration.endpoints[$0] }, openWeatherMapKey: configuration.openWeatherMapKey,
            context: context)
        // The one place the demo is wrapped in: every service slot (`DemoServices.wrapping`),
        // and what the answers cover (its places and kinds, each at its recorded instant).
        let session = WeatherSession(
            configuration: configuration, services: demo.wrapping(services), coverage: demo, state: state, log: log,
            now: now, clock: clock)
        session.doctorEnvironment.transport = transport
        session.doctorEnvironment.offline = offline
        session.doctorEnvironment.userAgent = context.userAgent
        return session
    }
}
