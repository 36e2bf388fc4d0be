import FoundationEssentials
import WXBasics

/// Everything that can go wrong between wx and a weather or geocoding service.
package enum ServiceError: Error, Hashable, Sendable {
    /// No response: timeout, no connection, cut-off body, size limit, cancellation.
    case transport(Service, TransportError)
    /// HTTP 429 or a JSON rate-limit reason; `retryAfterSeconds` from the `Retry-After` header.
    case rateLimited(Service, retryAfterSeconds: Int?, reason: String?)
    /// HTTP 403 or an HTML block page: the service refused this client.
    case refused(Service, status: Int)
    /// HTTP 401: the API key was refused (the key itself is never part of the error).
    case keyRefused(Service)
    /// HTTP 5xx: the service is down or overloaded; `retryAfterSeconds` from the `Retry-After`
    /// header, `reason` the service's own words when its body gave some (Open-Meteo's
    /// `{"error":true,"reason":…}`), clipped.
    case unavailable(Service, status: Int, retryAfterSeconds: Int? = nil, reason: String? = nil)
    /// HTTP 4xx with the service's own explanation (Open-Meteo `reason`, OpenWeatherMap `message`).
    case rejected(Service, status: Int, reason: String?)
    /// A 200 whose body is not what the service documents (not JSON, wrong shape).
    case malformedResponse(Service, detail: String)
    /// The service needs an API key that is not set (`OPENWEATHERMAP_API_KEY`).
    case missingKey(Service)
    /// A readable answer about other times than now ("its hours end at 2025-07-28 00:00").
    case notNow(Service, detail: String)
    /// The answer declares a unit wx does not know for a variable it uses (`variable` as the
    /// service names it, e.g. `wind_speed_10m`; `label` as declared, e.g. `"furlong/h"`): the
    /// answer is refused rather than read in a guessed unit.
    case unknownUnit(Service, variable: String, label: String)
    /// The answer is about another place than the one asked: its echoed coordinates
    /// (`answered`: Open-Meteo's grid cell's centre, OpenWeatherMap's `coord` or `city.coord`)
    /// are farther from `asked` than `AnswerPlace.farthestKilometres`; both rounded to 4
    /// decimals. Not shown, not kept.
    case otherPlace(Service, asked: Coordinate, answered: Coordinate)

    package var service: Service {
        switch self {
        case .transport(let s, _), .rateLimited(let s, _, _), .refused(let s, _), .keyRefused(let s),
            .unavailable(let s, _, _, _), .rejected(let s, _, _), .malformedResponse(let s, _), .missingKey(let s),
            .notNow(let s, _), .unknownUnit(let s, _, _), .otherPlace(let s, _, _):
            s
        }
    }

    /// Whether a later attempt may succeed without anything changing (timeouts, 5xx, cut-off bodies).
    package var isTransient: Bool {
        switch self {
        case .transport(_, .timedOut), .transport(_, .answerTooSlow), .transport(_, .connectionLost), .unavailable: true
        default: false
        }
    }

    /// A few words on why a request failed, for a failure remembered (`TransportError.failedRecently`):
    /// "no answer within 5 s", "HTTP 503", "sent more than 8 MB". Every case says its own reason
    /// (exhaustively): a later command names the failure as the first one did, not only
    /// "request failed" (a flood had become that).
    package var shortReason: String {
        switch self {
        case .transport(_, let error):
            switch error {
            case .timedOut(let seconds, _): "no answer within \(DecimalText.shortest(seconds)) s"
            case .answerTooSlow(let seconds, _): "still sending after \(DecimalText.shortest(seconds)) s"
            case .cannotConnect, .proxyUnreachable: "could not connect"
            case .connectionLost: "connection closed"
            case .untrustedCertificate: "certificate not trusted"
            case .tlsHandshakeFailed: "no TLS handshake"
            case .bodyTooLarge(let limit): "sent more than \(limit >> 20) MB"
            case .cancelled: "cancelled"
            case .failed(let message): Self.clip(message)
            case .unreadableCertificates(let variable, _, _): "\(variable) cannot be read"
            case .failedRecently(let reason, _, _): reason
            }
        case .unavailable(_, let status, _, _), .refused(_, let status), .rejected(_, let status, _): "HTTP \(status)"
        case .keyRefused: "API key refused"
        case .missingKey: "no API key"
        case .rateLimited: "rate limited"
        case .unknownUnit(_, let variable, _): "unknown unit for \(Self.clip(variable))"
        case .malformedResponse, .notNow: "unreadable answer"
        case .otherPlace: "answer for another place"
        }
    }

    /// Whether the service could not be used at all (for falling back to cached data or another service).
    package var isUnreachable: Bool {
        switch self {
        case .transport(_, .cancelled): false
        case .transport, .unavailable, .refused, .rateLimited: true
        default: false
        }
    }

    /// Whether the service answered, with a 2xx, something wx cannot use: not JSON, a web page,
    /// not the documented shape, values wx refuses, an answer about other times or another
    /// place, or the service's error object sent as a success (Nominatim's `{"error":…}`).
    package var isUnusableAnswer: Bool {
        switch self {
        case .malformedResponse, .notNow, .unknownUnit, .otherPlace: true
        case .rejected(_, let status, _): (200..<300).contains(status)
        default: false
        }
    }

    /// Whether saved data may stand in for the answer: the request failed — the service could
    /// not be used (`isUnreachable`), or what it answered cannot be (`isUnusableAnswer`). One
    /// rule for every service and command that offers saved data.
    package var letsSavedDataStandIn: Bool { isUnreachable || isUnusableAnswer }
}

extension ServiceError {
    /// The detail of `malformedResponse` for an answer without any value: every array empty,
    /// every value null, or only `time` (`OpenMeteoAnswer.carriesValues`). Said as "sent no
    /// data", not as advice about what the user asked (trial 58).
    static let noValues = "no values in the answer"

    /// The detail of `malformedResponse` for one place of a several-place answer given as a
    /// bare `nan` where a number belongs: what Open-Meteo writes for a point outside a model's
    /// area, which no retry mends.
    static let outsideModelArea =
        "its part of the answer has “nan” where a number belongs, as for a place outside the model’s area"

    /// The error with every text that came from outside wx — a service's reason, a transport's
    /// message, a host name — scrubbed of `secrets` and of any `appid=`/`api_key=`/`key=`
    /// value, and a host's user name and password masked (see `Redaction`). Providers pass
    /// every error through this before it leaves them, so what is shown, logged or kept as a
    /// stale answer's reason never holds a key.
    ///
    /// - Parameter secrets: the configured keys (`OPENWEATHERMAP_API_KEY`).
    package func redacted(_ secrets: [String]) -> ServiceError {
        func scrub(_ text: String) -> String { Redaction.scrubbed(text, secrets: secrets) }
        switch self {
        case .transport(let service, .cannotConnect(let host)):
            return .transport(service, .cannotConnect(scrub(Redaction.displayURL(host))))
        case .transport(let service, .failed(let message)): return .transport(service, .failed(scrub(message)))
        case .rateLimited(let service, let retryAfter, let reason):
            return .rateLimited(service, retryAfterSeconds: retryAfter, reason: reason.map(scrub))
        case .rejected(let service, let status, let reason):
            return .rejected(service, status: status, reason: reason.map(scrub))
        case .malformedResponse(let service, let detail): return .malformedResponse(service, detail: scrub(detail))
        case .notNow(let service, let detail): return .notNow(service, detail: scrub(detail))
        case .unknownUnit(let service, let variable, let label):
            return .unknownUnit(service, variable: scrub(variable), label: scrub(label))
        case .unavailable(let service, let status, let retryAfter, let reason):
            return .unavailable(service, status: status, retryAfterSeconds: retryAfter, reason: reason.map(scrub))
        case .transport, .refused, .keyRefused, .missingKey, .otherPlace: return self
        }
    }
}

extension ServiceError: CustomStringConvertible {
    /// One line: which service, what happened, what to do.
    package var description: String {
        let name = service.displayName
        switch self {
        case .transport(_, let error):
            switch error {
            case .timedOut(let seconds, let whole):
                return
                    "\(name) did not answer within \(Self.bound(seconds, ofWhole: whole)); check your connection and try again"
            case .answerTooSlow(let seconds, let whole):
                return
                    "\(name) was still sending its answer after \(Self.bound(seconds, ofWhole: whole)); check your connection and try again"
            case .cannotConnect(let host):
                return
                    "cannot reach \(name) at \(TerminalText.sanitized(host)); check your connection or \(service.baseURLVariable)"
            case .connectionLost:
                return "\(name) closed the connection before the answer was complete; try again"
            case .untrustedCertificate(let host):
                return
                    "the certificate of \(name) at \(TerminalText.sanitized(host)) is not trusted; behind a company proxy, set SSL_CERT_FILE or CURL_CA_BUNDLE to its CA certificate"
            case .tlsHandshakeFailed(let host):
                return
                    "\(name) at \(TerminalText.sanitized(host)) did not complete a TLS handshake (a server that speaks plain http given as https://?); check \(service.baseURLVariable)"
            case .bodyTooLarge(let limit):
                return
                    "\(name) sent more than \(limit >> 20) MB; the answer was discarded; try again later, and check \(service.baseURLVariable) if it goes on"
            case .cancelled:
                return "cancelled"
            case .failed where isOfflineWithoutSavedData:
                // No request was made: "request to … failed" would say one was (trial 4, item 19).
                return
                    "offline, and nothing saved from \(name) for this request; run it once without --offline to keep an answer"
            case .failed(let message):
                return "request to \(name) failed: \(TerminalText.sanitized(message))"
            case .unreadableCertificates(let variable, let path, let reason):
                return
                    "\(variable) names \(TerminalText.sanitized(path)), which cannot be read (\(reason)); point it at a file of CA certificates (PEM), or unset it"
            case .proxyUnreachable(let proxy, let variable):
                return
                    "cannot reach the proxy \(TerminalText.sanitized(proxy)) (from \(variable)) for \(name); check the proxy, or \(variable) and no_proxy"
            case .failedRecently(let reason, let ago, let left):
                let minutesAgo = Int.saturating(ago / 60)
                let when = minutesAgo < 1 ? "just now" : Counting.count(minutesAgo, "minute") + " ago"
                let wait = Counting.count(max(1, Int.saturating((left / 60).rounded(.up))), "minute")
                return "\(name) failed \(when) (\(TerminalText.sanitized(reason))); not asked again for \(wait)"
            }
        case .rateLimited(_, let retryAfter, let reason):
            // The service's reason, and when to try again only where it does not say so
            // itself: "Please try again tomorrow; try again in 60 s" contradicted itself.
            var text = "\(name) rate limit reached"
            if let reason { text += ": \(Self.clip(reason))" }
            if let reason, Self.saysWhenToTryAgain(reason) { return text }
            return text + "; try again in \(retryAfter.map(Self.duration) ?? "a minute")"
        case .refused(_, let status):
            if service == .nominatim {
                return
                    "Nominatim refused the request (HTTP \(status)): its usage policy blocks this client for now; wait, or set WX_NOMINATIM_URL to another server"
            }
            return "\(name) refused the request (HTTP \(status)); wait a while and try again"
        case .keyRefused:
            return "\(name) refused the API key (HTTP 401); check OPENWEATHERMAP_API_KEY"
        case .unavailable(_, let status, let retryAfter, let reason):
            // The service's reason and its Retry-After, as for a 429: "try again in 1 h" when
            // it asked for an hour, not "in a few minutes".
            let text = "\(name) is unavailable (HTTP \(status))" + (reason.map { ": \(Self.clip($0))" } ?? "")
            if let reason, Self.saysWhenToTryAgain(reason) { return text }
            return text + "; try again in \(retryAfter.map(Self.duration) ?? "a few minutes")"
        case .rejected(.openWeatherMap, 404, let reason):
            // OpenWeatherMap's "city not found": no place, as the geocoders say it (case W-3).
            return "OpenWeatherMap found no place at the coordinates asked"
                + (reason.map { " (HTTP 404: \(Self.clip($0)))" } ?? " (HTTP 404)")
        case .rejected(_, let status, let target?) where (300..<400).contains(status):
            // A redirect away from the service's own host, or from https to http (issue 38).
            return
                "\(name) answered with a redirect (HTTP \(status)) to \(TerminalText.sanitized(target)), which wx does not follow; check \(service.baseURLVariable)"
        case .rejected(_, let status, let reason) where (200..<300).contains(status):
            // The service's error object sent as a success (Nominatim's `{"error":…}`): the
            // service failed, not the query — "rejected the request (HTTP 200)" said neither.
            return "\(name) failed: it sent an error in place of an answer"
                + (reason.map { " (“\(Self.clip($0))”)" } ?? "") + "; try again later"
        case .rejected(_, let status, _) where (300..<400).contains(status):
            // wx follows redirects (up to 5): one that reaches it had nowhere to go, or went round
            // (trial 16: "rejected" named a redirect as a refusal, and nothing to try).
            return
                "\(name) answered with a redirect (HTTP \(status)) that led nowhere wx could follow; check \(service.baseURLVariable)"
        case .rejected(_, let status, let reason):
            // wx builds every path and parameter itself: a 404 or another 4xx is a server that
            // is not the service's (trial 16: the status alone said nothing to try).
            let text = "\(name) rejected the request (HTTP \(status))" + (reason.map { ": \(Self.clip($0))" } ?? "")
            if status == 400 { return text + (badRequestHint.map { "; " + $0 } ?? "") }
            return text + "; check \(service.baseURLVariable)"
        case .malformedResponse(_, let detail) where detail == Self.outsideModelArea:
            // Waiting does not move a place into the model's area (trial 12).
            return "\(name) sent an answer wx cannot read (\(detail))"
        case .malformedResponse(_, let detail) where detail == Self.noValues:
            return "\(name) sent no data (every value in its answer is empty or missing); try again later"
        case .malformedResponse(_, let detail):
            return "\(name) sent an answer wx cannot read (\(detail)); try again later"
        case .unknownUnit(_, let variable, let label):
            return
                "\(name) gave \(TerminalText.sanitized(variable)) in “\(Self.clip(label))”, a unit wx does not know; the answer was not used"
        case .notNow(_, let detail):
            return "\(name)’s answer does not cover now (\(detail)); try again later"
        case .otherPlace(_, let asked, let answered):
            let kilometres = Int(asked.kilometres(to: answered).rounded())
            return
                "\(name) answered for \(answered.text), \(kilometres) km from the place asked (\(asked.text)); the answer was not used: check \(service.baseURLVariable)"
        case .missingKey:
            return "\(name) needs an API key: set OPENWEATHERMAP_API_KEY"
        }
    }

    /// What to try after an HTTP 400 (trial 8: the reason alone said nothing to do); nil where
    /// the reason is the hint itself (the archive's "start_date is out of allowed range").
    /// A geocoder's 400 is about the query typed; the forecast is asked only what wx builds
    /// itself, so its 400 is about the server: one that is not Open-Meteo's own
    /// (WX_OPEN_METEO_URL), or a newer Open-Meteo than this wx knows.
    var badRequestHint: String? {
        switch service {
        case .nominatim, .openMeteoGeocoding: "check the place as typed"
        case .openMeteo: "wx’s request does not suit this server: check \(service.baseURLVariable), or update wx"
        default: nil
        }
    }

    /// A service's own words for a message: one line, at most 160 characters, without the
    /// full stop that would come before wx's "; try again …".
    static func clip(_ text: String) -> String {
        var clean = TerminalText.sanitized(text).trimmed
        while clean.hasSuffix(".") { clean.removeLast() }
        return clean.count > 160 ? String(clean.prefix(157)) + "…" : clean
    }

    /// Whether a service's rate-limit reason says itself when to ask again ("Please try again
    /// tomorrow", "… in the next hour", "retry after 10:00").
    static func saysWhenToTryAgain(_ reason: String) -> Bool {
        let text = reason.lowercased()
        return ["try again", "retry", "tomorrow", "wait "].contains { text.contains($0) }
    }

    /// A time limit as the user can match it with what they set: "3 s", or, when it was a
    /// share of `WX_TIMEOUT` (`ofWhole`, seconds, more than `seconds`), "2 s (its share of
    /// WX_TIMEOUT's 3 s)" — a bare "2 s" read as a bound ignored when the user set 3 (trial 55).
    static func bound(_ seconds: Double, ofWhole whole: Double?) -> String {
        let part = "\(DecimalText.shortest(seconds)) s"
        guard let whole, DecimalText.shortest(whole) != DecimalText.shortest(seconds) else { return part }
        return part + " (its share of WX_TIMEOUT's \(DecimalText.shortest(whole)) s)"
    }

    /// "45 s", "3 min", "1 h" (a whole hour), "2 h".
    static func duration(_ seconds: Int) -> String {
        if seconds < 90 { return "\(seconds) s" }
        if seconds < 5_400, seconds % 3_600 != 0 { return "\((seconds + 59) / 60) min" }
        return "\((seconds + 3_599) / 3_600) h"
    }
}
