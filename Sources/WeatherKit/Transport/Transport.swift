import FoundationEssentials

/// One HTTP GET as wx makes it.
package struct HTTPRequest: Hashable, Sendable {
    /// The full URL, query included.
    package var url: String
    /// Header name → value (User-Agent, Accept-Language, Accept).
    package var headers: [String: String]

    package init(url: String, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
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

    package init(status: Int, contentType: String? = nil, retryAfterSeconds: Int? = nil, body: Data) {
        self.status = status
        self.contentType = contentType
        self.retryAfterSeconds = retryAfterSeconds
        self.body = body
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
    /// No complete answer within the time limit (seconds).
    case timedOut(seconds: Double)
    /// Part of the answer came, but not the whole of it within the time limit (seconds): a
    /// server sending a byte at a time answers, too slowly (trial 16).
    case answerTooSlow(seconds: Double)
    /// The host could not be resolved or reached.
    case cannotConnect(String)
    /// The connection closed before the whole body arrived.
    case connectionLost
    /// The host's TLS certificate is signed by no authority wx trusts (a company proxy that
    /// inspects TLS, a private server): the host as it may be shown.
    case untrustedCertificate(String)
    /// The body passed the size limit (bytes).
    case bodyTooLarge(limitBytes: Int)
    /// The user cancelled (Ctrl-C).
    case cancelled
    /// Anything else the HTTP library reported, as its one-line message.
    case failed(String)
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
