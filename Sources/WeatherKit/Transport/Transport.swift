import FoundationEssentials
import WXBasics

/// One HTTP GET as wx makes it.
package struct HTTPRequest: Hashable, Sendable {
    /// The full URL, query included.
    package var url: String
    /// Header name → value (User-Agent, Accept-Language, Accept).
    package var headers: [String: String]
    /// The name of the service asked, as messages say it ("Open-Meteo ensemble"): what the
    /// waiting notice at the prompt names; nil when the sender did not say.
    package var serviceName: String?

    package init(url: String, headers: [String: String] = [:], serviceName: String? = nil) {
        self.url = url
        self.headers = headers
        self.serviceName = serviceName
    }
}

/// What came back: the status, two headers wx reads, and the body bytes.
package struct HTTPResponse: Hashable, Sendable {
    /// HTTP status code (200, 404, 429…).
    package var status: Int
    /// The `Content-Type` header value, if any ("application/json; charset=utf-8").
    package var contentType: String?
    /// The `Retry-After` header in seconds, if the server sent one.
    package var retryAfterSeconds: Int?
    package var body: Data
    /// Where a redirect (3xx) that was not followed leads (its `Location`, made absolute); nil
    /// for any other answer.
    package var redirectURL: String?

    package init(
        status: Int, contentType: String? = nil, retryAfterSeconds: Int? = nil, body: Data, redirectURL: String? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.retryAfterSeconds = retryAfterSeconds
        self.body = body
        self.redirectURL = redirectURL
    }
}

/// Bounds on one transfer; every request has them.
package struct TransferLimits: Hashable, Sendable {
    /// The whole transfer, connect to last byte, seconds.
    package var totalTimeoutSeconds: Double
    /// Connecting (DNS, TCP, TLS), seconds.
    package var connectTimeoutSeconds: Double
    /// A body larger than this is cut off and reported; bytes.
    package var maximumBodyBytes: Int

    package init(totalTimeoutSeconds: Double = 20, connectTimeoutSeconds: Double = 10, maximumBodyBytes: Int = 8 << 20)
    {
        self.totalTimeoutSeconds = totalTimeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// Why a transfer produced no response.
package enum TransportError: Error, Hashable, Sendable {
    /// No complete answer within the time limit (seconds). `ofWhole`: the user's whole bound
    /// (`WX_TIMEOUT`, seconds) when the limit was only a share of it (a geocoder leaving its
    /// stand-in a part, `doctor`'s light requests, a warning feed beside a forecast), so that
    /// the message names both ("within 2 s (its share of WX_TIMEOUT's 3 s)"); nil when the
    /// limit was the whole.
    case timedOut(seconds: Double, ofWhole: Double? = nil)
    /// Part of the answer came, but not the whole of it within the time limit (seconds): a
    /// server sending a byte at a time answers, too slowly (trial 16). `ofWhole` as for
    /// `timedOut`.
    case answerTooSlow(seconds: Double, ofWhole: Double? = nil)
    /// The host could not be resolved or reached.
    case cannotConnect(String)
    /// The connection closed before the whole body arrived.
    case connectionLost
    /// The host's TLS certificate is signed by no authority wx trusts (a company proxy that
    /// inspects TLS, a private server): the host as it may be shown.
    case untrustedCertificate(String)
    /// The host took the connection but no TLS handshake was made with it (libcurl's "SSL
    /// connect error"): most often a plain-HTTP server given as `https://`. The host as it may
    /// be shown.
    case tlsHandshakeFailed(String)
    /// The body passed the size limit (bytes).
    case bodyTooLarge(limitBytes: Int)
    /// The user cancelled (Ctrl-C).
    case cancelled
    /// Anything else the HTTP library reported, as its one-line message.
    case failed(String)
    /// Not asked: the same service failed `secondsAgo` seconds ago (`reason`, a few words such
    /// as "no answer within 5 s"), and an auxiliary feed is not asked again for
    /// `secondsLeft` more seconds (`ServiceClient.failureMemorySeconds` in all).
    case failedRecently(reason: String, secondsAgo: Double, secondsLeft: Double)
    /// The certificate file or folder an environment variable names (`variable`:
    /// `CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`) cannot be read at `path`: `reason` is
    /// the system's ("No such file or directory"). No request was made.
    case unreadableCertificates(variable: String, path: String, reason: String)
    /// The proxy that `variable` (`https_proxy`, `http_proxy`, `all_proxy`…) names could not be
    /// reached or resolved: `proxy` as it may be shown (a password masked).
    case proxyUnreachable(proxy: String, variable: String)
}

/// Which redirects wx follows: only within the service's own host (the same host and port) and
/// never from https to http (issue 38: a warning feed's 301 to another host was followed there,
/// the request made). Any other redirect is answered as it came, for the caller to name.
package enum RedirectRule {
    /// The most redirects followed for one request.
    package static let maximumRedirects = 5

    /// Whether a request to `url` may follow a redirect to `target`.
    package static func follows(from url: String, to target: String) -> Bool {
        guard let from = origin(url), let to = origin(target) else { return false }
        if from.scheme == "https" && to.scheme != "https" { return false }
        guard to.scheme == "https" || to.scheme == "http" else { return false }
        return from.authority == to.authority
    }

    /// The scheme (lowercased) and authority (host and port, lowercased, the default port
    /// written out, without any user name and password) of `url`.
    static func origin(_ url: String) -> (scheme: String, authority: String)? {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        let rest = url[separator.upperBound...]
        var authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }).lowercased()
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        guard !authority.isEmpty else { return nil }
        let hasPort = authority.last(where: { $0 == ":" || $0 == "]" }) == ":"
        if !hasPort { authority += scheme == "https" ? ":443" : ":80" }
        return (scheme, authority)
    }

    /// `url`'s scheme and authority as they may be shown ("http://localhost:8080"), a user name
    /// and password masked.
    package static func shown(_ url: String) -> String {
        let display = Redaction.displayURL(url)
        guard let separator = display.firstRange(of: "://") else { return display }
        let authority = display[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(display[..<separator.upperBound]) + authority
    }
}

/// The one seam between wx and the network: libcurl in the product, a fake in tests.
package protocol HTTPTransport: Sendable {
    /// Performs `request` within `limits`.
    ///
    /// - Returns: the response, whatever its status code.
    /// - Throws: `TransportError` when no response arrived; `CancellationError` is never thrown,
    ///   cancellation of the calling task ends the transfer with `TransportError.cancelled`.
    func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse
}
