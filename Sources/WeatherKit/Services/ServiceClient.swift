import FoundationEssentials
import Synchronization
import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// How a provider's answer was obtained.
package enum DataOrigin: Hashable, Sendable {
    /// Fetched just now.
    case network
    /// From the disk cache, still current by the service's own validity.
    case cache(stored: Date)
    /// From the disk cache, out of date, because the service could not be used (`reason`).
    case stale(stored: Date, reason: ServiceError?)
}

extension DataOrigin {
    /// Whether this is an out-of-date saved answer given because of `--offline` (no request
    /// was made: a stale answer without a reason).
    package var isOfflineCopy: Bool {
        if case .stale(_, nil) = self { return true }
        return false
    }

    /// The origin to report for values fetched together: stale before cached before fresh,
    /// and among equals the oldest.
    package static func leastFresh(_ origins: [DataOrigin]) -> DataOrigin {
        func rank(_ origin: DataOrigin) -> (Int, Double) {
            switch origin {
            case .network: (0, 0)
            case .cache(let stored): (1, -stored.timeIntervalSince1970)
            case .stale(let stored, _): (2, -stored.timeIntervalSince1970)
            }
        }
        return origins.max { rank($0) < rank($1) } ?? .network
    }
}

/// A value together with where it came from.
package struct Fetched<Value: Sendable>: Sendable {
    package var value: Value
    package var origin: DataOrigin

    package init(value: Value, origin: DataOrigin) {
        self.value = value
        self.origin = origin
    }
}

/// What every provider needs to reach its service: the transport, cache, clocks and policy.
///
/// Everything here that touches the outside world (network, disk, time) is passed in; the
/// composition root (`WeatherSession.live`) wires the real ones, tests their doubles.
package struct ServiceContext: Sendable {
    package var transport: any HTTPTransport
    /// Nil disables caching (tests of the raw path).
    package var cache: ResponseCache?
    /// wx's "now" (`WX_NOW` in tests): cache freshness is judged by it and answers are stored
    /// with it.
    package var now: @Sendable () -> Date
    /// What retry pauses and the time budget are measured on and slept with.
    package var clock: any WXClock
    package var userAgent: String
    package var limits: TransferLimits
    /// Attempts for a timeout or 5xx, first included (1 = no retry).
    package var maximumAttempts: Int
    /// Enforces each service's least interval between requests (on `clock`).
    package var spacing: RequestSpacing
    /// When true, nothing goes to the network: answers come from the cache or not at all.
    package var offline: Bool
    /// The cached answers being fetched now, shared by every provider on this context.
    let fetching = SharedFetches()

    /// A context over the given seams, with spacing for every service built on `clock`.
    ///
    /// - Parameters:
    ///   - now: wx's "now" for cache freshness and stored answers (`WX_NOW` may fix it).
    ///   - clock: what retry pauses, the time budget and request spacing wait on.
    ///   - spacingLockFolder: where the files that space requests across wx processes live; nil
    ///     spaces requests within this process only.
    package init(
        transport: any HTTPTransport, cache: ResponseCache?, now: @escaping @Sendable () -> Date, clock: any WXClock,
        userAgent: String = WXVersion.userAgent(), limits: TransferLimits = TransferLimits(),
        maximumAttempts: Int = 3, spacingLockFolder: String? = nil, offline: Bool = false
    ) {
        self.transport = transport
        self.cache = cache
        self.now = now
        self.clock = clock
        self.userAgent = userAgent
        self.limits = limits
        self.maximumAttempts = maximumAttempts
        self.spacing = RequestSpacing(lockFolder: spacingLockFolder, clock: clock)
        self.offline = offline
    }
}

/// One request to a service as the providers describe it.
struct ServiceRequest: Sendable {
    var service: Service
    var url: String
    /// The cache key: the URL without secrets; nil = never cached.
    var cacheKey: String?
    /// `Accept-Language` to send (geocoders: names in the user's language); nil sends none.
    var language: String? = nil
    /// When stale cached data may stand in for a service that cannot be reached.
    var staleFallback: Bool = false
    /// Bare `nan`/`inf` values read as `null` (`JSONValue.nullingNonNumbers`), before the answer
    /// is parsed and cached (the Ensemble API's members).
    var nonNumbersAsNull: Bool = false
    /// Data a command shows beside its own (the warning feeds beside `show`'s forecast): one
    /// attempt within `ServiceClient.auxiliaryTimeoutSeconds`, and a failure remembered for
    /// `ServiceClient.failureMemorySeconds` in the cache folder, so that the next commands (in
    /// this process or another) do not wait for the service again.
    var auxiliary: Bool = false
    /// The members of the answer the provider reads (`JSONSelection`); nil: all. The answer is
    /// checked and cached whole either way.
    var selection: JSONSelection? = nil
    /// An Open-Meteo answer that carries no value (`OpenMeteoAnswer.carriesValues`: every array
    /// empty, every value null, or only `time`) is read but not stored, so the next command
    /// asks again: one bad answer does not stand for the answer's whole lifetime (trial 58).
    var storedOnlyWithValues: Bool = false
}

/// Runs service requests: cache, spacing, retries, and the mapping of statuses and bodies to
/// `ServiceError`. The one place where HTTP turns into the service's JSON.
struct ServiceClient: Sendable {
    let context: ServiceContext
    /// Keys sent in this client's requests, scrubbed from every error it lets out.
    var secrets: [String] = []

    /// Runs a provider's handling of one request — the fetch and the reading of the answer —
    /// and lets out only errors whose texts are redacted (`ServiceError.redacted`): the one
    /// boundary a service's words pass before anything shows, logs or keeps them.
    func redacting<T>(_ body: () async throws(ServiceError) -> T) async throws(ServiceError) -> T {
        do { return try await body() } catch { throw error.redacted(secrets) }
    }

    /// Fetches a JSON answer and reads it with `read`: the one place where an answer is judged.
    ///
    /// An answer is kept in the cache only once `read` has read it (and `validity` gives it a
    /// time): an error object, a wrong shape, values wx refuses are never stored, so the next
    /// command asks again rather than replay a transient fault for the answer's lifetime. A
    /// saved answer is used only when `read` reads it. An answer that cannot be read is a failed
    /// request like a 5xx (`ServiceError.letsSavedDataStandIn`): with `staleFallback`, a saved
    /// answer stands in, with the reason.
    ///
    /// - Parameters:
    ///   - read: the provider's reading of the service's JSON; throws `ServiceError` for an
    ///     answer it cannot use.
    ///   - validity: given the answer, what `read` made of it and the time, until when it stays
    ///     current (stored in the cache); nil for answers that must not be cached (a service's
    ///     error object read as "no match").
    /// - Throws: `ServiceError`.
    ///
    /// Requests made at the same time for the same cache key share one fetch (`SharedFetches`):
    /// `compare`'s favorites in one MeteoAlarm country ask its feed once; each reads it.
    func answer<Value: Sendable>(
        _ request: ServiceRequest, read: (JSONValue) throws(ServiceError) -> Value,
        validity: (_ answer: JSONValue, _ value: Value, _ now: Date) -> Date?
    ) async throws(ServiceError) -> Fetched<Value> {
        // What this caller's own fetch read: not read a second time (1.2 M instructions of a
        // forecast).
        var own: Value?
        let fetched: Fetched<JSONValue>
        if let key = request.cacheKey {
            fetched = try await context.fetching.shared(key) { () async throws(ServiceError) -> Fetched<JSONValue> in
                let (answer, value) = try await fetchJSON(request, read: read, validity: validity)
                own = value
                return answer
            }
        } else {
            let (answer, value) = try await fetchJSON(request, read: read, validity: validity)
            own = value
            fetched = answer
        }
        if let own { return Fetched(value: own, origin: fetched.origin) }
        // Another caller's fetch, shared: its answer, read here.
        return Fetched(value: try read(fetched.value), origin: fetched.origin)
    }

    /// `answer` for one caller: the cache, else the network; the answer and what `read` made of it.
    private func fetchJSON<Value>(
        _ request: ServiceRequest, read: (JSONValue) throws(ServiceError) -> Value,
        validity: (JSONValue, Value, Date) -> Date?
    ) async throws(ServiceError) -> (Fetched<JSONValue>, Value) {
        let now = context.now()
        let cached = request.cacheKey.flatMap { self.cached($0, selecting: request.selection) }
        // A saved answer wx cannot read (kept by an older wx) is no answer: asked again.
        if let cached, cached.fresh, let value = try? read(cached.answer.value) { return (cached.answer, value) }
        // The saved answer as a stand-in for a request that failed for `reason` (nil: offline).
        func savedStandIn(_ reason: ServiceError?) -> (Fetched<JSONValue>, Value)? {
            guard let cached, let value = try? read(cached.answer.value) else { return nil }
            return (Fetched(value: cached.answer.value, origin: .stale(stored: cached.stored, reason: reason)), value)
        }
        if context.offline {
            if let saved = savedStandIn(nil) { return saved }
            throw Self.offlineError(request.service)
        }
        // Remembered for requests beside another command's answer; a command that asks this
        // service by name asks again, unless the service asked wx to wait (a 429).
        if request.auxiliary, let remembered = rememberedFailure(of: request.service, now: now) { throw remembered }
        do {
            var response = try await send(request)
            if request.nonNumbersAsNull { response.body = JSONValue.nullingNonNumbers(response.body) }
            let json = try Self.decode(
                response, service: request.service, url: request.url, selecting: request.selection)
            let value = try read(json)
            if let key = request.cacheKey, let cache = context.cache, let until = validity(json, value, now),
                !request.storedOnlyWithValues || OpenMeteoAnswer.carriesValues(json)
            {
                cache.store(response.body, for: key, stored: now, validUntil: until)
            }
            return (Fetched(value: json, origin: .network), value)
        } catch {
            let error = error.redacted(secrets)
            if request.auxiliary, error.isUnreachable { remember(error, now: now) }
            if request.staleFallback, error.letsSavedDataStandIn, let saved = savedStandIn(error) { return saved }
            throw error
        }
    }

    /// Fetches an answer that is a JSON array and reads it element by element: one element
    /// that is not JSON (Open-Meteo's bare `nan` for a place outside a model's area) fails on
    /// its own, the others are read. Never cached, never from the cache.
    ///
    /// - Returns: one result per element (one for an answer that is not an array).
    /// - Throws: `ServiceError` when the request fails or the body cannot be split into elements.
    func jsonElements(_ request: ServiceRequest) async throws(ServiceError) -> [Result<JSONValue, ServiceError>] {
        if context.offline { throw Self.offlineError(request.service) }
        let response = try await send(request)
        do {
            let value = try Self.decode(
                response, service: request.service, url: request.url, selecting: request.selection)
            return (value.array ?? [value]).map { .success($0) }
        } catch {
            guard case .malformedResponse = error, let elements = JSONValue.parseElements(response.body) else {
                throw error
            }
            return elements.map { element in
                element.mapError { failure in
                    .malformedResponse(
                        request.service,
                        detail: failure.hasNonNumber
                            ? ServiceError.outsideModelArea : "its part of the answer is not valid JSON")
                }
            }
        }
    }

    /// The cached answer under `key`, parsed (of it, the members `selection` names), and whether
    /// it is still current by the validity stored with it; nil when there is none or it no
    /// longer parses.
    func cached(_ key: String, selecting selection: JSONSelection? = nil) -> (
        answer: Fetched<JSONValue>, stored: Date, fresh: Bool
    )? {
        guard let entry = context.cache?.entry(for: key),
            let value = try? JSONValue.parse(entry.body, selecting: selection)
        else {
            return nil
        }
        return (
            Fetched(value: value, origin: .cache(stored: entry.stored)), entry.stored, entry.isFresh(at: context.now())
        )
    }

    /// How long an auxiliary request may take, seconds, retries included (there are none).
    static let auxiliaryTimeoutSeconds = 5.0
    /// Stores `value` under `key` as fetched now and current until `validUntil` (the part of a
    /// several-place answer that belongs to one place).
    func store(_ value: JSONValue, for key: String, validUntil: Date) {
        context.cache?.store(Data(value.serialized.utf8), for: key, stored: context.now(), validUntil: validUntil)
    }

    /// Offline (`--offline`) with nothing saved for the request.
    static func offlineError(_ service: Service) -> ServiceError {
        .transport(service, .failed("offline and no saved data for this request"))
    }
}

extension ServiceError {
    /// Whether this is `--offline` with nothing saved for the request (`ServiceClient.offlineError`).
    package var isOfflineWithoutSavedData: Bool { self == ServiceClient.offlineError(service) }
}

extension ServiceClient {

    /// Sends with bounded retries (timeouts and 5xx only, and no 5xx whose `Retry-After` asks
    /// for a longer wait than the pause), all within one total time budget
    /// measured on `context.clock`: `TransferLimits.totalTimeoutSeconds`, or what is left of
    /// the command's shared `ServiceBudget`, whichever is less.
    private func send(_ request: ServiceRequest) async throws(ServiceError) -> HTTPResponse {
        var headers = ["User-Agent": context.userAgent, "Accept": "application/json"]
        if let language = request.language { headers["Accept-Language"] = language }
        let clock = context.clock
        let started = clock.elapsed
        // An auxiliary request has its own short limit and one attempt.
        let totalSeconds =
            request.auxiliary
            ? min(Self.auxiliaryTimeoutSeconds, context.limits.totalTimeoutSeconds) : context.limits.totalTimeoutSeconds
        let maximumAttempts = request.auxiliary ? 1 : context.maximumAttempts
        let whole = Duration.milliseconds(Int64(totalSeconds * 1000))
        let shared = ServiceBudget.current
        let budget = min(whole, shared?.remaining ?? whole)
        defer { shared?.spend(clock.elapsed - started) }
        guard budget > .zero else {
            throw .transport(request.service, .timedOut(seconds: totalSeconds))
        }
        var attempt = 1
        while true {
            do { try await context.spacing.wait(for: request.service, url: request.url) } catch {
                throw .transport(request.service, .cancelled)
            }
            var limits = context.limits
            limits.totalTimeoutSeconds = totalSeconds
            let left = budget - (clock.elapsed - started)
            // At least half a second for an attempt of the request's own budget; a shared
            // budget's last part is all there is.
            limits.totalTimeoutSeconds = shared == nil ? max(0.5, left.inSeconds) : max(0.001, left.inSeconds)
            let outcome: ServiceError
            // A 5xx's Retry-After, seconds: a service that asks for more than the pause gets no retry.
            var askedToWait = 0
            do {
                let response = try await context.transport.send(
                    HTTPRequest(url: request.url, headers: headers, serviceName: request.service.displayName),
                    limits: limits)
                // Everything but a 5xx is the answer, a 429 included: it is never asked again
                // at once (the services' terms; a quota does not come back within a command).
                if !(500..<600).contains(response.status) { return response }
                outcome = Self.classify(response, service: request.service, url: request.url)
                askedToWait = response.retryAfterSeconds ?? 0
            } catch {
                // The limit said is the request's (the command's, or the part of a shared
                // budget it was given: Nominatim's 15 s of 20), not this attempt's share of it;
                // a part is said with the whole it is a share of (`WX_TIMEOUT`), which is what
                // the user set (trial 55: "within 2 s" with WX_TIMEOUT=3).
                let stated = (budget.inSeconds * 10).rounded() / 10
                let whole = context.limits.totalTimeoutSeconds
                let ofWhole = stated < whole ? whole : nil
                switch error {
                case .timedOut(let seconds, _) where seconds == limits.totalTimeoutSeconds:
                    outcome = .transport(request.service, .timedOut(seconds: stated, ofWhole: ofWhole))
                case .answerTooSlow(let seconds, _) where seconds == limits.totalTimeoutSeconds:
                    outcome = .transport(request.service, .answerTooSlow(seconds: stated, ofWhole: ofWhole))
                default: outcome = .transport(request.service, error)
                }
            }
            let pause = Self.pause(before: attempt + 1)
            guard outcome.isTransient, attempt < maximumAttempts, .seconds(askedToWait) <= pause,
                clock.elapsed - started + pause < budget - .seconds(1)
            else { throw outcome }
            do { try await clock.sleep(for: pause) } catch { throw .transport(request.service, .cancelled) }
            attempt += 1
        }
    }

    /// The pause before attempt `attempt` (2 or later): 0.5 s, 1 s, 2 s…
    static func pause(before attempt: Int) -> Duration {
        .milliseconds(500 * (1 << (attempt - 2)))
    }

    /// Turns a response into the service's JSON, or the error it stands for.
    ///
    /// - Parameters:
    ///   - url: the URL asked, which a redirect not followed is told against.
    ///   - selection: the members to build; nil: all (the body is checked whole either way).
    static func decode(
        _ response: HTTPResponse, service: Service, url: String? = nil, selecting selection: JSONSelection? = nil
    ) throws(ServiceError) -> JSONValue {
        guard (200..<300).contains(response.status) else { throw classify(response, service: service, url: url) }
        if looksLikeHTML(response) {
            // A block page sent with 200 (captive portals, Nominatim's bandwidth page).
            throw .malformedResponse(service, detail: "a web page instead of data")
        }
        do {
            return try JSONValue.parse(response.body, selecting: selection)
        } catch {
            let detail =
                response.body.isEmpty
                ? "an empty answer"
                : error.tooManyValues
                    ? "more than 500,000 values, far more than any answer wx asks for"
                    : String(validating: response.body, as: UTF8.self) == nil
                        ? "not valid UTF-8 text" : "not valid JSON"
            throw .malformedResponse(service, detail: detail)
        }
    }

    /// The error a non-2xx response stands for, with the service's own reason when it gave one
    /// as JSON (`reason`, `message`, `error`) or as a short plain-text line. HTML is never parsed.
    ///
    /// A redirect that reaches here is one `RedirectRule` did not follow: its reason is where it
    /// led and why not ("http://other:8080, another host", "http://same, plain http").
    static func classify(_ response: HTTPResponse, service: Service, url: String? = nil) -> ServiceError {
        if (300..<400).contains(response.status) {
            // Without a Location there is nowhere to name (a redirect that led nowhere).
            guard let target = response.redirectURL else {
                return .rejected(service, status: response.status, reason: nil)
            }
            let sameHost = url.flatMap(RedirectRule.origin)?.authority == RedirectRule.origin(target)?.authority
            return .rejected(
                service, status: response.status,
                reason: RedirectRule.shown(target) + (sameHost ? ", plain http" : ", another host"))
        }
        let reason = reasonText(response)
        switch response.status {
        case 429: return .rateLimited(service, retryAfterSeconds: response.retryAfterSeconds, reason: reason)
        case 401: return .keyRefused(service)
        case 403: return .refused(service, status: 403)
        case 500..<600:
            // Only a JSON body's reason: the plain text of a 5xx is a proxy's "bad gateway" as
            // often as the service's own words.
            return .unavailable(
                service, status: response.status, retryAfterSeconds: response.retryAfterSeconds,
                reason: jsonReason(response))
        default: return .rejected(service, status: response.status, reason: reason)
        }
    }

    static func reasonText(_ response: HTTPResponse) -> String? {
        if looksLikeHTML(response) { return nil }
        if (try? JSONValue.parse(response.body)) != nil { return jsonReason(response) }
        guard response.body.count < 2_000, let text = String(validating: response.body, as: UTF8.self) else {
            return nil
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmed
        return line.flatMap { $0.isEmpty ? nil : ServiceError.clip($0) }
    }

    /// The reason of a JSON error body (`reason`, `message`, `error`, `error.message`), clipped;
    /// nil for any other body.
    static func jsonReason(_ response: HTTPResponse) -> String? {
        guard !looksLikeHTML(response), let json = try? JSONValue.parse(response.body) else { return nil }
        let text =
            json[firstOf: ["reason", "message", "error"]]?.nonEmptyString
            ?? json["error"]?["message"]?.nonEmptyString
        return text.map(ServiceError.clip)
    }

    static func looksLikeHTML(_ response: HTTPResponse) -> Bool {
        if let type = response.contentType, mentionsHTML(type) { return true }
        let head = response.body.prefix(256).drop {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        return head.first == UInt8(ascii: "<")
    }

    /// Whether a Content-Type names HTML ("text/html; charset=utf-8", "application/xhtml+xml"),
    /// in any case. An ASCII value (every real one) is read by its bytes: a `String.contains`
    /// builds a substring searcher, whose first use in a process cost 0.12 M instructions
    /// (issue 39); any other value as before, lower-cased and searched by characters.
    static func mentionsHTML(_ type: String) -> Bool {
        if let answer = type.utf8.withContiguousStorageIfAvailable({ bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let word: (UInt8, UInt8, UInt8, UInt8) = (0x68, 0x74, 0x6D, 0x6C)  // "html"
            var index = 0
            while index + 4 <= bytes.count {
                if bytes[index] | 0x20 == word.0 && bytes[index + 1] | 0x20 == word.1
                    && bytes[index + 2] | 0x20 == word.2 && bytes[index + 3] | 0x20 == word.3
                {
                    return true
                }
                index += 1
            }
            return false
        }), let answer {
            return answer
        }
        return type.lowercased().contains("html")
    }
}

extension ServiceError {
    /// The error a non-2xx `response` of `service` to `url` stands for, as a request of wx's
    /// would report it (`doctor`'s light requests, made outside `ServiceClient`).
    package static func answered(_ response: HTTPResponse, by service: Service, url: String) -> ServiceError {
        ServiceClient.classify(response, service: service, url: url)
    }

    /// A 2xx `response` of `service` read as its commands read it: its JSON (`doctor`'s light
    /// requests, which `find` would fail on when this throws).
    ///
    /// - Throws: `malformedResponse` for a web page, an empty answer, text that is not UTF-8 or
    ///   not JSON.
    package static func decoded(_ response: HTTPResponse, by service: Service, url: String) throws(ServiceError)
        -> JSONValue
    {
        try ServiceClient.decode(response, service: service, url: url)
    }
}
