import FoundationEssentials
import WXBasics

extension OpenWeatherMapProvider {
    /// Throws what `addSteps` would for a `/data/2.5/forecast` answer: the service's error
    /// (`checkCode`), or `.malformedResponse` without a `list` of steps, or naming the step whose
    /// `dt` is not after the one before ("list[3].dt 1753606800 is not after 1753617600 before
    /// it"). Steps out of order or repeated are refused whole by the rule every Open-Meteo series
    /// is read by (`SeriesOrder`): they were sorted, and a repeated time kept twice.
    static func checkSteps(_ json: JSONValue) throws(ServiceError) {
        try checkCode(json)
        guard let list = json["list"]?.array else {
            throw .malformedResponse(.openWeatherMap, detail: "no forecast steps in the answer")
        }
        try SeriesOrder.check(
            list.map { $0["dt"]?.unixTime }, raw: list.map { $0["dt"] ?? .null }, entry: { "list[\($0)].dt" },
            service: .openWeatherMap)
    }

    /// Throws the service's error when `cod` (number or string) is not 200.
    static func checkCode(_ json: JSONValue) throws(ServiceError) {
        guard json.object != nil else { throw .malformedResponse(.openWeatherMap, detail: "expected an object") }
        guard let code = json["cod"]?.int, code != 200 else { return }
        let message = json["message"]?.nonEmptyString
        switch code {
        case 401: throw .keyRefused(.openWeatherMap)
        case 429: throw .rateLimited(.openWeatherMap, retryAfterSeconds: nil, reason: message)
        default: throw .rejected(.openWeatherMap, status: code, reason: message)
        }
    }

    /// Refuses a `/data/2.5/forecast` answer about another city: its `city.coord` (the city
    /// OpenWeatherMap names for the coordinates asked) farther than `AnswerPlace.farthestKilometres`
    /// from `requested`, as current weather's `coord` and every Open-Meteo answer are checked.
    /// An answer without `city.coord` is not judged by it.
    ///
    /// - Throws: `ServiceError.otherPlace`.
    static func checkStepsPlace(_ json: JSONValue, requested: Coordinate) throws(ServiceError) {
        let coord = json["city"]?["coord"]
        try AnswerPlace.check(
            latitude: coord?["lat"]?.double, longitude: coord?["lon"]?.double, requested: requested,
            service: .openWeatherMap)
    }
}

extension ServiceError {
    /// Whether the current-weather part failing ends the forecast without asking for the
    /// steps: a cancelled request (the user pressed Ctrl-C), and what the steps request would
    /// meet again — a refused key, a rate limit (asking again would spend the limit), a
    /// refused client, a host out of reach (no connection, an untrusted certificate, the
    /// proxy), and a 4xx refusal of the request's own coordinates or parameters, which the
    /// steps request shares. The endpoint down (5xx), a connection cut or reset mid-answer, no
    /// answer in time, or an answer wx cannot read is that request's alone: the steps are
    /// asked, as after a 502 (a cut connection failed the whole `show`, exit 1, without them).
    var endsTheRequests: Bool {
        switch self {
        case .transport(_, let failure): failure.reachesEveryRequest
        case .keyRefused, .rateLimited, .refused, .rejected, .missingKey: true
        case .unavailable, .malformedResponse, .notNow, .unknownUnit, .otherPlace: false
        }
    }
}

extension TransportError {
    /// Whether the failure is the service's or the way to it — every request to it would meet
    /// it — rather than one request's: the user cancelled, no connection to the host or its
    /// proxy, a certificate not trusted or not readable, the service failing moments ago.
    /// A connection lost mid-answer, no answer in time, a body too large or another library
    /// failure belongs to the request it happened to.
    var reachesEveryRequest: Bool {
        switch self {
        case .cancelled, .cannotConnect, .untrustedCertificate, .tlsHandshakeFailed, .unreadableCertificates,
            .proxyUnreachable,
            .failedRecently:
            true
        case .timedOut, .answerTooSlow, .connectionLost, .bodyTooLarge, .failed: false
        }
    }
}
